import { type AdminProduct, adminProductSchema } from '@shop/contract/catalog-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminProductKey } from './get-admin-product';
import { ADMIN_PRODUCTS_KEY } from './get-admin-products';

export const reorderVariantsKey = (productId: number) =>
  [...ADMIN_PRODUCTS_KEY, 'reorder', productId] as const;

/** `PUT /admin/catalog/products/{id}/variants/order/`: every size id in the new order. */
export function reorderVariants(productId: number, ids: number[]): Promise<AdminProduct> {
  return api.put(
    `/admin/catalog/products/${productId}/variants/order/`,
    { ids },
    {
      schema: adminProductSchema,
      toast: false,
    },
  );
}

export function useReorderVariants(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: reorderVariantsKey(productId),
    mutationFn: (ids: number[]) => reorderVariants(productId, ids),
    onSuccess: (product) => {
      queryClient.setQueryData(adminProductKey(productId), product);
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_PRODUCTS_KEY, 'history', productId] });
    },
  });
}
