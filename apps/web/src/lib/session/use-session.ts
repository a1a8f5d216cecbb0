import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo } from 'react';
import { useExternalStore } from '../hydration-steps';
import type { SessionUser } from './session-api';
import { type SessionStatus, sessionStoreFor } from './session-store';

/** A signed-in (non-anonymous) customer, as the header shows them. */
export type SessionSummary = {
  name: string;
  email?: string;
};

export type { SessionStatus, SessionUser };

export type SessionState = {
  /** 'loading' until the session is known, then 'anonymous' (silent visitor session) or 'customer'. */
  status: SessionStatus;
  /** The signed-in customer; null for anonymous visitors and while loading. */
  user: SessionUser | null;
  /** Null for a visitor who has not signed in (anonymous sessions count as signed out here). */
  session: SessionSummary | null;
  /** When the current session (customer or anonymous) ends. */
  expiresAt: Date | null;
  /** Ends the session on the server, returns to an anonymous session and clears the cart state. */
  signOut: () => Promise<void>;
  /** Reads the session again from the server. */
  refresh: () => Promise<void>;
};

/**
 * The session as every part of the app sees it (the header, the guards, the catalog's "Please
 * sign in to …"). The first caller starts it: read the session, or sign in anonymously.
 */
export function useSession(): SessionState {
  const queryClient = useQueryClient();
  const router = useRouter();
  const store = sessionStoreFor(queryClient);
  // The server renders signed out ('loading'), and so does the browser's first render over it.
  const snapshot = useExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);

  useEffect(() => {
    store.attachRouter(router);
    void store.start();
  }, [store, router]);

  const signOut = useCallback(async () => {
    // Signing out on a protected page leaves it for the home page first.
    if (router.state.matches.some((match) => match.staticData?.requiresAuth)) {
      await router.navigate({ to: '/' });
    }
    await store.signOut();
  }, [store, router]);

  const refresh = useCallback(() => store.refresh(), [store]);

  return useMemo(() => {
    const customer = snapshot.status === 'customer' ? snapshot.user : null;
    return {
      status: snapshot.status,
      user: customer,
      session: customer ? { name: customer.name, email: customer.email } : null,
      expiresAt: snapshot.expiresAt,
      signOut,
      refresh,
    };
  }, [snapshot, signOut, refresh]);
}
