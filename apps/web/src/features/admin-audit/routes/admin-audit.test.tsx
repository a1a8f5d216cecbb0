import type { AuditEntry } from '@shop/contract/audit';
import { configure, screen, within } from '@testing-library/react';
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
import { changedValues } from '../lib/audit-diff';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
  vi.restoreAllMocks();
});

const LIST = 'GET /admin/audit/';
const GRACE = '6f1f7a3e-4c1b-4a53-9d2e-2b9b7f7c1a10';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  occurred_at: '2026-11-27T07:05:00.000Z',
  actor: { id: GRACE, name: 'Grace Nansubuga', role: 'admin' },
  kind: 'settings.update',
  subject_type: 'settings',
  subject_id: 'shop',
  subject_name: null,
  summary: 'Changed opening hours, free-delivery threshold',
  before: {
    free_delivery_threshold: 1_000_000,
    opening_hours: [{ day: 'sunday', open: true, opens: '12:00', closes: '19:00' }],
  },
  after: {
    free_delivery_threshold: 750_000,
    opening_hours: [{ day: 'sunday', open: false, opens: '12:00', closes: '19:00' }],
  },
  ...overrides,
});

function open(role: string, handlers: Record<string, FakeHandler> = {}, path = '/admin/audit') {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role, name: 'Grace Nansubuga' }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    ...handlers,
  });
  return renderApp(path).then((view) => ({ api, ...view }));
}

describe('/admin/audit', () => {
  it('is for staff only', async () => {
    const { api } = await open('customer');
    expect(await screen.findByText(STAFF_ONLY_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(0);
  });

  it('shows who, when in Kampala time, what with a link, and before → after of the changed values', async () => {
    await open('staff', {
      [LIST]: () =>
        makePage(
          [
            entry({}),
            entry({
              id: 2,
              actor: { id: null, name: 'Kampala Cellars (system)', role: 'system' },
              kind: 'product.update',
              subject_type: 'product',
              subject_id: '42',
              subject_name: 'Glenfiddich 12',
              summary: 'Price changed',
              before: { price: 250_000 },
              after: { price: 230_000 },
            }),
            entry({
              id: 3,
              kind: 'stock.adjust',
              subject_type: 'stock',
              subject_id: '181',
              subject_name: 'Glenfiddich 12 · 700 ml bottle',
              summary: 'Received 12',
              before: { stock: 3 },
              after: { stock: 15 },
            }),
            entry({
              id: 4,
              kind: 'product.delete',
              subject_type: 'product',
              subject_id: '77',
              subject_name: null,
              summary: 'Deleted',
              before: null,
              after: null,
            }),
          ],
          { pageSize: 25 },
        ),
    });
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    const [first, second, third, fourth] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('27 November 2026 at 10:05');
    expect(
      within(first!).getByRole('button', { name: 'Only Grace Nansubuga’s actions' }),
    ).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'Shop settings' })).toHaveAttribute(
      'href',
      '/admin/settings',
    );
    const changes = within(first!).getByRole('list', { name: 'Changes' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['free delivery threshold: 1,000,000 → 750,000', 'opening hours › sunday › open: yes → no']);
    // Kinds and subjects read as words: what was done, to what it is called now.
    expect(first).toHaveTextContent('Shop settings changed');
    expect(within(second!).getByRole('link', { name: 'Product: Glenfiddich 12' })).toHaveAttribute(
      'href',
      '/admin/products/42',
    );
    expect(second).toHaveTextContent('Product edited');
    expect(second).not.toHaveTextContent('product.update');
    expect(second).toHaveTextContent('price: 250,000 → 230,000');
    expect(third).toHaveTextContent('Stock movement');
    expect(
      within(third!).getByRole('link', { name: 'Stock: Glenfiddich 12 · 700 ml bottle' }),
    ).toBeInTheDocument();
    // A deleted subject keeps its id.
    expect(fourth).toHaveTextContent('Product 77');
  });

  it('filters by person, kind and Kampala days, from page 1', async () => {
    const user = userEvent.setup();
    const { api } = await open('staff', { [LIST]: () => makePage([entry({})], { pageSize: 25 }) });
    await screen.findByRole('table', { name: 'Audit trail' });
    await user.click(screen.getByRole('button', { name: 'Only Grace Nansubuga’s actions' }));
    expect(await screen.findByText(/Only Grace Nansubuga’s actions/)).toBeInTheDocument();

    const filters = screen.getByRole('form', { name: 'Filter the audit trail' });
    await user.selectOptions(within(filters).getByLabelText('Kind'), 'Every shop settings entry');
    await user.type(within(filters).getByLabelText('From (Kampala day)'), '2026-11-01');
    await user.type(within(filters).getByLabelText('Until (Kampala day)'), '2026-11-27');
    await user.click(within(filters).getByRole('button', { name: 'Filter' }));
    await vi.waitFor(() =>
      expect(Object.fromEntries(api.callsTo(LIST).at(-1)?.url.searchParams ?? [])).toEqual({
        page: '1',
        page_size: '25',
        actor_id: GRACE,
        kind: 'settings',
        from: '2026-11-01',
        to: '2026-11-27',
      }),
    );
  });

  it('says when nothing matches', async () => {
    await open('staff', { [LIST]: () => makePage([], { pageSize: 25 }) });
    expect(await screen.findByText('Nothing was recorded for these filters.')).toBeInTheDocument();
  });
});

describe('changedValues', () => {
  it('lists a creation with every value, and nothing for equal values', () => {
    expect(changedValues(null, { name: 'Merlot', price: 100 })).toEqual([
      { path: 'name', before: '—', after: 'Merlot' },
      { path: 'price', before: '—', after: '100' },
    ]);
    expect(changedValues({ a: 1 }, { a: 1 })).toEqual([]);
  });
});
