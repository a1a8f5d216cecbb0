import type { EventDetail } from '@shop/contract/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { EVENTS_STALE_TIME_MS, eventKeys } from './event-keys';

/** `GET /events/events/{id}/` by id or slug: everything about one event, with its seats left. */
export function eventQueryOptions(idOrSlug: string) {
  return queryOptions({
    queryKey: eventKeys.detail(idOrSlug),
    // The schema is loaded with the request (see get-events.ts).
    queryFn: async ({ signal }): Promise<EventDetail> => {
      const { eventDetailSchema } = await import('@shop/contract/events');
      return api.get(`/events/events/${encodeURIComponent(idOrSlug)}/`, {
        signal,
        schema: eventDetailSchema,
        // A 404 is shown by the page itself ("no such event"), not as a toast.
        toast: false,
      });
    },
    staleTime: EVENTS_STALE_TIME_MS,
  });
}

export function useEvent(idOrSlug: string) {
  return useQuery(eventQueryOptions(idOrSlug));
}
