import type {
  DEFAULT_PRODUCT_ORDERING as ContractDefaultOrdering,
  PRODUCT_ORDERINGS as ContractOrderings,
  PRICE_BANDS as ContractPriceBands,
  SEARCH_MAX_LENGTH as ContractSearchMaxLength,
  DEFAULT_SEARCH_ORDERING as ContractSearchOrdering,
  PRODUCT_TYPES as ContractTypes,
} from '@shop/contract/catalog';

/*
 * The catalog contract's constants, restated. Importing them from `@shop/contract/catalog` would
 * bring that module's zod schemas, and zod with them, into the home page's JavaScript (about 26 KB
 * compressed). Each is typed as `typeof` the contract's own constant, so the compiler fails the
 * build if the two ever differ.
 */

export const PRODUCT_TYPES: typeof ContractTypes = ['wine', 'spirit', 'liqueur', 'beer', 'cider', 'other'];

export const PRODUCT_ORDERINGS: typeof ContractOrderings = [
  'relevance',
  'newest',
  'price',
  '-price',
  'rating',
  '-rating',
  'name',
  '-name',
];

export const DEFAULT_PRODUCT_ORDERING: typeof ContractDefaultOrdering = 'newest';
export const DEFAULT_SEARCH_ORDERING: typeof ContractSearchOrdering = 'relevance';

export const SEARCH_MAX_LENGTH: typeof ContractSearchMaxLength = 100;

export const PRICE_BANDS: typeof ContractPriceBands = [
  { key: 'under-100k', min: 0, max: 99_999 },
  { key: '100k-250k', min: 100_000, max: 249_999 },
  { key: '250k-500k', min: 250_000, max: 499_999 },
  { key: '500k-1m', min: 500_000, max: 999_999 },
  { key: '1m-plus', min: 1_000_000, max: null },
];
