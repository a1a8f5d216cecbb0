import type { BrowserContext } from '@playwright/test';

/**
 * The age question of the first visit ("Are you 21 or older?") is answered by a value in
 * localStorage. The same key and value as apps/web/src/features/identity/age-gate/age-confirmation.ts
 * (e2e/identity.spec.ts checks that pre-setting them skips the question).
 */
import { AGE_CONFIRMATION_STORAGE_KEY } from '@shop/contract/browser-storage';

export { AGE_CONFIRMATION_STORAGE_KEY };
export const AGE_CONFIRMED_VALUE = 'yes';

/** Answers "yes" in advance for every page of the context, as a returning adult's browser would. */
export async function confirmAgeInAdvance(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ([key, value]) => {
      // The shop's pages only: a new tab's about:blank has no storage to write to.
      if (window.location.protocol.startsWith('http')) window.localStorage.setItem(key, value);
    },
    [AGE_CONFIRMATION_STORAGE_KEY, AGE_CONFIRMED_VALUE] as const,
  );
}
