import {
  type AdminProduct,
  adminProductSchema,
  type VariantCreateRequest,
} from '@shop/contract/catalog-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminProductKey } from './get-admin-product';
import { ADMIN_PRODUCTS_KEY } from './get-admin-products';

export const createVariantKey = (productId: number) =>
  [...ADMIN_PRODUCTS_KEY, 'add-size', productId] as const;

/** `POST /admin/catalog/products/{id}/variants/`: a new size, at 0 stock; answers the product. */
export function createVariant(productId: number, body: VariantCreateRequest): Promise<AdminProduct> {
  return api.post(`/admin/catalog/products/${productId}/variants/`, body, {
    schema: adminProductSchema,
    toast: false,
  });
}

export function useCreateVariant(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createVariantKey(productId),
    mutationFn: (body: VariantCreateRequest) => createVariant(productId, body),
    onSuccess: (product) => {
      queryClient.setQueryData(adminProductKey(productId), product);
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_PRODUCTS_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_PRODUCTS_KEY, 'history', productId] });
    },
  });
}
