import {
  ADMIN_PRODUCT_SORTS,
  ADMIN_PRODUCT_STATUSES,
  ADMIN_STOCK_STATES,
  type AdminProductSort,
  type AdminProductStatus,
  type AdminStockState,
} from '@shop/contract/catalog-admin-constants';

/**
 * The staff product list's URL (`/admin/products?q=glen&status=hidden&page=2`): search, filters,
 * sort and page. Plain code, without zod: the router imports it. A value that is not a choice is
 * left out (the first page, no filter).
 */
export type AdminProductsSearch = {
  q?: string | undefined;
  category?: number | undefined;
  status?: AdminProductStatus | undefined;
  stock?: AdminStockState | undefined;
  on_sale?: 'true' | undefined;
  featured?: 'true' | undefined;
  sort?: AdminProductSort | undefined;
  page?: number | undefined;
};

const text = (value: unknown) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

function choice<T extends string>(value: unknown, choices: readonly T[]): T | undefined {
  const given = text(value);
  return (choices as readonly string[]).includes(given) ? (given as T) : undefined;
}

function wholeNumber(value: unknown, min: number): number | undefined {
  const number = Number(text(value));
  return Number.isInteger(number) && number >= min && number <= 1_000_000 ? number : undefined;
}

export function validateAdminProductsSearch(search: Record<string, unknown>): AdminProductsSearch {
  const q = text(search.q).slice(0, 200);
  return {
    q: q || undefined,
    category: wholeNumber(search.category, 1),
    status: choice(search.status, ADMIN_PRODUCT_STATUSES),
    stock: choice(search.stock, ADMIN_STOCK_STATES),
    on_sale: text(search.on_sale) === 'true' ? 'true' : undefined,
    featured: text(search.featured) === 'true' ? 'true' : undefined,
    sort: choice(search.sort, ADMIN_PRODUCT_SORTS),
    page: wholeNumber(search.page, 2),
  };
}
