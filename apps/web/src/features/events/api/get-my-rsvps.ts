import { type Rsvp, type RsvpListResponse, rsvpListResponseSchema } from '@shop/contract/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventKeys, type MyRsvpsParams } from './event-keys';

export const MY_RSVPS_PAGE_SIZE = 10;

/** `GET /events/rsvps/`: the signed-in customer's own RSVPs, newest first. */
export function myRsvpsQueryOptions(params: MyRsvpsParams) {
  return queryOptions({
    queryKey: eventKeys.myRsvps(params),
    queryFn: ({ signal }): Promise<RsvpListResponse> =>
      api.get('/events/rsvps/', {
        signal,
        query: { when: params.when, page: params.page, page_size: MY_RSVPS_PAGE_SIZE },
        schema: rsvpListResponseSchema,
        // Shown in place (with Try again), not as a toast over the account page.
        toast: false,
      }),
  });
}

export function useMyRsvps(params: MyRsvpsParams) {
  return useQuery(myRsvpsQueryOptions(params));
}

/** The customer's RSVP for one event (any status), or null: what the event page shows. */
export function myRsvpForEventQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: eventKeys.myRsvpForEvent(eventId),
    queryFn: async ({ signal }): Promise<Rsvp | null> => {
      const page = await api.get('/events/rsvps/', {
        signal,
        query: { event: eventId },
        schema: rsvpListResponseSchema,
        toast: false,
      });
      return page.results[0] ?? null;
    },
  });
}

export function useMyRsvpForEvent(eventId: number, enabled: boolean) {
  return useQuery({ ...myRsvpForEventQueryOptions(eventId), enabled });
}
