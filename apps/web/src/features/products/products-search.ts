/**
 * The query of /products: `?search=` from the search boxes, `?category=` from the category grid and
 * `?page=` (SPEC.md section 2). Bad values are dropped rather than shown as an error. A plain
 * function rather than a zod schema, so that zod stays out of the first page's JavaScript.
 */
export type ProductsSearch = {
  search?: string;
  category?: string;
  page?: number;
};

function text(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const trimmed = String(value).trim();
  return trimmed === '' ? undefined : trimmed;
}

function pageNumber(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : Number(text(value));
  return Number.isSafeInteger(number) && number >= 1 ? number : undefined;
}

export function validateProductsSearch(input: Record<string, unknown>): ProductsSearch {
  const search: ProductsSearch = {};
  const query = text(input.search);
  const category = text(input.category);
  const page = pageNumber(input.page);
  if (query !== undefined) search.search = query;
  if (category !== undefined) search.category = category;
  if (page !== undefined) search.page = page;
  return search;
}
