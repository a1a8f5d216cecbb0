/**
 * The visitor's answer to "Are you 21 or older?", remembered on this browser. Tests confirm it in
 * advance by writing `AGE_CONFIRMED_VALUE` under `AGE_CONFIRMATION_STORAGE_KEY` in localStorage
 * (component tests: `localStorage.setItem(…)`; Playwright: an init script, see
 * e2e/support/identity/age-gate.ts).
 */
import { AGE_CONFIRMATION_STORAGE_KEY } from '@shop/contract/browser-storage';

export { AGE_CONFIRMATION_STORAGE_KEY };
export const AGE_CONFIRMED_VALUE = 'yes';

export function isAgeConfirmed(): boolean {
  try {
    return globalThis.localStorage?.getItem(AGE_CONFIRMATION_STORAGE_KEY) === AGE_CONFIRMED_VALUE;
  } catch {
    // Storage switched off: ask on every visit.
    return false;
  }
}

export function rememberAgeConfirmed(): void {
  try {
    globalThis.localStorage?.setItem(AGE_CONFIRMATION_STORAGE_KEY, AGE_CONFIRMED_VALUE);
  } catch {
    // Storage switched off or full: the answer lasts for this page only.
  }
}
