import type { UserRole } from '@shop/contract/identity';
import { apiRequest } from '../api-client';

/**
 * The session calls the storefront makes on every visit (better-auth under /api/v1/auth). Parsed by
 * hand rather than with the contract's zod schemas: this module is part of the first page's
 * JavaScript, and zod is not.
 */

/** The user of the current session, anonymous or not. */
export type SessionUser = {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  isAnonymous: boolean;
  /** Signed in with a one-time password: must choose a new one before anything else. */
  mustChangePassword: boolean;
};

/** A live session: who, since when, and until when (24 hours after sign-in, never extended). */
export type SessionInfo = {
  user: SessionUser;
  createdAt: Date;
  expiresAt: Date;
};

const ROLES: readonly string[] = ['customer', 'staff', 'admin', 'rider'];

function dateOf(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `GET /auth/get-session`'s answer, or null when it is null or not a session. */
export function parseSession(data: unknown): SessionInfo | null {
  if (typeof data !== 'object' || data === null) return null;
  const { session, user } = data as { session?: unknown; user?: unknown };
  if (typeof session !== 'object' || session === null || typeof user !== 'object' || user === null) {
    return null;
  }
  const { expiresAt, createdAt } = session as Record<string, unknown>;
  const { id, name, email, role, isAnonymous, mustChangePassword } = user as Record<string, unknown>;
  const expires = dateOf(expiresAt);
  if (typeof id !== 'string' || !expires) return null;
  return {
    user: {
      id,
      name: typeof name === 'string' ? name : '',
      email: typeof email === 'string' ? email : '',
      role: typeof role === 'string' && ROLES.includes(role) ? (role as UserRole) : 'customer',
      isAnonymous: isAnonymous === true,
      mustChangePassword: mustChangePassword === true,
    },
    createdAt: dateOf(createdAt) ?? new Date(),
    expiresAt: expires,
  };
}

/** A 401 from these calls is an answer (wrong password, no session), never a reason to refresh. */
const quiet = { toast: false, refreshOn401: false } as const;

export async function fetchSession(): Promise<SessionInfo | null> {
  return parseSession(await apiRequest('/auth/get-session', { ...quiet, method: 'GET' }));
}

function parseUser(data: unknown): SessionUser | null {
  const user = (data as { user?: unknown } | null)?.user;
  const parsed = parseSession({ session: { expiresAt: 0 }, user });
  return parsed?.user ?? null;
}

/** A new anonymous session of the visitor's own (no body, no Content-Type): answers its user. */
export async function signInAnonymously(): Promise<SessionUser | null> {
  return parseUser(await apiRequest('/auth/sign-in/anonymous', { ...quiet, method: 'POST' }));
}

export async function signInWithEmail(email: string, password: string): Promise<void> {
  await apiRequest('/auth/sign-in/email', { ...quiet, method: 'POST', body: { email, password } });
}

/** Ends the session on the server. */
export async function endSession(): Promise<void> {
  await apiRequest('/auth/sign-out', { ...quiet, method: 'POST' });
}
