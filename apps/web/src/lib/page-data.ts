import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';

/**
 * The first screen's data that the server wrote into the page (a JSON <script id="page-data">),
 * so that the page paints without waiting for the API. Undefined when the page has none.
 */
export function readPageData(doc: Document = document): unknown {
  const text = doc.getElementById('page-data')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Puts a server-rendered page's query cache (`{"queries": <TanStack Query's dehydrated state>}`
 * in #page-data) into the app's, as fresh as the page: the server drops its rendered pages when
 * the catalog changes. False when the page carries no such cache.
 */
export function hydrateRenderedQueries(queryClient: QueryClient, pageData: unknown): boolean {
  const queries = (pageData as { queries?: DehydratedState } | undefined)?.queries;
  if (typeof queries !== 'object' || queries === null || !Array.isArray(queries.queries)) return false;
  const now = Date.now();
  hydrate(queryClient, {
    ...queries,
    queries: queries.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })),
  });
  return true;
}
