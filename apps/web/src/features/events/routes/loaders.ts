import type { QueryClient } from '@tanstack/react-query';
import { eventQueryOptions } from '../api/get-event';
import { eventsQueryOptions } from '../api/get-events';
import type { EventsSearch } from '../lib/events-search';

/*
 * The route loaders start the page's request as soon as the route is chosen (or a link to it is
 * hovered), without waiting for it: the page paints its placeholders at once on the client. The
 * server, rendering the page, waits for them (apps/web/src/entry-server.tsx).
 */

export function warmEvents(queryClient: QueryClient, search: EventsSearch): void {
  void queryClient.prefetchQuery(
    eventsQueryOptions({ when: search.when ?? 'upcoming', page: search.page ?? 1 }),
  );
}

export function warmEvent(queryClient: QueryClient, idOrSlug: string): void {
  void queryClient.prefetchQuery(eventQueryOptions(idOrSlug));
}
