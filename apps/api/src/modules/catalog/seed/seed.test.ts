import { spawn } from 'node:child_process';
import path from 'node:path';
import {
  catalogStatsSchema,
  categoryListResponseSchema,
  productDetailSchema,
  productListResponseSchema,
} from '@shop/contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestDatabase } from '../../../../test/test-database';
import { connectDatabase } from '../../../db/client';
import { apiRoot } from '../../../lib/paths';
import { invalidateCatalogCache } from '../catalog-cache';
import { catalogRows, demoCatalogRows, slugify } from './catalog-rows';
import { demoCategories, demoProducts } from './demo-cellar';
import { CatalogInUseError, CatalogNotEmptyError, seedCatalog, seedDemoCatalogIfEmpty } from './seed-catalog';

describe('the demo cellar', () => {
  const rows = demoCatalogRows();

  it('has at least 80 products in at least 10 categories, each category described and pictured', () => {
    expect(rows.products.length).toBeGreaterThanOrEqual(80);
    expect(rows.categories.length).toBeGreaterThanOrEqual(10);
    for (const slug of [
      'red-wine',
      'white-wine',
      'rose-wine',
      'sparkling-champagne',
      'whisky',
      'gin',
      'vodka',
      'rum',
      'tequila',
      'cognac-brandy',
      'liqueurs',
    ]) {
      expect(rows.categories.map((category) => category.slug)).toContain(slug);
      expect(
        rows.products.filter((product) => product.categorySlug === slug).length,
        slug,
      ).toBeGreaterThanOrEqual(5);
    }
    for (const category of rows.categories) {
      expect(category.description.length).toBeGreaterThan(20);
      expect(category.image).toMatch(/^\/media\/gen\/v1\/category\//);
    }
  });

  it('has unique slugs and SKUs, and exactly one default size per product', () => {
    expect(new Set(rows.products.map((product) => product.slug)).size).toBe(rows.products.length);
    expect(new Set(rows.variants.map((variant) => variant.sku)).size).toBe(rows.variants.length);
    for (const product of rows.products) {
      const sizes = rows.variants.filter((variant) => variant.productSlug === product.slug);
      expect(
        sizes.filter((variant) => variant.isDefault),
        product.slug,
      ).toHaveLength(1);
      expect(sizes[0]!.isDefault).toBe(true);
    }
  });

  it('prices in whole shillings, from about Shs 45,000 to Shs 2,500,000', () => {
    const defaults = rows.variants.filter((variant) => variant.isDefault);
    for (const variant of rows.variants) {
      expect(Number.isSafeInteger(variant.price) && variant.price > 0, variant.sku).toBe(true);
      if (variant.originalPrice !== null) expect(variant.originalPrice).toBeGreaterThan(variant.price);
      expect(variant.stock).toBeGreaterThanOrEqual(0);
    }
    expect(Math.min(...defaults.map((variant) => variant.price))).toBe(45_000);
    expect(Math.max(...defaults.map((variant) => variant.price))).toBe(2_500_000);
    // Cases cost less per bottle than single bottles.
    for (const caseOfSix of rows.variants.filter((variant) => variant.packSize === 6)) {
      const bottle = rows.variants.find(
        (variant) =>
          variant.productSlug === caseOfSix.productSlug && variant.volumeMl === 750 && variant.packSize === 1,
      )!;
      expect(caseOfSix.price).toBeLessThan(bottle.price * 6);
    }
  });

  it('has sizes beyond the bottle: magnums, halves, nips, litres and cases', () => {
    const names = new Set(rows.variants.map((variant) => variant.name));
    for (const name of [
      '750 ml bottle',
      '1.5 L magnum',
      '375 ml half bottle',
      '50 ml nip',
      '1 L bottle',
      'Case of 6 × 750 ml',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('has products on sale, featured, new, out of stock, with vintages only on wines', () => {
    const now = Date.now();
    const onSale = new Set(
      rows.variants
        .filter((variant) => variant.isDefault && variant.originalPrice)
        .map((variant) => variant.productSlug),
    );
    expect(onSale.size).toBeGreaterThanOrEqual(8);
    expect(rows.products.filter((product) => product.isFeatured)).toHaveLength(12);
    const fresh = rows.products.filter((product) => now - product.createdAt.getTime() < 30 * 86_400_000);
    expect(fresh).toHaveLength(12);
    const soldOut = rows.products.filter((product) =>
      rows.variants
        .filter((variant) => variant.productSlug === product.slug)
        .every((variant) => variant.stock === 0),
    );
    expect(soldOut).toHaveLength(6);
    for (const product of rows.products) {
      if (product.productType !== 'wine') expect(product.vintage, product.slug).toBeNull();
      expect(product.description.length).toBeGreaterThan(20);
      expect(product.tastingNotes.length).toBeGreaterThan(10);
      expect(product.foodPairing.length).toBeGreaterThan(5);
      expect(product.abv).toBeGreaterThan(0);
    }
    expect(rows.products.some((product) => product.country === 'Uganda')).toBe(true);
    expect(
      rows.products.filter((product) => product.country === 'South Africa').length,
    ).toBeGreaterThanOrEqual(10);
  });

  it('gives every product its pictures', () => {
    for (const product of rows.products) {
      expect(rows.images.filter((image) => image.productSlug === product.slug).length).toBe(2);
    }
  });

  it('synthesises plausible, unique variations beyond the cellar', () => {
    const big = catalogRows(demoProducts.length * 3 + 7);
    expect(big.products).toHaveLength(demoProducts.length * 3 + 7);
    expect(new Set(big.products.map((product) => product.slug)).size).toBe(big.products.length);
    expect(new Set(big.variants.map((variant) => variant.sku)).size).toBe(big.variants.length);
    const extra = big.products[demoProducts.length]!;
    expect(extra.name.startsWith(demoProducts[0]!.name)).toBe(true);
    expect(extra.name).not.toBe(demoProducts[0]!.name);
    // A small count still spans the categories.
    const small = catalogRows(demoCategories.length);
    expect(new Set(small.products.map((product) => product.categorySlug)).size).toBe(demoCategories.length);
  });

  it('makes slugs without accents or punctuation', () => {
    expect(slugify('Moët & Chandon Impérial Brut')).toBe('moet-chandon-imperial-brut');
    expect(slugify("Château d'Yquem 2015")).toBe('chateau-dyquem-2015');
  });
});

describe('seeding a database', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness?.close());

  const get = async (url: string) => {
    const response = await harness.app.inject({ method: 'GET', url: `/api/v1${url}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('seeds an empty catalog once, even when two instances start together', async () => {
    const [first, second] = await Promise.all([
      seedDemoCatalogIfEmpty(harness.database),
      seedDemoCatalogIfEmpty(harness.database),
    ]);
    const summary = first ?? second;
    expect([first, second].filter(Boolean)).toHaveLength(1);
    expect(summary).toMatchObject({
      products: demoProducts.length,
      categories: demoCategories.length,
      featured: 12,
      soldOut: 6,
    });
    expect(await seedDemoCatalogIfEmpty(harness.database)).toBeUndefined();
    const count = await harness.database.pool.query('SELECT count(*)::int AS count FROM products');
    expect(count.rows[0].count).toBe(demoProducts.length);
    // Every size's stock ledger starts with its opening balance, so it sums to the stock.
    const unbalanced = await harness.database.pool.query(
      `SELECT v.sku FROM product_variants v
       LEFT JOIN (SELECT variant_id, sum(delta)::int AS total FROM stock_movements GROUP BY variant_id) m
         ON m.variant_id = v.id
       WHERE coalesce(m.total, 0) <> v.stock`,
    );
    expect(unbalanced.rows).toEqual([]);
  });

  it('shows the seeded cellar through the API', async () => {
    const stats = catalogStatsSchema.parse(await get('/products/products/stats/'));
    expect(stats).toEqual({
      product_count: demoProducts.length,
      category_count: demoCategories.length,
      featured_count: 12,
      new_count: 12,
      on_sale_count: expect.any(Number),
    });
    expect(stats.on_sale_count).toBeGreaterThanOrEqual(8);
    const categories = categoryListResponseSchema.parse(await get('/products/categories/'));
    expect(categories.results.reduce((sum, category) => sum + category.product_count, 0)).toBe(
      demoProducts.length,
    );
    const all = productListResponseSchema.parse(await get('/products/products/?page_size=100'));
    const rest = productListResponseSchema.parse(await get('/products/products/?page_size=100&page=2'));
    const cards = [...all.results, ...rest.results];
    expect(cards).toHaveLength(demoProducts.length);
    for (const card of cards) expect(card.image, card.slug).toMatch(/^\/media\/gen\/v1\/bottle\//);
    expect(cards.filter((card) => !card.in_stock)).toHaveLength(6);
    const waragi = productDetailSchema.parse(await get('/products/products/uganda-waragi-premium-gin/'));
    expect(waragi.variants.map((variant) => variant.name)).toEqual([
      '1 L bottle',
      '750 ml bottle',
      '200 ml flask',
    ]);
    expect(waragi.price).toBe(45_000);
    // Product 1 exists (the benchmark's product page).
    expect(
      (await harness.app.inject({ method: 'GET', url: '/api/v1/products/products/1/' })).statusCode,
    ).toBe(200);
  });

  it('refuses to seed over a catalog unless forced, then replaces it', async () => {
    const pool = harness.database.pool;
    await expect(seedCatalog(pool, {})).rejects.toBeInstanceOf(CatalogNotEmptyError);
    const summary = await seedCatalog(pool, { force: true, products: 300 });
    expect(summary).toMatchObject({
      products: 300,
      replaced: demoProducts.length,
      categories: demoCategories.length,
    });
    const ids = await pool.query('SELECT min(id)::int AS min, max(id)::int AS max FROM products');
    expect(ids.rows[0]).toEqual({ min: 1, max: 300 });
    invalidateCatalogCache();
    expect((await get('/products/products/stats/')).product_count).toBeGreaterThanOrEqual(290);
  });

  it('writes in bulk exactly the derived columns the triggers would', async () => {
    const pool = harness.database.pool;
    await seedCatalog(pool, { force: true, products: 400, bulk: true });
    const derived = `SELECT id, name_folded, search_text, search_document::text, price, original_price, in_stock,
                            default_variant_id, listed FROM products ORDER BY id`;
    const bulk = (await pool.query(derived)).rows;
    expect(bulk).toHaveLength(400);
    expect(bulk.every((row) => row.listed && row.default_variant_id !== null)).toBe(true);
    // Make the triggers derive every column again, row by row.
    await pool.query('UPDATE products SET name = name');
    await pool.query('UPDATE product_variants SET stock = stock');
    await pool.query('UPDATE products SET price = NULL, in_stock = NOT in_stock');
    await pool.query('UPDATE product_variants SET price = price');
    expect((await pool.query(derived)).rows).toEqual(bulk);
    // New rows after a bulk load get fresh ids.
    const category = (await pool.query('SELECT id FROM categories LIMIT 1')).rows[0].id;
    const next = await pool.query(
      `INSERT INTO products (slug, name, product_type, category_id) VALUES ('after-bulk', 'After', 'wine', $1) RETURNING id`,
      [category],
    );
    expect(next.rows[0].id).toBe(401);
    await pool.query(`DELETE FROM products WHERE slug = 'after-bulk'`);
  });

  it('does not replace a catalog that other data refers to', async () => {
    const pool = harness.database.pool;
    await pool.query('CREATE TABLE test_cart_items (variant_id integer REFERENCES product_variants(id))');
    try {
      // Referenced but unused: TRUNCATE refuses, the seed deletes instead.
      await seedCatalog(pool, { force: true });
      expect((await pool.query('SELECT min(id)::int AS min FROM products')).rows[0].min).toBe(1);
      await pool.query('INSERT INTO test_cart_items SELECT min(id) FROM product_variants');
      await expect(seedCatalog(pool, { force: true })).rejects.toBeInstanceOf(CatalogInUseError);
      // Nothing changed.
      expect((await pool.query('SELECT count(*)::int AS count FROM products')).rows[0].count).toBe(
        demoProducts.length,
      );
    } finally {
      await pool.query('DROP TABLE test_cart_items');
    }
  });
});

describe('npm run seed', () => {
  const run = (args: string[], env: Record<string, string>) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(apiRoot, 'src', 'scripts', 'seed.ts'), ...args],
        {
          env: { ...process.env, ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
      child.on('exit', (code) => resolve({ code, output }));
    });

  it('seeds, refuses a database with products, replaces with --force, checks its options', async () => {
    const database = await createTestDatabase();
    try {
      const env = { DATABASE_URL: database.url };
      const first = await run([], env);
      expect(first.output).toContain(
        `${demoProducts.length} products in ${demoCategories.length} categories`,
      );
      expect(first.code).toBe(0);

      const refused = await run(['--products', '150'], env);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('already holds a catalog');
      expect(refused.output).toContain('--force');

      const forced = await run(['--force', '--products', '150'], env);
      expect(forced.code, forced.output).toBe(0);
      expect(forced.output).toContain('Removed the previous catalog');
      expect(forced.output).toContain('150 products');
      const handle = connectDatabase(database.url, 1);
      const count = await handle.pool.query('SELECT count(*)::int AS count FROM products');
      await handle.close();
      expect(count.rows[0].count).toBe(150);

      const bad = await run(['--products', 'many'], env);
      expect(bad.code).toBe(2);
      expect(bad.output).toContain('--products must be a whole number');
    } finally {
      await database.drop();
    }
  }, 120_000); // Starts the seed command four times, each a cold TypeScript start: slow on a busy machine.
});
