// The app itself: imported and started by boot.tsx once the libraries it builds on have been evaluated.
import { createBrowserHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders, createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { seedCatalogPageData } from './features/catalog/lib/page-data';
import { connectionMonitor } from './features/connection/connection-monitor';
import { onNoResponse } from './lib/api-client';
import { hydrateInSteps, hydrationStepsDone } from './lib/hydration-steps';
import { hydrateRenderedQueries, readPageData } from './lib/page-data';
import { type SessionStore, sessionStoreFor } from './lib/session/session-store';

export interface StartOptions {
  /** The page's #root element. */
  root: HTMLElement;
  /** Whether the server rendered the page (#root has content): the app adopts it instead of drawing. */
  rendered: boolean;
  /** Ends the current task on a rendered page, so that its start-up's steps run as separate tasks. */
  yieldToBrowser: () => Promise<void>;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Resolves after the next frame and two tasks: Preact runs a render's effects a task after a frame. */
const afterEffects = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => void nextTask().then(nextTask).then(resolve)));

/**
 * Tells the entry that the page is the app's, in two steps. `shop:hydrated` after the first render:
 * what was typed before is handed to the app then, before anything re-renders a field with the
 * server's empty value. `shop:ready` once every part has been hydrated (a later step's buttons have
 * their handlers then) and the session is known and rendered (parts render the server's 'loading'
 * until their first effects have run, and a held Add to Cart replayed then would send a signed-in
 * customer to the login page): the forms and taps held are done again then.
 */
async function announceTakenOver(session: SessionStore): Promise<void> {
  await nextTask();
  document.dispatchEvent(new Event('shop:hydrated'));
  await Promise.all([hydrationStepsDone(), session.known()]);
  await afterEffects();
  document.dispatchEvent(new Event('shop:ready'));
}

/**
 * The start-up, in a function rather than at the module's top level: an `await` there would leave
 * the app's chunk evaluating, and a page's chunk, which imports it, could not load until it ended,
 * while the router waits for that page's chunk.
 */
export async function start({ root, rendered, yieldToBrowser }: StartOptions) {
  const queryClient = createQueryClient();
  const pageData = readPageData();
  // A server-rendered page carries the query cache it was rendered from; other pages the first
  // screen's catalog data. Either way no API round trip before the first screen.
  if (!hydrateRenderedQueries(queryClient, pageData)) seedCatalogPageData(queryClient, pageData);
  await yieldToBrowser();
  // The router's history marks the browser's entry with its key (history.replaceState), a call that
  // waits on the browser and took 10–30 ms while the page's files were still arriving: in a task of
  // its own, apart from building the router.
  const history = createBrowserHistory();
  await yieldToBrowser();
  const router = createAppRouter({ queryClient, history, hydrating: rendered });

  // The connection test runs at start-up and again whenever a request gets no answer.
  onNoResponse(() => void connectionMonitor.check());
  connectionMonitor.start();

  const app = (
    <StrictMode>
      <AppProviders router={router} queryClient={queryClient} />
    </StrictMode>
  );

  if (rendered) {
    // Rendered by the server (entry-server.tsx): the page's code is loaded and its loaders run first,
    // so that the first render is the server's, and Preact adopts the markup instead of redrawing it.
    // Rendered without the Suspense boundary at the root, like the server (TanStack Router's SSR flag).
    router.ssr = { manifest: undefined };
    await router.load();
    // Once the page is the app's: the forms and taps held since the first paint are done again
    // (lib/held-input.ts, imported by the entry only, listens for these events).
    const unsubscribe = router.subscribe('onRendered', () => {
      unsubscribe();
      void announceTakenOver(sessionStoreFor(queryClient));
    });
    await yieldToBrowser();
    // Preact hydrates in one task (its startTransition only calls back): a list's later parts wait
    // for steps of their own (HydrateLater). A mismatch is reported by preact/debug in the dev server
    // (main.tsx); in the build Preact adopts the markup and patches what differs, and the browser
    // journeys check that the server's elements are kept (server-rendered-pages).
    hydrateInSteps(() => hydrateRoot(root, app));
  } else {
    createRoot(root).render(app);
  }
}
