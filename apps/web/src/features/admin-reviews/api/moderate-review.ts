import { type Review, reviewSchema } from '@shop/contract/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MODERATION_KEY } from './moderation-queue';

export type Moderation = { id: number; hide: boolean; reason: string };

/** `POST /orders/reviews/{id}/hide/` or `/unhide/` (staff) with the reason; audited by the API. */
export function moderateReview({ id, hide, reason }: Moderation): Promise<Review> {
  return api.post(`/orders/reviews/${id}/${hide ? 'hide' : 'unhide'}/`, reason ? { reason } : {}, {
    schema: reviewSchema,
    toast: false,
  });
}

/** Hides or shows a review again, then reads the queue again. */
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MODERATION_KEY }),
  });
}
