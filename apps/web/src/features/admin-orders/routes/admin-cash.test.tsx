import type { CashReport } from '@shop/contract/staff-orders';
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
});

const report = (overrides: Partial<CashReport> = {}): CashReport => ({
  date_from: '2026-11-16',
  date_to: '2026-11-22',
  rows: [
    {
      day: '2026-11-22',
      rider_name: 'Musa Okello',
      rider_phone: '+256772000111',
      orders: 3,
      delivered: 2,
      expected: 600_000,
      collected: 390_000,
      difference: -210_000,
    },
  ],
  totals: { expected: 600_000, collected: 390_000, difference: -210_000 },
  ...overrides,
});

function open(role: string, handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role, name: 'Grace Nansubuga' }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    ...handlers,
  });
  return renderApp('/admin/cash').then((view) => ({ api, ...view }));
}

describe('/admin/cash', () => {
  it('is for staff only', async () => {
    const { api } = await open('customer');
    expect(await screen.findByText(STAFF_ONLY_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo('GET /orders/admin/cash/')).toHaveLength(0);
  });

  it('shows cash expected against collected per rider and day, and asks for other days', async () => {
    const user = userEvent.setup();
    const { api } = await open('staff', { 'GET /orders/admin/cash/': () => report() });
    const table = await screen.findByRole('table', { name: 'Cash expected and collected per rider and day' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'DayRiderOrders (delivered)ExpectedCollectedDifference',
      '2026-11-22Musa Okello +2567720001113 (2)Shs 600,000Shs 390,000−Shs 210,000',
      'TotalShs 600,000Shs 390,000−Shs 210,000',
    ]);
    // The totals row is named by its header; a rider short of cash stands out.
    expect(within(table).getByRole('rowheader', { name: 'Total' })).toBeInTheDocument();
    expect(within(table).getAllByText('−Shs 210,000')[0]).toHaveClass('text-red-700');
    await user.type(screen.getByLabelText('From (day)'), '2026-11-01');
    await user.type(screen.getByLabelText('To (day)'), '2026-11-02');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(
        Object.fromEntries(api.callsTo('GET /orders/admin/cash/').at(-1)?.url.searchParams ?? []),
      ).toEqual({
        date_from: '2026-11-01',
        date_to: '2026-11-02',
      }),
    );
  });

  it('says no rider went out on these days instead of an empty table', async () => {
    await open('staff', {
      'GET /orders/admin/cash/': () =>
        report({ rows: [], totals: { expected: 0, collected: 0, difference: 0 } }),
    });
    expect(
      await screen.findByText('No cash-on-delivery orders went out with a rider on these days.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/2026-11-16 to 2026-11-22/)).toBeInTheDocument();
    expect(
      screen.queryByRole('table', { name: 'Cash expected and collected per rider and day' }),
    ).not.toBeInTheDocument();
  });

  it('offers to ask again when the figures could not be loaded', async () => {
    let fail = true;
    const user = userEvent.setup();
    await open('staff', {
      'GET /orders/admin/cash/': () =>
        fail ? envelope(500, 'server_error', 'Something went wrong.') : report(),
    });
    const byDay = screen.getByRole('region', { name: 'Cash on delivery by day' });
    expect(await within(byDay).findByRole('alert')).toHaveTextContent('The figures could not be loaded.');
    fail = false;
    await user.click(within(byDay).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('table', { name: 'Cash expected and collected per rider and day' }),
    ).toBeInTheDocument();
  });
});
