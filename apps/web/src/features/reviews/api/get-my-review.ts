import type { MyReviewResponse } from '@shop/contract/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';

/** The customer's own reviews sit under `['account']`, which is dropped on sign-out. */
export const myReviewKey = (productId: number) => ['account', 'reviews', productId] as const;

/** `GET /orders/reviews/mine/?product=`: the signed-in customer's review of the product, or null. */
export function myReviewQuery(productId: number) {
  return queryOptions({
    queryKey: myReviewKey(productId),
    queryFn: ({ signal }) =>
      api.get<MyReviewResponse>('/orders/reviews/mine/', {
        query: { product: productId },
        signal,
        toast: false,
      }),
  });
}

export function useMyReview(productId: number) {
  const { status } = useSession();
  return useQuery({ ...myReviewQuery(productId), enabled: status === 'customer' });
}
