/**
 * The events feature's query keys. Public events live under `['events']`; the customer's RSVPs
 * under `['account', 'rsvps']`, so that signing out drops them with the rest of the account (and
 * the account overview's RSVP count, `['account', 'rsvps']`, refreshes with them).
 */
export const EVENTS_KEY = ['events'] as const;
export const RSVPS_KEY = ['account', 'rsvps'] as const;
export const STAFF_EVENTS_KEY = ['staff', 'events'] as const;

export type EventsListParams = { when: 'upcoming' | 'past'; page: number };
export type MyRsvpsParams = { when?: 'upcoming' | 'past'; page: number };

export const eventKeys = {
  list: (params: EventsListParams) => [...EVENTS_KEY, 'list', params] as const,
  detail: (idOrSlug: string) => [...EVENTS_KEY, 'detail', idOrSlug] as const,
  myRsvps: (params: MyRsvpsParams) => [...RSVPS_KEY, 'list', params] as const,
  myRsvpForEvent: (eventId: number) => [...RSVPS_KEY, 'event', eventId] as const,
  staffList: (params: { status?: string; page: number }) => [...STAFF_EVENTS_KEY, 'list', params] as const,
  staffEvent: (id: number) => [...STAFF_EVENTS_KEY, 'event', id] as const,
  guests: (id: number, params: { search?: string; page: number }) =>
    [...STAFF_EVENTS_KEY, 'guests', id, params] as const,
};

/** Events change with every RSVP: shown from the cache for a moment, then refreshed. */
export const EVENTS_STALE_TIME_MS = 15_000;
