import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { confirmAgeInAdvance } from './support/identity/age-gate';

// Issue 24: the public pages arrive rendered (docs/decisions/0013-server-rendered-first-screen.md).
// Their HTML, read without running any script, has the names, prices, headings and links; a
// visitor without JavaScript can follow the links; and the browser takes the markup over
// (hydration) without redrawing it or logging a mismatch (the fixtures fail on console errors).

type Named = { name: string; price: number; slug: string };
type Listing<T> = { results: T[] };

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ' };

/** The text of the markup in #root, as a reader sees it (tags dropped, entities decoded). */
function rootText(html: string): string {
  const start = html.indexOf('<div id="root">');
  expect(start, 'the page has #root').toBeGreaterThanOrEqual(0);
  const markup = html.slice(start, html.indexOf('<script type="application/json" id="page-data"'));
  return markup
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x?[0-9a-f]+|\w+);/gi, (whole, code: string) => {
      if (code.startsWith('#x')) return String.fromCodePoint(Number.parseInt(code.slice(2), 16));
      if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
      return entities[code] ?? whole;
    })
    .replace(/\s+/g, ' ');
}

/** formatUGX of the contract: "Shs 1,234,000". */
const shillings = (amount: number) => `Shs ${Math.round(amount).toLocaleString('en-US')}`;

async function rendered(request: APIRequestContext, path: string) {
  const answer = await request.get(path);
  expect(answer.status(), path).toBe(200);
  const html = await answer.text();
  return { html, text: rootText(html) };
}

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const answer = await request.get(`/api/v1${path}`);
  expect(answer.ok(), path).toBe(true);
  return (await answer.json()) as T;
}

test.describe('pages rendered on the server, read without scripts', () => {
  test('home: the heading, the featured bottle with its price, the links', async ({ request }) => {
    const featured = await api<Listing<Named>>(request, '/products/products/featured/?page=1');
    const { html, text } = await rendered(request, '/');
    expect(text).toContain('Premium wines and spirits, delivered across Kampala');
    const hero = featured.results[0];
    expect(hero).toBeDefined();
    expect(text).toContain(hero?.name);
    expect(text).toContain(shillings(hero?.price ?? 0));
    expect(html).toContain('href="/products"');
    expect(html).toContain('href="/events"');
  });

  test('product list, and a category of it: every card with its name, price and link', async ({
    request,
  }) => {
    for (const [path, query] of [
      ['/products', ''],
      ['/products?category=red-wine', '&category=red-wine'],
    ] as const) {
      const list = await api<Listing<Named>>(request, `/products/products/?page=1${query}`);
      expect(list.results.length).toBeGreaterThan(0);
      const { html, text } = await rendered(request, path);
      expect(text).toContain('Wines & spirits');
      for (const product of list.results) {
        expect(text, path).toContain(product.name);
        expect(text, path).toContain(shillings(product.price));
        expect(html, path).toContain(`href="/products/${product.slug}"`);
      }
    }
    // The category's page lists that category only.
    const whites = await api<Listing<Named>>(request, '/products/products/?page=1&category=white-wine');
    const { text } = await rendered(request, '/products?category=red-wine');
    for (const white of whites.results) expect(text).not.toContain(white.name);
  });

  test('a product page: its name as the heading, its price, the way back', async ({ request }) => {
    const { html, text } = await rendered(request, '/products/chateau-margaux-2015');
    expect(html).toMatch(/<h1[^>]*>Château Margaux<\/h1>/);
    expect(text).toContain('Shs 2,500,000');
    expect(text).toContain('Add to Cart');
    expect(html).toContain('href="/products"');
  });

  test('events and an event: the titles, the links, the heading', async ({ request }) => {
    const events = await api<Listing<{ title: string; slug: string }>>(
      request,
      '/events/events/?when=upcoming&page=1&page_size=12',
    );
    expect(events.results.length).toBeGreaterThan(0);
    const { html, text } = await rendered(request, '/events');
    expect(text).toContain('Tastings & events');
    for (const event of events.results) {
      expect(text).toContain(event.title);
      expect(html).toContain(`href="/events/${event.slug}"`);
    }
    const first = events.results[0];
    const detail = await rendered(request, `/events/${first?.slug}`);
    expect(detail.html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(detail.text).toContain(first?.title);
  });

  test('content pages: their heading and text', async ({ request }) => {
    const about = await rendered(request, '/about');
    expect(about.text).toContain('About Kampala Cellars');
    const faq = await rendered(request, '/faq');
    expect(faq.text).toContain('Frequently asked questions');
  });

  test('signed-in pages and unknown paths are not rendered: the shell only', async ({ request }) => {
    for (const path of ['/account', '/cart', '/no-such-page']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<div id="root"></div>');
    }
  });
});

test('without JavaScript, the links lead from the home page to a product', async ({ browser }) => {
  // Three full page loads.
  test.slow();
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Premium wines and spirits, delivered across Kampala',
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Discover' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Wines & spirits' })).toBeVisible();
  const card = page.getByRole('article').first();
  const name = (await card.getAttribute('aria-label')) ?? '';
  await card.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/products\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await context.close();
});

/**
 * Opens `path` with the app's code held back, marks the server's heading, then lets the code run:
 * after hydration the heading must be the same element (React adopted the markup, not redrew it).
 */
async function expectHydrated(page: Page, path: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { level: 1 }).first();
  await expect(heading).toBeVisible();
  await heading.evaluate((element) => {
    (element as HTMLElement & { serverRendered?: boolean }).serverRendered = true;
  });
  release();
  await page.waitForLoadState('networkidle');
  // Hydrated: the session has been asked for, which only the running app does.
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').some((entry) => entry.name.includes('/api/v1/auth/')),
      ),
    )
    .toBe(true);
  expect(
    await heading.evaluate(
      (element) => (element as HTMLElement & { serverRendered?: boolean }).serverRendered,
    ),
    `${path}: the server's heading was kept`,
  ).toBe(true);
  await page.unroute('**/assets/*.js');
}

test.describe('hydration', () => {
  test.beforeEach(async ({ context }) => {
    // The app's code is held back, then loads and hydrates: give the 2-core CI room.
    test.slow();
    await confirmAgeInAdvance(context);
  });

  for (const path of [
    '/',
    '/products',
    '/products?category=red-wine',
    '/products/chateau-margaux-2015',
    '/events',
    '/about',
  ]) {
    test(`${path} is taken over without a mismatch`, async ({ page }) => {
      await expectHydrated(page, path);
    });
  }

  test('an event page is taken over, and the app then navigates on its own', async ({ page, request }) => {
    const events = await api<Listing<{ slug: string }>>(
      request,
      '/events/events/?when=upcoming&page=1&page_size=12',
    );
    await expectHydrated(page, `/events/${events.results[0]?.slug}`);
    await page.getByRole('link', { name: 'All events' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tastings & events' })).toBeVisible();
  });

  test('a first visit is rendered, then asked the age question once the app runs', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/');
    await expect(page.getByRole('dialog', { name: /Are you \d+ or older\?/ })).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  });
});
