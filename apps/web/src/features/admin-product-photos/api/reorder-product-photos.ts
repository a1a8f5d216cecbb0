import {
  type AdminProductImagesResponse,
  adminProductImagesResponseSchema,
} from '@shop/contract/product-images';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productPhotosKey } from './product-photos';

/** `PUT /admin/catalog/products/{id}/images/order/` (staff): every photo, in the new order. */
export function reorderProductPhotos(productId: number, ids: number[]): Promise<AdminProductImagesResponse> {
  return api.put(
    `/admin/catalog/products/${productId}/images/order/`,
    { ids },
    { schema: adminProductImagesResponseSchema, toast: false },
  );
}

export function useReorderProductPhotos(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => reorderProductPhotos(productId, ids),
    onSuccess: (answer) => queryClient.setQueryData(productPhotosKey(productId), answer),
    // A refused order (someone else added a photo meanwhile): show the server's.
    onError: () => queryClient.invalidateQueries({ queryKey: productPhotosKey(productId) }),
  });
}
