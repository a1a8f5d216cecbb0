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
  '<meta name="description" content="The shop" /></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pages-dist-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), SHELL);
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
