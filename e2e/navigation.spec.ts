import { expect, test } from './fixtures';
import { footerLinks, pageTitle, routeNamed } from './routes';
import { noteHydration, waitForApp } from './support/hydration';
import { confirmAgeInAdvance } from './support/identity/age-gate';

// The age question has its own journeys; here the visitor has answered it already.
test.beforeEach(async ({ page }) => {
  await confirmAgeInAdvance(page.context());
  await noteHydration(page.context());
});

test.describe('navigation', () => {
  test('a navigation scrolls to the top of the new page', async ({ page }) => {
    // A short window makes sure the long page scrolls.
    await page.setViewportSize({ width: 1024, height: 480 });
    await page.goto('/terms');
    await expect(page).toHaveTitle(pageTitle('terms'));
    await expect(page.locator('h1')).toBeVisible();
    await waitForApp(page);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect
      .poll(() => page.evaluate(() => window.scrollY), { message: 'the page scrolled down' })
      .toBeGreaterThan(0);

    await page.locator('footer').getByRole('link', { name: 'FAQ', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/faq');
    await expect(page).toHaveTitle(pageTitle('faq'));
    await expect.poll(() => page.evaluate(() => window.scrollY), { message: 'scrolled to the top' }).toBe(0);
  });

  test('the header links open their pages', async ({ page }) => {
    await page.goto('/about');
    await waitForApp(page);
    const nav = page.locator('header');
    const expected = [
      ['Home', 'home'],
      ['Discover', 'products'],
      ['Events', 'events'],
      ['About', 'about'],
    ] as const;
    for (const [name, routeName] of expected) {
      await nav.getByRole('link', { name, exact: true }).first().click();
      await expect(page).toHaveTitle(pageTitle(routeName));
      await expect(page).toHaveURL((url) => url.pathname === routeNamed(routeName).path);
    }
  });
});

test.describe('footer pages', () => {
  for (const [linkName, routeName] of Object.entries(footerLinks)) {
    test(`${linkName} opens ${routeNamed(routeName).path} with content`, async ({ page }) => {
      const route = routeNamed(routeName);
      await page.goto('/');
      // The app's navigation is what is checked here. A link followed before the app has taken the
      // page over is the browser's, which commits the URL only once the server has rendered the
      // next page: on CI's loaded machine that once took longer than the assertion waits. Links
      // without the app have their own journey (server-rendered-pages.spec.ts).
      await waitForApp(page);
      await page.locator('footer').getByRole('link', { name: linkName, exact: true }).click();

      await expect(page).toHaveURL((url) => url.pathname === route.path);
      await expect(page).toHaveTitle(pageTitle(route.name));
      await expect(page.locator('h1')).toBeVisible();

      // Real content, outside the header, the navigation and the footer: at least three
      // paragraphs or list items of some length.
      await expect
        .poll(
          () =>
            page.evaluate(
              () =>
                [...document.querySelectorAll('p, li, dd')].filter(
                  (element) =>
                    !element.closest('header, footer, nav') &&
                    (element.textContent ?? '').trim().length >= 20,
                ).length,
            ),
          { message: `text blocks on ${route.path}` },
        )
        .toBeGreaterThanOrEqual(3);
    });
  }
});
