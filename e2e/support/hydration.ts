import type { BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * A server-rendered page shows its buttons before the app has taken it over (decision 0013); a
 * click on a plain button in that window does nothing. Journeys that click one straight after a
 * page load wait for the app's `shop:hydrated` event, which this notes on the window.
 */
export async function noteHydration(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    document.addEventListener('shop:hydrated', () => {
      (window as { shopHydrated?: boolean }).shopHydrated = true;
    });
  });
}

/** Waits until the app has taken the page over (see noteHydration). */
export async function waitForApp(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (window as { shopHydrated?: boolean }).shopHydrated === true))
    .toBe(true);
}
