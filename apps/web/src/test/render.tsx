import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { FeatureSlots } from '../app/catalog-slots';
import { AppProviders, createQueryClient } from '../app/providers';
import { createAppRouter } from '../app/router';

/**
 * Resolves once the effects of what is on screen have run. Preact runs a render's effects after the
 * next frame (a frame, then a task), where React's act() had run them before it returned: a page
 * whose heading is there has set its title, started its session and opened its socket only then.
 */
export function afterEffects(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Renders the whole app (real router, providers and layout) at a path, with a memory history.
 * Resolves once a page's heading is on screen, unless `waitForPage` is false: a test that holds
 * back an answer the page needs waits for the page itself, after giving the answer.
 */
export async function renderApp(initialPath = '/', { waitForPage = true }: { waitForPage?: boolean } = {}) {
  const queryClient = createQueryClient();
  const history = createMemoryHistory({ initialEntries: [initialPath] });
  const router = createAppRouter({ queryClient, history });
  const view = render(<AppProviders router={router} queryClient={queryClient} />);
  // The first page can take seconds on a busy machine (a lazy chunk, the guard's session checks):
  // the wait ends when the heading appears, so patience costs nothing when the machine is idle.
  if (waitForPage) await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
  await afterEffects();
  return { ...view, router, queryClient, history };
}

/**
 * Renders one component inside a minimal router (for components with links) and the features'
 * slots the app gives, with a catch-all
 * route so that clicked links land somewhere. Resolves once the component is on screen.
 */
export async function renderWithRouter(
  ui: ReactElement,
  { queryClient }: { queryClient?: QueryClient } = {},
) {
  const client = queryClient ?? createQueryClient();
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => ui });
  const anyRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    component: () => <p>Another page</p>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([indexRoute, anyRoute]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const view = render(
    <QueryClientProvider client={client}>
      <FeatureSlots>
        <RouterProvider router={router as never} />
      </FeatureSlots>
    </QueryClientProvider>,
  );
  await router.load();
  await afterEffects();
  return { ...view, router, queryClient: client };
}
