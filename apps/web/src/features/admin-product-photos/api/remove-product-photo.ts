import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productPhotosKey } from './product-photos';

/** `DELETE /admin/catalog/images/{id}/` (staff). */
export function removeProductPhoto(imageId: number): Promise<void> {
  return api.delete(`/admin/catalog/images/${imageId}/`, { toast: false });
}

export function useRemoveProductPhoto(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: number) => removeProductPhoto(imageId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productPhotosKey(productId) }),
  });
}
