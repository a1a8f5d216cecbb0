import { type EventListResponse, eventListResponseSchema } from '@shop/contract/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { EVENTS_STALE_TIME_MS, type EventsListParams, eventKeys } from './event-keys';

/** Events on one page of /events. */
export const EVENTS_PAGE_SIZE = 12;

/** `GET /events/events/`: upcoming (soonest first) or past (latest first) events, one page. */
export function eventsQueryOptions(params: EventsListParams) {
  return queryOptions({
    queryKey: eventKeys.list(params),
    queryFn: ({ signal }): Promise<EventListResponse> =>
      api.get('/events/events/', {
        signal,
        query: { when: params.when, page: params.page, page_size: EVENTS_PAGE_SIZE },
        schema: eventListResponseSchema,
      }),
    staleTime: EVENTS_STALE_TIME_MS,
  });
}

export function useEvents(params: EventsListParams) {
  return useQuery(eventsQueryOptions(params));
}
