import type { AuditEntry } from '@shop/contract/audit';
import type { AdminProduct, AdminProductRow, AdminVariant } from '@shop/contract/catalog-admin';
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

const categories = () => ({
  results: [
    {
      id: 3,
      slug: 'whisky',
      name: 'Whisky',
      description: null,
      image: null,
      sort_order: 1,
      is_active: true,
      product_count: 1,
      listed_count: 1,
    },
    {
      id: 4,
      slug: 'sake',
      name: 'Sake',
      description: null,
      image: null,
      sort_order: 2,
      is_active: false,
      product_count: 0,
      listed_count: 0,
    },
  ],
});

function open(path: string, role: string, handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role, name: 'Grace Nansubuga' }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    'GET /admin/catalog/categories/': categories,
    ...handlers,
  });
  return renderApp(path).then((view) => ({ api, ...view }));
}

describe('/admin/products', () => {
  it('is for staff only', async () => {
    const { api } = await open('/admin/products', 'customer');
    expect(await screen.findByText(STAFF_ONLY_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo('GET /admin/catalog/products/')).toHaveLength(0);
  });

  it('lists products with their sizes, and searches, filters and pages through the URL', async () => {
    const user = userEvent.setup();
    const { api, router } = await open('/admin/products?status=hidden', 'staff', {
      'GET /admin/catalog/products/': () => makePage([makeRow()], { pageSize: 20, count: 45 }),
    });
    const row = (await screen.findByRole('rowheader', { name: 'Glenfiddich 12' })).closest('tr')!;
    expect(within(row).getByText('Whisky')).toHaveAttribute('data-label', 'Category');
    expect(within(row).getByText('Listed')).toHaveAttribute('data-label', 'Status');
    expect(screen.getByRole('list', { name: 'Sizes of Glenfiddich 12' })).toHaveTextContent('GLEN-12-700');
    expect(api.callsTo('GET /admin/catalog/products/')[0]?.url.searchParams.get('status')).toBe('hidden');

    await user.type(screen.getByLabelText('Name, grape, region or SKU'), 'glenfidich');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ q: 'glenfidich', status: 'hidden' }),
    );
    await waitFor(() =>
      expect(api.callsTo('GET /admin/catalog/products/').at(-1)?.url.searchParams.get('q')).toBe(
        'glenfidich',
      ),
    );

    await user.selectOptions(screen.getByLabelText('Stock'), 'low');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ stock: 'low' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.href).toContain('page=2'));
    await waitFor(() =>
      expect(api.callsTo('GET /admin/catalog/products/').at(-1)?.url.searchParams.get('page')).toBe('2'),
    );
  });

  it('sorts by a column on the server: the header says the order, and the request carries it', async () => {
    const user = userEvent.setup();
    const { api, router } = await open('/admin/products?stock=low', 'staff', {
      'GET /admin/catalog/products/': () => makePage([makeRow()], { pageSize: 20, count: 45 }),
    });
    await screen.findByRole('rowheader', { name: 'Glenfiddich 12' });
    const price = () => screen.getByRole('columnheader', { name: /^Price/ });
    // The unsearched default ("Recently edited") is no column's order.
    expect(price()).not.toHaveAttribute('aria-sort');

    await user.click(within(price()).getByRole('button', { name: /^Price/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: 'price', stock: 'low' }));
    await waitFor(() =>
      expect(api.callsTo('GET /admin/catalog/products/').at(-1)?.url.searchParams.get('sort')).toBe('price'),
    );
    expect(price()).toHaveAttribute('aria-sort', 'ascending');

    // From the keyboard, the same button flips it; the list starts again at its first page.
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.href).toContain('page=2'));
    within(price()).getByRole('button').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(price()).toHaveAttribute('aria-sort', 'descending'));
    await waitFor(() => {
      const last = api.callsTo('GET /admin/catalog/products/').at(-1)!.url.searchParams;
      expect([last.get('sort'), last.get('page'), last.get('stock')]).toEqual(['-price', '1', 'low']);
    });
    expect(screen.getByRole('columnheader', { name: /^Product/ })).not.toHaveAttribute('aria-sort');
  });

  it('offers each order once: "Recently edited" is the unsearched default, "Best match" a search’s', async () => {
    const user = userEvent.setup();
    await open('/admin/products', 'staff', {
      'GET /admin/catalog/products/': () => makePage([makeRow()], { pageSize: 20, count: 1 }),
    });
    await screen.findByRole('rowheader', { name: 'Glenfiddich 12' });
    const labels = () =>
      within(screen.getByLabelText('Sort'))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(labels().filter((label) => label === 'Recently edited')).toHaveLength(1);
    expect(labels()).not.toContain('Best match');

    await user.type(screen.getByLabelText('Name, grape, region or SKU'), 'glen');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(labels()[0]).toBe('Best match'));
    expect(labels().filter((label) => label === 'Recently edited')).toHaveLength(1);
  });

  it('edits a size’s price in place, and corrects its stock with a stock movement of new − shown', async () => {
    const user = userEvent.setup();
    const { api } = await open('/admin/products', 'staff', {
      'GET /admin/catalog/products/': () => makePage([makeRow()], { pageSize: 20 }),
      'PATCH /admin/catalog/variants/31/': () => makeAdminProduct(),
      'POST /admin/catalog/variants/31/stock-movements/': ({ body }) => ({
        variant_id: 31,
        stock: 8 + (body as { delta: number }).delta,
        low_stock_threshold: 6,
        movement: {
          id: 1,
          variant_id: 31,
          delta: (body as { delta: number }).delta,
          stock_after: 8 + (body as { delta: number }).delta,
          reason: 'count_correction',
          note: null,
          order_number: null,
          actor: { id: null, name: 'Grace Nansubuga' },
          created_at: '2026-11-25T08:00:00.000Z',
        },
      }),
    });
    const price = await screen.findByRole('form', { name: 'Price of 700 ml bottle' });
    const priceInput = within(price).getByLabelText('Price of 700 ml bottle (Shs)');
    // A negative price is refused in the contract's words (the size form's and the API's), unsent.
    await user.clear(priceInput);
    await user.type(priceInput, '-5');
    await user.click(within(price).getByRole('button', { name: 'Save price' }));
    expect(await within(price).findByRole('status')).toHaveTextContent('price: must be at least Shs 1');
    expect(priceInput).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PATCH /admin/catalog/variants/31/')).toHaveLength(0);
    await user.clear(priceInput);
    await user.type(priceInput, '280000');
    await user.click(within(price).getByRole('button', { name: 'Save price' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH /admin/catalog/variants/31/')[0]?.body).toEqual({ price: 280_000 }),
    );

    const stock = screen.getByRole('form', { name: 'Stock of 700 ml bottle' });
    const stockInput = within(stock).getByLabelText('Stock of 700 ml bottle');
    await user.clear(stockInput);
    await user.type(stockInput, '5');
    await user.click(within(stock).getByRole('button', { name: 'Save stock' }));
    await waitFor(() =>
      expect(api.callsTo('POST /admin/catalog/variants/31/stock-movements/')[0]?.body).toEqual({
        delta: -3,
        reason: 'count_correction',
      }),
    );
    expect(await within(stock).findByText('Saved: 5 bottles in stock')).toBeInTheDocument();
  });
});

describe('/admin/products/new and /admin/products/$id', () => {
  it('creates a product with a slug from its name, and shows the API’s field messages', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { api, router } = await open('/admin/products/new', 'staff', {
      'POST /admin/catalog/products/': () => {
        attempts += 1;
        if (attempts === 1) {
          return envelope(422, 'validation_failed', 'Please check your input and try again.', [
            { field: 'category_id', message: 'is not a category of the shop' },
          ]);
        }
        return { ...makeAdminProduct({ id: 40, version: 1, variants: [] }) };
      },
      'GET /admin/catalog/products/40/': () => makeAdminProduct({ id: 40, version: 1, variants: [] }),
      'GET /admin/audit/': () => makePage([], { pageSize: 20 }),
    });
    const form = await screen.findByRole('form', { name: 'Product details' });
    await user.click(within(form).getByRole('button', { name: 'Create product' }));
    expect(await within(form).findByText('Enter the product’s name')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/catalog/products/')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Name'), 'Château Kampala');
    expect(within(form).getByLabelText('Slug')).toHaveValue('chateau-kampala');
    // Hidden categories are choices too: a new bottle may go into a category not shown yet.
    expect(
      within(within(form).getByLabelText('Category')).getByRole('option', { name: 'Sake' }),
    ).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Category'), '3');
    await user.type(within(form).getByLabelText('Vintage'), '2019');
    await user.click(within(form).getByRole('button', { name: 'Create product' }));
    expect(await within(form).findByText('is not a category of the shop')).toBeInTheDocument();
    expect(within(form).getByLabelText('Category')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /admin/catalog/products/')[0]?.body).toMatchObject({
      name: 'Château Kampala',
      category_id: 3,
      vintage: 2019,
      product_type: 'wine',
    });

    await user.click(within(form).getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products/40'));
    expect(await screen.findByText(/created: add its sizes and photos$/)).toBeInTheDocument();
  });

  it('saves with the version; a stale save shows who changed it, and Reload brings the latest', async () => {
    const user = userEvent.setup();
    let latest = makeAdminProduct();
    const history: AuditEntry[] = [
      {
        id: 9,
        occurred_at: '2026-11-24T08:00:00.000Z',
        actor: { id: 'u1', name: 'Okello Brian', role: 'staff' },
        kind: 'product.update',
        subject_type: 'product',
        subject_id: '12',
        subject_name: 'Glenfiddich 12',
        summary: 'Edited name',
        before: { name: 'Glenfiddich Twelve' },
        after: { name: 'Glenfiddich 12' },
      },
    ];
    const { api } = await open('/admin/products/12', 'staff', {
      'GET /admin/catalog/products/12/': () => latest,
      'PATCH /admin/catalog/products/12/': () =>
        envelope(
          409,
          'conflict',
          'Okello Brian changed this product on 25 Nov 2026, 09:12, after you opened it. Reload to see their changes; yours were not saved.',
        ),
      'GET /admin/audit/': () => makePage(history, { pageSize: 20 }),
    });
    const form = await screen.findByRole('form', { name: 'Product details' });
    const history_ = await screen.findByRole('list', { name: 'Changes, newest first' });
    expect(history_).toHaveTextContent('Okello Brian');
    expect(history_).toHaveTextContent('name: Glenfiddich Twelve → Glenfiddich 12');
    expect(screen.getByRole('table')).toHaveTextContent('GLEN-12-1000');

    await user.clear(within(form).getByLabelText('Region'));
    await user.type(within(form).getByLabelText('Region'), 'Dufftown');
    await user.click(within(form).getByRole('button', { name: 'Save product' }));
    expect(await within(form).findByText(/Okello Brian changed this product/)).toBeInTheDocument();
    expect(api.callsTo('PATCH /admin/catalog/products/12/')[0]?.body).toMatchObject({
      version: 3,
      region: 'Dufftown',
    });

    latest = makeAdminProduct({ version: 4, region: 'Highlands' });
    await user.click(within(form).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(form).getByLabelText('Region')).toHaveValue('Highlands'));
    expect(within(form).queryByText(/Okello Brian changed this product/)).not.toBeInTheDocument();
  });
});
