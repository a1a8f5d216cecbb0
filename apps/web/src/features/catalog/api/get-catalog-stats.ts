import type { CatalogStats } from '@shop/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CATALOG_KEY, CATALOG_STALE_TIME_MS } from './catalog-query';

/** `GET /products/products/stats/`: the home page's statistics. */
export function catalogStatsQueryOptions() {
  return queryOptions({
    queryKey: [CATALOG_KEY, 'stats'] as const,
    queryFn: ({ signal }) => api.get<CatalogStats>('/products/products/stats/', { signal }),
    staleTime: CATALOG_STALE_TIME_MS,
  });
}

export function useCatalogStats() {
  return useQuery(catalogStatsQueryOptions());
}
