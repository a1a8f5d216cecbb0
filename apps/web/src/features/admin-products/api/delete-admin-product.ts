import { type ProductRemoval, productRemovalSchema } from '@shop/contract/catalog-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_PRODUCTS_KEY } from './get-admin-products';

export const deleteAdminProductKey = (id: number) => [...ADMIN_PRODUCTS_KEY, 'delete', id] as const;

/** `DELETE /admin/catalog/products/{id}/`: deleted when never ordered, else archived (the answer says). */
export function deleteAdminProduct(id: number): Promise<ProductRemoval> {
  return api.delete(`/admin/catalog/products/${id}/`, { schema: productRemovalSchema, toast: false });
}

export function useDeleteAdminProduct(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deleteAdminProductKey(id),
    mutationFn: () => deleteAdminProduct(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_PRODUCTS_KEY }),
  });
}
