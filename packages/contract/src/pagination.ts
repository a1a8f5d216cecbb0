import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';

/** Query of every paged list: page numbers start at 1; page_size is bounded. */
export const pageQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be 1 or more' })
    .max(1_000_000, { error: 'is too large' })
    .default(1)
    .describe('Page number, starting at 1. A page past the end answers an empty results list.'),
  page_size: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be 1 or more' })
    .max(MAX_PAGE_SIZE, { error: `must be at most ${MAX_PAGE_SIZE}` })
    .default(DEFAULT_PAGE_SIZE)
    .describe(`Items per page: default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}.`),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** The paged list shape of docs/product.md section 3: `{ results, count, total_pages, next }`. */
export function pagedListSchema<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    count: z.number().int().min(0).describe('Items across all pages'),
    total_pages: z.number().int().min(0),
    next: z.number().int().nullable().describe('The next page number, or null on the last page'),
  });
}
export type PagedList<T> = { results: T[]; count: number; total_pages: number; next: number | null };

/** Builds the paged answer from one page of rows and the total count. */
export function toPagedList<T>(results: T[], count: number, query: PageQuery): PagedList<T> {
  const totalPages = Math.ceil(count / query.page_size);
  return {
    results,
    count,
    total_pages: totalPages,
    next: query.page < totalPages ? query.page + 1 : null,
  };
}

export function pageOffset(query: PageQuery): number {
  return (query.page - 1) * query.page_size;
}
