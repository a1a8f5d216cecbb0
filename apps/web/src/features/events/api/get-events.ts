import type { EventListResponse } from '@shop/contract/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { EVENTS_STALE_TIME_MS, type EventsListParams, eventKeys } from './event-keys';

/** Events on one page of /events. */
export const EVENTS_PAGE_SIZE = 12;

/** `GET /events/events/`: upcoming (soonest first) or past (latest first) events, one page. */
export function eventsQueryOptions(params: EventsListParams) {
  return queryOptions({
    queryKey: eventKeys.list(params),
    // The schema (and zod) is loaded with the request, not with the page: the server-rendered
    // page arrives with its answer, and its first screen then needs no schema at all.
    queryFn: async ({ signal }): Promise<EventListResponse> => {
      const { eventListResponseSchema } = await import('@shop/contract/events');
      return api.get('/events/events/', {
        signal,
        query: { when: params.when, page: params.page, page_size: EVENTS_PAGE_SIZE },
        schema: eventListResponseSchema,
      });
    },
    staleTime: EVENTS_STALE_TIME_MS,
  });
}

export function useEvents(params: EventsListParams) {
  return useQuery(eventsQueryOptions(params));
}
