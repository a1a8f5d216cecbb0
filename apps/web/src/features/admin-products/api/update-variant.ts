import {
  type AdminProduct,
  adminProductSchema,
  type VariantUpdateRequest,
} from '@shop/contract/catalog-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminProductKey } from './get-admin-product';
import { ADMIN_PRODUCTS_KEY } from './get-admin-products';

export const updateVariantKey = [...ADMIN_PRODUCTS_KEY, 'update-size'] as const;

/** `PATCH /admin/catalog/variants/{id}/`: edit, make default, retire or bring back; answers the product. */
export function updateVariant(variantId: number, body: VariantUpdateRequest): Promise<AdminProduct> {
  return api.patch(`/admin/catalog/variants/${variantId}/`, body, {
    schema: adminProductSchema,
    toast: false,
  });
}

export function useUpdateVariant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateVariantKey,
    mutationFn: ({ variantId, body }: { variantId: number; body: VariantUpdateRequest }) =>
      updateVariant(variantId, body),
    onSuccess: (product) => {
      queryClient.setQueryData(adminProductKey(product.id), product);
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_PRODUCTS_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_PRODUCTS_KEY, 'history', product.id] });
    },
  });
}
