import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../../test/fixtures/catalog';
import { createTestApp, type TestApp } from '../../../test/test-app';

let harness: TestApp;
let distDir: string;

const SHELL =
  '<!doctype html><html><head><title>Kampala Cellars</title>' +
  '<meta name="description" content="The shop" />' +
  '<script type="module" crossorigin src="/assets/index-e1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/app-a1.js"></head>' +
  '<body><div id="root"></div></body></html>';

/** Vite's manifest of that build: each page's chunk and what it imports. */
const MANIFEST = {
  'src/main.tsx': { file: 'assets/index-e1.js', imports: ['_app.js'], isEntry: true },
  '_app.js': { file: 'assets/app-a1.js' },
  '_product-card.js': { file: 'assets/product-card-c1.js', imports: ['_app.js'] },
  'src/features/catalog/routes/products.tsx': {
    file: 'assets/products-p1.js',
    imports: ['_app.js', '_product-card.js'],
    isDynamicEntry: true,
  },
  'src/app/routes/product-detail.tsx': {
    file: 'assets/product-detail-d1.js',
    imports: ['_app.js', '_product-card.js'],
    isDynamicEntry: true,
  },
};

/** A product name made to break out of a <script> element or to be read as a replacement pattern. */
const HOSTILE_NAME = "Pinot </script><script>alert(1)</script> <!-- \u2028\u2029 $' $& end";

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pages-dist-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), SHELL);
  fs.mkdirSync(path.join(distDir, '.vite'));
  fs.writeFileSync(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  harness = await createTestApp({ WEB_DIST_DIR: distDir, PUBLIC_URL: 'https://shop.example' });
  const wine = await createCategory(harness.database.pool, { slug: 'red-wine', name: 'Red Wine' });
  await createProduct(harness.database.pool, {
    categoryId: wine.id,
    slug: 'kanonkop-pinotage-2019',
    name: 'Kanonkop Pinotage </script><b>',
    country: 'South Africa',
    region: 'Stellenbosch',
    vintage: 2019,
    description: 'Dark fruit & smoke.',
    price: 285_000,
    stock: 4,
    averageRating: 4.5,
    reviewCount: 2,
  });
  await createProduct(harness.database.pool, {
    categoryId: wine.id,
    slug: 'hostile-pinot',
    name: HOSTILE_NAME,
    description: HOSTILE_NAME,
    isFeatured: true,
    images: ['/media/files/hostile-pinot.svg'],
    price: 99_000,
    stock: 3,
  });
  await createProduct(harness.database.pool, {
    categoryId: wine.id,
    slug: 'retired-wine',
    isActive: false,
    price: 1000,
  });
});
afterAll(async () => {
  await harness.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

function decode(response: { headers: Record<string, unknown>; rawPayload: Buffer }) {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString();
  return response.rawPayload.toString();
}

type InlinedData = {
  products?: { results: Array<{ name: string }> };
  product?: { id: string; detail: { name: string } };
  [key: string]: unknown;
};

/** The JSON in the page's #page-data script, with the script's raw text. */
function pageData(html: string): { raw: string; data: InlinedData } {
  const scripts = html.match(/<script type="application\/json" id="page-data">/g) ?? [];
  expect(scripts).toHaveLength(1);
  const raw = html.match(/<script type="application\/json" id="page-data">(.*?)<\/script>/s)?.[1];
  expect(raw).toBeDefined();
  return { raw: raw!, data: JSON.parse(raw!) };
}

/** The raw text of an inlined script can neither close its element nor open a comment in it. */
function expectScriptSafe(raw: string) {
  expect(raw).not.toMatch(/<|>|&|\u2028|\u2029/);
}

describe('first-screen data inlined in the served pages', () => {
  it('serves the home page with its statistics, and preloads the hero picture', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = decode(response);
    // The shell's own head stays (the home page has no head of its own).
    expect(html).toContain('<title>Kampala Cellars</title>');
    const { raw, data } = pageData(html);
    expectScriptSafe(raw);

    const stats = await harness.app.inject({ method: 'GET', url: '/api/v1/products/products/stats/' });
    // The same answer the app would ask the API for.
    expect(data).toEqual({ stats: stats.json() });
    // The hero's picture is the first featured product's (the featured section is the app's to ask for).
    expect(html).toContain(
      '<link rel="preload" as="image" href="/media/files/hostile-pinot.svg" fetchpriority="high" />',
    );
    // The home page's code is all in the entry: no page chunk to preload.
    expect(html).not.toContain('products-p1.js');
  });

  it('serves /products with its first page and facets, its own code preloaded', async () => {
    const html = decode(await harness.app.inject({ method: 'GET', url: '/products' }));
    const { raw, data } = pageData(html);
    expectScriptSafe(raw);
    const list = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/products/products/?page=1&page_size=12',
    });
    const facets = await harness.app.inject({ method: 'GET', url: '/api/v1/products/products/facets/' });
    // The same answers the app would ask the API for, hostile text read back as it was written.
    expect(data).toEqual({ products: list.json(), facets: facets.json() });
    expect(data.products?.results.map((card) => card.name)).toContain(HOSTILE_NAME);
    // Nothing else in the page was changed by the name's `$'` and `$&`.
    expect(html.match(/<\/body>/g)).toHaveLength(1);
    expect(html.match(/<div id="root"><\/div>/g)).toHaveLength(1);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/products-p1.js" />');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/product-card-c1.js" />');
    // What the shell already loads is not asked for twice.
    expect(html.match(/app-a1\.js/g)).toHaveLength(1);

    // A search or filter is the app's to ask for: no data, but the page's code still comes early.
    const filtered = decode(await harness.app.inject({ method: 'GET', url: '/products?on_sale=true' }));
    expect(filtered).not.toContain('id="page-data"');
    expect(filtered).toContain('href="/assets/products-p1.js"');
  });

  it('serves a product page with the product as asked for, script-safe, and its picture and code preloaded', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/products/hostile-pinot' });
    expect(response.statusCode).toBe(200);
    const html = decode(response);
    const { raw, data } = pageData(html);
    expectScriptSafe(raw);
    const api = await harness.app.inject({ method: 'GET', url: '/api/v1/products/products/hostile-pinot/' });
    expect(data).toEqual({ product: { id: 'hostile-pinot', detail: api.json() } });
    expect(data.product?.detail.name).toBe(HOSTILE_NAME);
    // The injected markup never appears as markup.
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<!-- ');
    expect(html.match(/<\/body>/g)).toHaveLength(1);
    expect(html).toContain(
      '<link rel="preload" as="image" href="/media/files/hostile-pinot.svg" fetchpriority="high" />',
    );
    expect(html).toContain('href="/assets/product-detail-d1.js"');
    expect(html).not.toContain('href="/assets/products-p1.js"');
  });

  it('carries no per-visitor data: a signed-in visitor gets the same page as anyone', async () => {
    const anonymous = pageData(decode(await harness.app.inject({ method: 'GET', url: '/' }))).raw;
    const withCookies = pageData(
      decode(
        await harness.app.inject({
          method: 'GET',
          url: '/',
          headers: { cookie: 'session=someone; csrf_token=abc' },
        }),
      ),
    ).raw;
    expect(withCookies).toBe(anonymous);
    expect(anonymous).not.toMatch(/session|csrf|email|wishlist|cart/i);
  });
});

describe('server-rendered product pages', () => {
  it('gives a product page its own title, description, preview and UGX offer', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/products/kanonkop-pinotage-2019' });
    expect(response.statusCode).toBe(200);
    const html = decode(response);
    expect(html).toContain('<div id="root"></div>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Kanonkop Pinotage &#60;/script&#62;&#60;b&#62; | Kampala Cellars</title>');
    expect(html).not.toContain('content="The shop"');
    expect(html).toMatch(/<meta name="description" content="[^"]*Shs 285,000[^"]*Dark fruit &#38; smoke\./);
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain(
      '<link rel="canonical" href="https://shop.example/products/kanonkop-pinotage-2019" />',
    );
    expect(html).toMatch(/<meta property="og:image" content="https:\/\/shop\.example\/media\//);

    const jsonLd = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1];
    // Nothing in the data may close the script element early.
    expect(jsonLd).not.toContain('</script>');
    const data = JSON.parse(jsonLd!);
    expect(data).toMatchObject({
      '@type': 'Product',
      name: 'Kanonkop Pinotage </script><b>',
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
      offers: { priceCurrency: 'UGX', price: 285_000, availability: 'https://schema.org/InStock' },
    });
  });

  it('finds the product by id too, and answers 404 with the shell for an unknown or inactive one', async () => {
    const bySlug = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/products/products/kanonkop-pinotage-2019/',
    });
    const byId = await harness.app.inject({ method: 'GET', url: `/products/${bySlug.json().id}` });
    expect(byId.statusCode).toBe(200);
    expect(decode(byId)).toContain('Kanonkop Pinotage');
    for (const url of ['/products/no-such-bottle', '/products/retired-wine']) {
      const response = await harness.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(decode(response)).toContain('<div id="root">');
    }
  });

  it('lists public pages and listed products in sitemap.xml, and points robots.txt at it', async () => {
    const sitemap = await harness.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('<loc>https://shop.example/products/kanonkop-pinotage-2019</loc>');
    expect(sitemap.body).toContain('<loc>https://shop.example/shipping</loc>');
    expect(sitemap.body).not.toContain('retired-wine');
    expect(sitemap.body).not.toContain('/account');
    expect(sitemap.body).not.toContain('/checkout');

    const robots = await harness.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Sitemap: https://shop.example/sitemap.xml');
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Disallow: /checkout');
    expect(robots.body).toContain('Disallow: /order_success/');
  });
});
