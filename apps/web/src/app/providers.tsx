import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useServerPart } from '../lib/server-parts';
import { Toasts } from '../lib/toast';
import { FeatureSlots } from './catalog-slots';
import type { AppRouter } from './router';

/** Server state: cached 30 s; the API client already retries once, so Query does not retry again. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Everything the app runs inside: the query cache, the features' slots, the router and the toasts (lib/toast.tsx). */
export function AppProviders({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  // The toasts are the frame's (lib/server-parts.tsx), not the page's own part.
  const pagePartOnly = useServerPart()?.kind === 'page';
  return (
    <QueryClientProvider client={queryClient}>
      <FeatureSlots>
        <RouterProvider router={router} />
      </FeatureSlots>
      {pagePartOnly ? null : <Toasts />}
    </QueryClientProvider>
  );
}
