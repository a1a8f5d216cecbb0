import { auditListSchema } from '@shop/contract/audit';
import { productDetailSchema } from '@shop/contract/catalog';
import {
  ADMIN_PRODUCT_SORTS,
  adminProductListSchema,
  adminProductSchema,
  catalogAdminMessages,
  productRemovalSchema,
} from '@shop/contract/catalog-admin';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '../../../test/fixtures/catalog';
import {
  addToCart,
  CHECKOUT,
  type Customer,
  checkoutBody,
  signedInCustomer,
  staffMember,
  stockedProduct,
  zoneBySlug,
} from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';

const PRODUCTS = '/api/v1/admin/catalog/products/';
const product = (id: number) => `${PRODUCTS}${id}/`;
const variant = (id: number) => `/api/v1/admin/catalog/variants/${id}/`;

let harness: TestApp;
let staff: Customer;
let categoryId: number;
beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  staff = await staffMember(harness.app);
  categoryId = (await createCategory(harness.database.pool, { name: 'Sparkling' })).id;
});
afterAll(() => harness?.close());

const fieldsOf = (body: unknown) =>
  (errorEnvelopeSchema.parse(body).error.fields ?? []).map((field) => field.field).sort();

async function createProduct(overrides: Record<string, unknown> = {}) {
  const response = await staff.client.post(PRODUCTS, {
    name: 'Château Kampala Brut',
    category_id: categoryId,
    product_type: 'wine',
    country: 'France',
    region: 'Champagne',
    varietal: 'Chardonnay',
    vintage: 2019,
    abv: 12.5,
    description: 'A fine sparkling wine.',
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return adminProductSchema.parse(response.json());
}

async function addSize(productId: number, overrides: Record<string, unknown> = {}) {
  const response = await staff.client.post(`${product(productId)}variants/`, {
    sku: `SKU-${Math.random().toString(36).slice(2, 10)}`,
    name: '750 ml bottle',
    volume_ml: 750,
    price: 200_000,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return adminProductSchema.parse(response.json());
}

async function history(productId: number) {
  const response = await staff.client.get(
    `/api/v1/admin/audit/?subject_type=product&subject_id=${productId}`,
  );
  return auditListSchema.parse(response.json()).results;
}

async function countRows(table: string) {
  const result = await harness.database.pool.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM ${table}`,
  );
  return result.rows[0]!.count;
}

describe('authorization', () => {
  const endpoints: Array<[string, string, unknown?]> = [
    ['GET', PRODUCTS],
    ['POST', PRODUCTS, {}],
    ['GET', product(1)],
    ['PATCH', product(1), { version: 1 }],
    ['DELETE', product(1)],
    ['POST', `${product(1)}variants/`, {}],
    ['PUT', `${product(1)}variants/order/`, { ids: [1] }],
    ['PATCH', variant(1), {}],
  ];
  it.each(endpoints)('%s %s: 401 for a visitor, 403 for a customer', async (method, url, payload) => {
    const visitor = await harness.app.inject({ method: method as 'GET', url, payload: payload as object });
    expect(visitor.statusCode).toBe(401);
    const customer = await signedInCustomer(harness.app);
    const refused = await customer.client.request({
      method: method as 'GET',
      url,
      payload: payload as object,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('every endpoint is in the OpenAPI document under admin', async () => {
    const document = (await harness.app.inject({ url: '/api/v1/openapi.json' })).json();
    const paths = document.paths as Record<string, Record<string, { tags: string[] }>>;
    for (const [path, methods] of [
      ['/api/v1/admin/catalog/products/', ['get', 'post']],
      ['/api/v1/admin/catalog/products/{id}/', ['get', 'patch', 'delete']],
      ['/api/v1/admin/catalog/products/{id}/variants/', ['post']],
      ['/api/v1/admin/catalog/products/{id}/variants/order/', ['put']],
      ['/api/v1/admin/catalog/variants/{id}/', ['patch']],
    ] as const) {
      for (const method of methods) expect(paths[path]?.[method]?.tags).toEqual(['admin']);
    }
  });
});

describe('products', () => {
  it('creates a product with a slug from its name, unique, and records it', async () => {
    const first = await createProduct({ name: 'Moët & Chandon Impérial' });
    expect(first.slug).toBe('moet-chandon-imperial');
    expect(first).toMatchObject({ version: 1, status: 'hidden', vintage: 2019, abv: 12.5, variants: [] });
    const second = await createProduct({ name: 'Moët & Chandon Impérial' });
    expect(second.slug).toBe('moet-chandon-imperial-2');
    const trail = await history(first.id);
    expect(trail.map((entry) => [entry.kind, entry.actor.name])).toEqual([
      ['product.create', 'Grace Nansubuga'],
    ]);
    expect(trail[0]!.after).toMatchObject({ name: 'Moët & Chandon Impérial', slug: 'moet-chandon-imperial' });
  });

  it('answers 422 naming each bad field, and writes nothing', async () => {
    const before = await countRows('products');
    const response = await staff.client.post(PRODUCTS, {
      name: '',
      slug: 'Bad Slug!',
      category_id: 0,
      product_type: 'juice',
      vintage: 1700,
      abv: 101,
      awards: 'gold',
      is_featured: 'yes',
    });
    expect(response.statusCode).toBe(422);
    expect(fieldsOf(response.json())).toEqual([
      'abv',
      'awards',
      'category_id',
      'is_featured',
      'name',
      'product_type',
      'slug',
      'vintage',
    ]);
    const unknownCategory = await staff.client.post(PRODUCTS, {
      name: 'Orphan',
      category_id: 999_999,
      product_type: 'wine',
    });
    expect(unknownCategory.statusCode).toBe(422);
    expect(fieldsOf(unknownCategory.json())).toEqual(['category_id']);
    const digits = await staff.client.post(PRODUCTS, {
      name: 'Digits',
      slug: '2019',
      category_id: categoryId,
      product_type: 'wine',
    });
    expect(fieldsOf(digits.json())).toEqual(['slug']);
    expect(await countRows('products')).toBe(before);
  });

  it('edits every field with the version; a stale save is a 409 naming who and when, and writes nothing', async () => {
    const created = await createProduct({ name: 'Kasese Reserve' });
    const other = await staffMember(harness.app);
    const edit = {
      version: created.version,
      name: 'Kasese Grand Reserve',
      country: 'Uganda',
      region: 'Rwenzori',
      varietal: 'Syrah',
      vintage: null,
      abv: 14,
      description: 'Mountain wine.',
      tasting_notes: 'Pepper.',
      food_pairing: 'Goat stew.',
      awards: ['Gold, Kampala Wine Show 2025'],
      is_featured: true,
      is_new_arrival: true,
      is_active: false,
      product_type: 'wine',
    };
    const saved = await other.client.patch(product(created.id), edit);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = adminProductSchema.parse(saved.json());
    expect(after).toMatchObject({ ...edit, version: 2, vintage: null });
    expect(after.slug).toBe(created.slug);

    const stale = await staff.client.patch(product(created.id), { version: created.version, name: 'Mine' });
    expect(stale.statusCode).toBe(409);
    const error = errorEnvelopeSchema.parse(stale.json()).error;
    expect(error.code).toBe('conflict');
    expect(error.message).toMatch(/^Grace Nansubuga changed this product on .*\d{1,2}:\d{2}/);
    const now = adminProductSchema.parse((await staff.client.get(product(created.id))).json());
    expect(now.name).toBe('Kasese Grand Reserve');
    expect(now.version).toBe(2);

    const trail = await history(created.id);
    expect(trail[0]).toMatchObject({
      kind: 'product.update',
      before: { name: 'Kasese Reserve', vintage: 2019, is_active: true },
      after: { name: 'Kasese Grand Reserve', vintage: null, is_active: false },
    });

    const missingVersion = await staff.client.patch(product(created.id), { name: 'No version' });
    expect(fieldsOf(missingVersion.json())).toEqual(['version']);
    const bad = await staff.client.patch(product(created.id), { version: 2, abv: 12.55, slug: 'new' });
    expect(bad.statusCode).toBe(422);
    expect(fieldsOf(bad.json())).toEqual(['abv', 'slug']);
  });

  it('keeps an old slug working as a redirect on the storefront', async () => {
    const created = await createProduct({ name: 'Entebbe Rosé' });
    await addSize(created.id);
    const renamed = await staff.client.patch(product(created.id), { version: 1, slug: 'entebbe-rose-2024' });
    expect(adminProductSchema.parse(renamed.json()).old_slugs).toEqual(['entebbe-rose']);

    const api = await harness.app.inject({ url: '/api/v1/products/products/entebbe-rose/' });
    expect(api.statusCode).toBe(301);
    expect(api.headers.location).toBe('/api/v1/products/products/entebbe-rose-2024/');
    const followed = await harness.app.inject({ url: api.headers.location as string });
    expect(productDetailSchema.parse(followed.json()).id).toBe(created.id);
    const page = await harness.app.inject({ url: '/products/entebbe-rose' });
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe('/products/entebbe-rose-2024');

    // A slug used by another product is refused.
    const other = await createProduct({ name: 'Jinja Blanc' });
    const taken = await staff.client.patch(product(other.id), { version: 1, slug: 'entebbe-rose-2024' });
    expect(taken.statusCode).toBe(422);
    expect(errorEnvelopeSchema.parse(taken.json()).error.fields).toEqual([
      { field: 'slug', message: catalogAdminMessages.slugTaken },
    ]);
  });

  it('deletes a never-ordered product and archives an ordered one', async () => {
    const unsold = await createProduct({ name: 'Never Sold' });
    const deleted = await staff.client.request({ method: 'DELETE', url: product(unsold.id) });
    expect(productRemovalSchema.parse(deleted.json())).toEqual({ id: unsold.id, outcome: 'deleted' });
    expect((await staff.client.get(product(unsold.id))).statusCode).toBe(404);
    expect((await history(unsold.id))[0]!.kind).toBe('product.delete');

    const sold = await stockedProduct(harness.database.pool, { name: 'Sold Once' });
    const customer = await signedInCustomer(harness.app);
    await addToCart(customer.client, sold.id, sold.variantIds[0]!);
    const zone = await zoneBySlug(harness.database.pool);
    const order = await customer.client.post(CHECKOUT, checkoutBody(zone.id));
    expect(order.statusCode, order.body).toBe(201);

    const archived = await staff.client.request({ method: 'DELETE', url: product(sold.id) });
    expect(productRemovalSchema.parse(archived.json())).toEqual({ id: sold.id, outcome: 'archived' });
    const kept = adminProductSchema.parse((await staff.client.get(product(sold.id))).json());
    expect(kept.status).toBe('archived');
    expect((await harness.app.inject({ url: `/api/v1/products/products/${sold.id}/` })).statusCode).toBe(404);
    const lines = await harness.database.pool.query(
      'SELECT product_name FROM order_items WHERE product_id = $1',
      [sold.id],
    );
    expect(lines.rows).toEqual([{ product_name: 'Sold Once' }]);
    expect((await history(sold.id))[0]!.kind).toBe('product.archive');
  });
});

describe('sizes', () => {
  it('adds sizes at zero stock, the first as default, and lists the product on the storefront at once', async () => {
    const created = await createProduct({ name: 'Mbarara Merlot' });
    const withOne = await addSize(created.id, { sku: 'mbm-750', price: 120_000, compare_at_price: 150_000 });
    expect(withOne.status).toBe('listed');
    expect(withOne.variants).toMatchObject([
      { sku: 'MBM-750', stock: 0, is_default: true, compare_at_price: 150_000, low_stock_threshold: 6 },
    ]);
    const withTwo = await addSize(created.id, {
      sku: 'MBM-1500',
      name: 'Magnum',
      volume_ml: 1500,
      price: 260_000,
      low_stock_threshold: 2,
    });
    expect(withTwo.variants.map((size) => [size.sku, size.is_default])).toEqual([
      ['MBM-750', true],
      ['MBM-1500', false],
    ]);
    const storefront = productDetailSchema.parse(
      (await harness.app.inject({ url: `/api/v1/products/products/${created.id}/` })).json(),
    );
    expect(storefront.price).toBe(120_000);

    // A duplicate SKU and a compare-at price not above the price are refused, naming the field.
    const before = await countRows('product_variants');
    const duplicate = await staff.client.post(`${product(created.id)}variants/`, {
      sku: 'mbm-750',
      name: 'Again',
      volume_ml: 750,
      price: 1,
    });
    expect(duplicate.statusCode).toBe(422);
    expect(fieldsOf(duplicate.json())).toEqual(['sku']);
    const cheap = await staff.client.post(`${product(created.id)}variants/`, {
      sku: 'MBM-X',
      name: '',
      volume_ml: 0,
      pack_size: 0,
      price: 100,
      compare_at_price: 100,
      low_stock_threshold: -1,
    });
    expect(fieldsOf(cheap.json())).toEqual([
      'compare_at_price',
      'low_stock_threshold',
      'name',
      'pack_size',
      'volume_ml',
    ]);
    expect(await countRows('product_variants')).toBe(before);
    expect((await history(created.id)).map((entry) => entry.kind)).toEqual([
      'variant.create',
      'variant.create',
      'product.create',
    ]);
  });

  it('edits a price (the storefront sees it at once), moves the default, reorders and retires', async () => {
    const created = await createProduct({ name: 'Gulu Gin' });
    await addSize(created.id, { sku: 'GG-700', price: 90_000 });
    const two = await addSize(created.id, { sku: 'GG-1000', name: 'Litre', volume_ml: 1000, price: 120_000 });
    const [small, large] = two.variants;

    const priced = await staff.client.patch(variant(small!.id), { price: 80_000, compare_at_price: 90_000 });
    expect(priced.statusCode, priced.body).toBe(200);
    const storefront = async () =>
      productDetailSchema.parse(
        (await harness.app.inject({ url: `/api/v1/products/products/${created.id}/` })).json(),
      );
    expect((await storefront()).price).toBe(80_000);
    expect((await history(created.id))[0]!.summary).toBe(
      'Size 750 ml bottle (GG-700): price Shs 90,000 → Shs 80,000; compare-at none → Shs 90,000',
    );
    const notAbove = await staff.client.patch(variant(small!.id), { price: 95_000 });
    expect(fieldsOf(notAbove.json())).toEqual(['compare_at_price']);

    const reordered = await staff.client.request({
      method: 'PUT',
      url: `${product(created.id)}variants/order/`,
      payload: { ids: [large!.id, small!.id] },
    });
    expect(adminProductSchema.parse(reordered.json()).variants.map((size) => size.id)).toEqual([
      large!.id,
      small!.id,
    ]);
    const wrongIds = await staff.client.request({
      method: 'PUT',
      url: `${product(created.id)}variants/order/`,
      payload: { ids: [large!.id] },
    });
    expect(fieldsOf(wrongIds.json())).toEqual(['ids']);

    // Retiring the default moves the default to the other size; the retired one leaves the storefront.
    const retired = adminProductSchema.parse(
      (await staff.client.patch(variant(small!.id), { retired: true })).json(),
    );
    expect(retired.variants.find((size) => size.id === small!.id)).toMatchObject({ is_default: false });
    expect(retired.variants.find((size) => size.id === small!.id)!.retired_at).not.toBeNull();
    expect(retired.variants.find((size) => size.id === large!.id)!.is_default).toBe(true);
    const shown = await storefront();
    expect(shown.variants.map((size) => size.id)).toEqual([large!.id]);
    expect(shown.price).toBe(120_000);
    const customer = await signedInCustomer(harness.app);
    const add = await customer.client.post('/api/v1/orders/cart/add_item/', {
      product: created.id,
      variant: small!.id,
      quantity: 1,
    });
    expect(add.statusCode).not.toBe(200);

    const last = await staff.client.patch(variant(large!.id), { retired: true });
    expect(fieldsOf(last.json())).toEqual(['retired']);
    const retiredDefault = await staff.client.patch(variant(small!.id), { is_default: true });
    expect(fieldsOf(retiredDefault.json())).toEqual(['is_default']);
    expect((await history(created.id))[0]!.kind).toBe('variant.retire');
  });
});

describe('the staff list', () => {
  it('lists hidden and archived products with their sizes, filters, searches with typos and pages', async () => {
    const category = (await createCategory(harness.database.pool, { name: 'Whisky list' })).id;
    const make = (name: string, extra: Record<string, unknown> = {}) =>
      createProduct({ name, category_id: category, product_type: 'spirit', varietal: 'Malt', ...extra });
    const glen = await make('Glenfiddich Twelve');
    await addSize(glen.id, { price: 300_000, compare_at_price: 350_000, low_stock_threshold: 0 });
    const hidden = await make('Lagavulin Sixteen', { is_active: false, is_featured: true });
    await addSize(hidden.id, { price: 500_000 });
    const empty = await make('Talisker Storm');

    const list = async (query: string) => {
      const response = await staff.client.get(`${PRODUCTS}?category=${category}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return adminProductListSchema.parse(response.json());
    };
    const all = await list('sort=name');
    expect(all.results.map((row) => [row.name, row.status])).toEqual([
      ['Glenfiddich Twelve', 'listed'],
      ['Lagavulin Sixteen', 'hidden'],
      ['Talisker Storm', 'hidden'],
    ]);
    expect(all.results[0]!.variants).toMatchObject([{ price: 300_000, compare_at_price: 350_000, stock: 0 }]);
    expect((await list('status=hidden&sort=name')).results.map((row) => row.id)).toEqual([
      hidden.id,
      empty.id,
    ]);
    expect((await list('status=listed')).results.map((row) => row.id)).toEqual([glen.id]);
    expect((await list('on_sale=true')).results.map((row) => row.id)).toEqual([glen.id]);
    expect((await list('featured=true')).results.map((row) => row.id)).toEqual([hidden.id]);
    // Stock 0 with threshold 6 is low; Glenfiddich's threshold is 0, so 0 is "at" it too.
    expect((await list('stock=low&sort=name')).results.map((row) => row.id)).toEqual([glen.id, hidden.id]);
    expect((await list('stock=out')).count).toBe(3);
    expect((await list('stock=in_stock')).count).toBe(0);
    const paged = await list('sort=name&page=2&page_size=2');
    expect(paged).toMatchObject({ count: 3, total_pages: 2, next: null });
    expect(paged.results.map((row) => row.id)).toEqual([empty.id]);

    // Typo-tolerant, and hidden products are found too.
    expect((await list('q=lagavullin')).results.map((row) => row.id)).toEqual([hidden.id]);
    expect((await list('q=glenfidich')).results.map((row) => row.id)).toEqual([glen.id]);

    // Archived products are listed under their status.
    await harness.database.pool.query(
      'UPDATE products SET archived_at = now(), is_active = false WHERE id = $1',
      [empty.id],
    );
    expect((await list('status=archived')).results.map((row) => row.id)).toEqual([empty.id]);

    const bad = await staff.client.get(`${PRODUCTS}?status=gone&stock=many&sort=color&page=0`);
    expect(bad.statusCode).toBe(422);
    expect(fieldsOf(bad.json())).toEqual(['page', 'sort', 'status', 'stock']);
  });

  it('fetches a page’s sizes in one query (no query per product)', async () => {
    const statements: string[] = [];
    const pool = harness.app.db.$client;
    const original = pool.query.bind(pool);
    (pool as unknown as { query: unknown }).query = (...args: Parameters<typeof pool.query>) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
      statements.push(text);
      return (original as (...given: unknown[]) => unknown)(...args);
    };
    try {
      const response = await staff.client.get(`${PRODUCTS}?page_size=50`);
      expect(response.statusCode).toBe(200);
    } finally {
      (pool as unknown as { query: unknown }).query = original;
    }
    expect(statements.filter((text) => /FROM product_variants/.test(text))).toHaveLength(1);
  });
});

describe('the staff list from the catalog index', () => {
  type Row = { name: string; id: number };
  let category: { id: number; slug: string };
  let alpha: number;
  let bravo: number;
  let charlie: number;
  let delta: number;
  let bravoSku: string;
  const list = async (query: string) => {
    const response = await staff.client.get(`${PRODUCTS}?category=${category.id}&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return adminProductListSchema.parse(response.json());
  };
  const names = (rows: Row[]) => rows.map((row) => row.name);
  const pool = () => harness.database.pool;

  beforeAll(async () => {
    category = await createCategory(harness.database.pool, { name: 'Index list', slug: 'index-list' });
    const make = (name: string, extra: Record<string, unknown> = {}) =>
      createProduct({ name, category_id: category.id, product_type: 'spirit', varietal: 'Cane', ...extra });
    // Alpha: listed, in stock, on sale. Bravo: hidden, out of stock. Charlie: archived, in stock.
    // Delta: no size (hidden, no price).
    alpha = (await make('Alpha Rum')).id;
    const alphaSized = await addSize(alpha, {
      sku: 'IDX-ALPHA-750',
      price: 100_000,
      compare_at_price: 120_000,
      low_stock_threshold: 2,
    });
    bravo = (await make('Bravo Gin', { is_active: false, is_featured: true })).id;
    bravoSku = 'idx-bravo-1l';
    const bravoSized = await addSize(bravo, { sku: bravoSku, price: 300_000, low_stock_threshold: 0 });
    charlie = (await make('Charlie Vodka')).id;
    const charlieSized = await addSize(charlie, { sku: 'IDX-CHARLIE-700', price: 200_000 });
    delta = (await make('Delta Spirit', { is_active: false })).id;
    await pool().query('UPDATE product_variants SET stock = $2 WHERE id = $1', [
      alphaSized.variants[0]!.id,
      5,
    ]);
    await pool().query('UPDATE product_variants SET stock = $2 WHERE id = $1', [
      charlieSized.variants[0]!.id,
      20,
    ]);
    expect(bravoSized.variants[0]!.stock).toBe(0);
    await pool().query('UPDATE products SET archived_at = now(), is_active = false WHERE id = $1', [charlie]);
    // Recently edited: Alpha, Charlie, Bravo, Delta.
    for (const [id, hours] of [
      [alpha, 1],
      [charlie, 2],
      [bravo, 3],
      [delta, 4],
    ] as const) {
      await pool().query(
        `UPDATE products SET updated_at = now() - make_interval(hours => $2) WHERE id = $1`,
        [id, hours],
      );
    }
  });

  it('sorts by each of the staff list’s sorts, across pages', async () => {
    const expected: Record<(typeof ADMIN_PRODUCT_SORTS)[number], string[]> = {
      name: ['Alpha Rum', 'Bravo Gin', 'Charlie Vodka', 'Delta Spirit'],
      '-name': ['Delta Spirit', 'Charlie Vodka', 'Bravo Gin', 'Alpha Rum'],
      newest: ['Delta Spirit', 'Charlie Vodka', 'Bravo Gin', 'Alpha Rum'],
      updated: ['Alpha Rum', 'Charlie Vodka', 'Bravo Gin', 'Delta Spirit'],
      // No price (no sellable size) last, and first when descending, as SQL's NULLS LAST did.
      price: ['Alpha Rum', 'Charlie Vodka', 'Bravo Gin', 'Delta Spirit'],
      '-price': ['Delta Spirit', 'Bravo Gin', 'Charlie Vodka', 'Alpha Rum'],
      // Ties (0) by id.
      stock: ['Bravo Gin', 'Delta Spirit', 'Alpha Rum', 'Charlie Vodka'],
      '-stock': ['Charlie Vodka', 'Alpha Rum', 'Delta Spirit', 'Bravo Gin'],
    };
    expect(Object.keys(expected).sort()).toEqual([...ADMIN_PRODUCT_SORTS].sort());
    for (const sort of ADMIN_PRODUCT_SORTS) {
      const first = await list(`sort=${sort}&page_size=3`);
      const second = await list(`sort=${sort}&page_size=3&page=2`);
      expect(first.count, sort).toBe(4);
      expect([...names(first.results), ...names(second.results)], sort).toEqual(expected[sort]);
    }
    // The default without a search: recently edited.
    expect(names((await list('')).results)).toEqual(expected.updated);
  });

  it('filters by status, stock, sale and featured, and answers each row’s fields', async () => {
    const ids = async (query: string) => (await list(`sort=name&${query}`)).results.map((row) => row.id);
    expect(await ids('status=listed')).toEqual([alpha]);
    expect(await ids('status=hidden')).toEqual([bravo, delta]);
    expect(await ids('status=archived')).toEqual([charlie]);
    expect(await ids('stock=in_stock')).toEqual([alpha, charlie]);
    expect(await ids('stock=out')).toEqual([bravo, delta]);
    // Bravo is at its threshold (0), Charlie's 20 are above its 6.
    expect(await ids('stock=low')).toEqual([bravo]);
    expect(await ids('on_sale=true')).toEqual([alpha]);
    expect(await ids('on_sale=false')).toEqual([bravo, charlie, delta]);
    expect(await ids('featured=true')).toEqual([bravo]);
    expect(await ids('featured=false')).toEqual([alpha, charlie, delta]);
    expect(await ids('status=hidden&stock=low&featured=true')).toEqual([bravo]);
    const other = await staff.client.get(`${PRODUCTS}?category=${categoryId}&q=alpha`);
    expect(adminProductListSchema.parse(other.json()).results.map((row) => row.id)).not.toContain(alpha);

    const [row] = (await list('status=listed')).results;
    expect(row).toMatchObject({
      id: alpha,
      name: 'Alpha Rum',
      category: { id: category.id, name: 'Index list' },
      product_type: 'spirit',
      status: 'listed',
      price: 100_000,
      stock_total: 5,
      low_stock: false,
      is_featured: false,
      variants: [{ sku: 'IDX-ALPHA-750', stock: 5 }],
    });
    const stored = await pool().query<{ updated_at: Date }>('SELECT updated_at FROM products WHERE id = $1', [
      alpha,
    ]);
    expect(row!.updated_at).toBe(stored.rows[0]!.updated_at.toISOString());
    const none = (await list('status=hidden&sort=name')).results.find((found) => found.id === delta)!;
    expect(none).toMatchObject({ price: null, stock_total: 0, variants: [] });
  });

  it('finds a product by its SKU’s start in any case, hidden and archived ones too', async () => {
    const found = async (q: string) =>
      (await list(`q=${encodeURIComponent(q)}`)).results.map((row) => row.id);
    expect(await found('idx-bravo')).toEqual([bravo]);
    expect(await found('IDX-BRAVO-1L')).toEqual([bravo]);
    expect(await found('Idx-Charl')).toEqual([charlie]);
    expect((await found('idx-')).sort((a, b) => a - b)).toEqual(
      [alpha, bravo, charlie].sort((a, b) => a - b),
    );
    // A start, not a part.
    expect(await found('ALPHA-750')).toEqual([]);
    expect(await found('LPHA-750')).toEqual([]);
    expect(await found(bravoSku.slice(0, 9))).toEqual([bravo]);
    // With a filter and a sort.
    expect((await list('q=idx-&status=archived')).results.map((row) => row.id)).toEqual([charlie]);
    expect(names((await list('q=idx-&sort=-price')).results)).toEqual([
      'Bravo Gin',
      'Charlie Vodka',
      'Alpha Rum',
    ]);
    // The name's words still find (typos too).
    expect(await found('charlie vodak')).toEqual([charlie]);
  });

  it('never shows hidden or archived products to customers: list, search, facets, page, related', async () => {
    const get = (url: string) => harness.app.inject({ url: `/api/v1/products/products/${url}` });
    const listed = (await get(`?category=${category.slug}&page_size=50`)).json() as { results: Row[] };
    expect(listed.results.map((row) => row.id)).toEqual([alpha]);
    for (const search of ['bravo', 'charlie', 'delta', 'idx-bravo', 'cane']) {
      const found = (await get(`?search=${search}&page_size=50`)).json() as { results: Row[] };
      expect(
        found.results.map((row) => row.id).filter((id) => id !== alpha),
        search,
      ).toEqual([]);
    }
    const facets = (await get(`facets/?category=${category.slug}`)).json() as {
      count: number;
      categories: { id: number; count: number }[];
    };
    expect(facets.count).toBe(1);
    expect(facets.categories.find((row) => row.id === category.id)?.count).toBe(1);
    const searchedFacets = (await get('facets/?search=bravo')).json() as { count: number };
    expect(searchedFacets.count).toBe(0);
    for (const id of [bravo, charlie, delta]) expect((await get(`${id}/`)).statusCode, String(id)).toBe(404);
    const page = (await get(`${alpha}/`)).json() as { related: Row[] };
    expect(page.related.map((row) => row.id)).toEqual([]);
    const stats = await staff.client.get(`${PRODUCTS}?category=${category.id}`);
    expect(adminProductListSchema.parse(stats.json()).count).toBe(4);
  });

  it('answers a staff change at once (read-your-write)', async () => {
    const before = (await staff.client.get(product(bravo))).json() as { version: number };
    const saved = await staff.client.patch(product(bravo), {
      version: before.version,
      name: 'Bravo Dry Gin',
      is_active: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await list('status=listed&sort=name');
    expect(names(after.results)).toEqual(['Alpha Rum', 'Bravo Dry Gin']);
    expect(names((await list('sort=updated')).results)[0]).toBe('Bravo Dry Gin');
    const shown = (
      await harness.app.inject({ url: `/api/v1/products/products/?category=${category.slug}` })
    ).json() as {
      results: Row[];
    };
    expect(shown.results.map((row) => row.id).sort((a, b) => a - b)).toEqual([alpha, bravo]);
  });

  it('refuses bad parameters with 422 naming each field', async () => {
    const bad = await staff.client.get(
      `${PRODUCTS}?status=gone&stock=many&sort=color&page=0&page_size=0&category=x`,
    );
    expect(bad.statusCode).toBe(422);
    expect(fieldsOf(bad.json())).toEqual(['category', 'page', 'page_size', 'sort', 'status', 'stock']);
    const flags = await staff.client.get(`${PRODUCTS}?on_sale=maybe&featured=1`);
    expect(fieldsOf(flags.json())).toEqual(['featured', 'on_sale']);
  });
});
