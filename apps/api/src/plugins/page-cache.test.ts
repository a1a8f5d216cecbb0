import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, type ProductFixture } from '../../test/fixtures/catalog';
import { secondInstance } from '../../test/fixtures/orders';
import { setShopSettings } from '../../test/fixtures/settings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PageCache, productPageDependencies } from './page-cache';

// The rendered-page cache (plugins/page-cache.ts, decision 0020): its byte budget and order, and
// its invalidation on two instances of the shop on one database, through the real notifications
// (a product's row changed in the database: its trigger NOTIFYs catalog_changed; the settings'
// row: settings_changed). The stand-in renderer shows the product's name and the shop's phone.

/** Text that compresses to about its own size: pages of a known compressed size. */
const incompressible = (bytes: number) => crypto.randomBytes(bytes).toString('base64').slice(0, bytes);

describe('the page cache', () => {
  it('keeps pages within its byte budget, the least recently used going first', () => {
    const cache = new PageCache(64 * 1024);
    const page = { kind: 'catalog' } as const;
    for (let n = 0; n < 3; n++) cache.set(`/p/${n}`, incompressible(12_000), page, cache.mark());
    expect(cache.size).toBe(3);
    for (let n = 3; n < 12; n++) {
      // /p/0 asked again each time: the most recently used, it stays.
      expect(cache.get('/p/0'), `before /p/${n}`).toBeDefined();
      cache.set(`/p/${n}`, incompressible(12_000), page, cache.mark());
      expect(cache.keptBytes).toBeLessThanOrEqual(64 * 1024);
    }
    expect(cache.get('/p/1')).toBeUndefined();
    expect(cache.get('/p/0')).toBeDefined();
    expect(cache.get('/p/11')).toBeDefined();
    // A page larger than the whole budget is served but not kept.
    cache.set('/huge', incompressible(100_000), page, cache.mark());
    expect(cache.get('/huge')).toBeUndefined();
    expect(cache.keptBytes).toBeLessThanOrEqual(64 * 1024);
  });

  it('does not keep a page rendered while the catalog changed', () => {
    const cache = new PageCache(64 * 1024);
    const mark = cache.mark();
    cache.dropProducts([1]);
    cache.set('/products/a', '<p>old</p>', { kind: 'catalog' }, mark);
    expect(cache.get('/products/a')).toBeUndefined();
  });

  it('drops the pages showing a changed product, and every catalog-wide page, and no other', () => {
    const cache = new PageCache(64 * 1024);
    const product = (ids: number[]) =>
      ({
        kind: 'product',
        products: ids,
        related: { categoryId: 7, minPrice: 0, maxPrice: 0, full: true },
      }) as const;
    cache.set('/products/1', 'one', product([1, 2, 3]), cache.mark());
    cache.set('/products/4', 'four', product([4, 5]), cache.mark());
    cache.set('/', 'home', { kind: 'catalog' }, cache.mark());
    cache.dropProducts([3]);
    expect(cache.get('/products/1')).toBeUndefined();
    expect(cache.get('/')).toBeUndefined();
    expect(cache.get('/products/4')).toBeDefined();
    cache.dropProducts([6]);
    expect(cache.get('/products/4')).toBeDefined();
    cache.dropProducts([5]);
    expect(cache.get('/products/4')).toBeUndefined();
  });

  it('drops a product page when a product comes into its related products’ price window', () => {
    const cache = new PageCache(64 * 1024);
    const related = [90, 95, 105, 110, 120, 80, 130, 70].map((price, n) => ({ id: 10 + n, price }));
    cache.set(
      '/products/p',
      '<p>p</p>',
      productPageDependencies({ id: 1, category_id: 7, price: 100, related }, 8),
      cache.mark(),
    );
    cache.dropWindows([{ id: 99, categoryId: 7, price: 131 }]);
    cache.dropWindows([{ id: 99, categoryId: 8, price: 100 }]);
    expect(cache.get('/products/p')).toBeDefined();
    cache.dropWindows([{ id: 99, categoryId: 7, price: 130 }]);
    expect(cache.get('/products/p')).toBeUndefined();
  });
});

/** A renderer like apps/web/src/entry-server.tsx: a product page shows the product's name. */
const fakeRenderer = `
globalThis.pageRenders = [];
export async function renderPage({ url, fetch, settings }) {
  globalThis.pageRenders.push(url);
  const slug = url.split('/products/')[1];
  let name = 'no product';
  if (slug) {
    const answer = await fetch('/api/v1/products/products/' + slug + '/', { headers: { accept: 'application/json' } });
    if (!answer.ok) return null;
    name = (await answer.json()).name;
  }
  return {
    html: '<main><h1>' + name + '</h1><footer>Call ' + (settings ? settings.phone : 'nobody') + '</footer></main>',
    queriesJson: '{"mutations":[],"queries":[]}',
  };
}
`;

const renders = (url: string) =>
  ((globalThis as { pageRenders?: string[] }).pageRenders ?? []).filter((rendered) => rendered === url)
    .length;

let harness: TestApp;
let other: Awaited<ReturnType<typeof secondInstance>>;
let root: string;
let cabernet: ProductFixture;
let merlot: ProductFixture;
let gin: ProductFixture;

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not yet after ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-page-cache-'));
  fs.mkdirSync(path.join(root, 'dist'));
  fs.mkdirSync(path.join(root, 'dist-server'));
  fs.writeFileSync(
    path.join(root, 'dist', 'index.html'),
    '<!doctype html><html><head><title>shop</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), fakeRenderer);
  harness = await createTestApp({ WEB_DIST_DIR: path.join(root, 'dist') });
  const pool = harness.database.pool;
  const red = await createCategory(pool, { slug: 'cache-red', name: 'Red' });
  const spirits = await createCategory(pool, { slug: 'cache-gin', name: 'Gin' });
  cabernet = await createProduct(pool, { categoryId: red.id, name: 'Cabernet One', price: 100_000 });
  merlot = await createProduct(pool, { categoryId: red.id, name: 'Merlot Two', price: 120_000 });
  gin = await createProduct(pool, { categoryId: spirits.id, name: 'Gin Three', price: 90_000 });
  other = await secondInstance(harness);
  // Both instances listening (their settings copy is kept only once their LISTEN is in place).
  await eventually(
    async () => harness.app.shopSettings.enabled && other.app.shopSettings.enabled,
    'settings LISTEN on both instances',
  );
});
afterAll(async () => {
  await other?.close();
  await harness?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const page = (app: TestApp['app'], url: string) =>
  app.inject({ method: 'GET', url }).then((response) => {
    expect(response.statusCode, url).toBe(200);
    return response.body;
  });

describe('rendered pages on two instances', () => {
  it('are kept from the first render, with an ETag the browser can send back', async () => {
    const url = `/products/${merlot.slug}`;
    const before = renders(url);
    const first = await other.app.inject({ method: 'GET', url });
    expect(first.body).toContain('<h1>Merlot Two</h1>');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await other.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await other.app.inject({ method: 'GET', url })).body).toBe(first.body);
    const compressed = await other.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(first.body);
    const gzipped = await other.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(first.body);
    expect(renders(url)).toBe(before + 1);
  });

  it('a product changed (in the database) reaches its kept page on the other instance at once, and only the pages that show it', async () => {
    const cabernetUrl = `/products/${cabernet.slug}`;
    const ginUrl = `/products/${gin.slug}`;
    // Kept on the second instance (its page and the gin's, of another category).
    expect(await page(other.app, cabernetUrl)).toContain('Cabernet One');
    expect(await page(other.app, ginUrl)).toContain('Gin Three');
    const ginRenders = renders(ginUrl);
    expect(await page(other.app, cabernetUrl)).toContain('Cabernet One');

    await harness.database.pool.query('UPDATE products SET name = $1 WHERE id = $2', [
      'Cabernet Renamed',
      cabernet.id,
    ]);
    await eventually(
      async () => (await page(other.app, cabernetUrl)).includes('<h1>Cabernet Renamed</h1>'),
      'the renamed product on the second instance',
    );
    // The gin's page was not dropped: answered from the cache, not rendered again.
    expect(await page(other.app, ginUrl)).toContain('Gin Three');
    expect(renders(ginUrl)).toBe(ginRenders);
  });

  it('a settings change reaches every kept page on both instances', async () => {
    const urls = [`/products/${gin.slug}`, '/about'];
    for (const app of [harness.app, other.app])
      for (const url of urls) expect(await page(app, url)).toContain('<footer>Call +256');
    await setShopSettings(harness.app, { phone: '+256 700 999 888' });
    for (const app of [harness.app, other.app]) {
      for (const url of urls) {
        await eventually(
          async () => (await page(app, url)).includes('<footer>Call +256 700 999 888</footer>'),
          `${url} with the new phone`,
        );
      }
    }
  });
});
