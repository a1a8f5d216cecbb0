import type { StaffCompany, StaffCompanyDetail } from '@shop/contract/companies';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAFF_ONLY_MESSAGE } from '../../../components/staff-only';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { makePage } from '../../../test/fakes/catalog-api';
import {
  confirmAge,
  customerSession,
  envelope,
  type FakeHandler,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import { renderApp } from '../../../test/render';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
  vi.restoreAllMocks();
});

const ID = '0b5c6a2e-8f7d-4c1e-9a3b-2d4e5f6a7b8c';
const LIST = 'GET /companies/admin/companies/';
const DETAIL = `GET /companies/admin/companies/${ID}/`;
const DECIDE = `POST /companies/admin/companies/${ID}/decision/`;
const ADD_BUYER = `POST /companies/admin/companies/${ID}/buyers/`;

function company(overrides: Partial<StaffCompany> = {}): StaffCompany {
  return {
    id: ID,
    name: 'Acacia Lodge Ltd',
    tin: '1000987654',
    billing_address: 'Plot 14, Acacia Avenue, Kololo',
    billing_contact_name: 'Grace Auma',
    billing_contact_phone: '+256772555123',
    billing_email: 'accounts@acacia.example',
    status: 'pending',
    created_at: '2026-11-25T08:00:00.000Z',
    on_account: false,
    owed: 0,
    buyer_count: 1,
    decided_at: null,
    ...overrides,
  };
}

function detail(overrides: Partial<StaffCompanyDetail> = {}): StaffCompanyDetail {
  return {
    ...company(),
    buyers: [
      {
        user_id: '1c5c6a2e-8f7d-4c1e-9a3b-2d4e5f6a7b8c',
        name: 'Grace Auma',
        email: 'grace@acacia.example',
        added_at: '2026-11-25T08:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

const ACCOUNT = `/companies/admin/companies/${ID}`;
const INVOICE = {
  invoice_number: 'INV-000042',
  order_id: '2c5c6a2e-8f7d-4c1e-9a3b-2d4e5f6a7b8c',
  order_number: 'ORD-20261125-AB12C',
  lpo_number: 'LPO-7',
  issued_at: '2026-11-25T08:00:00.000Z',
  due_at: '2026-12-25T08:00:00.000Z',
  total: 150_000,
  paid: 0,
  balance: 150_000,
  cancelled: false,
  overdue: false,
};

/** The company's paying on account: limit Shs 2,000,000 over 30 days, one open invoice. */
function accountHandlers(): Record<string, FakeHandler> {
  return {
    [`GET ${ACCOUNT}/account/`]: () => ({
      on_account: true,
      credit_limit: 2_000_000,
      payment_terms_days: 30,
      outstanding: 150_000,
      available: 1_850_000,
      overdue: 0,
    }),
    [`GET ${ACCOUNT}/invoices/`]: () => makePage([INVOICE], { pageSize: 10 }),
    [`GET ${ACCOUNT}/payments/`]: () => makePage([], { pageSize: 10 }),
    [`GET ${ACCOUNT}/statement/`]: () => ({
      company: { name: 'Acacia Lodge Ltd', tin: '1000987654', billing_address: 'Plot 14' },
      month: '2026-11',
      opening_balance: 0,
      invoiced: 150_000,
      paid: 0,
      closing_balance: 150_000,
      lines: [
        {
          date: '2026-11-25',
          kind: 'invoice',
          document: 'INV-000042',
          description: 'Order ORD-20261125-AB12C, LPO LPO-7',
          debit: 150_000,
          credit: 0,
          balance: 150_000,
        },
      ],
    }),
  };
}

function open(role: string, handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role, name: 'Grace Nansubuga' }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    ...handlers,
  });
  return renderApp('/admin/companies').then((view) => ({ api, ...view }));
}

describe('/admin/companies', () => {
  it('is for staff only', async () => {
    const { api } = await open('customer');
    expect(await screen.findByText(STAFF_ONLY_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(0);
  });

  it('lists the accounts waiting first, with their TIN, buyers and what each owes', async () => {
    const { api } = await open('staff', {
      [LIST]: () => makePage([company({ owed: 659_800, buyer_count: 2 })], { pageSize: 20 }),
    });
    const table = await screen.findByRole('table', { name: 'Company accounts' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Acacia Lodge Ltd100098765425 Nov 20262Shs 659,800Waiting for approvalApproveReject',
    ]);
    expect(Object.fromEntries(api.callsTo(LIST)[0]?.url.searchParams ?? [])).toEqual({
      page: '1',
      page_size: '20',
      status: 'pending',
    });
  });

  it('finds companies by name or TIN on the server, from page 1 of the tab, with the kit’s pager', async () => {
    const user = userEvent.setup();
    const { api } = await open('staff', {
      [LIST]: () => makePage([company()], { pageSize: 20, count: 45 }),
    });
    await screen.findByRole('table', { name: 'Company accounts' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.callsTo(LIST).at(-1)?.url.searchParams.get('page')).toBe('2'));
    const form = screen.getByRole('form', { name: 'Find a company' });
    await user.type(within(form).getByLabelText('Company name or TIN'), '  acacia ');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(Object.fromEntries(api.callsTo(LIST).at(-1)?.url.searchParams ?? [])).toEqual({
        page: '1',
        page_size: '20',
        status: 'pending',
        q: 'acacia',
      }),
    );
  });

  it('approves an account, then reads the list again', async () => {
    const user = userEvent.setup();
    let current = company();
    const { api } = await open('staff', {
      [LIST]: () => makePage([current], { pageSize: 20 }),
      [DECIDE]: ({ body }) => {
        current = company({ status: (body as { status: 'approved' }).status });
        return detail({ status: current.status });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Approve Acacia Lodge Ltd' }));
    await waitFor(() => expect(api.callsTo(DECIDE)).toHaveLength(1));
    expect(api.callsTo(DECIDE)[0]!.body).toEqual({ status: 'approved' });
    await waitFor(() => expect(api.callsTo(LIST).length).toBeGreaterThan(1));
  });

  it('adds a buyer by e-mail and shows the API’s reason when it cannot', async () => {
    const user = userEvent.setup();
    const { api } = await open('staff', {
      [LIST]: () => makePage([company({ status: 'approved' })], { pageSize: 20 }),
      [DETAIL]: () => detail({ status: 'approved' }),
      ...accountHandlers(),
      [ADD_BUYER]: () =>
        envelope(422, 'validation_failed', 'Please check your input and try again.', [
          { field: 'email', message: 'No customer account has this e-mail address' },
        ]),
    });
    await user.click(await screen.findByRole('button', { name: 'Acacia Lodge Ltd' }));
    const buyers = await screen.findByRole('list', { name: 'People who order for Acacia Lodge Ltd' });
    expect(within(buyers).getByText('Grace Auma')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add a buyer to Acacia Lodge Ltd' });
    await user.type(within(form).getByLabelText('Customer’s e-mail'), ' peter@acacia.example ');
    await user.click(within(form).getByRole('button', { name: 'Add buyer' }));
    await waitFor(() => expect(api.callsTo(ADD_BUYER)).toHaveLength(1));
    expect(api.callsTo(ADD_BUYER)[0]!.body).toEqual({ email: 'peter@acacia.example' });
    expect(await screen.findByRole('alert')).toHaveTextContent('No customer account has this e-mail address');
  });

  it('shows an approved company’s account, saves its terms and records a payment against an invoice', async () => {
    const user = userEvent.setup();
    const { api } = await open('staff', {
      [LIST]: () => makePage([company({ status: 'approved' })], { pageSize: 20 }),
      [DETAIL]: () => detail({ status: 'approved' }),
      ...accountHandlers(),
      [`PUT ${ACCOUNT}/account/`]: () => ({
        on_account: true,
        credit_limit: 3_000_000,
        payment_terms_days: 45,
        outstanding: 150_000,
        available: 2_850_000,
        overdue: 0,
      }),
      [`POST ${ACCOUNT}/payments/`]: () => ({
        id: '3c5c6a2e-8f7d-4c1e-9a3b-2d4e5f6a7b8c',
        invoice_number: 'INV-000042',
        amount: 150_000,
        received_on: '2026-11-28',
        method: 'cheque',
        reference: 'CHQ 118',
        recorded_at: '2026-11-28T10:00:00.000Z',
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Acacia Lodge Ltd' }));
    const account = await screen.findByRole('region', { name: 'On account' });
    expect(
      await within(account).findByText(/Credit limit Shs 2,000,000, invoices due in 30 days/),
    ).toBeInTheDocument();
    expect(within(account).getByRole('table', { name: 'Invoices on account' })).toHaveTextContent(
      'INV-000042',
    );
    expect(await within(account).findByRole('table', { name: 'Statement of 2026-11' })).toHaveTextContent(
      'Closing balance',
    );

    const terms = within(account).getByRole('form', { name: 'Paying on account' });
    await user.clear(within(terms).getByLabelText('Credit limit (UGX)'));
    await user.type(within(terms).getByLabelText('Credit limit (UGX)'), '3000000');
    await user.clear(within(terms).getByLabelText('Payment terms (days)'));
    await user.type(within(terms).getByLabelText('Payment terms (days)'), '45');
    await user.click(within(terms).getByRole('button', { name: 'Save limit and terms' }));
    await waitFor(() => expect(api.callsTo(`PUT ${ACCOUNT}/account/`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${ACCOUNT}/account/`)[0]!.body).toEqual({
      credit_limit: 3_000_000,
      payment_terms_days: 45,
    });

    await user.click(within(account).getByRole('button', { name: 'Record a payment of INV-000042' }));
    const form = within(account).getByRole('form', { name: 'Record a payment received' });
    await user.type(within(form).getByLabelText('Amount (UGX)'), '150000');
    await user.selectOptions(within(form).getByLabelText('Method'), 'cheque');
    await user.type(within(form).getByLabelText('Reference'), 'CHQ 118');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(api.callsTo(`POST ${ACCOUNT}/payments/`)).toHaveLength(1));
    expect(api.callsTo(`POST ${ACCOUNT}/payments/`)[0]!.body).toMatchObject({
      invoice_number: 'INV-000042',
      amount: 150_000,
      method: 'cheque',
      reference: 'CHQ 118',
      idempotency_key: expect.stringMatching(/^[A-Za-z0-9_-]{16,100}$/),
    });
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Shs 150,000 recorded against INV-000042.',
    );
  });
});
