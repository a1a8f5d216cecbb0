import type { ProductDetail } from '@shop/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CATALOG_KEY, CATALOG_STALE_TIME_MS } from './catalog-query';

/** `GET /products/products/{id}/` by id or slug: the product with its sizes, images and related products. */
export function productQueryOptions(idOrSlug: string) {
  return queryOptions({
    queryKey: [CATALOG_KEY, 'product', idOrSlug] as const,
    queryFn: ({ signal }) =>
      // The page shows every failure itself (a 404 as its "not found" page), so no toast beside it.
      api.get<ProductDetail>(`/products/products/${encodeURIComponent(idOrSlug)}/`, { signal, toast: false }),
    staleTime: CATALOG_STALE_TIME_MS,
  });
}

export function useProduct(idOrSlug: string) {
  return useQuery(productQueryOptions(idOrSlug));
}
