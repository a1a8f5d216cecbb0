import type { ReviewSummary } from '@shop/contract/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every query of a product's reviews starts with `['reviews', productId]`; a change refreshes them all. */
export const reviewsKey = (productId: number) => ['reviews', productId] as const;

/** `GET /orders/reviews/summary/?product=`: the average, the count and the stars, always current. */
export function reviewSummaryQuery(productId: number) {
  return queryOptions({
    queryKey: [...reviewsKey(productId), 'summary'] as const,
    queryFn: ({ signal }) =>
      api.get<ReviewSummary>('/orders/reviews/summary/', {
        query: { product: productId },
        signal,
        toast: false,
      }),
  });
}

export function useReviewSummary(productId: number) {
  return useQuery(reviewSummaryQuery(productId));
}
