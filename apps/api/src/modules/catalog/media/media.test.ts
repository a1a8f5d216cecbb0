import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { demoCatalogRows } from '../seed/catalog-rows';
import { escapeXml, renderImage, wrapText } from './bottle-svg';
import {
  BOTTLE_STYLES,
  generatedImageUrl,
  IMAGE_VIEWS,
  parseGeneratedImagePath,
  productImages,
  styleFor,
} from './media-urls';

/** A strict enough XML check: the whole text is tags and text, properly nested, attributes once each. */
function assertWellFormedXml(xml: string) {
  const token = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/y;
  const stack: string[] = [];
  let index = 0;
  while (index < xml.length) {
    token.lastIndex = index;
    const match = token.exec(xml);
    if (!match) throw new Error(`not XML at ${index}: ${xml.slice(index, index + 60)}`);
    const [whole, closing, name, attributes, selfClosing, text] = match;
    if (text !== undefined) {
      if (/&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(text)) throw new Error(`raw & in text: ${text}`);
    } else if (closing) {
      if (stack.pop() !== name) throw new Error(`</${name}> does not close the open element`);
    } else {
      const names = [...(attributes ?? '').matchAll(/([\w:-]+)="/g)].map((found) => found[1]);
      if (new Set(names).size !== names.length)
        throw new Error(`repeated attribute in <${name}${attributes}>`);
      for (const value of (attributes ?? '').matchAll(/="([^"]*)"/g)) {
        if (/&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(value[1]!))
          throw new Error(`raw & in attribute of <${name}>`);
      }
      if (!selfClosing) stack.push(name!);
    }
    index += whole.length;
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.join('>, <')}>`);
}

describe('generated pictures', () => {
  it('draws every style and view as well-formed SVG', () => {
    for (const style of BOTTLE_STYLES) {
      for (const view of IMAGE_VIEWS) {
        const svg = renderImage({ view, style, vintage: 2015, label: 'Château Margaux Grand Vin' });
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
        assertWellFormedXml(svg);
        expect(svg).toContain('Château');
        if (view !== 'category') expect(svg).toContain('>2015<');
      }
    }
  });

  it('escapes the label', () => {
    const svg = renderImage({
      view: 'bottle',
      style: 'gin',
      vintage: null,
      label: `Tom's <b>"Best"</b> & Co`,
    });
    assertWellFormedXml(svg);
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&lt;b&gt;&quot;Best&quot;&lt;/b&gt;');
    expect(svg).toContain('Tom&apos;s');
    expect(escapeXml('a\u0000b&')).toBe('ab&amp;');
  });

  it('is deterministic and differs by style', () => {
    const image = {
      view: 'bottle' as const,
      style: 'whisky' as const,
      vintage: null,
      label: 'Glenfiddich 12 Year Old',
    };
    expect(renderImage(image)).toBe(renderImage(image));
    expect(renderImage(image)).not.toBe(renderImage({ ...image, style: 'vodka' }));
  });

  it('wraps long names onto at most four label lines', () => {
    expect(wrapText('Johnnie Walker Black Label 12 Year Old', 14, 4)).toEqual([
      'Johnnie Walker',
      'Black Label 12',
      'Year Old',
    ]);
    const cut = wrapText('one two three four five six seven eight nine ten', 9, 2);
    expect(cut).toHaveLength(2);
    expect(cut[1]!.endsWith('…')).toBe(true);
    expect(wrapText('Supercalifragilisticexpialidocious', 10, 2)).toEqual(['Supercali…']);
  });

  it('reads its own URLs back, and only the canonical form', () => {
    const url = generatedImageUrl({ view: 'pour', style: 'champagne', vintage: 2013, label: 'Dom Pérignon' });
    expect(url).toMatch(/^\/media\/gen\/v1\/pour\/champagne\/2013\/[A-Za-z0-9_-]+\.svg$/);
    expect(parseGeneratedImagePath(url)).toEqual({
      view: 'pour',
      style: 'champagne',
      vintage: 2013,
      label: 'Dom Pérignon',
    });
    expect(parseGeneratedImagePath(url.replace('.svg', '=.svg'))).toBeUndefined();
    expect(parseGeneratedImagePath(url.replace('champagne', 'prosecco'))).toBeUndefined();
    expect(parseGeneratedImagePath(url.replace('/pour/', '/poster/'))).toBeUndefined();
    expect(parseGeneratedImagePath('/media/gen/v1/bottle/gin/nv/_w.svg')).toBeUndefined();
  });

  it('picks a style from the category, else the product type', () => {
    expect(styleFor('sparkling-champagne', 'wine')).toBe('champagne');
    expect(styleFor('rose-wine', 'wine')).toBe('rose-wine');
    expect(styleFor('cognac-brandy', 'spirit')).toBe('cognac');
    expect(styleFor('craft-stuff', 'beer')).toBe('beer');
    expect(styleFor(undefined, 'spirit')).toBe('whisky');
  });

  it('gives every product of the demo cellar a picture that renders', () => {
    const rows = demoCatalogRows();
    for (const product of rows.products) {
      const images = rows.images.filter((image) => image.productSlug === product.slug);
      expect(images.length, product.slug).toBeGreaterThanOrEqual(1);
      for (const image of images) {
        const parsed = parseGeneratedImagePath(image.url);
        expect(parsed?.label, image.url).toBe(product.name);
        assertWellFormedXml(renderImage(parsed!));
      }
    }
    for (const category of rows.categories)
      expect(parseGeneratedImagePath(category.image)?.view).toBe('category');
  });
});

describe('/media on the API host', () => {
  let harness: TestApp;
  let withWebBuild: TestApp;
  let webDir: string;
  const url = productImages({ name: 'Hennessy XO', vintage: null, style: 'cognac' })[0]!.url;

  beforeAll(async () => {
    harness = await createTestApp();
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Shop</title>');
    fs.writeFileSync(path.join(webDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    withWebBuild = await createTestApp({ WEB_DIST_DIR: webDir });
    const files = path.join(harness.dataDir, 'media', 'files', 'labels');
    fs.mkdirSync(files, { recursive: true });
    fs.writeFileSync(path.join(files, 'hennessy.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    fs.writeFileSync(path.join(harness.dataDir, 'media', 'secret.png'), 'not for you');
    fs.writeFileSync(path.join(files, 'notes.txt'), 'plain text');
  });
  afterAll(async () => {
    await harness?.close();
    await withWebBuild?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('serves a generated picture, cached for a year', async () => {
    const response = await harness.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.body).toContain('Hennessy XO');
    assertWellFormedXml(response.body);
    const etag = response.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await harness.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await harness.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
  });

  it('falls back to an inline logo, cached briefly, when there is no web build', async () => {
    for (const missing of [
      '/media/gen/v1/bottle/unknown-style/nv/SGVubmVzc3kgWE8.svg',
      `${url.slice(0, -4)}==.svg`,
      '/media/products/42.jpg',
      '/media/files/labels/missing.png',
      '/media/files/labels/notes.txt',
      '/media/files/..%2fsecret.png',
      '/media/files/%2e%2e/secret.png',
    ]) {
      const response = await harness.app.inject({ method: 'GET', url: missing });
      expect(response.statusCode, missing).toBe(200);
      expect(response.headers['x-media-fallback'], missing).toBe('logo');
      expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(response.body).toContain('Kampala Cellars');
      expect(response.body).not.toContain('not for you');
    }
  });

  it("redirects a missing image to the storefront's /logo.svg when it is built", async () => {
    const response = await withWebBuild.app.inject({ method: 'GET', url: '/media/products/42.jpg' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/logo.svg');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    // Generated pictures are still drawn.
    expect((await withWebBuild.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('serves files from DATA_DIR/media/files with an ETag', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/media/files/labels/hennessy.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=604800');
    expect(response.rawPayload).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    const etag = response.headers.etag as string;
    const again = await harness.app.inject({
      method: 'GET',
      url: '/media/files/labels/hennessy.png',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });
});
