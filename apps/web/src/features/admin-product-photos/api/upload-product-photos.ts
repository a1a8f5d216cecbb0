import {
  type AdminProductImagesResponse,
  adminProductImagesResponseSchema,
} from '@shop/contract/product-images';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client';
import { productPhotosKey } from './product-photos';

/** `POST /admin/catalog/products/{id}/images/` (staff): one file per request, so each has its progress and outcome. */
export function uploadProductPhoto(
  productId: number,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<AdminProductImagesResponse> {
  const form = new FormData();
  form.append('files', file, file.name);
  return apiUpload(`/admin/catalog/products/${productId}/images/`, form, {
    schema: adminProductImagesResponseSchema,
    onProgress: (sent, total) => onProgress?.(total > 0 ? sent / total : 0),
  });
}

export function useUploadProductPhoto(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) =>
      uploadProductPhoto(productId, file, onProgress),
    onSuccess: (answer) => queryClient.setQueryData(productPhotosKey(productId), answer),
  });
}
