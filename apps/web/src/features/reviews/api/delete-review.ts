import { TOAST_DURATION_MS } from '@shop/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { myReviewKey } from './get-my-review';
import { refreshReviews } from './save-review';

export const REVIEW_DELETED_MESSAGE = 'Your review has been deleted.';

/** `DELETE /orders/reviews/{id}/` (the author's own). */
export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number; productId: number }) => api.delete(`/orders/reviews/${id}/`),
    onSuccess: async (_answer, { productId }) => {
      queryClient.setQueryData(myReviewKey(productId), { review: null });
      toast.success(REVIEW_DELETED_MESSAGE, { duration: TOAST_DURATION_MS });
      await refreshReviews(queryClient, productId);
    },
  });
}
