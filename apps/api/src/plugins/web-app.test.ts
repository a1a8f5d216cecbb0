import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { RenderedPages } from './web-app';

let harness: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><title>shop</title><div id="root"></div>',
  );
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  fs.writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), script);
  fs.writeFileSync(path.join(distDir, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(distDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(distDir, 'assets', 'index-abc123.css'), 'body { color: black }');
  harness = await createTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await harness.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('serving the storefront', () => {
  it('serves the app with 200 for pages of the shop', async () => {
    for (const url of [
      '/',
      '/products',
      '/events/42',
      '/order_success/7',
      '/delivery-tracking',
      '/faq?x=1',
    ]) {
      const response = await harness.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the page shell compressed when the browser accepts it', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/about',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toContain('<div id="root">');
  });

  it('serves the app with 404 for paths that are not pages', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year and serves them precompressed', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('sends a script or style sheet only the headers that apply to it, and a page every header', async () => {
    for (const url of ['/assets/index-abc123.js', '/assets/index-abc123.css']) {
      const asset = await harness.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(asset.statusCode, url).toBe(200);
      expect(asset.headers['x-content-type-options'], url).toBe('nosniff');
      expect(asset.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      for (const name of [
        'content-security-policy',
        'permissions-policy',
        'x-frame-options',
        'referrer-policy',
      ]) {
        expect(asset.headers[name], `${url} ${name}`).toBeUndefined();
      }
    }
    // A picture (an SVG opened on its own is a document) and the page keep them all.
    for (const url of ['/logo.svg', '/']) {
      const document = await harness.app.inject({ method: 'GET', url });
      expect(document.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(document.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(document.headers['permissions-policy'], url).toContain('camera=(self)');
    }
  });

  it('revalidates files that are not hashed', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/logo.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('must-revalidate');
  });

  it('answers JSON for unknown API paths and non-GET methods', async () => {
    const api = await harness.app.inject({ method: 'GET', url: '/api/v1/unknown/' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
    const post = await harness.app.inject({ method: 'POST', url: '/products', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('not_found');
  });
});

describe('rendered pages', () => {
  const page = (name: string) =>
    `<!doctype html><html><head><title>${name}</title></head><body>${'x'.repeat(2_000)}</body></html>`;

  it('compresses each distinct page once, per encoding', () => {
    const pages = new RenderedPages();
    const br = pages.encoded(page('Home'), 'br') as Buffer;
    expect(pages.encoded(page('Home'), 'br')).toBe(br);
    expect(zlib.brotliDecompressSync(br).toString()).toBe(page('Home'));
    const gzip = pages.encoded(page('Home'), 'gzip') as Buffer;
    expect(pages.encoded(page('Home'), 'gzip')).toBe(gzip);
    expect(zlib.gunzipSync(gzip).toString()).toBe(page('Home'));
    expect(pages.encoded(page('Home'), undefined)).toBe(page('Home'));
    // Another text (the catalog changed) is another page.
    expect(zlib.brotliDecompressSync(pages.encoded(page('Home 2'), 'br') as Buffer).toString()).toBe(
      page('Home 2'),
    );
  });

  it('keeps at most its size, dropping the oldest', () => {
    const pages = new RenderedPages(2);
    const first = pages.encoded(page('a'), 'br');
    pages.encoded(page('b'), 'br');
    pages.encoded(page('c'), 'br');
    expect(pages.size).toBe(2);
    expect(pages.encoded(page('a'), 'br')).not.toBe(first);
  });
});
