import {
  type AdminProduct,
  adminProductSchema,
  type ProductCreateRequest,
} from '@shop/contract/catalog-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminProductKey } from './get-admin-product';
import { ADMIN_PRODUCTS_KEY } from './get-admin-products';

export const createAdminProductKey = [...ADMIN_PRODUCTS_KEY, 'create'] as const;

/** `POST /admin/catalog/products/`. */
export function createAdminProduct(body: ProductCreateRequest): Promise<AdminProduct> {
  return api.post('/admin/catalog/products/', body, { schema: adminProductSchema, toast: false });
}

export function useCreateAdminProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createAdminProductKey,
    mutationFn: createAdminProduct,
    onSuccess: (product) => {
      queryClient.setQueryData(adminProductKey(product.id), product);
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_PRODUCTS_KEY, 'list'] });
    },
  });
}
