/**
 * The staff product list's choices, without zod: the web router imports them to read the URL.
 */

export const ADMIN_PRODUCT_STATUSES = ['listed', 'hidden', 'archived'] as const;
export type AdminProductStatus = (typeof ADMIN_PRODUCT_STATUSES)[number];
export const ADMIN_PRODUCT_STATUS_LABELS: Record<AdminProductStatus, string> = {
  listed: 'Listed',
  hidden: 'Hidden',
  archived: 'Archived',
};

export const ADMIN_STOCK_STATES = ['in_stock', 'low', 'out'] as const;
export type AdminStockState = (typeof ADMIN_STOCK_STATES)[number];
export const ADMIN_STOCK_STATE_LABELS: Record<AdminStockState, string> = {
  in_stock: 'In stock',
  low: 'Low stock',
  out: 'Out of stock',
};

/** The longest text the staff product list searches for. */
export const ADMIN_PRODUCT_SEARCH_MAX_LENGTH = 200;

export const ADMIN_PRODUCT_SORTS = [
  'name',
  '-name',
  'newest',
  'updated',
  'price',
  '-price',
  'stock',
  '-stock',
] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];
/** The staff list's order when no sort is chosen and nothing is searched (a search ranks by match). */
export const ADMIN_PRODUCT_DEFAULT_SORT: AdminProductSort = 'updated';
export const ADMIN_PRODUCT_SORT_LABELS: Record<AdminProductSort, string> = {
  name: 'Name A–Z',
  '-name': 'Name Z–A',
  newest: 'Newest first',
  updated: 'Recently edited',
  price: 'Price, low to high',
  '-price': 'Price, high to low',
  stock: 'Stock, lowest first',
  '-stock': 'Stock, highest first',
};
