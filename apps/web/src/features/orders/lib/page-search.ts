/** `?page=2` of a paged customer list (orders, invoices). Plain code, without zod: the router imports it. */
export type PageSearch = { page?: number | undefined };

const MAX_PAGE = 1_000_000;

/**
 * The route's `validateSearch`: a whole page number from 2 up; anything else is the first page,
 * answered as undefined (the key is always answered: the router merges the raw query under it).
 */
export function validatePageSearch(search: Record<string, unknown>): PageSearch {
  const raw = search.page;
  const page = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : Number.NaN;
  return { page: Number.isInteger(page) && page > 1 && page <= MAX_PAGE ? page : undefined };
}
