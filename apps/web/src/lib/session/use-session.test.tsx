// The session through server render and hydration, as entry-server.tsx and start.tsx do them: the
// server renders signed out ("loading"), and so must the browser's first render over its markup,
// even when the browser already knows the customer.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerSession, mockIdentityApi } from '../../test/fakes/identity-api';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../api-client';
import { hydrateInSteps, renderOnServer } from '../hydration-steps';
import { sessionStoreFor } from './session-store';
import { useSession } from './use-session';

// The hook reads the router only to leave a protected page on sign-out.
vi.mock('@tanstack/react-router', () => ({
  useRouter: () => ({ state: { matches: [] }, navigate: async () => {}, invalidate: () => {} }),
}));

afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const seen: string[] = [];
function Account() {
  const { status, session } = useSession();
  seen.push(status);
  return <p>{session ? `Hello ${session.name}` : `Session ${status}`}</p>;
}

const page = (queryClient: QueryClient) => (
  <QueryClientProvider client={queryClient}>
    <Account />
  </QueryClientProvider>
);

describe('useSession through server render and hydration', () => {
  it('hydrates signed out like the server, then shows the customer the browser already knew', async () => {
    mockIdentityApi({ 'GET /auth/get-session': () => customerSession({ name: 'Amara' }) });
    const root = document.createElement('div');
    root.innerHTML = renderOnServer(() => renderToString(page(new QueryClient())));
    document.body.append(root);
    expect(root.innerHTML).toBe('<p>Session loading</p>');
    const paragraph = root.firstElementChild;

    // The browser's store has its answer before the page is hydrated.
    const queryClient = new QueryClient();
    const store = sessionStoreFor(queryClient);
    await store.start();
    expect(store.getSnapshot().status).toBe('customer');

    seen.length = 0;
    hydrateInSteps(() => hydrateRoot(root, page(queryClient)));
    expect(seen).toEqual(['loading']);
    expect(root.innerHTML).toBe('<p>Session loading</p>');

    await vi.waitFor(() => expect(root.innerHTML).toBe('<p>Hello Amara</p>'));
    expect(root.firstElementChild).toBe(paragraph);
    store.stop();
    root.remove();
  });
});
