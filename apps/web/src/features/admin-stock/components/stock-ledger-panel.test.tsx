import { STOCK_REASON_LABELS, type StockMovement, stockMessages } from '@shop/contract/stock';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makePage } from '../../../test/fakes/catalog-api';
import { envelope, mockIdentityApi } from '../../../test/fakes/identity-api';
import { renderWithRouter } from '../../../test/render';
import { StockLedgerPanel } from './stock-ledger-panel';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

const LEDGER = 'GET /admin/catalog/variants/5/stock-movements/';
const RECORD = 'POST /admin/catalog/variants/5/stock-movements/';

let nextId = 100;
function movement(overrides: Partial<StockMovement>): StockMovement {
  return {
    id: nextId++,
    variant_id: 5,
    delta: 1,
    stock_after: 1,
    reason: 'received',
    note: null,
    order_number: null,
    actor: null,
    created_at: '2026-11-20T07:30:00.000Z',
    ...overrides,
  };
}

const history = (): StockMovement[] => [
  movement({
    delta: -2,
    stock_after: 14,
    reason: 'sold',
    order_number: 'KC-7QX4M2',
    created_at: '2026-11-21T12:05:00.000Z',
  }),
  movement({
    delta: 12,
    stock_after: 16,
    reason: 'received',
    note: 'Delivery from Mukwano',
    actor: { id: 'u-1', name: 'Grace Nansubuga' },
    created_at: '2026-11-21T08:00:00.000Z',
  }),
  movement({ delta: 4, stock_after: 4, reason: 'count_correction', note: 'Opening balance' }),
];

function open(handlers: Parameters<typeof mockIdentityApi>[0], packSize = 1) {
  const api = mockIdentityApi(handlers);
  const name = packSize > 1 ? `Case of ${packSize}` : '750 ml bottle';
  return renderWithRouter(<StockLedgerPanel variantId={5} variantName={name} packSize={packSize} />).then(
    (view) => ({
      api,
      ...view,
    }),
  );
}

describe('StockLedgerPanel', () => {
  it('counts a case size in cases, not bottles (issue 36)', async () => {
    const user = userEvent.setup();
    await open(
      {
        [LEDGER]: () => makePage([movement({ delta: 3, stock_after: 3 })], { pageSize: 20 }),
        [RECORD]: () => ({
          variant_id: 5,
          stock: 4,
          low_stock_threshold: 1,
          movement: movement({ stock_after: 4 }),
        }),
      },
      6,
    );
    expect(await screen.findByText('In stock: 3 cases of 6')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Record a movement: Case of 6' });
    expect(within(form).queryByLabelText(/^Bottles/)).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Cases of 6 (+ added, − taken away)'), '1');
    await user.click(within(form).getByRole('button', { name: 'Save movement' }));
    expect(
      await within(form).findByText('Saved: Case of 6 now has 4 cases of 6 in stock.'),
    ).toBeInTheDocument();
  });

  it('shows the size’s stock and its ledger, newest first, with who, reason, note and order', async () => {
    await open({ [LEDGER]: () => makePage(history(), { pageSize: 20 }) });
    const table = await screen.findByRole('table', { name: 'Stock ledger of 750 ml bottle' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        Array.from(row.querySelectorAll('td'))
          .slice(1)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['The shop', '−2', STOCK_REASON_LABELS.sold, '', 'KC-7QX4M2', '14'],
      ['Grace Nansubuga', '+12', 'Received', 'Delivery from Mukwano', '', '16'],
      ['The shop', '+4', 'Count correction', 'Opening balance', '', '4'],
    ]);
    expect(within(rows[0]!).getByText(/21 Nov/)).toHaveAttribute('datetime', '2026-11-21T12:05:00.000Z');
    expect(screen.getByText('In stock: 14 bottles')).toBeInTheDocument();
  });

  it('records a movement and reads the ledger again', async () => {
    const user = userEvent.setup();
    let rows = history();
    const { api } = await open({
      [LEDGER]: () => makePage(rows, { pageSize: 20 }),
      [RECORD]: ({ body }) => {
        const added = movement({ ...(body as Partial<StockMovement>), stock_after: 12 });
        rows = [added, ...rows];
        return { variant_id: 5, stock: 12, low_stock_threshold: 6, movement: added };
      },
    });
    const form = await screen.findByRole('form', { name: 'Record a movement: 750 ml bottle' });
    await user.selectOptions(within(form).getByLabelText('Reason'), 'Breakage');
    await user.type(within(form).getByLabelText('Bottles (+ added, − taken away)'), '-2');
    await user.type(within(form).getByLabelText('Note'), 'Dropped a box');
    await user.click(within(form).getByRole('button', { name: 'Save movement' }));

    await waitFor(() => expect(api.callsTo(RECORD)).toHaveLength(1));
    expect(api.callsTo(RECORD)[0]!.body).toEqual({ reason: 'breakage', delta: -2, note: 'Dropped a box' });
    expect(
      await within(form).findByText('Saved: 750 ml bottle now has 12 bottles in stock.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Dropped a box')).toBeInTheDocument();
    expect(screen.getByText('In stock: 12 bottles')).toBeInTheDocument();
    expect(within(form).getByLabelText('Bottles (+ added, − taken away)')).toHaveValue('');
  });

  it('checks the contract’s rules before sending', async () => {
    const user = userEvent.setup();
    const { api } = await open({ [LEDGER]: () => makePage(history(), { pageSize: 20 }) });
    const form = await screen.findByRole('form', { name: 'Record a movement: 750 ml bottle' });
    const delta = within(form).getByLabelText('Bottles (+ added, − taken away)');
    await user.click(within(form).getByRole('button', { name: 'Save movement' }));
    expect(await within(form).findByText(stockMessages.deltaRequired)).toBeInTheDocument();
    expect(delta).toHaveAttribute('aria-invalid', 'true');

    await user.type(delta, '-3');
    await user.click(within(form).getByRole('button', { name: 'Save movement' }));
    expect(await within(form).findByText(stockMessages.receivedPositive)).toBeInTheDocument();
    expect(api.callsTo(RECORD)).toHaveLength(0);
  });

  it('shows the API’s refusal under its field: stock cannot go below zero', async () => {
    const user = userEvent.setup();
    const { api } = await open({
      [LEDGER]: () => makePage(history(), { pageSize: 20 }),
      [RECORD]: () =>
        envelope(409, 'conflict', 'Stock cannot go below zero: there are only 14 in stock.', [
          { field: 'delta', message: 'Stock cannot go below zero (14 in stock)' },
        ]),
    });
    const form = await screen.findByRole('form', { name: 'Record a movement: 750 ml bottle' });
    await user.selectOptions(within(form).getByLabelText('Reason'), 'Count correction');
    await user.type(within(form).getByLabelText('Bottles (+ added, − taken away)'), '-20');
    await user.click(within(form).getByRole('button', { name: 'Save movement' }));
    expect(await within(form).findByText('Stock cannot go below zero (14 in stock)')).toBeInTheDocument();
    expect(
      within(form).getByText('Stock cannot go below zero: there are only 14 in stock.'),
    ).toBeInTheDocument();
    expect(api.callsTo(RECORD)).toHaveLength(1);
  });

  it('pages through an older ledger', async () => {
    const user = userEvent.setup();
    const { api } = await open({
      [LEDGER]: ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        return page === 1
          ? makePage(history(), { count: 23, pageSize: 20 })
          : makePage([movement({ note: 'The very first box' })], { count: 23, page: 2, pageSize: 20 });
      },
    });
    await screen.findByText('Page 1 of 2');
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('The very first box')).toBeInTheDocument();
    expect(api.callsTo(LEDGER).at(-1)!.url.searchParams.get('page')).toBe('2');
  });
});
