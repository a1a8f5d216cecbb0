import { type AdminProduct, adminProductSchema } from '@shop/contract/catalog-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_PRODUCTS_KEY } from './get-admin-products';

export const adminProductKey = (id: number) => [...ADMIN_PRODUCTS_KEY, 'product', id] as const;

/** `GET /admin/catalog/products/{id}/`: every field staff edit, the version and every size. */
export function adminProductQuery(id: number) {
  return queryOptions<AdminProduct>({
    queryKey: adminProductKey(id),
    queryFn: ({ signal }) =>
      api.get(`/admin/catalog/products/${id}/`, { schema: adminProductSchema, signal, toast: false }),
    // The form compares versions: it must not be refreshed under the editor's hands.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function useAdminProduct(id: number, enabled: boolean) {
  return useQuery({ ...adminProductQuery(id), enabled });
}
