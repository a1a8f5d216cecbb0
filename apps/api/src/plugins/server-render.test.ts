import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { notifyCatalogChanged } from '../modules/catalog/catalog-cache';

// The API's side of server rendering (docs/decisions/0013), with a stand-in for the web build's
// server module: which pages it renders, what goes into the page, the cache and its invalidation,
// and the in-process API the renderer reads its data from. The real module is tested end to end
// in e2e/server-rendered-pages.spec.ts.

let harness: TestApp;
let root: string;

/** A renderer like apps/web/src/entry-server.tsx: it asks the API, counts its calls, and declines `/faq`. */
const fakeRenderer = `
globalThis.renderCalls = [];
export async function renderPage({ url, pageData, fetch }) {
  globalThis.renderCalls.push(url);
  if (url === '/faq') return null;
  const answer = await fetch('/api/v1/products/categories/', { headers: { accept: 'application/json' } });
  const categories = await answer.json();
  return {
    html: '<main><h1>Rendered ' + url + '</h1><p>' + answer.status + ' ' + (categories.results ?? categories).length + ' categories</p><p>' + JSON.stringify(pageData ?? null).length + '</p></main>',
    queriesJson: '{"mutations":[],"queries":[]}',
  };
}
`;

const calls = () => (globalThis as { renderCalls?: string[] }).renderCalls ?? [];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-ssr-'));
  fs.mkdirSync(path.join(root, 'dist'));
  fs.mkdirSync(path.join(root, 'dist-server'));
  fs.writeFileSync(
    path.join(root, 'dist', 'index.html'),
    '<!doctype html><html><head><title>shop</title>' +
      '<script type="module" crossorigin src="/assets/index-i1.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/app-a1.js"></head>' +
      '<body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), fakeRenderer);
  harness = await createTestApp({ WEB_DIST_DIR: path.join(root, 'dist'), RATE_LIMIT_MAX: '2' });
});
afterAll(async () => {
  await harness?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('server-rendered pages', () => {
  it('puts the rendered page in #root, its query cache in #page-data and its title in the head', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/about' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(
      /<div id="root"><main><h1>Rendered \/about<\/h1><p>200 \d+ categories<\/p>/,
    );
    expect(response.body).toContain('<script type="application/json" id="page-data">{"queries":');
    expect(response.body).toContain('<title>About | Kampala Cellars</title>');
  });

  it('lists the code of a rendered page for after its first paint, and preloads the code of a shell at once', async () => {
    const rendered = (await harness.app.inject({ method: 'GET', url: '/about' })).body;
    expect(rendered).not.toContain('rel="modulepreload"');
    expect(rendered).toContain(
      '<script type="application/json" id="page-modules">["/assets/app-a1.js"]</script>',
    );
    expect(rendered).toContain('<script type="module" crossorigin src="/assets/index-i1.js">');
    const shell = (await harness.app.inject({ method: 'GET', url: '/cart' })).body;
    expect(shell).toContain('<link rel="modulepreload" crossorigin href="/assets/app-a1.js">');
    expect(shell).not.toContain('page-modules');
  });

  it('reads the data through the API in-process, past the rate limit meant for visitors', async () => {
    // RATE_LIMIT_MAX is 2: these renders ask the API more often than a visitor may.
    for (const url of ['/products?category=a', '/products?category=b', '/products?category=c']) {
      const response = await harness.app.inject({ method: 'GET', url });
      expect(response.body, url).toMatch(/<p>200 \d+ categories<\/p>/);
    }
  });

  it('passes the first-screen data the API computed for the page to the renderer', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/' });
    const length = Number(/<p>(\d+)<\/p><\/main>/.exec(response.body)?.[1]);
    expect(length).toBeGreaterThan('null'.length);
  });

  it('keeps a page from its first render, until the catalog changes', async () => {
    const before = calls().filter((url) => url === '/guide').length;
    // Rendered once, then answered from memory (plugins/page-cache.ts).
    for (let ask = 0; ask < 3; ask++) {
      const page = await harness.app.inject({ method: 'GET', url: '/guide' });
      expect(page.body).toContain('<h1>Rendered /guide</h1>');
    }
    expect(calls().filter((url) => url === '/guide').length).toBe(before + 1);

    await notifyCatalogChanged(harness.app.pool, 'test');
    await expect
      .poll(async () => {
        await harness.app.inject({ method: 'GET', url: '/guide' });
        return calls().filter((url) => url === '/guide').length;
      })
      .toBeGreaterThan(before + 1);
  });

  it('renders the events pages on every request: their seats change with every RSVP', async () => {
    const before = calls().filter((url) => url === '/events').length;
    await harness.app.inject({ method: 'GET', url: '/events' });
    await harness.app.inject({ method: 'GET', url: '/events' });
    expect(calls().filter((url) => url === '/events').length).toBe(before + 2);
  });

  it('serves the shell for pages it does not render: signed-in, forms, unknown, declined', async () => {
    for (const url of ['/account', '/cart', '/login', '/checkout', '/no-such-page', '/faq']) {
      const response = await harness.app.inject({ method: 'GET', url });
      expect(response.body, url).toContain('<div id="root"></div>');
    }
    expect(calls()).not.toContain('/account');
    expect(calls()).not.toContain('/no-such-page');
    expect(calls()).toContain('/faq');
  });

  it('answers HEAD without rendering', async () => {
    const before = calls().length;
    const response = await harness.app.inject({ method: 'HEAD', url: '/shipping' });
    expect(response.statusCode).toBe(200);
    expect(calls().length).toBe(before);
  });
});
