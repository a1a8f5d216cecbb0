import './lib/zod-without-eval';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { AppProviders, createQueryClient } from './app/providers';
import { type AppRouter, createAppRouter } from './app/router';
import { seedCatalogPageData } from './features/catalog/lib/page-data';
import { setApiTransport } from './lib/api-client';
import { renderOnServer } from './lib/hydration-steps';
import { type IdCounter, PAGE_SLOT, type ServerPart, ServerPartProvider } from './lib/server-parts';
import { SHOP_SETTINGS_KEY, shopSettingsQueryOptions } from './lib/shop-settings';

/*
 * The server's side of the first screen (docs/decisions/0013-server-rendered-first-screen.md). The
 * API builds this module (`vite build --ssr`) and calls `renderPage` for the public pages: the
 * router picks the page and runs its loaders, which ask the API in-process for the page's data;
 * the page is rendered signed out (the session, cart and hearts start in the browser's effects) and
 * the query cache is sent with it, so the browser's first render is the same and hydrates.
 */

/** How long a page may wait for its data before it is served without being rendered. */
const DATA_TIMEOUT_MS = 5_000;

export type RenderInput = {
  /** Path and query of the page, e.g. `/products?category=red-wine`. */
  url: string;
  /** The first-screen data the API already computed for the page (#page-data), if any. */
  pageData?: unknown;
  /** Answers the API requests of the page's loaders (the API's own routes, in-process). */
  fetch: typeof fetch;
  /**
   * The shop's public settings (`GET /settings/`'s answer), when the server has them at hand: put
   * in the query cache as they are rather than asked for through `fetch` on every render.
   */
  settings?: unknown;
};

export type RenderOutput = {
  /** The markup of #root. */
  html: string;
  /** JSON of the query cache the markup was rendered from, for the browser to hydrate. */
  queriesJson: string;
};

/**
 * The routes whose frame (header, footer, age dialog, toasts) is the same text on every page of the
 * route: their frame is rendered once per settings and only the page's own part per request. The
 * others (home, the lists, the content pages: few addresses, kept whole by the API) render whole.
 */
const FRAMED_ROUTES: ReadonlySet<string> = new Set(['product_detail', 'event_detail']);

/** A rendered frame: its text either side of the page, and the ids taken before the page's. */
type Frame = { before: string; after: string; idsBefore: number };

/** Frames by route and ids in the page (a handful); null when a frame cannot be split at its slot. */
const frames = new Map<string, Frame | null>();
/** The settings the kept frames show (a new settings object is a change of settings). */
let framesSettings: unknown;
/** More would mean pages taking ever more ids; frames are then made again rather than kept. */
const MAX_FRAMES = 64;

/** How many frames are kept (the renderer's own check that product pages are put in a kept frame). */
export function keptFrameCount(): number {
  return [...frames.values()].filter(Boolean).length;
}

/** The app rendered, or one part of it; `ids`: the counter `useId` numbers from (the root's `__m`). */
function renderTree(router: AppRouter, queryClient: QueryClient, part?: ServerPart, ids?: IdCounter): string {
  const tree = (
    <ServerPartProvider value={part}>
      <AppProviders router={router} queryClient={queryClient} />
    </ServerPartProvider>
  );
  if (ids) (tree as unknown as { __m: IdCounter }).__m = ids;
  // Stores answer what the browser's hydration will answer too (useExternalStore).
  return renderOnServer(() => renderToString(tree));
}

function frameFor(key: string, idsInPage: number, router: AppRouter, queryClient: QueryClient): Frame | null {
  const name = `${key}:${idsInPage}`;
  const kept = frames.get(name);
  if (kept !== undefined) return kept;
  const part = { kind: 'frame', ids: [0, 0], idsInPage } satisfies ServerPart;
  const pieces = renderTree(router, queryClient, part, part.ids).split(PAGE_SLOT);
  const idsBefore = (part as ServerPart & { kind: 'frame' }).idsBefore;
  // The slot's text could only appear twice if the settings' texts held it: then render whole.
  const frame =
    pieces.length === 2 && idsBefore !== undefined
      ? { before: pieces[0] ?? '', after: pieces[1] ?? '', idsBefore }
      : null;
  if (frames.size >= MAX_FRAMES) frames.clear();
  frames.set(name, frame);
  return frame;
}

/** The page's markup: its own part in its route's kept frame, or the whole app rendered. */
function renderMarkup(
  router: AppRouter,
  queryClient: QueryClient,
  routeName: string | undefined,
  settings: unknown,
): string {
  if (settings === undefined || routeName === undefined || !FRAMED_ROUTES.has(routeName)) {
    return renderTree(router, queryClient);
  }
  if (settings !== framesSettings) {
    frames.clear();
    framesSettings = settings;
  }
  const first = frameFor(routeName, 0, router, queryClient);
  if (!first) return renderTree(router, queryClient);
  const ids: IdCounter = [0, first.idsBefore];
  const page = renderTree(router, queryClient, { kind: 'page' }, ids);
  const frame = frameFor(routeName, ids[1] - first.idsBefore, router, queryClient);
  if (!frame) return renderTree(router, queryClient);
  return frame.before + page + frame.after;
}

/** Resolves once no query is fetching, or rejects after `timeoutMs`. */
function settled(queryClient: QueryClient, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (queryClient.isFetching() > 0) return;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error('page data took too long'));
    }, timeoutMs);
    const unsubscribe = queryClient.getQueryCache().subscribe(check);
    check();
  });
}

/**
 * The page rendered, or null when it should be left to the browser: a page that is not found, is
 * for signed-in customers, or whose data could not be read (the browser shows its own message).
 */
export async function renderPage({
  url,
  pageData,
  fetch,
  settings,
}: RenderInput): Promise<RenderOutput | null> {
  setApiTransport(fetch);
  const queryClient = createQueryClient();
  seedCatalogPageData(queryClient, pageData);
  // The shop's settings (footer, hours, thresholds) are on every page: the page carries them.
  if (settings !== undefined) queryClient.setQueryData(SHOP_SETTINGS_KEY, settings);
  else void queryClient.prefetchQuery(shopSettingsQueryOptions());
  const router = createAppRouter({
    queryClient,
    history: createMemoryHistory({ initialEntries: [url] }),
    server: true,
  });
  await router.load();
  await settled(queryClient, DATA_TIMEOUT_MS);
  const { matches } = router.state;
  const unrenderable =
    matches.some((match) => match.status !== 'success' || match.staticData.requiresAuth) ||
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status === 'error');
  if (unrenderable) return null;
  const routeName = matches.at(-1)?.staticData.routeName;
  const html = renderMarkup(router, queryClient, routeName, settings);
  // Without the moments the data was read: the browser takes the page's data as fresh when it
  // hydrates (lib/page-data.ts), and a page rendered twice from the same data is the same text.
  const dehydrated = dehydrate(queryClient);
  const queriesJson = JSON.stringify({
    ...dehydrated,
    queries: dehydrated.queries.map(({ dehydratedAt: _at, ...query }) => ({
      ...query,
      state: { ...query.state, dataUpdatedAt: 0, errorUpdatedAt: 0 },
    })),
  });
  queryClient.clear();
  return { html, queriesJson };
}
