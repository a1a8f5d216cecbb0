import { formatUGX } from './money';

/**
 * The catalog's enums and constants, without zod: the storefront's home page imports them
 * without pulling the schemas (and zod) into its first script. `catalog.ts` builds its schemas
 * from these and re-exports them.
 */

/** What a product is. Wine covers still, sparkling and fortified wines. */
export const PRODUCT_TYPES = ['wine', 'spirit', 'liqueur', 'beer', 'cider', 'other'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/**
 * Sort orders of the product list. A leading `-` means descending. `relevance` is the default
 * when searching and means `newest` otherwise.
 */
export const PRODUCT_ORDERINGS = [
  'relevance',
  'newest',
  'price',
  '-price',
  'rating',
  '-rating',
  'name',
  '-name',
] as const;
export type ProductOrdering = (typeof PRODUCT_ORDERINGS)[number];

/** The list's order when the query names none: relevance when searching, else newest first. */
export const DEFAULT_PRODUCT_ORDERING = 'newest' as const satisfies ProductOrdering;
export const DEFAULT_SEARCH_ORDERING = 'relevance' as const satisfies ProductOrdering;

/** A product created in the last 30 days is a new arrival. */
export const NEW_ARRIVAL_DAYS = 30;

/** A product page shows up to this many related products (same category, nearest in price). */
export const RELATED_PRODUCTS_LIMIT = 8;

/** A search counts its matches up to this many; past it the count means "at least" (`count_capped`). */
export const SEARCH_COUNT_CAP = 1_000;

/** Search text is trimmed; an empty search is ignored; longer than this is refused. */
export const SEARCH_MAX_LENGTH = 100;

/** Catalog GET responses may be cached by browsers and CDNs for a minute, then revalidated. */
export const CATALOG_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/** Media lives on the API host under this path. */
export const MEDIA_BASE_PATH = '/media' as const;

/** Product slugs that would collide with the list's own sub-paths. */
export const RESERVED_PRODUCT_SLUGS = ['featured', 'new', 'on_sale', 'facets', 'stats'] as const;

/** The price bands of the filter panel. `min` and `max` are inclusive; `max: null` is open. */
export const PRICE_BANDS = [
  { key: 'under-100k', min: 0, max: 99_999 },
  { key: '100k-250k', min: 100_000, max: 249_999 },
  { key: '250k-500k', min: 250_000, max: 499_999 },
  { key: '500k-1m', min: 500_000, max: 999_999 },
  { key: '1m-plus', min: 1_000_000, max: null },
] as const satisfies ReadonlyArray<{ key: string; min: number; max: number | null }>;
export type PriceBandKey = (typeof PRICE_BANDS)[number]['key'];

export function priceBandLabel(band: { min: number; max: number | null }): string {
  if (band.min === 0 && band.max !== null) return `Under ${formatUGX(band.max + 1)}`;
  if (band.max === null) return `${formatUGX(band.min)} and above`;
  return `${formatUGX(band.min)} to ${formatUGX(band.max + 1)}`;
}

/**
 * The discount in whole percent, derived from the price and the original (compare-at) price:
 * `round((original - price) / original × 100)` when the original price is higher, else null.
 * It is never stored.
 */
export function salePercentage(price: number, originalPrice: number | null | undefined): number | null {
  if (originalPrice == null || !(originalPrice > price) || originalPrice <= 0) return null;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}
