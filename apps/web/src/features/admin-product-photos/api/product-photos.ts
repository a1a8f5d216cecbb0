import {
  type AdminProductImagesResponse,
  adminProductImagesResponseSchema,
} from '@shop/contract/product-images';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const productPhotosKey = (productId: number) => ['admin-product-photos', productId] as const;

/** `GET /admin/catalog/products/{id}/images/` (staff): the product's photos, in order. */
export function productPhotosQuery(productId: number) {
  return queryOptions<AdminProductImagesResponse>({
    queryKey: productPhotosKey(productId),
    queryFn: ({ signal }) =>
      api.get(`/admin/catalog/products/${productId}/images/`, {
        schema: adminProductImagesResponseSchema,
        signal,
        toast: false,
      }),
  });
}

export function useProductPhotos(productId: number) {
  return useQuery(productPhotosQuery(productId));
}
