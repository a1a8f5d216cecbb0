/**
 * What every catalog query shares. Catalog answers may be cached for a minute (the API's
 * Cache-Control), so a list, a page of a home section or a product seen in the last minute is shown
 * again from the cache without asking the server; after that it is shown at once and refreshed
 * in the background.
 */
export const CATALOG_STALE_TIME_MS = 60_000;

/** The first part of every catalog query key. */
export const CATALOG_KEY = 'catalog' as const;
