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
});
