import { kampalaIsoDate } from '@shop/contract/kampala-time';
import type { RiderCashReport } from '@shop/contract/rider';
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
  vi.unstubAllGlobals();
});

const RIDER_ID = 'c0ffee00-0000-4000-8000-00000000000a';
const REPORT = 'GET /orders/admin/riders/cash/';
const COUNT_IN = `POST /orders/admin/riders/${RIDER_ID}/cash-handins/`;
const today = kampalaIsoDate(new Date());

const report = (day = today): RiderCashReport => ({
  date_from: day,
  date_to: day,
  rows: [
    {
      day,
      rider_id: RIDER_ID,
      rider_name: 'Musa Okello',
      expected: 250_000,
      collected: 250_000,
      handed_in: 0,
      difference: -250_000,
    },
  ],
  totals: { expected: 250_000, collected: 250_000, handed_in: 0, difference: -250_000 },
});

function open(role: string, handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role, name: 'Grace Nansubuga' }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    'GET /orders/admin/cash/': () => ({
      date_from: today,
      date_to: today,
      rows: [],
      totals: { expected: 0, collected: 0, difference: 0 },
    }),
    ...handlers,
  });
  return renderApp('/admin/cash').then((view) => ({ api, ...view }));
}

describe('the riders’ cash on /admin/cash', () => {
  it('is refused to anyone but staff, and asks the API nothing', async () => {
    const { api } = await open('rider');
    expect(await screen.findByText(STAFF_ONLY_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo(REPORT)).toHaveLength(0);
  });

  it('shows today in Kampala per rider, and another day on request', async () => {
    const user = userEvent.setup();
    const { api } = await open('staff', {
      [REPORT]: (request) => report(request.url.searchParams.get('date_from') ?? ''),
    });
    const table = await screen.findByRole('table', { name: `Riders’ cash on ${today}` });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'RiderExpectedCollectedHanded inDifference',
      'Musa OkelloShs 250,000Shs 250,000Shs 0−Shs 250,000',
    ]);
    expect(Object.fromEntries(api.callsTo(REPORT)[0]?.url.searchParams ?? [])).toEqual({
      date_from: today,
      date_to: today,
    });
    expect(screen.getByRole('form', { name: 'Count in Musa Okello’s cash' })).toBeInTheDocument();

    const day = screen.getByLabelText('Day');
    await user.clear(day);
    await user.type(day, '2026-11-02');
    expect(await screen.findByRole('table', { name: 'Riders’ cash on 2026-11-02' })).toBeInTheDocument();
    // Counting in is for today's cash only.
    expect(screen.queryByRole('form', { name: 'Count in Musa Okello’s cash' })).not.toBeInTheDocument();
  });

  it('counts the cash in, with the API’s reason beside the field when it differs', async () => {
    const user = userEvent.setup();
    let answer: () => unknown = () =>
      envelope(422, 'validation_failed', 'Please check your input and try again.', [
        { field: 'reason', message: 'Counted Shs 240,000 of Shs 250,000: give the reason' },
      ]);
    const { api } = await open('staff', { [REPORT]: () => report(), [COUNT_IN]: () => answer() });
    const form = await screen.findByRole('form', { name: 'Count in Musa Okello’s cash' });
    const amount = within(form).getByLabelText('Cash counted (UGX)');
    expect(amount).toHaveValue(250_000);

    await user.clear(amount);
    await user.click(within(form).getByRole('button', { name: 'Count in' }));
    expect(await within(form).findByText('Enter the cash counted in whole shillings')).toBeInTheDocument();
    expect(api.callsTo(COUNT_IN)).toHaveLength(0);

    await user.type(amount, '240000');
    await user.click(within(form).getByRole('button', { name: 'Count in' }));
    expect(
      await within(form).findByText('Counted Shs 240,000 of Shs 250,000: give the reason'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Reason (when it differs)')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(COUNT_IN)[0]?.body).toEqual({ amount: 240_000, reason: null });

    answer = () => ({ id: 1, expected: 250_000, amount: 240_000 });
    await user.type(within(form).getByLabelText('Reason (when it differs)'), 'Change given twice');
    await user.click(within(form).getByRole('button', { name: 'Count in' }));
    await waitFor(() => expect(api.callsTo(COUNT_IN)).toHaveLength(2));
    expect(api.callsTo(COUNT_IN)[1]?.body).toEqual({ amount: 240_000, reason: 'Change given twice' });
    await waitFor(() => expect(api.callsTo(REPORT).length).toBeGreaterThan(1));
  });

  it('says so when the API refuses the count', async () => {
    const user = userEvent.setup();
    await open('staff', {
      [REPORT]: () => report(),
      [COUNT_IN]: () => envelope(403, 'forbidden', 'You don’t have permission to perform this action.'),
    });
    const form = await screen.findByRole('form', { name: 'Count in Musa Okello’s cash' });
    await user.click(within(form).getByRole('button', { name: 'Count in' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(/permission/i);
  });

  it('says no rider collected cash instead of an empty table, with nothing to count in', async () => {
    await open('staff', {
      [REPORT]: () => ({
        ...report(),
        rows: [],
        totals: { expected: 0, collected: 0, handed_in: 0, difference: 0 },
      }),
    });
    expect(await screen.findByText('No rider collected cash on this day.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: `Riders’ cash on ${today}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: /^Count in / })).not.toBeInTheDocument();
  });
});
