import type { CategoryListResponse } from '@shop/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CATALOG_KEY, CATALOG_STALE_TIME_MS } from './catalog-query';

/** `GET /products/categories/`: every active category in the shop's order, with its product count. */
export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: [CATALOG_KEY, 'categories'] as const,
    queryFn: ({ signal }) => api.get<CategoryListResponse>('/products/categories/', { signal }),
    staleTime: CATALOG_STALE_TIME_MS,
  });
}

export function useCategories(enabled = true) {
  return useQuery({ ...categoriesQueryOptions(), enabled });
}
