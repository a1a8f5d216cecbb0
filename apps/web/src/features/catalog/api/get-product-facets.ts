import type { ProductFacets } from '@shop/contract/catalog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { filtersOf, type ProductsSearch } from '../lib/products-search';
import { CATALOG_KEY, CATALOG_STALE_TIME_MS } from './catalog-query';

/**
 * `GET /products/products/facets/`: how many products each filter choice gives with the view's
 * other filters, so that the panel offers only choices that lead somewhere. Order and page do not
 * change the counts, so they are not part of the key.
 */
export function productFacetsQueryOptions(search: ProductsSearch) {
  const query = filtersOf(search);
  return queryOptions({
    queryKey: [CATALOG_KEY, 'facets', query] as const,
    queryFn: ({ signal }) => api.get<ProductFacets>('/products/products/facets/', { query, signal }),
    staleTime: CATALOG_STALE_TIME_MS,
  });
}

export function useProductFacets(search: ProductsSearch) {
  return useQuery({ ...productFacetsQueryOptions(search), placeholderData: keepPreviousData });
}
