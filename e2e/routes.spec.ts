import { expect, test } from './fixtures';
import { appRoutes, signedOutLanding } from './routes';

// Every page of the storefront, driven by the contract's route list: a new route is tested as
// soon as it is added there.
test.describe('every route renders', () => {
  for (const route of appRoutes) {
    const landing = signedOutLanding(route);
    test(`${route.name} (${route.path})`, async ({ page }) => {
      const response = await page.goto(landing.path);
      expect(response, 'the document answered').not.toBeNull();
      expect(response!.status(), `HTTP status of ${landing.path}`).toBeLessThan(400);

      await expect(page).toHaveURL((url) => url.pathname === landing.path);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('h1')).toBeVisible();
      await expect(page).toHaveTitle(landing.title);
    });
  }
});
