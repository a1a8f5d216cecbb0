import { SEARCH_COUNT_CAP } from '@shop/contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { CardRow } from './catalog.repository';
import {
  type CatalogIndex,
  catalogFold,
  type ListOrder,
  type ProductFilters,
  parseDocument,
  parseQueryLexemes,
} from './catalog-index';
import { buildCatalogIndex, parseChange, refreshProducts } from './catalog-index-keeper';
import { seedCatalog } from './seed/seed-catalog';

let harness: TestApp;
let index: CatalogIndex;
let categoryIds: number[];
let countries: string[];

const db = () => harness.app.db;

beforeAll(async () => {
  harness = await createTestApp();
  // The demo cellar and its variations: enough for capped searches and long lists.
  await seedCatalog(harness.database.pool, { products: 2_500 });
  index = await buildCatalogIndex(db());
  categoryIds = (
    await harness.database.pool.query<{ id: number }>('SELECT id FROM categories WHERE is_active ORDER BY id')
  ).rows.map((row) => row.id);
  countries = (
    await harness.database.pool.query<{ country: string }>(
      'SELECT country FROM products WHERE listed AND country IS NOT NULL GROUP BY country ORDER BY count(*) DESC LIMIT 3',
    )
  ).rows.map((row) => row.country.toLowerCase());
}, 120_000);
afterAll(() => harness?.close());

const ORDERS: ListOrder[] = [
  'newest',
  'price',
  '-price',
  'rating',
  '-rating',
  'name',
  '-name',
  'featured',
  'discount',
];

function filterSets(): ProductFilters[] {
  return [
    {},
    { categoryId: categoryIds[0] },
    { categoryId: categoryIds[2], inStock: true },
    { onSale: true },
    { onSale: false, priceMin: 100_000, priceMax: 300_000 },
    { country: countries[0] },
    { country: countries[1], type: 'wine' },
    { region: 'marl' },
    { varietal: 'cabernet' },
    { vintageMin: 2015, vintageMax: 2019 },
    { featured: true },
    { newArrivals: true },
    { inStock: false },
    { categoryId: categoryIds[1], country: 'scotland', type: 'wine' },
  ];
}

const SEARCHES = [
  'chardonay',
  'jonnie walker',
  'proseco',
  'henesy',
  'glenfidich 18',
  'glenf',
  'cab sauv',
  'kanonkop 2018',
  'chateau 2015',
  'moet',
  'remy martin xo',
  'marlborough',
  'red wine south africa',
  'chardonay rioja',
  'wine',
  'whisky',
  'the',
  'sauvignon blanc 2020',
];

/** Every page of a list, walked as a visitor pages it. */
function allPages(filters: ProductFilters, order: ListOrder, pageSize: number) {
  const first = index.list(filters, order, pageSize, 0);
  const ids = [...first.ids];
  for (let offset = pageSize; offset < first.count; offset += pageSize) {
    ids.push(...index.list(filters, order, pageSize, offset).ids);
  }
  return { ids, count: first.count };
}

/** Whether a card answers the filters, read from what the card shows. */
function cardMatches(card: CardRow, filters: ProductFilters, categorySlugs: Map<number, string>): boolean {
  if (filters.categoryId !== undefined && card.category_slug !== categorySlugs.get(filters.categoryId))
    return false;
  if (filters.type && card.product_type !== filters.type) return false;
  if (filters.country && card.country?.toLowerCase() !== filters.country) return false;
  if (filters.region && !card.region?.toLowerCase().includes(filters.region)) return false;
  if (filters.vintageMin !== undefined && !(card.vintage !== null && card.vintage >= filters.vintageMin))
    return false;
  if (filters.vintageMax !== undefined && !(card.vintage !== null && card.vintage <= filters.vintageMax))
    return false;
  if (filters.priceMin !== undefined && card.price < filters.priceMin) return false;
  if (filters.priceMax !== undefined && card.price > filters.priceMax) return false;
  const onSale = card.original_price !== null && card.original_price > card.price;
  if (filters.onSale !== undefined && onSale !== filters.onSale) return false;
  if (filters.inStock !== undefined && card.in_stock !== filters.inStock) return false;
  if (filters.featured && !card.is_featured) return false;
  if (filters.newArrivals && !card.is_new) return false;
  return true;
}

/** The order's rule between two neighbouring cards of a page (ties by id, as each order says). */
function inOrder(order: ListOrder, a: CardRow, b: CardRow): boolean {
  switch (order) {
    case 'price':
      return a.price < b.price || (a.price === b.price && a.id < b.id);
    case '-price':
    case 'featured':
      return a.price > b.price || (a.price === b.price && a.id > b.id);
    case 'rating':
      return a.average_rating <= b.average_rating;
    case '-rating':
      return a.average_rating >= b.average_rating;
    case 'name':
      return catalogFold(a.name) <= catalogFold(b.name);
    case '-name':
      return catalogFold(a.name) >= catalogFold(b.name);
    case 'discount': {
      const ratio = (card: CardRow) => (card.original_price ? card.price / card.original_price : Infinity);
      return ratio(a) <= ratio(b);
    }
    default:
      return true;
  }
}

describe('the catalog index answers lists, searches and facets', () => {
  it('lists: every filter keeps only its products, every order holds across pages, counts add up', async () => {
    const { rows } = await harness.database.pool.query<{ id: number; slug: string }>(
      'SELECT id, slug FROM categories',
    );
    const categorySlugs = new Map(rows.map((row) => [row.id, row.slug]));
    const everything = index.list({}, 'newest', 0, 0).count;
    expect(everything).toBeGreaterThan(2_000);
    for (const filters of filterSets()) {
      let counted: number | undefined;
      for (const order of ORDERS) {
        const { ids, count } = allPages(filters, order, 500);
        expect(new Set(ids).size, JSON.stringify({ filters, order })).toBe(ids.length);
        expect(ids.length, JSON.stringify({ filters, order })).toBe(count);
        // Every order lists the same products.
        counted ??= count;
        expect(count).toBe(counted);
        const cards = index.cards(ids);
        for (const card of cards) {
          expect(cardMatches(card, filters, categorySlugs), JSON.stringify({ filters, card: card.id })).toBe(
            true,
          );
        }
        for (let i = 1; i < cards.length; i++) {
          expect(inOrder(order, cards[i - 1]!, cards[i]!), JSON.stringify({ order, at: i })).toBe(true);
        }
      }
      // A filter that leaves nothing out is no filter; the others leave some out.
      if (Object.keys(filters).length > 0) expect(counted!).toBeLessThan(everything);
    }
    expect(index.list({}, 'price', 12, everything).ids).toEqual([]);
  });

  it('searches: typos, words as typed, vintages, filters, orders, the count cap', async () => {
    const orders: ListOrder[] = ['relevance', 'price', '-name', 'newest'];
    let capped = 0;
    for (const search of SEARCHES) {
      for (const filters of [{}, { categoryId: categoryIds[0] }, { inStock: true, priceMax: 400_000 }]) {
        const counts = new Set<number>();
        for (const order of orders) {
          const found = index.search({ ...filters, search }, order, 12, 0, true);
          counts.add(found.count);
          expect(found.ids.length).toBe(Math.min(12, found.count));
          expect(found.count).toBeLessThanOrEqual(SEARCH_COUNT_CAP);
          if (found.capped) capped++;
        }
        // The order changes the page, never what is found.
        expect(counts.size, JSON.stringify({ search, filters })).toBe(1);
      }
    }
    expect(capped).toBeGreaterThan(0);
    expect(index.search({ search: 'zzqxv' }, 'relevance', 12, 0, true).count).toBe(0);
    expect(index.search({ search: '"&&|!:*"' }, 'relevance', 12, 0, true).count).toBe(0);
  });

  it('facets: each facet counts with the other filters, leaving its own out', async () => {
    for (const filters of [
      {},
      { categoryId: categoryIds[1] },
      { search: 'wine', categoryId: categoryIds[1] },
      { search: 'chardonay', country: countries[0], priceMin: 100_000 },
    ] as ProductFilters[]) {
      const rows = index.facetRows(filters);
      const total = rows.find((row) => row.facet === 'total')!.count;
      const counted = filters.search
        ? index.search({ ...filters, search: filters.search }, 'price', 0, 0, true).count
        : index.list(filters, 'price', 0, 0).count;
      expect(total, JSON.stringify(filters)).toBe(counted);
      for (const row of rows.filter((each) => each.facet === 'category')) {
        const narrowed = { ...filters, categoryId: Number(row.key) };
        const expected = filters.search
          ? index.search({ ...narrowed, search: filters.search }, 'price', 0, 0, true).count
          : index.list(narrowed, 'price', 0, 0).count;
        expect(row.count, JSON.stringify({ filters, row })).toBe(expected);
      }
      for (const row of rows.filter((each) => each.facet === 'type' && !filters.categoryId)) {
        expect(row.count).toBeLessThanOrEqual(total);
      }
    }
  });

  it('follows a product added, changed and removed', async () => {
    const pool = harness.database.pool;
    const { rows } = await pool.query<{ id: number; slug: string; name: string }>(
      "SELECT id, slug, name FROM products WHERE listed AND name ILIKE '%glenfiddich 18%' ORDER BY id LIMIT 1",
    );
    const product = rows[0]!;
    // Its drawing is labelled with its name: the index keeps only the drawing's folder.
    const drawing = index.cards([product.id])[0]!.image!.url;
    expect(drawing).toMatch(/^\/media\/gen\/v\d+\/bottle\/.+\.svg$/);
    expect(drawing.endsWith(`/${Buffer.from(product.name).toString('base64url')}.svg`)).toBe(true);
    // Asked before the change, these filters' matches are kept (a match set): the change drops them.
    expect(index.list({ priceMin: 123457, priceMax: 123457 }, 'price', 12, 0)).toMatchObject({ count: 0 });
    await pool.query(
      "UPDATE products SET name = 'Glenfiddich Mbararaxq 18', tasting_notes = 'quokkaberry' WHERE id = $1",
      [product.id],
    );
    await pool.query('UPDATE product_variants SET price = 123457 WHERE product_id = $1 AND is_default', [
      product.id,
    ]);
    await refreshProducts(db(), index, [product.id]);
    expect(index.search({ search: 'mbararaxq' }, 'relevance', 12, 0, true)?.ids).toEqual([product.id]);
    expect(index.search({ search: 'quokkab' }, 'relevance', 12, 0, true)?.ids).toEqual([product.id]);
    // A slip in the new word is corrected against the new words too.
    expect(index.search({ search: 'mbararaq' }, 'relevance', 12, 0, true)?.ids).toEqual([product.id]);
    expect(index.list({ priceMin: 123457, priceMax: 123457 }, 'price', 12, 0).ids).toEqual([product.id]);
    expect(index.cards([product.id])[0]).toMatchObject({ name: 'Glenfiddich Mbararaxq 18', price: 123457 });
    // Renamed, it keeps its drawing (labelled with the old name), as the SQL says.
    expect(index.cards([product.id])[0]!.image!.url).toBe(drawing);

    // A new product comes last by id; an unlisted one leaves.
    const created = await pool.query<{ id: number }>(
      `WITH made AS (
         INSERT INTO products (slug, name, product_type, category_id, country)
         VALUES ('nile-sunset-gin', 'Nile Sunsetqz Gin', 'spirit', $1, 'Uganda') RETURNING id)
       INSERT INTO product_variants (product_id, sku, name, volume_ml, price, stock, is_default)
       SELECT id, 'NILE-SUNSET', '750 ml', 750, 77777, 3, true FROM made RETURNING product_id AS id`,
      [categoryIds[0]],
    );
    const newId = created.rows[0]!.id;
    await refreshProducts(db(), index, [newId]);
    expect(index.search({ search: 'sunsetq' }, 'relevance', 12, 0, true)?.ids).toEqual([newId]);
    // In its category's own orders too.
    expect(allPages({ categoryId: categoryIds[0] }, 'price', 500).ids).toContain(newId);
    // An id far past the rest (a sequence moved ahead) is held too.
    const farId = 5_000_001;
    await pool.query(
      `WITH made AS (
         INSERT INTO products (id, slug, name, product_type, category_id, country)
         VALUES ($2, 'far-away-rum', 'Far Awayqz Rum', 'spirit', $1, 'Uganda') RETURNING id)
       INSERT INTO product_variants (product_id, sku, name, volume_ml, price, stock, is_default)
       SELECT id, 'FAR-AWAY', '700 ml', 700, 55555, 2, true FROM made`,
      [categoryIds[0], farId],
    );
    await refreshProducts(db(), index, [farId]);
    expect(index.search({ search: 'awayqz' }, 'relevance', 12, 0, true)?.ids).toEqual([farId]);
    expect(index.cards([farId])[0]).toMatchObject({ slug: 'far-away-rum', price: 55555 });
    await pool.query('DELETE FROM products WHERE id = $1', [farId]);
    await refreshProducts(db(), index, [farId]);
    expect(index.has(farId)).toBe(false);

    await pool.query('UPDATE products SET is_active = false WHERE id = $1', [product.id]);
    await pool.query('DELETE FROM products WHERE id = $1', [newId]);
    await refreshProducts(db(), index, [product.id, newId]);
    // Hidden: kept for the staff list, shown to no storefront read; deleted: gone.
    expect(index.has(product.id)).toBe(true);
    expect(index.shows(product.id)).toBe(false);
    expect(index.cards([product.id])).toEqual([]);
    expect(index.list({ staff: true, status: 'hidden' }, 'name', 1_000, 0).ids).toContain(product.id);
    expect(index.has(newId)).toBe(false);
    expect(index.search({ search: 'sunsetqz' }, 'relevance', 12, 0, true).count).toBe(0);

    // After the changes, the lists still hold each listed product once, in order.
    const { rows: listed } = await pool.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM products p JOIN categories c ON c.id = p.category_id WHERE p.listed AND c.is_active',
    );
    for (const order of ['price', 'name', 'newest'] as ListOrder[]) {
      expect(new Set(allPages({}, order, 1_000).ids).size).toBe(listed[0]!.count);
    }
    await pool.query('UPDATE products SET is_active = true WHERE id = $1', [product.id]);
  });
});

describe('catalog_changed notifications', () => {
  it('name up to 1,000 products, 250 a notification, each with its version; more name none', async () => {
    const client = await harness.database.pool.connect();
    const heard: string[] = [];
    const listener = (message: { payload?: string }) => heard.push(message.payload ?? '');
    try {
      client.on('notification', listener);
      await client.query('LISTEN catalog_changed');
      await client.query("SELECT catalog_notify_ids('products', ARRAY(SELECT generate_series(1, 600)))");
      await client.query("SELECT catalog_notify_ids('products', ARRAY(SELECT generate_series(1, 1001)))");
      for (let tries = 0; tries < 100 && heard.length < 4; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const changes = heard.map(parseChange);
      expect(changes.map((change) => change.ids?.length ?? null)).toEqual([250, 250, 100, null]);
      expect(changes.slice(0, 3).flatMap((change) => change.ids)).toEqual(
        Array.from({ length: 600 }, (_, i) => i + 1),
      );
      const versions = changes.map((change) => change.version!);
      expect([...versions].sort((a, b) => a - b)).toEqual(versions);
      expect(new Set(versions).size).toBe(4);
    } finally {
      client.off('notification', listener);
      await client.query('UNLISTEN catalog_changed');
      client.release();
    }
  });
});

describe('catalog index pieces', () => {
  it('folds and splits text as PostgreSQL does', () => {
    expect(catalogFold("Château d'Yquem Œil")).toBe('chateau dyquem oil');
    expect(parseDocument("'a':1A,2 'b' 'c''d':3B,4C")).toEqual(
      new Map([
        ['a', 1 | 8],
        ['b', 8],
        ["c'd", 2 | 4],
      ]),
    );
    expect(parseQueryLexemes("'glenf':*")).toEqual([{ lexeme: 'glenf', prefix: true }]);
    expect(parseChange('products:1,2@17')).toEqual({ ids: [1, 2], version: 17 });
    expect(parseChange('product_images:7,9@18')).toEqual({ ids: [7, 9], version: 18 });
    expect(parseChange('product_images@18')).toEqual({ ids: null, version: 18 });
    expect(parseChange('categories@19')).toEqual({ ids: null, version: 19 });
    expect(parseChange('seed')).toEqual({ ids: null, version: undefined });
  });
});
