import { ROUTE_GUARD_CHECKS, ROUTE_GUARD_INTERVAL_MS } from '@shop/contract/constants';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { type SessionSnapshot, type SessionStore, sessionStoreFor } from '../../../lib/session/session-store';

/**
 * The route guard of docs/product.md section 2: waits up to 3 seconds (30 checks, 100 ms apart) for the
 * session to start, then sends a visitor who is not a signed-in customer to
 * `/login?redirect=<the page they wanted>`; the login page brings them back there.
 */

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The session once it has started, or as it stands after the 30 checks. */
export async function waitForSessionStart(store: SessionStore): Promise<SessionSnapshot> {
  void store.start();
  for (let check = 0; check < ROUTE_GUARD_CHECKS; check += 1) {
    const snapshot = store.getSnapshot();
    if (snapshot.status !== 'loading') return snapshot;
    await delay(ROUTE_GUARD_INTERVAL_MS);
  }
  return store.getSnapshot();
}

/** The login page's address that comes back to `href` (a path with its query) after signing in. */
export function loginHrefFor(href: string): string {
  return `/login?${new URLSearchParams({ redirect: href }).toString()}`;
}

/** Where an account signed in with a one-time password chooses its own before anything else. */
export const CHOOSE_PASSWORD_PATH = '/choose-password';

/** The choose-password page's address that comes back to `href` afterwards. */
export function choosePasswordHrefFor(href: string): string {
  return `${CHOOSE_PASSWORD_PATH}?${new URLSearchParams({ redirect: href }).toString()}`;
}

/**
 * `beforeLoad` of every route whose `staticData.requiresAuth` is true. An account that must
 * still replace its one-time password is sent to choose one first (the API refuses it anything
 * else: 403 password_change_required).
 */
export async function requireCustomer({
  context,
  location,
}: {
  context: { queryClient: QueryClient };
  location: { href: string; pathname?: string };
}): Promise<void> {
  const snapshot = await waitForSessionStart(sessionStoreFor(context.queryClient));
  if (snapshot.status === 'customer') {
    const pathname = location.pathname ?? location.href.split('?')[0];
    if (snapshot.user?.mustChangePassword && pathname !== CHOOSE_PASSWORD_PATH) {
      throw redirect({ href: choosePasswordHrefFor(location.href), replace: true });
    }
    return;
  }
  throw redirect({ href: loginHrefFor(location.href), replace: true });
}
