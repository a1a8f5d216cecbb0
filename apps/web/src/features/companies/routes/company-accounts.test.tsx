import type { Company, CompanyOrder } from '@shop/contract/companies';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
const MINE = 'GET /companies/';
const APPLY = 'POST /companies/';
const ORDERS = `GET /companies/${ID}/orders/`;

function company(overrides: Partial<Company> = {}): Company {
  return {
    id: ID,
    name: 'Acacia Lodge Ltd',
    tin: '1000987654',
    billing_address: 'Plot 14, Acacia Avenue, Kololo',
    billing_contact_name: 'Grace Auma',
    billing_contact_phone: '+256772555123',
    billing_email: 'accounts@acacia.example',
    status: 'approved',
    created_at: '2026-11-25T08:00:00.000Z',
    on_account: false,
    ...overrides,
  };
}

const order: CompanyOrder = {
  id: '2b5c6a2e-8f7d-4c1e-9a3b-2d4e5f6a7b8c',
  order_number: 'ORD-20261128-7K3QX',
  status: 'confirmed',
  total: 659_800,
  paid: false,
  lpo_number: 'LPO/2026/118',
  buyer_name: 'Peter Okello',
  placed_at: '2026-11-28T09:00:00.000Z',
};

function open(handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession(),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    ...handlers,
  });
  return renderApp('/company').then((view) => ({ api, ...view }));
}

describe('/company', () => {
  it('shows an approved company’s orders with who placed each, the LPO and what is unpaid', async () => {
    await open({
      [MINE]: () =>
        makePage(
          [
            company(),
            company({
              id: '3b5c6a2e-8f7d-4c1e-9a3b-2d4e5f6a7b8c',
              name: 'Kasubi Traders',
              status: 'pending',
            }),
          ],
          {
            pageSize: 50,
          },
        ),
      [ORDERS]: () => makePage([order], { pageSize: 20 }),
    });
    const table = await screen.findByRole('table', { name: 'Acacia Lodge Ltd orders' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['ORD-20261128-7K3QX28 Nov 2026Peter OkelloLPO/2026/118ConfirmedNot paid yetShs 659,800']);
    const pending = screen.getByRole('region', { name: 'Kasubi Traders' });
    expect(pending).toHaveTextContent('Waiting for approval');
    expect(within(pending).queryByRole('table')).toBeNull();
  });

  it('checks the form before sending, then puts the API’s reason under its field', async () => {
    const user = userEvent.setup();
    const { api } = await open({
      [MINE]: () => makePage([], { pageSize: 50 }),
      [APPLY]: () =>
        envelope(409, 'conflict', 'The tin already has a company account.', [
          { field: 'tin', message: 'already has a company account' },
        ]),
    });
    expect(await screen.findByText('You do not order for a company yet.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Ask for a company account' });
    await user.type(within(form).getByLabelText('TIN'), '12345');
    await user.click(within(form).getByRole('button', { name: 'Ask for the account' }));
    expect(within(form).getByLabelText('TIN')).toHaveAccessibleDescription(
      'The company’s 10-digit Uganda TIN must be the 10 digits of a Uganda TIN',
    );
    expect(api.callsTo(APPLY)).toHaveLength(0);

    await user.type(within(form).getByLabelText('Company name (as on the invoice)'), 'Acacia Lodge Ltd');
    await user.clear(within(form).getByLabelText('TIN'));
    await user.type(within(form).getByLabelText('TIN'), '1000 987 654');
    await user.type(within(form).getByLabelText('Billing address'), 'Plot 14, Acacia Avenue');
    await user.type(within(form).getByLabelText('Billing contact'), 'Grace Auma');
    await user.type(within(form).getByLabelText('Billing contact’s phone'), '0772 555123');
    await user.type(within(form).getByLabelText('Invoices e-mail'), 'accounts@acacia.example');
    await user.click(within(form).getByRole('button', { name: 'Ask for the account' }));
    await waitFor(() => expect(api.callsTo(APPLY)).toHaveLength(1));
    expect(api.callsTo(APPLY)[0]!.body).toMatchObject({
      tin: '1000987654',
      billing_contact_phone: '+256772555123',
    });
    expect(await within(form).findByText('already has a company account')).toBeInTheDocument();
  });

  it('thanks the customer once the account is asked for', async () => {
    const user = userEvent.setup();
    let companies: Company[] = [];
    await open({
      [MINE]: () => makePage(companies, { pageSize: 50 }),
      [APPLY]: () => {
        companies = [company({ status: 'pending' })];
        return companies[0];
      },
    });
    const form = await screen.findByRole('form', { name: 'Ask for a company account' });
    await user.type(within(form).getByLabelText('Company name (as on the invoice)'), 'Acacia Lodge Ltd');
    await user.type(within(form).getByLabelText('TIN'), '1000987654');
    await user.type(within(form).getByLabelText('Billing address'), 'Plot 14, Acacia Avenue');
    await user.type(within(form).getByLabelText('Billing contact'), 'Grace Auma');
    await user.type(within(form).getByLabelText('Billing contact’s phone'), '0772 555123');
    await user.type(within(form).getByLabelText('Invoices e-mail'), 'accounts@acacia.example');
    await user.click(within(form).getByRole('button', { name: 'Ask for the account' }));
    expect(
      await within(form).findByText(
        'Thank you: Acacia Lodge Ltd’s account is waiting for the shop’s approval.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Acacia Lodge Ltd' })).toHaveTextContent(
      'Waiting for approval',
    );
  });
});
