import type { ReportReviewRequest, ReportReviewResponse } from '@shop/contract/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reviewsKey } from './get-review-summary';

/** `POST /orders/reviews/{id}/report/`: once per customer; the lists are read again (reported_by_me). */
export function useReportReview(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ReportReviewRequest & { id: number }) =>
      api.post<ReportReviewResponse>(`/orders/reviews/${id}/report/`, body, { toast: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...reviewsKey(productId), 'list'] }),
  });
}
