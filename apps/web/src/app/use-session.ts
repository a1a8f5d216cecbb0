/** A signed-in (non-anonymous) customer, as the header shows them. */
export type SessionSummary = {
  name: string;
  email?: string;
};

export type SessionState = {
  /** Null for a visitor who has not signed in (anonymous sessions count as signed out here). */
  session: SessionSummary | null;
  signOut: () => void | Promise<void>;
};

const SIGNED_OUT: SessionState = { session: null, signOut: () => undefined };

/**
 * The session as the layout sees it. For now nobody is signed in: the identity feature plugs in
 * here, replacing this body with its session hook (better-auth, src/features/identity/).
 */
export function useSession(): SessionState {
  return SIGNED_OUT;
}
