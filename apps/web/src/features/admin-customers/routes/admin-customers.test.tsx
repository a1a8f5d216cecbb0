import type { CustomerDetail, CustomerSummary } from '@shop/contract/customers-admin';
import { customersAdminMessages } from '@shop/contract/customers-admin';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAFF_ONLY_MESSAGE } from '../../../components/staff-only';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { makePage } from '../../../test/fakes/catalog-api';
import {
  confirmAge,
  customerSession,
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

const ID = '7b0f1f4e-5a43-4d1c-9d55-0d7a6a1e2b11';
const LIST = 'GET /admin/customers/';
const DETAIL = `GET /admin/customers/${ID}/`;
const DISABLE = `POST /admin/customers/${ID}/disable/`;

const summary: CustomerSummary = {
  id: ID,
  name: 'Brenda Achieng',
  email: 'brenda@example.ug',
  phone: '+256772918273',
  role: 'customer',
  created_at: '2026-10-01T08:00:00.000Z',
  disabled: false,
};

function detail(overrides: Partial<CustomerDetail> = {}): CustomerDetail {
  return {
    ...summary,
    date_of_birth: '1990-05-17',
    disabled_at: null,
    disabled_reason: null,
    must_change_password: false,
    orders: {
      count: 1,
      total_spent: 240_000,
      recent: [
        {
          id: 'order-1',
          order_number: 'ORD-20261101-ABCDE',
          status: 'delivered',
          payment_status: 'paid',
          total: 240_000,
          created_at: '2026-11-01T10:00:00.000Z',
        },
      ],
    },
    rsvps: [],
    reviews: [],
    wishlist_size: 3,
    newsletter: { opted_in: true, status: 'confirmed' },
    ...overrides,
  };
}

function open(path: string, role: string, handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role, name: 'Grace Nansubuga' }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    ...handlers,
  });
  return renderApp(path).then((view) => ({ api, ...view }));
}

describe('/admin/customers', () => {
  it('is for staff only', async () => {
    const { api } = await open('/admin/customers', 'customer');
    expect(await screen.findByText(STAFF_ONLY_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(0);
  });

  it('lists customers and searches by name, e-mail or phone', async () => {
    const { api } = await open('/admin/customers', 'staff', {
      [LIST]: () => ({ results: [summary], count: 1, total_pages: 1, next: null }),
    });
    const table = await screen.findByRole('table', { name: 'Customers' });
    expect(within(table).getByRole('link', { name: 'Brenda Achieng' })).toHaveAttribute(
      'href',
      `/admin/customers/${ID}`,
    );
    await userEvent.type(screen.getByLabelText('Name, e-mail or phone'), '0772 918');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.callsTo(LIST).at(-1)?.url.searchParams.get('q')).toBe('0772 918'));
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Staff');
    await waitFor(() => expect(api.callsTo(LIST).at(-1)?.url.searchParams.get('role')).toBe('staff'));
  });
});

describe('/admin/customers/$id', () => {
  it("shows the customer's orders, total spent, wishlist and newsletter, without the admin form for staff", async () => {
    await open(`/admin/customers/${ID}`, 'staff', { [DETAIL]: () => detail() });
    expect(await screen.findByRole('heading', { name: 'Brenda Achieng' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ORD-20261101-ABCDE' })).toHaveAttribute(
      'href',
      '/admin/orders/order-1',
    );
    expect(screen.getByText('Subscribed')).toBeInTheDocument();
    expect(screen.getByText('3 bottles')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Disable this account' })).not.toBeInTheDocument();
  });

  it('lets an admin disable the account with a reason (the reason is required)', async () => {
    const { api } = await open(`/admin/customers/${ID}`, 'admin', {
      [DETAIL]: () => detail(),
      [DISABLE]: () =>
        detail({
          disabled: true,
          disabled_at: '2026-11-27T10:00:00.000Z',
          disabled_reason: 'Chargeback fraud',
        }),
    });
    const form = await screen.findByRole('form', { name: 'Disable this account' });
    await userEvent.click(within(form).getByRole('button', { name: 'Disable account' }));
    expect(await within(form).findByText(customersAdminMessages.reasonRequired)).toBeInTheDocument();
    expect(api.callsTo(DISABLE)).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('Reason for disabling'), 'Chargeback fraud');
    await userEvent.click(within(form).getByRole('button', { name: 'Disable account' }));
    expect(
      await screen.findByText(/This account is disabled since .*: Chargeback fraud\./),
    ).toBeInTheDocument();
    expect(api.callsTo(DISABLE)[0]?.body).toEqual({ reason: 'Chargeback fraud' });
    expect(screen.getByRole('form', { name: 'Enable this account' })).toBeInTheDocument();
  });
});
