import type { ProductOrdering, ProductType } from '@shop/contract/catalog';
import {
  PRICE_BANDS,
  PRODUCT_ORDERINGS,
  PRODUCT_TYPES,
  SEARCH_MAX_LENGTH,
} from '@shop/contract/catalog-constants';

/**
 * The query of /products, kept in the URL so that a link or the back button restores the same view:
 * the search, the category (slug or id), every filter, the order and the page. The names and values
 * are those of `GET /products/products/`. Bad values are dropped rather than shown as an error.
 *
 * A plain function rather than the contract's zod schema, so that zod stays out of the first page's
 * JavaScript (the router, which calls it, is part of the home page).
 */
export type ProductsSearch = {
  search?: string;
  category?: string;
  type?: ProductType;
  country?: string;
  region?: string;
  varietal?: string;
  vintage_min?: number;
  vintage_max?: number;
  price_min?: number;
  price_max?: number;
  on_sale?: boolean;
  in_stock?: boolean;
  /** The home page's Featured Selections ("See all"). */
  featured?: true;
  /** The home page's New Arrivals ("See all"). */
  new_arrivals?: true;
  ordering?: ProductOrdering;
  page?: number;
};

/** The filters of the list (everything but the order and the page): the facets take these. */
export type ProductFilters = Omit<ProductsSearch, 'ordering' | 'page'>;

export const VINTAGE_MIN = 1800;
export const VINTAGE_MAX = 2100;
export const PRICE_LIMIT = 1_000_000_000;
const TEXT_MAX_LENGTH = 100;

function text(value: unknown, max = TEXT_MAX_LENGTH): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const trimmed = String(value).trim();
  return trimmed === '' || trimmed.length > max ? undefined : trimmed;
}

function wholeNumber(value: unknown, min: number, max: number): number | undefined {
  let number: number;
  if (typeof value === 'number') number = value;
  else {
    const digits = text(value);
    if (digits === undefined || !/^\d+$/.test(digits)) return undefined;
    number = Number(digits);
  }
  return Number.isSafeInteger(number) && number >= min && number <= max ? number : undefined;
}

function flag(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  const word = text(value)?.toLowerCase();
  if (word === 'true' || word === '1' || word === 'yes') return true;
  if (word === 'false' || word === '0' || word === 'no') return false;
  return undefined;
}

function oneOf<T extends string>(choices: readonly T[], value: unknown): T | undefined {
  const word = text(value);
  return choices.find((choice) => choice === word);
}

/** Keeps a range only when it is the right way round: a minimum above the maximum drops both. */
function range(min: number | undefined, max: number | undefined): [number | undefined, number | undefined] {
  return min !== undefined && max !== undefined && min > max ? [undefined, undefined] : [min, max];
}

export function validateProductsSearch(input: Record<string, unknown>): ProductsSearch {
  const [vintageMin, vintageMax] = range(
    wholeNumber(input.vintage_min, VINTAGE_MIN, VINTAGE_MAX),
    wholeNumber(input.vintage_max, VINTAGE_MIN, VINTAGE_MAX),
  );
  const [priceMin, priceMax] = range(
    wholeNumber(input.price_min, 0, PRICE_LIMIT),
    wholeNumber(input.price_max, 0, PRICE_LIMIT),
  );
  const candidate: ProductsSearch = {
    search: text(input.search, SEARCH_MAX_LENGTH),
    category: text(input.category),
    type: oneOf(PRODUCT_TYPES, input.type),
    country: text(input.country),
    region: text(input.region),
    varietal: text(input.varietal),
    vintage_min: vintageMin,
    vintage_max: vintageMax,
    price_min: priceMin,
    price_max: priceMax,
    on_sale: flag(input.on_sale),
    in_stock: flag(input.in_stock),
    featured: flag(input.featured) === true ? true : undefined,
    new_arrivals: flag(input.new_arrivals) === true ? true : undefined,
    ordering: oneOf(PRODUCT_ORDERINGS, input.ordering),
    page: wholeNumber(input.page, 1, 1_000_000),
  };
  // Only the keys that have a value, so that links and the URL stay short and equal views compare equal.
  const search: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(candidate)) {
    if (value !== undefined) search[key] = value;
  }
  return search as ProductsSearch;
}

/** The filters of a view, without its order and page. */
export function filtersOf(search: ProductsSearch): ProductFilters {
  const { ordering: _ordering, page: _page, ...filters } = search;
  return filters;
}

/** True when the view narrows the catalog in any way (search or filter). */
export function hasFilters(search: ProductsSearch): boolean {
  return Object.keys(filtersOf(search)).length > 0;
}

type Band = { min: number; max: number | null };

/** True when the view's price range is exactly this band (a band from 0 also matches no minimum). */
export function isPriceBand(search: ProductsSearch, band: Band): boolean {
  const min = search.price_min ?? 0;
  return min === band.min && (search.price_max ?? null) === band.max;
}

/** The price band of the filter panel that the view's price range is exactly, if any. */
export function selectedPriceBand(search: ProductsSearch) {
  return PRICE_BANDS.find((band) => isPriceBand(search, band));
}

type SearchChanges = { [K in keyof ProductsSearch]?: ProductsSearch[K] | undefined };

/**
 * The view after a change: the changed keys replace the current ones (undefined removes one), and
 * any change of search, filter or order goes back to the first page.
 */
export function changeSearch(current: ProductsSearch, changes: SearchChanges): ProductsSearch {
  const next: Record<string, unknown> = { ...current, ...changes };
  if (!('page' in changes)) delete next.page;
  for (const key of Object.keys(next)) {
    if (next[key] === undefined) delete next[key];
  }
  return next as ProductsSearch;
}
