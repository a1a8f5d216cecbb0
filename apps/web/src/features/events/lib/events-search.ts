/**
 * The query of /events, in the URL so that Back and a shared link restore the same tab and page:
 * `?when=past` for past events (upcoming is the default), `?page=2`. Bad values are dropped. A
 * plain function, not zod: the router that calls it is part of the first page's JavaScript.
 */
export type EventsSearch = { when?: 'past'; page?: number };

export function validateEventsSearch(search: Record<string, unknown>): EventsSearch {
  const result: EventsSearch = {};
  if (search.when === 'past') result.when = 'past';
  const page = typeof search.page === 'number' ? search.page : Number(search.page);
  if (Number.isSafeInteger(page) && page > 1 && page <= 100_000) result.page = page;
  return result;
}
