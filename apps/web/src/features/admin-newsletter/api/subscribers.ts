import {
  type SUBSCRIBER_FILTERS,
  type SubscriberList,
  subscriberListSchema,
} from '@shop/contract/newsletter-campaigns';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type SubscriberFilter = (typeof SUBSCRIBER_FILTERS)[number];
export const SUBSCRIBERS_PAGE_SIZE = 25;

/** `GET /admin/newsletter/subscribers/` (staff): newest first, one state or all, part of an address. */
export function subscribersQuery(status: SubscriberFilter, page: number, q: string) {
  return queryOptions<SubscriberList>({
    queryKey: ['admin-newsletter', 'subscribers', status, page, q] as const,
    queryFn: ({ signal }) =>
      api.get('/admin/newsletter/subscribers/', {
        query: { status, page, page_size: SUBSCRIBERS_PAGE_SIZE, ...(q ? { q } : {}) },
        schema: subscriberListSchema,
        signal,
        toast: false,
      }),
  });
}

export function useSubscribers(status: SubscriberFilter, page: number, q: string) {
  return useQuery({ ...subscribersQuery(status, page, q), placeholderData: keepPreviousData });
}
