import { productListResponseSchema } from '@shop/contract/catalog';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { staffMember, stockedProduct, stockOf } from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { type App, buildApp } from '../../app';
import { loadConfig } from '../../config';
import { connectDatabase, type DatabaseHandle } from '../../db/client';
import { CatalogIndexKeeper, catalogVersion } from './catalog-index-keeper';
import { seedDemoCatalogIfEmpty } from './seed/seed-catalog';

async function eventually<T>(check: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`not yet after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let harness: TestApp;
let database: DatabaseHandle;
let second: App;

/** The instance's index once it has caught up with the database (null until then). */
async function currentIndex(app: App) {
  const index = app.catalog.indexKeeper?.current();
  if (!index) return null;
  return index.version === (await catalogVersion(app.db)) ? index : null;
}

beforeAll(async () => {
  harness = await createTestApp();
  await seedDemoCatalogIfEmpty(harness.database);
  database = connectDatabase(harness.testDatabase.url, 2);
  second = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: harness.testDatabase.url,
      DATA_DIR: harness.dataDir,
      RATE_LIMIT_MAX: '100000',
    }),
    database,
  });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await database?.close();
  await harness?.close();
});

describe('the catalog index on every instance', () => {
  it('is kept by the NOTIFY: a change made through one instance reaches the other, product by product', async () => {
    const [first, other] = [harness.app, second];
    const before = await eventually(
      () => currentIndex(other),
      (index) => index !== null,
    );
    await eventually(
      () => currentIndex(first),
      (index) => index !== null,
    );
    const { rows } = await harness.database.pool.query<{ id: number }>(
      "SELECT id FROM products WHERE listed AND slug LIKE 'hennessy-xo%' LIMIT 1",
    );
    const id = rows[0]!.id;
    // A price change as staff make it, through the first instance's database connection.
    await first.pool.query(
      'UPDATE product_variants SET price = 987654 WHERE product_id = $1 AND is_default',
      [id],
    );
    const after = await eventually(
      () => currentIndex(other),
      (index) => index?.list({ priceMin: 987_654, priceMax: 987_654 }, 'price', 12, 0).ids[0] === id,
    );
    // Refreshed in place (the product alone), not rebuilt.
    expect(after).toBe(before);
    const response = await other.inject({
      method: 'GET',
      url: '/api/v1/products/products/?price_min=987654&price_max=987654',
    });
    expect(productListResponseSchema.parse(response.json()).results.map((card) => card.id)).toEqual([id]);

    // Removed from the list (inactive): no longer shown by the other instance's index (kept for the staff).
    await first.pool.query('UPDATE products SET is_active = false WHERE id = $1', [id]);
    await eventually(
      () => currentIndex(other),
      (index) => index?.has(id) === true && !index.shows(id),
    );
    const searched = await other.inject({ method: 'GET', url: '/api/v1/products/products/?search=henesy' });
    expect(productListResponseSchema.parse(searched.json()).results.map((card) => card.id)).not.toContain(id);
    await first.pool.query('UPDATE products SET is_active = true WHERE id = $1', [id]);
  });

  it('keeps the cards: a new first image or name reaches the answers of the other instance', async () => {
    const other = second;
    const before = await eventually(
      () => currentIndex(other),
      (index) => index !== null,
    );
    const { rows } = await harness.database.pool.query<{ id: number; slug: string }>(
      "SELECT id, slug FROM products WHERE listed AND slug LIKE 'glenfiddich-18%' LIMIT 1",
    );
    const { id, slug } = rows[0]!;
    const cardOf = async () => {
      const response = await other.inject({
        method: 'GET',
        url: `/api/v1/products/products/?search=${encodeURIComponent('glenfiddich kyotoqx')}`,
      });
      return productListResponseSchema.parse(response.json()).results.find((card) => card.id === id);
    };
    // The name's new word and an imported image (photos and imported files come before drawings).
    const photo = '/media/imported/kyotoqx-bottle.jpg';
    await harness.database.pool.query("UPDATE products SET name = name || ' Kyotoqx' WHERE id = $1", [id]);
    await harness.database.pool.query(
      `INSERT INTO product_images (product_id, url, alt, sort_order) VALUES ($1, $2, 'Bottle', 0)`,
      [id, photo],
    );
    const after = await eventually(
      () => currentIndex(other),
      (index) => index?.cards([id])[0]?.image?.url === photo,
    );
    expect(after).toBe(before);
    const card = await cardOf();
    expect(card?.name).toMatch(/Kyotoqx$/);
    expect(card?.slug).toBe(slug);
    expect(card?.image).toBe(photo);
    // The SQL's card for the same product is the index's, field for field.
    const sqlAnswer = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/products/products/${slug}/`,
    });
    const detail = sqlAnswer.json() as Record<string, unknown>;
    for (const key of Object.keys(card!)) expect(card![key as keyof typeof card], key).toEqual(detail[key]);
    await harness.database.pool.query('DELETE FROM product_images WHERE url = $1', [photo]);
    await harness.database.pool.query(
      "UPDATE products SET name = replace(name, ' Kyotoqx', '') WHERE id = $1",
      [id],
    );
  });

  it('never answers a change committed before the request stale: the read waits for the index', async () => {
    await eventually(
      () => currentIndex(harness.app),
      (index) => index !== null,
    );
    const { rows } = await harness.database.pool.query<{ id: number }>(
      "SELECT id FROM products WHERE listed AND slug LIKE 'la-marca-prosecco%' LIMIT 1",
    );
    const id = rows[0]!.id;
    // Asked at once after the write, before its NOTIFY can have been applied.
    await harness.database.pool.query(
      'UPDATE product_variants SET price = 12345 WHERE product_id = $1 AND is_default',
      [id],
    );
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/products/products/?price_min=12345&price_max=12345',
    });
    expect(productListResponseSchema.parse(response.json()).results.map((card) => card.id)).toEqual([id]);
    // A card asked at once after a rename shows the new name, never the index's old card.
    await harness.database.pool.query(
      "UPDATE products SET name = 'La Marca Prosecco Renamedqz' WHERE id = $1",
      [id],
    );
    const renamed = await harness.app.inject({
      method: 'GET',
      // Another URL than above: that answer is cached until the NOTIFY drops it, as it always was.
      url: '/api/v1/products/products/?price_min=12345&price_max=12345&ordering=name',
    });
    expect(productListResponseSchema.parse(renamed.json()).results[0]?.name).toBe(
      'La Marca Prosecco Renamedqz',
    );
  });

  it('catches up with a version a rolled-back change took (no notification comes)', async () => {
    const index = await eventually(
      () => currentIndex(harness.app),
      (found) => found !== null,
    );
    const pool = harness.database.pool;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        'UPDATE product_variants SET stock = stock + 1 WHERE id = (SELECT min(id) FROM product_variants)',
      );
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    // The read waits a moment for a notification, then the index takes the version: answered
    // from the same index, not a rebuild.
    const list = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/products/products/?ordering=price',
    });
    expect(list.statusCode).toBe(200);
    expect(await currentIndex(harness.app)).toBe(index);
  });

  it('catches up from the database after a lost LISTEN (the changes meanwhile are unknown)', async () => {
    const keeper = new CatalogIndexKeeper(harness.app.db, { warn: () => undefined });
    try {
      keeper.onChange('listening');
      await keeper.settled();
      keeper.onLost();
      // A change this keeper never hears of.
      const { rows } = await harness.database.pool.query<{ id: number }>(
        "UPDATE products SET name = 'Lost Listenqz Gin' WHERE id = (SELECT min(id) FROM products WHERE listed) RETURNING id",
      );
      const index = await keeper.read();
      expect(index.search({ search: 'listenqz' }, 'relevance', 12, 0, true).ids).toEqual([rows[0]!.id]);
    } finally {
      keeper.close();
    }
  });

  it('keeps answering after a failed refresh, and catches up by a whole build', async () => {
    let failNext = false;
    const db = harness.app.db;
    const flaky = new Proxy(db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        return (...args: Parameters<typeof db.execute>) => {
          if (failNext) {
            failNext = false;
            return Promise.reject(new Error('connection terminated'));
          }
          return target.execute(...args);
        };
      },
    });
    const keeper = new CatalogIndexKeeper(flaky, { warn: () => undefined });
    try {
      keeper.onChange('listening');
      await keeper.settled();
      const { rows } = await harness.database.pool.query<{ id: number }>(
        "UPDATE products SET name = 'Failed Refreshqz Rum' WHERE id = (SELECT max(id) FROM products WHERE listed) RETURNING id",
      );
      failNext = true;
      keeper.onChange(`products:${rows[0]!.id}@${await catalogVersion(db)}`);
      await keeper.settled();
      // Still an index (the instance stays ready), and a read gets the change by a rebuild.
      expect(keeper.built).toBe(true);
      const index = await keeper.read();
      expect(index.search({ search: 'refreshqz' }, 'relevance', 12, 0, true).ids).toEqual([rows[0]!.id]);
    } finally {
      keeper.close();
    }
  });

  it('answers a staff change to its author at once, from the index', async () => {
    await eventually(
      () => currentIndex(harness.app),
      (index) => index !== null,
    );
    const keeper = harness.app.catalog.indexKeeper;
    const { rows } = await harness.database.pool.query<{ id: number }>(
      "SELECT id FROM products WHERE listed AND slug LIKE 'la-marca-prosecco%' LIMIT 1",
    );
    await harness.database.pool.query("UPDATE products SET name = 'Staff Renamedqz' WHERE id = $1", [
      rows[0]!.id,
    ]);
    // What the staff routes await before answering a change (app.ts).
    await keeper.caughtUp();
    expect(keeper.current()!.search({ search: 'renamedqz' }, 'relevance', 12, 0, true).ids).toEqual([
      rows[0]!.id,
    ]);
  });

  it('answers a committed staff change as done even when the index cannot catch up in time', async () => {
    const wine = await stockedProduct(harness.database.pool, { name: 'Slow Index Shiraz', stock: 5 });
    const staff = await staffMember(harness.app);
    const behind = vi
      .spyOn(harness.app.catalog.indexKeeper, 'caughtUp')
      .mockRejectedValue(new Error('The catalog is not available'));
    try {
      const response = await staff.client.post(
        `/api/v1/admin/catalog/variants/${wine.variantIds[0]}/stock-movements/`,
        { delta: 6, reason: 'received' },
      );
      // A 503 here would be retried by the client and the delivery counted twice.
      expect(response.statusCode).toBe(201);
      expect(behind).toHaveBeenCalled();
      expect(await stockOf(harness.database.pool, wine.variantIds[0]!)).toBe(11);
    } finally {
      behind.mockRestore();
    }
  });
});
