import type { BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * A server-rendered page shows its buttons before the app has taken it over (decision 0013). A tap
 * on a plain button in that window is held and replayed once the app is ready (`shop:ready`,
 * decision 0045), so a journey need not wait to click. Journeys that read what the app renders
 * after its first render wait for its `shop:hydrated` event, which this notes on the window.
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
