import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pageTitle } from './routes';
import { confirmAgeInAdvance } from './support/identity/age-gate';

// The catalog against the production build and the demo cellar seeded on a fresh database.

// The visitor has already answered the age question (the gate itself is tested in identity.spec.ts).
test.beforeEach(async ({ context }) => {
  await confirmAgeInAdvance(context);
});

/** The names of the product cards in a part of the page, in order. */
async function cardNames(scope: Locator): Promise<string[]> {
  return scope
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));
}

function results(page: Page) {
  return page.getByRole('region', { name: 'Results' });
}

function filters(page: Page) {
  return page.getByRole('complementary', { name: 'Filters' });
}

/** Waits until the list shows the answer for the current URL (not the previous view, dimmed). */
async function settledResults(page: Page) {
  const list = results(page);
  await expect(list.getByRole('article').first()).toBeVisible();
  await expect(list.locator('[aria-busy="true"]')).toHaveCount(0);
  return list;
}

test.describe('catalog', () => {
  test('home → a category → a filter → a product → Back restores the filtered list', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(pageTitle('home'));
    const categories = page.getByRole('region', { name: 'Shop by category' });
    // The grid is drawn as the visitor scrolls near it.
    await categories.scrollIntoViewIfNeeded();
    const redWine = categories.getByRole('link', { name: /^Red Wine/ });
    await expect(redWine).toContainText(/\d+ products/);
    await redWine.click();

    await expect(page).toHaveURL(
      (url) => url.pathname === '/products' && url.search === '?category=red-wine',
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wines & spirits');
    await settledResults(page);
    const allReds = await cardNames(results(page));
    expect(allReds.length).toBeGreaterThan(1);

    // Narrow by country: the facet shows how many red wines each country has.
    const country = filters(page).getByRole('region', { name: 'Country' });
    const southAfrica = country.getByRole('link', { name: /^South Africa/ });
    const expected = Number((await southAfrica.textContent())?.match(/(\d+)/)?.[1]);
    expect(expected).toBeGreaterThan(0);
    await southAfrica.click();
    await expect(page).toHaveURL(
      (url) =>
        url.searchParams.get('category') === 'red-wine' && url.searchParams.get('country') === 'South Africa',
    );
    const filteredUrl = page.url();
    await expect(results(page).locator('p[role="status"]')).toHaveText(
      expected === 1 ? '1 bottle' : `${expected} bottles`,
    );
    const list = await settledResults(page);
    const filtered = await cardNames(list);
    expect(filtered.length).toBe(Math.min(expected, 12));
    expect(filtered).not.toEqual(allReds);
    await expect(page.getByRole('region', { name: 'Active filters' })).toContainText('South Africa');

    // Open the first bottle.
    const first = filtered[0]!;
    await list
      .getByRole('article', { name: first })
      .getByRole('link', { name: /^View Details/ })
      .click();
    await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first);
    await expect(page).toHaveTitle(`${first} | Kampala Cellars`);
    await expect(page.getByRole('table', { name: `Details of ${first}` })).toContainText('South Africa');

    // Back: the same URL, the same filters, the same bottles.
    await page.goBack();
    await expect(page).toHaveURL(filteredUrl);
    await expect(await cardNames(await settledResults(page))).toEqual(filtered);
    await expect(country.getByRole('link', { name: /^South Africa/ })).toHaveAttribute('aria-current', /.+/);
    await expect(page.getByRole('region', { name: 'Active filters' })).toContainText('South Africa');
  });

  test('a price band and the order live in the URL', async ({ page }) => {
    await page.goto('/products');
    await settledResults(page);
    const price = filters(page).getByRole('region', { name: 'Price' });
    await price.getByRole('link', { name: /^Shs 100,000 to Shs 250,000/ }).click();
    await expect(page).toHaveURL((url) => url.search === '?price_min=100000&price_max=249999');
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Price: low to high');
    await expect(page).toHaveURL((url) => url.searchParams.get('ordering') === 'price');
    await settledResults(page);
    const prices = await results(page)
      .getByRole('article')
      .evaluateAll((cards) =>
        cards.map((card) => Number((card.textContent ?? '').match(/Shs ([\d,]+)/)?.[1]?.replace(/,/g, ''))),
      );
    expect(prices.length).toBeGreaterThan(0);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const value of prices) {
      expect(value).toBeGreaterThanOrEqual(100_000);
      expect(value).toBeLessThanOrEqual(249_999);
    }
  });

  for (const [typed, found] of [
    ['jonnie walker', /Johnnie Walker/],
    ['chardonay', /Chardonnay/],
  ] as const) {
    test(`a search with a typo, "${typed}", finds the bottle`, async ({ page }) => {
      await page.goto('/');
      await page.getByRole('searchbox', { name: 'Search wines and spirits' }).fill(`  ${typed} `);
      await page.getByRole('searchbox', { name: 'Search wines and spirits' }).press('Enter');
      await expect(page).toHaveURL(
        (url) => url.pathname === '/products' && url.searchParams.get('search') === typed,
      );
      await expect(page.getByText(`Results for “${typed}”`)).toBeVisible();
      const names = await cardNames(await settledResults(page));
      expect(names[0]).toMatch(found);
    });
  }

  test("the home sections' Next and Previous page through six bottles at a time", async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/v1/products/products/featured/')
        requested.push(url.searchParams.get('page') ?? '');
    });
    await page.goto('/');
    const featured = page.getByRole('region', { name: 'Featured Selections' });
    await featured.scrollIntoViewIfNeeded();
    await expect(featured.getByRole('article')).toHaveCount(6);
    const firstPage = await cardNames(featured);
    await expect(featured).toContainText(/Page 1 of \d+/);
    const previous = featured.getByRole('button', { name: 'Previous' });
    const next = featured.getByRole('button', { name: 'Next' });
    await expect(previous).toBeDisabled();

    await next.click();
    await expect(featured).toContainText(/Page 2 of \d+/);
    await expect(featured.locator('[aria-busy="true"]')).toHaveCount(0);
    const secondPage = await cardNames(featured);
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.some((name) => firstPage.includes(name))).toBe(false);
    await expect(previous).toBeEnabled();

    await previous.click();
    await expect(featured).toContainText(/Page 1 of \d+/);
    expect(await cardNames(featured)).toEqual(firstPage);
    // The first page came from the cache: asked for once at most (it now comes with the
    // server-rendered page, decision 0013), never again on Previous.
    expect(requested.filter((value) => value === '1').length).toBeLessThanOrEqual(1);

    // A section with a single page shows neither button.
    const sections = ['Featured Selections', 'New Arrivals', 'Special Offers'];
    for (const name of sections) {
      const section = page.getByRole('region', { name });
      await section.scrollIntoViewIfNeeded();
      await expect(section.getByRole('article').first()).toBeVisible();
      const pager = await section.getByText(/Page \d+ of \d+/).count();
      await expect(section.getByRole('button', { name: 'Next' })).toHaveCount(pager);
    }
  });

  test('Add to Cart while signed out asks to sign in and remembers the product', async ({ page }) => {
    await page.goto('/products');
    const list = await settledResults(page);
    const card = list
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: /^Add to Cart/, disabled: false }) })
      .first();
    const name = await card.getAttribute('aria-label');
    await card.getByRole('link', { name: /^View Details/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name ?? '');
    const path = new URL(page.url()).pathname;

    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(page.getByText('Please sign in to add to cart')).toBeVisible();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/login' && url.searchParams.get('redirect') === path,
    );
  });

  test('an unknown product shows a friendly not-found page', async ({ page, consoleGuard }) => {
    // Chromium reports the API's 404 on the console.
    consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
    await page.goto('/products/no-such-bottle');
    await expect(page.getByRole('heading', { level: 1, name: 'We couldn’t find that bottle' })).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Browse wines and spirits' }),
    ).toBeVisible();
  });
});
