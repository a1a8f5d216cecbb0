import { useQueryClient } from '@tanstack/react-query';
import { type SessionStore, sessionStoreFor } from './session-store';

/** The session store of the app's query client, for the identity pages' sign-in and refresh. */
export function useSessionStore(): SessionStore {
  return sessionStoreFor(useQueryClient());
}
