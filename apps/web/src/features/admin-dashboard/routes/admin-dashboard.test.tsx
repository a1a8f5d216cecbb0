import type { Dashboard } from '@shop/contract/dashboard';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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

// The charts' own chunk (and its chart library) is loaded once here, outside any test's time: on
// a busy machine its first load alone took longer than a test may wait for what it shows.
beforeAll(() => import('../components/dashboard-charts'), 120_000);

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const ORDER_ID = '0b9f0c52-7c1e-4a55-9d0e-1f3f2d6c8a11';
const statuses = (counts: Partial<Record<string, number>>) =>
  (
    [
      'pending',
      'confirmed',
      'processing',
      'ready_for_delivery',
      'out_for_delivery',
      'delivered',
      'cancelled',
      'refunded',
    ] as const
  ).map((status) => ({ status, orders: counts[status] ?? 0 }));

const dashboard = (overrides: Partial<Dashboard> = {}): Dashboard => ({
  period: 'today',
  date_from: '2026-11-27',
  date_to: '2026-11-27',
  generated_at: '2026-11-27T09:00:00.000Z',
  figures: {
    revenue: 310_000,
    gross_revenue: 380_000,
    refunds: 70_000,
    orders: 6,
    paid_orders: 3,
    average_order_value: 103_333,
    new_customers: 2,
  },
  rider_cash: { expected: 0, collected: 0, handed_in: 0, difference: 0 },
  by_payment_method: [
    { method: 'mobile_money', paid_orders: 1, revenue: 130_000 },
    { method: 'cash_on_delivery', paid_orders: 1, revenue: 140_000 },
    { method: 'cash_on_collection', paid_orders: 1, revenue: 40_000 },
  ],
  by_zone: [
    { zone: 'Pick-up at the shop', paid_orders: 2, revenue: 170_000 },
    { zone: 'Central Kampala', paid_orders: 1, revenue: 140_000 },
  ],
  revenue_per_day: [{ day: '2026-11-27', revenue: 310_000 }],
  orders_by_status: statuses({ pending: 1, confirmed: 1, delivered: 2, cancelled: 2 }),
  top_products: [{ product_id: 7, product_name: 'Kololo Red', bottles: 3, revenue: 300_000 }],
  pending: {
    orders_to_prepare: {
      count: 12,
      items: [
        {
          id: ORDER_ID,
          order_number: 'ORD-20261127-AB12C',
          contact_name: 'Amara',
          status: 'confirmed',
          total: 200_000,
          created_at: '2026-11-27T06:00:00.000Z',
        },
      ],
    },
    payments_pending: {
      count: 1,
      items: [
        {
          id: 'tx-1',
          reference: 'KCP-20261127-PEND1',
          purpose: 'order',
          subject_id: ORDER_ID,
          subject_label: 'Order ORD-20261127-AB12C',
          amount: 40_000,
          created_at: '2026-11-27T05:00:00.000Z',
        },
      ],
    },
    refund_due: { count: 0, amount: 0, items: [] },
    low_stock: {
      count: 1,
      items: [
        {
          variant_id: 3,
          product_id: 9,
          product_name: 'Rare Cognac',
          variant_name: '700 ml',
          sku: 'COG-700',
          stock: 2,
          low_stock_threshold: 5,
        },
      ],
    },
  },
  ...overrides,
});

function open(role: string, handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role, name: 'Grace Nansubuga' }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    ...handlers,
  });
  return renderApp('/admin').then((view) => ({ api, ...view }));
}

/** The value shown under a figure's label (its <dd>). */
const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);

describe('/admin', () => {
  it('is for staff only', async () => {
    const { api } = await open('customer');
    expect(await screen.findByText(STAFF_ONLY_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo('GET /admin/dashboard/')).toHaveLength(0);
  });

  it('says the figures could not be loaded, with the kit’s "Try again" that asks once more', async () => {
    let fail = true;
    const user = userEvent.setup();
    const { api } = await open('staff', {
      'GET /admin/dashboard/': () =>
        fail ? envelope(500, 'server_error', 'Something went wrong.') : dashboard(),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The figures could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(figure('Revenue')).toBe('Shs 310,000'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.callsTo('GET /admin/dashboard/').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the figures, the breakdowns, the charts and the work waiting, with links to act', async () => {
    const { api } = await open('staff', { 'GET /admin/dashboard/': () => dashboard() });
    await waitFor(() => expect(figure('Revenue')).toBe('Shs 310,000'));
    expect(screen.getByText('Shs 380,000 received, Shs 70,000 refunded')).toBeInTheDocument();
    expect(figure('Orders')).toBe('6');
    expect(figure('Average order value')).toBe('Shs 103,333');
    expect(figure('New customers')).toBe('2');
    expect(figure('Paid orders')).toBe('3');
    expect(api.callsTo('GET /admin/dashboard/')[0]?.url.searchParams.get('period')).toBe('today');

    expect(rowsOf(screen.getByRole('table', { name: 'By payment method' }))).toEqual([
      'MethodPaid ordersRevenue',
      'Mobile money1Shs 130,000',
      'Cash on delivery1Shs 140,000',
      'Cash on collection1Shs 40,000',
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'By zone' }))).toEqual([
      'ZonePaid ordersRevenue',
      'Pick-up at the shop2Shs 170,000',
      'Central Kampala1Shs 140,000',
    ]);

    // The charts arrive in their own chunk (loaded before the tests), each with its numbers as a table.
    expect(
      await screen.findByRole('figure', { name: 'Revenue per day' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(rowsOf(screen.getByRole('table', { name: 'Revenue per day' }))).toEqual([
      'DayRevenue',
      '2026-11-27Shs 310,000',
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Orders by status' }))).toContain('Delivered2');
    expect(rowsOf(screen.getByRole('table', { name: 'Top 10 products' }))).toEqual([
      'ProductBottles',
      'Kololo Red3 (Shs 300,000)',
    ]);

    const prepare = screen.getByRole('region', { name: 'Orders to prepare' });
    expect(within(prepare).getByRole('heading', { level: 3 })).toHaveTextContent('Orders to prepare (12)');
    expect(within(prepare).getByRole('link', { name: 'ORD-20261127-AB12C' })).toHaveAttribute(
      'href',
      `/admin/orders/${ORDER_ID}`,
    );
    expect(within(prepare).getByRole('link', { name: 'All orders on the desk' })).toHaveAttribute(
      'href',
      '/admin/orders',
    );
    const payments = screen.getByRole('region', { name: 'Payments pending over 30 minutes' });
    expect(within(payments).getByRole('link', { name: 'Order ORD-20261127-AB12C' })).toHaveAttribute(
      'href',
      `/admin/orders/${ORDER_ID}`,
    );
    expect(
      within(screen.getByRole('region', { name: 'Money to give back (refund due)' })).getByText(
        'No payment is waiting for a refund.',
      ),
    ).toBeInTheDocument();
    const low = screen.getByRole('region', { name: 'Low stock' });
    expect(within(low).getByText(/700 ml: 2 left \(threshold 5\)/)).toBeInTheDocument();
    expect(within(low).getByRole('link', { name: 'Receive stock' })).toHaveAttribute('href', '/admin/stock');
  });

  it('shows the riders’ cash of the period: expected, collected, handed in and the difference', async () => {
    await open('staff', {
      'GET /admin/dashboard/': () =>
        dashboard({
          rider_cash: { expected: 430_000, collected: 430_000, handed_in: 428_000, difference: -2_000 },
        }),
    });
    const block = await screen.findByRole('region', { name: 'Riders’ cash' });
    const cashFigure = (label: string) =>
      within(block).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(cashFigure('Expected from riders')).toBe('Shs 430,000');
    expect(cashFigure('Collected')).toBe('Shs 430,000');
    expect(cashFigure('Handed in')).toBe('Shs 428,000');
    expect(cashFigure('Difference')).toBe('-Shs 2,000');
    expect(within(block).getByText('Short: handed in less than collected')).toBeInTheDocument();
    expect(within(block).getByRole('link', { name: 'The cash report, rider by rider' })).toHaveAttribute(
      'href',
      '/admin/cash',
    );
  });

  it('says the riders’ cash is all in when nothing is missing', async () => {
    await open('staff', {
      'GET /admin/dashboard/': () =>
        dashboard({ rider_cash: { expected: 90_000, collected: 90_000, handed_in: 90_000, difference: 0 } }),
    });
    const block = await screen.findByRole('region', { name: 'Riders’ cash' });
    expect(within(block).getByText('Every shilling collected was handed in')).toBeInTheDocument();
  });

  it('asks for 7 and 30 days when chosen', async () => {
    const user = userEvent.setup();
    const { api } = await open('staff', {
      'GET /admin/dashboard/': (request) =>
        dashboard({
          period: (request.url.searchParams.get('period') ?? 'today') as Dashboard['period'],
          figures: {
            ...dashboard().figures,
            revenue: request.url.searchParams.get('period') === '30d' ? 9_000_000 : 310_000,
          },
        }),
    });
    await waitFor(() => expect(figure('Revenue')).toBe('Shs 310,000'));
    await user.click(screen.getByRole('tab', { name: 'Last 30 days' }));
    await waitFor(() => expect(figure('Revenue')).toBe('Shs 9,000,000'));
    expect(screen.getByRole('tab', { name: 'Last 30 days' })).toHaveAttribute('aria-selected', 'true');
    expect(api.callsTo('GET /admin/dashboard/').map((call) => call.url.searchParams.get('period'))).toEqual([
      'today',
      '30d',
    ]);
  });

  it('offers the accountant’s CSV files with the chosen filters and days', async () => {
    const user = userEvent.setup();
    await open('staff', { 'GET /admin/dashboard/': () => dashboard() });
    const exports = await screen.findByRole('form', { name: 'Exports' });
    await user.type(within(exports).getByLabelText('From (day)'), '2026-11-01');
    await user.type(within(exports).getByLabelText('To (day)'), '2026-11-27');
    await user.selectOptions(within(exports).getByLabelText('Status'), 'delivered');
    await user.selectOptions(within(exports).getByLabelText('Method'), 'cash_on_delivery');
    expect(within(exports).getByRole('link', { name: 'Download orders (CSV)' })).toHaveAttribute(
      'href',
      '/api/v1/admin/exports/orders.csv?status=delivered&payment_method=cash_on_delivery&date_from=2026-11-01&date_to=2026-11-27',
    );
    expect(within(exports).getByRole('link', { name: 'Download invoices (CSV)' })).toHaveAttribute(
      'href',
      '/api/v1/admin/exports/invoices.csv?date_from=2026-11-01&date_to=2026-11-27',
    );
    // Days the wrong way round: said at once, and no file offered.
    await user.clear(within(exports).getByLabelText('From (day)'));
    await user.type(within(exports).getByLabelText('From (day)'), '2026-11-30');
    expect(within(exports).getByRole('alert')).toHaveTextContent(
      'The last day must be on or after the first.',
    );
    expect(within(exports).queryByRole('link', { name: 'Download orders (CSV)' })).toBeNull();
  });
});
