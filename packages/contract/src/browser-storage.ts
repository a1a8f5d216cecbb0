import { CSRF_COOKIE_NAME } from './csrf';

/**
 * Everything the shop keeps in a visitor's browser (issue 40): the cookie policy is this table,
 * and the erasure journey fails on any cookie or storage key a browser holds that is not in it.
 * All are strictly necessary (signing in, protecting forms, the legal age check, the page the
 * visitor was on, a rider's unsent actions), so none asks for consent; a non-necessary one would
 * need a consent in the ledger (decision 0021) before it is set.
 */
export type BrowserStorageItem = {
  /** The cookie's or key's name (the session cookie is `__Secure-` prefixed over HTTPS). */
  name: string;
  where: 'cookie' | 'localStorage' | 'sessionStorage';
  what: string;
  lasts: string;
};

export const SESSION_COOKIE_NAME = 'kc.session_token';
export const AGE_CONFIRMATION_STORAGE_KEY = 'kampala-cellars.age-confirmed';
export const RIDER_QUEUE_STORAGE_KEY = 'kc.rider.queue.v1';
/** TanStack Router's scroll restoration (its own key). */
export const SCROLL_RESTORATION_STORAGE_KEY = 'tsr-scroll-restoration-v1_3';

export const BROWSER_STORAGE: readonly BrowserStorageItem[] = [
  {
    name: SESSION_COOKIE_NAME,
    where: 'cookie',
    what: 'Keeps you signed in, or keeps your visit and cart together while you browse without an account',
    lasts: '24 hours',
  },
  {
    name: CSRF_COOKIE_NAME,
    where: 'cookie',
    what: 'Proves that a form was sent from our own pages, so no other website can act in your name (a random value, nothing about you)',
    lasts: '400 days',
  },
  {
    name: AGE_CONFIRMATION_STORAGE_KEY,
    where: 'localStorage',
    what: 'Remembers that you confirmed you are of legal drinking age, so we do not ask on every page',
    lasts: 'Until you clear your browser’s site data',
  },
  {
    name: SCROLL_RESTORATION_STORAGE_KEY,
    where: 'sessionStorage',
    what: 'Where you were on each page, so that Back returns you there',
    lasts: 'Until you close the tab',
  },
  {
    name: RIDER_QUEUE_STORAGE_KEY,
    where: 'localStorage',
    what: 'Our riders only: deliveries recorded without a signal, until they are sent',
    lasts: 'Until sent',
  },
];
