import { errorEnvelopeSchema } from '@shop/contract/errors';
import { expect, test } from './fixtures';
import { pageTitle } from './routes';

test.describe('not found', () => {
  test('an unknown page answers 404 with the designed page', async ({ page, consoleGuard }) => {
    // Chromium reports the 404 of the document itself on the console.
    consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle(pageTitle('page_not_found'));
  });

  test('an unknown API path answers the JSON 404 envelope', async ({ request }) => {
    const response = await request.get('/api/v1/no-such-thing');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    const body = errorEnvelopeSchema.parse(await response.json());
    expect(body.error.code).toBe('not_found');
    expect(body.error.message.length).toBeGreaterThan(0);
  });
});
