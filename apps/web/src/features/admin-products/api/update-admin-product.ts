import {
  type AdminProduct,
  adminProductSchema,
  type ProductUpdateRequest,
} from '@shop/contract/catalog-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminProductKey } from './get-admin-product';
import { ADMIN_PRODUCTS_KEY } from './get-admin-products';

export const updateAdminProductKey = (id: number) => [...ADMIN_PRODUCTS_KEY, 'update', id] as const;

/** `PATCH /admin/catalog/products/{id}/` with the version the form was loaded at (409 when stale). */
export function updateAdminProduct(id: number, body: ProductUpdateRequest): Promise<AdminProduct> {
  return api.patch(`/admin/catalog/products/${id}/`, body, { schema: adminProductSchema, toast: false });
}

export function useUpdateAdminProduct(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateAdminProductKey(id),
    mutationFn: (body: ProductUpdateRequest) => updateAdminProduct(id, body),
    onSuccess: (product) => {
      queryClient.setQueryData(adminProductKey(id), product);
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_PRODUCTS_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_PRODUCTS_KEY, 'history', id] });
    },
  });
}
