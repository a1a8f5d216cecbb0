import { type AdminReviewFilter, type AdminReviewList, adminReviewListSchema } from '@shop/contract/reviews';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every query of the moderation queue lives under this key. */
export const MODERATION_KEY = ['admin-reviews'] as const;
export const MODERATION_PAGE_SIZE = 20;

/** `GET /admin/reviews/` (staff): reported and still shown first, then newest; or only reported / hidden. */
export function moderationQueueQuery(filter: AdminReviewFilter, page: number) {
  return queryOptions<AdminReviewList>({
    queryKey: [...MODERATION_KEY, 'list', filter, page] as const,
    queryFn: ({ signal }) =>
      api.get('/admin/reviews/', {
        query: { filter, page, page_size: MODERATION_PAGE_SIZE },
        schema: adminReviewListSchema,
        signal,
        toast: false,
      }),
  });
}

export function useModerationQueue(filter: AdminReviewFilter, page: number) {
  return useQuery({ ...moderationQueueQuery(filter, page), placeholderData: keepPreviousData });
}
