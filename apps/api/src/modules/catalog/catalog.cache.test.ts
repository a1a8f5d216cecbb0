import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { CATALOG_CACHE_CONTROL, productListResponseSchema } from '@shop/contract/catalog';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCategory, createProduct, type ProductFixture } from '../../../test/fixtures/catalog';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { type App, buildApp } from '../../app';
import { loadConfig } from '../../config';
import { connectDatabase, type DatabaseHandle } from '../../db/client';
import { BROTLI_MIN_BYTES, encodedBody, pickEncoding } from '../../lib/http-cache';
import { CatalogCache, invalidateCatalogCache } from './catalog-cache';

let harness: TestApp;
let product: ProductFixture;

const get = (url: string, headers: Record<string, string> = {}, app: App = harness.app) =>
  app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

const priceOf = async (app: App = harness.app) => {
  const response = await get('/products/products/', {}, app);
  return productListResponseSchema.parse(response.json()).results.find((card) => card.id === product.id)
    ?.price;
};

async function eventually<T>(
  check: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 8_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const listenerPids = async () => {
  const result = await harness.database.pool.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN "catalog_changed"'`,
  );
  return result.rows.map((row) => row.pid);
};

const setPrice = (price: number) =>
  harness.database.pool.query('UPDATE product_variants SET price = $1 WHERE id = $2', [
    price,
    product.variantIds[0],
  ]);

beforeAll(async () => {
  harness = await createTestApp();
  const category = await createCategory(harness.database.pool, { slug: 'gin', name: 'Gin' });
  product = await createProduct(harness.database.pool, {
    categoryId: category.id,
    name: 'Cache Gin',
    price: 50_000,
    createdAt: new Date(),
  });
  for (const name of ['Other Gin One', 'Other Gin Two', 'Other Gin Three']) {
    await createProduct(harness.database.pool, { categoryId: category.id, name, price: 40_000 });
  }
});
afterAll(() => harness?.close());

describe('HTTP caching', () => {
  it.each([
    '/products/products/',
    '/products/products/?search=gin',
    '/products/products/featured/',
    '/products/products/new/',
    '/products/products/on_sale/',
    '/products/products/facets/',
    '/products/products/stats/',
    '/products/categories/',
  ])('%s carries Cache-Control and an ETag, and answers 304 to it', async (url) => {
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(CATALOG_CACHE_CONTROL);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);

    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(CATALOG_CACHE_CONTROL);

    // A list of tags and the strong form match too; another tag does not.
    expect((await get(url, { 'if-none-match': `"other", ${etag.slice(2)}` })).statusCode).toBe(304);
    const other = await get(url, { 'if-none-match': 'W/"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('caches a product page by id and by slug', async () => {
    for (const id of [String(product.id), product.slug]) {
      const first = await get(`/products/products/${id}/`);
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect((await get(`/products/products/${id}/`, { 'if-none-match': etag })).statusCode).toBe(304);
    }
  });

  it('changes the ETag when the catalog changes, so a stale copy gets the new answer', async () => {
    const before = await get('/products/products/');
    const etag = before.headers.etag as string;
    await setPrice(52_000);
    const after = await eventually(
      () => get('/products/products/', { 'if-none-match': etag }),
      (response) => response.statusCode === 200,
    );
    expect(after.headers.etag).not.toBe(etag);
    expect(productListResponseSchema.parse(after.json()).results[0]!.price).toBe(52_000);
  });
});

describe('compression', () => {
  it('sends cached answers compressed once, as the client accepts', async () => {
    const url = '/products/products/?page_size=50';
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const body = plain.body;
    expect(body.length).toBeGreaterThan(1024);
    // A few KB: gzip when the client takes it (cheaper to make, nearly as small), br otherwise.
    expect(body.length).toBeLessThan(BROTLI_MIN_BYTES);
    const small = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(small.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(small.rawPayload).toString()).toBe(body);
    const br = await get(url, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(body);
    const gzip = await get(url, { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(body);
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(
      (await get(url, { 'accept-encoding': 'br', 'if-none-match': plain.headers.etag as string })).statusCode,
    ).toBe(304);
  });

  it('compresses a page no cache keeps quickly: brotli when the client takes it, else gzip', async () => {
    // Asked once, this page is not kept: it is compressed for this request only.
    const url = '/products/products/?page_size=40&ordering=-name';
    const once = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(once.headers['content-encoding']).toBe('br');
    const body = zlib.brotliDecompressSync(once.rawPayload).toString();
    expect(body.length).toBeLessThan(BROTLI_MIN_BYTES);
    // Asked again it is kept, and compressed once, tightly: gzip at this size (see BROTLI_MIN_BYTES).
    const kept = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(kept.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(kept.rawPayload).toString()).toBe(body);
    const gzipOnce = await get('/products/products/?page_size=40&ordering=name', {
      'accept-encoding': 'gzip',
    });
    expect(gzipOnce.headers['content-encoding']).toBe('gzip');
    expect(
      productListResponseSchema.parse(JSON.parse(zlib.gunzipSync(gzipOnce.rawPayload).toString())),
    ).toBeTruthy();
  });

  it("keeps a compressed body in memory of about its own size, not in zlib's 16 KB output chunk", () => {
    // About 12 KB of JSON, about 2 KB compressed.
    const page = JSON.stringify(
      Array.from({ length: 180 }, (_, i) => ({ id: i, name: `Château Number ${i}`, price_ugx: 150_000 + i })),
    );
    // Random text compresses badly: its result is larger than one output chunk of the body's size.
    const noise = crypto.randomBytes(9_000).toString('base64');
    expect(Buffer.byteLength(page)).toBeGreaterThan(10_000);
    expect(Buffer.byteLength(page)).toBeLessThan(16_384 - 1_000);
    for (const body of [page, noise]) {
      for (const once of [true, false]) {
        for (const encoding of ['br', 'gzip'] as const) {
          const buffer = encodedBody({ body, once }, encoding);
          const text = (
            encoding === 'br' ? zlib.brotliDecompressSync(buffer) : zlib.gunzipSync(buffer)
          ).toString();
          expect(text).toBe(body);
          // What the Buffer keeps alive. Sent once: at most an output chunk of the body's size. Kept:
          // its own bytes only. Never zlib's 16 KB chunk.
          if (once) expect(buffer.buffer.byteLength).toBeLessThanOrEqual(Buffer.byteLength(body));
          else expect(buffer.buffer.byteLength).toBe(buffer.byteLength);
        }
      }
    }
  });

  it('picks br, then gzip, honouring q=0 and *', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    // A small answer: gzip when accepted, br only when gzip is not.
    expect(pickEncoding('gzip, br', false)).toBe('gzip');
    expect(pickEncoding('br', false)).toBe('br');
  });
});

describe('server cache', () => {
  it('serves hot lists from memory until invalidateCatalogCache()', async () => {
    await setPrice(55_000);
    await eventually(priceOf, (price) => price === 55_000);
    const pool = harness.database.pool;
    // Without the change notification the cached answer stays...
    await pool.query('ALTER TABLE product_variants DISABLE TRIGGER product_variants_notify');
    await pool.query('ALTER TABLE products DISABLE TRIGGER products_notify');
    try {
      await setPrice(56_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await priceOf()).toBe(55_000);
      // ...until the cache is dropped.
      invalidateCatalogCache();
      expect(await priceOf()).toBe(56_000);
    } finally {
      await pool.query('ALTER TABLE product_variants ENABLE TRIGGER product_variants_notify');
      await pool.query('ALTER TABLE products ENABLE TRIGGER products_notify');
    }
  });

  it('drops the cache of every instance when another one changes the catalog (LISTEN/NOTIFY)', async () => {
    const database: DatabaseHandle = connectDatabase(harness.testDatabase.url, 2);
    const second = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: harness.testDatabase.url,
        DATA_DIR: harness.dataDir,
        RATE_LIMIT_MAX: '100000',
      }),
      database,
    });
    try {
      await second.ready();
      await eventually(listenerPids, (pids) => pids.length === 2);
      await setPrice(60_000);
      await eventually(
        () => priceOf(harness.app),
        (price) => price === 60_000,
      );
      await eventually(
        () => priceOf(second),
        (price) => price === 60_000,
      );
      // Both have cached the new answer; a write from anywhere reaches both.
      await harness.database.pool.query(`UPDATE products SET name = 'Cache Gin Renamed' WHERE id = $1`, [
        product.id,
      ]);
      for (const app of [harness.app, second]) {
        await eventually(
          async () => (await get(`/products/products/${product.id}/`, {}, app)).json().name,
          (name) => name === 'Cache Gin Renamed',
        );
      }
    } finally {
      await second.close();
      await database.close();
    }
    // Closing the app closed its listener.
    await eventually(listenerPids, (pids) => pids.length === 1);
  });

  it('keeps listening after its connection is lost', async () => {
    const [pid] = await eventually(listenerPids, (pids) => pids.length === 1);
    await harness.database.pool.query('SELECT pg_terminate_backend($1)', [pid]);
    await eventually(listenerPids, (pids) => pids.length === 1 && pids[0] !== pid);
    await eventually(priceOf, (price) => price !== undefined);
    await setPrice(61_000);
    await eventually(priceOf, (price) => price === 61_000);
  });
});

describe('CatalogCache', () => {
  it('loads once for callers asking at the same time', async () => {
    const cache = new CatalogCache();
    const load = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { answer: 42 };
    });
    const answers = await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(answers[0]).toBe(answers[2]);
    expect(answers[0]!.body).toBe('{"answer":42}');
    expect(answers[0]!.etag).toMatch(/^W\/"/);
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets answers after the TTL and does not keep failures', async () => {
    const cache = new CatalogCache(30);
    let calls = 0;
    const load = async () => ++calls;
    await cache.get('k', load);
    await cache.get('k', load);
    expect(calls).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await cache.get('k', load);
    expect(calls).toBe(2);

    await expect(cache.get('bad', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect((await cache.get('bad', async () => 'fine')).value).toBe('fine');
  });

  it('does not keep an answer loaded while the catalog changed', async () => {
    const cache = new CatalogCache();
    let release!: () => void;
    const slow = cache.get('k', () => new Promise<string>((resolve) => (release = () => resolve('old'))));
    cache.clear();
    release();
    expect((await slow).value).toBe('old');
    expect((await cache.get('k', async () => 'new')).value).toBe('new');
  });

  it('bounds its size', async () => {
    const cache = new CatalogCache(60_000, 3);
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, async () => key);
    expect(cache.size).toBe(3);
  });

  it('keeps text answers as they are, without a JSON copy', async () => {
    const cache = new CatalogCache(60_000, 10);
    const html = '<main><h1>"Château" & co</h1></main>';
    const answer = await cache.get('page', async () => html, { text: true });
    expect(answer.body).toBe(html);
    expect(answer.value).toBe(html);
    expect(cache.keptCharacters).toBe(html.length);
  });

  it('bounds the text it keeps, dropping the oldest answers first', async () => {
    // Each answer's body is 102 characters (a 100-character string in quotes).
    const cache = new CatalogCache(60_000, 100, 350);
    const loads: string[] = [];
    const load = (key: string) => async () => {
      loads.push(key);
      return key.repeat(100);
    };
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, load(key));
    expect(cache.size).toBe(3);
    expect(cache.keptCharacters).toBe(306);
    // 'a' was dropped (loaded again), 'd' kept (not loaded again).
    await cache.get('d', load('d'));
    await cache.get('a', load('a'));
    expect(loads).toEqual(['a', 'b', 'c', 'd', 'a']);
    expect(cache.keptCharacters).toBeLessThanOrEqual(350);
    // An answer larger than the whole budget is served but not kept, and pushes nothing out.
    const huge = await cache.get('huge', async () => 'x'.repeat(400));
    expect(huge.once).toBe(true);
    expect(cache.size).toBe(3);
    cache.clear();
    expect(cache.keptCharacters).toBe(0);
  });

  it('keeps a page asked once only when it is asked again, and forgets who asked on a change', async () => {
    const cache = new CatalogCache(60_000, 10);
    let loads = 0;
    const load = async () => ++loads;
    const ask = (key: string) => cache.get(key, load, { keepWhenAskedAgain: true });
    // A crawler's pages, each asked once: none is kept.
    for (const key of ['p1', 'p2', 'p3']) expect((await ask(key)).once).toBe(true);
    expect(cache.size).toBe(0);
    // A hot page: loaded on its first two asks, then served from memory.
    expect((await ask('hot')).value).toBe(4);
    expect((await ask('hot')).value).toBe(5);
    const kept = await ask('hot');
    expect(kept.value).toBe(5);
    expect(kept.once).toBeUndefined();
    expect(cache.size).toBe(1);
    // After a change the page must be asked twice again.
    cache.clear();
    expect((await ask('hot')).value).toBe(6);
    expect(cache.size).toBe(0);
    expect((await ask('hot')).value).toBe(7);
    expect(cache.size).toBe(1);
    // Callers asking at the same time still share one load.
    const [a, b] = await Promise.all([ask('together'), ask('together')]);
    expect(a).toBe(b);
    expect(loads).toBe(8);
  });

  it('forgets a page asked once after the TTL', async () => {
    const cache = new CatalogCache(30, 10);
    const ask = (key: string) => cache.get(key, async () => key, { keepWhenAskedAgain: true });
    await ask('once');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await ask('once');
    expect(cache.size).toBe(0);
    await ask('once');
    expect(cache.size).toBe(1);
  });

  it('keeps only the JSON of answers whose value is read on demand', async () => {
    const cache = new CatalogCache(60_000, 10);
    const page = { results: [{ id: 1, name: 'Nile Special' }], count: 1 };
    const first = await cache.get('page', async () => page, { valueOnDemand: true });
    const again = await cache.get('page', async () => ({ results: [], count: 0 }), { valueOnDemand: true });
    expect(again).toBe(first);
    expect(first.body).toBe(JSON.stringify(page));
    expect(first.value).toEqual(page);
    // Parsed again each time: the object is not what is kept.
    expect(first.value).not.toBe(page);
    expect(first.value).not.toBe(first.value);
    const kept = await cache.get('other', async () => page);
    expect(kept.value).toBe(page);
  });
});
