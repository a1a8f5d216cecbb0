import type { CreateReviewRequest, Review, UpdateReviewRequest } from '@shop/contract/reviews';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { myReviewKey } from './get-my-review';
import { reviewsKey } from './get-review-summary';

/** After any change of a review: the product's summary and lists, and the customer's own, are read again. */
export function refreshReviews(queryClient: QueryClient, productId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: reviewsKey(productId) }),
    queryClient.invalidateQueries({ queryKey: myReviewKey(productId) }),
  ]);
}

export type SaveReviewInput =
  | { kind: 'create'; body: CreateReviewRequest }
  | { kind: 'update'; id: number; productId: number; body: UpdateReviewRequest };

/**
 * `POST /orders/reviews/` or `PATCH /orders/reviews/{id}/`. The form shows the refusals itself
 * (field by field), so there is no toast.
 */
export function useSaveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveReviewInput) =>
      input.kind === 'create'
        ? api.post<Review>('/orders/reviews/', input.body, { toast: false })
        : api.patch<Review>(`/orders/reviews/${input.id}/`, input.body, { toast: false }),
    onSuccess: async (review) => {
      queryClient.setQueryData(myReviewKey(review.product), { review });
      await refreshReviews(queryClient, review.product);
    },
  });
}
