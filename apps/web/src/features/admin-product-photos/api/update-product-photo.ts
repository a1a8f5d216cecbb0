import { type AdminProductImage, adminProductImageSchema } from '@shop/contract/product-images';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productPhotosKey } from './product-photos';

/** `PATCH /admin/catalog/images/{id}/` (staff): the alt text. */
export function updateProductPhoto(imageId: number, alt: string): Promise<AdminProductImage> {
  return api.patch(
    `/admin/catalog/images/${imageId}/`,
    { alt },
    { schema: adminProductImageSchema, toast: false },
  );
}

export function useUpdateProductPhoto(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ imageId, alt }: { imageId: number; alt: string }) => updateProductPhoto(imageId, alt),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productPhotosKey(productId) }),
  });
}
