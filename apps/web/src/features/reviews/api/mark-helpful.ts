import type { ReviewHelpfulResponse } from '@shop/contract/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reviewsKey } from './get-review-summary';

/** `POST` (mark) or `DELETE` (take back) `/orders/reviews/{id}/helpful/`; the lists are read again. */
export function useMarkHelpful(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, helpful }: { id: number; helpful: boolean }) =>
      helpful
        ? api.post<ReviewHelpfulResponse>(`/orders/reviews/${id}/helpful/`)
        : api.delete<ReviewHelpfulResponse>(`/orders/reviews/${id}/helpful/`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...reviewsKey(productId), 'list'] }),
  });
}
