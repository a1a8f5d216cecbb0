import type { ReviewListResponse, ReviewOrdering } from '@shop/contract/reviews';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { reviewsKey } from './get-review-summary';

export const REVIEWS_PAGE_SIZE = 5;

/**
 * `GET /orders/reviews/?product=`: one page. The answer marks the reader's own review and their
 * helpful marks, so the reader is part of the key (a sign-in or sign-out reads it again).
 */
export function reviewsQuery(productId: number, ordering: ReviewOrdering, page: number, reader: string) {
  return queryOptions({
    queryKey: [...reviewsKey(productId), 'list', reader, ordering, page] as const,
    queryFn: ({ signal }) =>
      api.get<ReviewListResponse>('/orders/reviews/', {
        query: { product: productId, ordering, page, page_size: REVIEWS_PAGE_SIZE },
        signal,
        toast: false,
      }),
  });
}

export function useReviews(productId: number, ordering: ReviewOrdering, page: number) {
  const { status, user } = useSession();
  return useQuery({
    ...reviewsQuery(productId, ordering, page, user?.id ?? 'visitor'),
    enabled: status !== 'loading',
    placeholderData: keepPreviousData,
  });
}
