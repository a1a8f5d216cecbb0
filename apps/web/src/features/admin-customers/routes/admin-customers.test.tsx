import type { CustomerDetail, CustomerSummary } from '@shop/contract/customers-admin';
import { customersAdminMessages } from '@shop/contract/customers-admin';
import type { ErasureRequest } from '@shop/contract/erasure';
import { formatKampalaDateTime } from '@shop/contract/kampala-time';
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
  json,
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

  it('lets staff enter a request to delete the account made by phone (reason required), and cancel it', async () => {
    const ERASURE = `/admin/customers/${ID}/erasure/`;
    let request: ErasureRequest | null = null;
    const { api } = await open(`/admin/customers/${ID}`, 'staff', {
      [DETAIL]: () => detail(),
      [`GET ${ERASURE}`]: () => ({
        request,
        waiting_for_order: request?.state === 'pending' ? 'ORD-20261129-7KQ2M' : null,
      }),
      [`POST ${ERASURE}`]: (call) => {
        const body = call.body as { reviews: 'remove' | 'anonymise'; reason: string };
        if (!body.reason) {
          return envelope(422, 'validation_failed', 'Please check your input and try again.', [
            { field: 'reason', message: 'Say how the customer asked (e-mail, phone) and when' },
          ]);
        }
        request = {
          id: 'r1',
          state: 'pending',
          reviews: body.reviews,
          channel: 'staff',
          created_at: '2026-11-29T06:00:00.000Z',
          due_at: '2026-12-06T06:00:00.000Z',
          cancelled_at: null,
          erased_at: null,
        };
        return json(request, 202);
      },
      [`POST ${ERASURE}cancel/`]: () => {
        request = { ...request!, state: 'cancelled', cancelled_at: '2026-11-29T07:00:00.000Z' };
        return request;
      },
    });
    const form = await screen.findByRole('form', { name: 'Delete this account' });
    await userEvent.click(within(form).getByRole('radio', { name: 'Remove my reviews' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Delete in 7 days' }));
    expect(
      await within(form).findByText('Say how the customer asked (e-mail, phone) and when'),
    ).toBeInTheDocument();
    await userEvent.type(
      within(form).getByLabelText('How and when the customer asked'),
      'Phoned on 29 November',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Delete in 7 days' }));
    const cancelForm = await screen.findByRole('form', { name: 'Cancel the deletion' });
    expect(cancelForm).toHaveTextContent(
      `To be deleted on ${formatKampalaDateTime('2026-12-06T06:00:00.000Z')}`,
    );
    expect(cancelForm).toHaveTextContent(
      'The account will be deleted once order ORD-20261129-7KQ2M is delivered or cancelled.',
    );
    expect(api.callsTo(`POST ${ERASURE}`).at(-1)?.body).toEqual({
      reviews: 'remove',
      reason: 'Phoned on 29 November',
    });
    await userEvent.type(
      within(cancelForm).getByLabelText('How and when the customer asked'),
      'Changed their mind',
    );
    await userEvent.click(within(cancelForm).getByRole('button', { name: 'Cancel the deletion' }));
    expect(await screen.findByRole('form', { name: 'Delete this account' })).toBeInTheDocument();
    expect(api.callsTo(`POST ${ERASURE}cancel/`)[0]?.body).toEqual({ reason: 'Changed their mind' });
  });
});
