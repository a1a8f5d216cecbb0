import type { ProductListResponse } from '@shop/contract/catalog';
import { DEFAULT_PAGE_SIZE } from '@shop/contract/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ProductsSearch } from '../lib/products-search';
import { CATALOG_KEY, CATALOG_STALE_TIME_MS } from './catalog-query';

/** Products per page of the list: the API's default. */
export const PRODUCTS_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** `GET /products/products/` for a view of /products: its search, filters, order and page. */
export function productsQueryOptions(search: ProductsSearch) {
  const query = { ...search, page: search.page ?? 1, page_size: PRODUCTS_PAGE_SIZE };
  return queryOptions({
    queryKey: [CATALOG_KEY, 'products', query] as const,
    queryFn: ({ signal }) => api.get<ProductListResponse>('/products/products/', { query, signal }),
    staleTime: CATALOG_STALE_TIME_MS,
  });
}

/** The list of a view. While another view loads, the previous results stay on screen. */
export function useProducts(search: ProductsSearch) {
  return useQuery({ ...productsQueryOptions(search), placeholderData: keepPreviousData });
}
