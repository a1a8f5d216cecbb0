import type { AdminProduct, AdminProductRow, AdminVariant } from '@shop/contract/catalog-admin';
import type { Hamper } from '@shop/contract/hampers';
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
});

function makeSize(overrides: Partial<AdminVariant> = {}): AdminVariant {
  return {
    id: 31,
    sku: 'GLEN-12-700',
    name: '700 ml bottle',
    volume_ml: 700,
    pack_size: 1,
    price: 300_000,
    compare_at_price: null,
    stock: 8,
    low_stock_threshold: 6,
    is_default: true,
    sort_order: 0,
    retired_at: null,
    ...overrides,
  };
}

function makeRow(overrides: Partial<AdminProductRow> = {}): AdminProductRow {
  return {
    id: 12,
    slug: 'glenfiddich-12',
    name: 'Glenfiddich 12',
    category: { id: 3, name: 'Whisky' },
    product_type: 'spirit',
    vintage: null,
    status: 'listed',
    is_featured: false,
    is_new_arrival: false,
    price: 300_000,
    stock_total: 8,
    low_stock: false,
    image: null,
    updated_at: '2026-11-24T08:00:00.000Z',
    variants: [makeSize()],
    ...overrides,
  };
}

function makeAdminProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    id: 12,
    version: 3,
    name: 'Glenfiddich 12',
    slug: 'glenfiddich-12',
    category_id: 3,
    category_name: 'Whisky',
    product_type: 'spirit',
    country: 'Scotland',
    region: 'Speyside',
    varietal: 'Malt',
    vintage: null,
    abv: 40,
    description: 'A classic single malt.',
    tasting_notes: 'Pear, oak.',
    food_pairing: null,
    awards: [],
    is_featured: false,
    is_new_arrival: false,
    is_active: true,
    status: 'listed',
    archived_at: null,
    old_slugs: [],
    created_at: '2026-10-01T08:00:00.000Z',
    updated_at: '2026-11-24T08:00:00.000Z',
    variants: [
      makeSize(),
      makeSize({ id: 32, sku: 'GLEN-12-1000', name: 'Litre', is_default: false, sort_order: 1 }),
    ],
    ...overrides,
  };
}

const HAMPER_31 = '/admin/catalog/variants/31/hamper/';
const none = (variantId: number): Hamper => ({ variant_id: variantId, stock: 0, parts: [] });

const flutes = makeRow({
  id: 50,
  slug: 'crystal-flutes',
  name: 'Crystal Flutes',
  variants: [makeSize({ id: 77, sku: 'FLUTE-PAIR', name: 'Pair', stock: 9 })],
});

function open(handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role: 'staff', name: 'Grace Nansubuga' }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    'GET /admin/catalog/products/12/': () => makeAdminProduct(),
    [`GET ${HAMPER_31}`]: () => none(31),
    'GET /admin/catalog/variants/32/hamper/': () => none(32),
    'GET /admin/catalog/variants/31/stock-movements/': () => makePage([], { pageSize: 10 }),
    'GET /admin/catalog/variants/32/stock-movements/': () => makePage([], { pageSize: 10 }),
    ...handlers,
  });
  return renderApp('/admin/products/12').then((view) => ({ api, ...view }));
}

const panelOf = async (size: string) => screen.findByRole('region', { name: `Hamper parts: ${size}` });

describe('hamper parts on the product edit page', () => {
  it('composes a hamper: search a size, add it, set its quantity, save all parts with PUT', async () => {
    const user = userEvent.setup();
    const { api } = await open({
      'GET /admin/catalog/products/': () => makePage([flutes], { pageSize: 10 }),
      [`PUT ${HAMPER_31}`]: ({ body }) => ({
        variant_id: 31,
        stock: 4,
        parts: (body as { parts: { variant_id: number; quantity: number }[] }).parts.map((part) => ({
          ...part,
          product_id: 50,
          product_name: 'Crystal Flutes',
          product_slug: 'crystal-flutes',
          variant_name: 'Pair',
          sku: 'FLUTE-PAIR',
          stock: 9,
        })),
      }),
    });
    const panel = await panelOf('700 ml bottle');
    expect(await within(panel).findByText(/Not a hamper/)).toBeInTheDocument();

    await user.type(within(panel).getByLabelText('Add a part: product name or SKU'), 'flute');
    await user.click(within(panel).getByRole('button', { name: 'Search' }));
    await user.click(await within(panel).findByRole('button', { name: 'Add Crystal Flutes (Pair)' }));
    await waitFor(() =>
      expect(api.callsTo('GET /admin/catalog/products/').at(-1)?.url.searchParams.get('q')).toBe('flute'),
    );
    const quantity = within(panel).getByLabelText('Quantity of Crystal Flutes (Pair)');
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(within(panel).getByRole('button', { name: 'Save hamper parts' }));

    await waitFor(() => expect(api.callsTo(`PUT ${HAMPER_31}`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${HAMPER_31}`)[0]?.body).toEqual({ parts: [{ variant_id: 77, quantity: 2 }] });
    expect(await screen.findByText('Hamper parts of 700 ml bottle saved')).toBeInTheDocument();
    expect(await within(panel).findByText('Stock: 4')).toBeInTheDocument();
  });

  it("shows the API's 422 by the row's quantity", async () => {
    const user = userEvent.setup();
    const { api } = await open({
      [`GET ${HAMPER_31}`]: () => ({
        variant_id: 31,
        stock: 4,
        parts: [
          {
            variant_id: 77,
            quantity: 2,
            product_id: 50,
            product_name: 'Crystal Flutes',
            product_slug: 'crystal-flutes',
            variant_name: 'Pair',
            sku: 'FLUTE-PAIR',
            stock: 9,
          },
        ],
      }),
      [`PUT ${HAMPER_31}`]: () =>
        envelope(422, 'validation_failed', 'Validation failed', [
          { field: 'parts.0.quantity', message: 'must be at most 99' },
        ]),
    });
    const panel = await panelOf('700 ml bottle');
    const quantity = await within(panel).findByLabelText('Quantity of Crystal Flutes (Pair)');
    await user.clear(quantity);
    await user.type(quantity, '150');
    await user.click(within(panel).getByRole('button', { name: 'Save hamper parts' }));

    await waitFor(() => expect(api.callsTo(`PUT ${HAMPER_31}`)).toHaveLength(1));
    expect(await within(panel).findByText('must be at most 99')).toBeInTheDocument();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(quantity).toHaveAccessibleDescription('must be at most 99');
    expect(api.callsTo(`PUT ${HAMPER_31}`)[0]?.body).toEqual({ parts: [{ variant_id: 77, quantity: 150 }] });
  });

  it('loads an existing hamper: its parts, its stock read-only with why, and no stock movement form', async () => {
    await open({
      [`GET ${HAMPER_31}`]: () => ({
        variant_id: 31,
        stock: 3,
        parts: [
          {
            variant_id: 77,
            quantity: 2,
            product_id: 50,
            product_name: 'Crystal Flutes',
            product_slug: 'crystal-flutes',
            variant_name: 'Pair',
            sku: 'FLUTE-PAIR',
            stock: 7,
          },
        ],
      }),
    });
    const panel = await panelOf('700 ml bottle');
    const table = await within(panel).findByRole('table', { name: 'Parts of 700 ml bottle' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Crystal FlutesPairFLUTE-PAIR');
    expect(within(rows[0]!).getByLabelText('Quantity of Crystal Flutes (Pair)')).toHaveValue(2);
    expect(within(panel).getByText('Stock: 3')).toBeInTheDocument();
    expect(within(panel).getByText(/what its parts allow/)).toBeInTheDocument();

    const stock = await screen.findByRole('region', { name: 'Stock of 700 ml bottle' });
    expect(await within(stock).findByText('In stock: 3')).toBeInTheDocument();
    expect(within(stock).getByText(/its stock is what its parts allow/)).toBeInTheDocument();
    expect(within(stock).queryByRole('button', { name: /Record/ })).toBeNull();
    // The other size, not a hamper, keeps its movement form.
    const other = await screen.findByRole('region', { name: 'Stock of Litre' });
    expect(within(other).queryByText(/its stock is what its parts allow/)).toBeNull();
  });
});
