import {
  type AdminProductList,
  type AdminProductListQuery,
  adminProductListSchema,
} from '@shop/contract/catalog-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Everything the back office's product screens cache, apart from the storefront's catalog. */
export const ADMIN_PRODUCTS_KEY = ['admin-products'] as const;

/** `GET /admin/catalog/products/`: a page of every product (listed, hidden, archived) with its sizes. */
export function adminProductsQuery(query: AdminProductListQuery) {
  return queryOptions<AdminProductList>({
    queryKey: [...ADMIN_PRODUCTS_KEY, 'list', query] as const,
    queryFn: ({ signal }) =>
      api.get('/admin/catalog/products/', {
        query: query as Record<string, string | number | undefined>,
        schema: adminProductListSchema,
        signal,
        toast: false,
      }),
  });
}

export function useAdminProducts(query: AdminProductListQuery, enabled: boolean) {
  return useQuery({ ...adminProductsQuery(query), placeholderData: keepPreviousData, enabled });
}
