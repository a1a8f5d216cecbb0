import crypto from 'node:crypto';
import { type BackOfficeSection, mayUseSection } from '@shop/contract/back-office';
import { identityMessages, type UserRole } from '@shop/contract/identity';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { reconnectBackoff } from '../config';
import { ensureDataDirSecret } from '../db/secrets';
import { AppError, forbidden, unauthorized } from '../errors';
import { listenToChannel } from '../lib/pg-listener';
import { pruneAttempts } from '../modules/identity/attempts.repository';
import { type Auth, createAuth } from '../modules/identity/auth';
import { purgeExpiredSessions, purgeStaleAnonymousUsers } from '../modules/identity/identity.repository';
import { IDENTITY_CHANGED_CHANNEL, SessionCache } from '../modules/identity/session-cache';
import { findLiveSession, sessionTokenOf } from '../modules/identity/session-lookup';

/**
 * Who is calling. `await request.auth` answers `{ user, session }` for a live session (from the
 * session cookie or `Authorization: Bearer <token>`), or null; it is looked up once per request,
 * on first use. The preHandlers below guard routes:
 *
 * ```ts
 * app.get('/orders/orders/my_orders/', { preHandler: requireCustomer }, async (request) => {
 *   const { user } = currentAuth(request);
 * });
 * ```
 *
 * - `requireVisitor`: any session, anonymous visitors included (401 without one).
 * - `requireCustomer`: a signed-in, non-anonymous account (401 'Please sign in to continue.'),
 *   whose one-time password has been changed (403 `password_change_required` until then).
 * - `requireStaff`: a staff member or an admin (401 when signed out, 403 for a customer).
 * - `requireAdmin`: an admin.
 * - `requireRider`: a rider (every staff guard refuses riders).
 * - `requireSection(section)`: whoever may use that back-office section (@shop/contract/back-office).
 */

export type AuthUser = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image?: string | null;
  isAnonymous: boolean;
  role: UserRole;
  /** A one-time password is in use (0028): every customer and staff call answers 403 until it changes. */
  mustChangePassword: boolean;
  createdAt: Date;
  updatedAt: Date;
};

export type AuthSessionRecord = {
  id: string;
  userId: string;
  token: string;
  expiresAt: Date;
  createdAt: Date;
  ipAddress?: string | null;
  userAgent?: string | null;
};

export type RequestAuth = { user: AuthUser; session: AuthSessionRecord };

declare module 'fastify' {
  interface FastifyInstance {
    /** The better-auth instance (`app.betterAuth.api.*`, `app.betterAuth.handler`). */
    betterAuth: Auth;
    /** The name of the session cookie (with its `__Secure-` prefix over https). */
    sessionCookieName: string;
    /** Sessions looked up recently (see modules/identity/session-cache.ts). */
    sessionCache: SessionCache;
  }
  interface FastifyRequest {
    /** The caller's session, looked up on first use: `await request.auth`. */
    readonly auth: Promise<RequestAuth | null>;
  }
}

const lookups = new WeakMap<FastifyRequest, Promise<RequestAuth | null>>();
const resolved = new WeakMap<FastifyRequest, RequestAuth | null>();

/** The session a guard has already checked (use after requireVisitor/Customer/Staff). */
export function currentAuth(request: FastifyRequest): RequestAuth {
  const auth = resolved.get(request);
  if (!auth) throw unauthorized(identityMessages.signInToContinue);
  return auth;
}

/** Staff and admins see every customer's object where a customer sees their own. */
export function isStaff(request: FastifyRequest): boolean {
  const { role } = currentAuth(request).user;
  return role === 'staff' || role === 'admin';
}

export async function requireVisitor(request: FastifyRequest): Promise<void> {
  const auth = await request.auth;
  if (!auth) throw unauthorized(identityMessages.signInToContinue);
}

/** A signed-in account, even one that must still change its one-time password (change-password only). */
export async function requireAccount(request: FastifyRequest): Promise<void> {
  const auth = await request.auth;
  if (!auth || auth.user.isAnonymous) throw unauthorized(identityMessages.signInToContinue);
}

export async function requireCustomer(request: FastifyRequest): Promise<void> {
  await requireAccount(request);
  // Only POST /auth/change-password (guarded by requireAccount) is open until the password changes.
  if (currentAuth(request).user.mustChangePassword) {
    throw new AppError('password_change_required', identityMessages.passwordChangeRequired);
  }
}

export async function requireStaff(request: FastifyRequest): Promise<void> {
  await requireCustomer(request);
  const { user } = currentAuth(request);
  if (user.role !== 'staff' && user.role !== 'admin') throw forbidden();
}

/** A rider (issue 38): the rider's screen only; staff and admins are not riders. */
export async function requireRider(request: FastifyRequest): Promise<void> {
  await requireCustomer(request);
  if (currentAuth(request).user.role !== 'rider') throw forbidden();
}

export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireCustomer(request);
  if (currentAuth(request).user.role !== 'admin') throw forbidden();
}

/** The shop's settings that widen back-office sections to staff. */
export const backOfficePolicyOf = (config: { REFUNDS_BY_STAFF: boolean }) => ({
  refundsByStaff: config.REFUNDS_BY_STAFF,
});

/** A guard for a back-office section: 401 when signed out, 403 (with `refusal`) for anyone else it is not for. */
export function requireSection(section: BackOfficeSection, refusal?: string) {
  return async (request: FastifyRequest): Promise<void> => {
    await requireCustomer(request);
    const { role } = currentAuth(request).user;
    if (!mayUseSection(role, section, backOfficePolicyOf(request.server.config))) throw forbidden(refusal);
  };
}

const HOUR_MS = 60 * 60 * 1000;

export default fp(
  async (app) => {
    const { config } = app;
    const secret =
      config.AUTH_SECRET ??
      ensureDataDirSecret(config.dataDir, 'authSecret', () => crypto.randomBytes(32).toString('base64url'));
    if (!config.AUTH_SECRET && config.NODE_ENV === 'production' && config.DATABASE_URL) {
      app.log.warn(
        'AUTH_SECRET is not set: this instance signs sessions with a secret of its own data directory. ' +
          'Set AUTH_SECRET when several instances share DATABASE_URL.',
      );
    }

    const auth = createAuth({
      config,
      db: app.db,
      events: app.events,
      email: app.email,
      log: app.log,
      secret,
      minimumAge: async () => (await app.shopSettings.current()).minimum_age,
    });
    // Initialise at start-up (schema check, OpenID Connect discovery), but never hang the start on
    // an identity provider that does not answer: better-auth retries discovery on first use.
    let timer: NodeJS.Timeout | undefined;
    const ready = await Promise.race([
      auth.$context.then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), 10_000);
      }),
    ]).finally(() => clearTimeout(timer));
    if (!ready) app.log.warn('better-auth is still initialising (is OIDC_ISSUER reachable?); continuing');
    app.decorate('betterAuth', auth);
    app.decorate(
      'sessionCookieName',
      `${config.publicUrl.startsWith('https:') ? '__Secure-' : ''}kc.session_token`,
    );

    // better-auth's getSession pipeline cost more than the rest of a customer call put together:
    // the same checks, made directly (./modules/identity/session-lookup.ts).
    // Kept in memory between calls; the database tells every instance what changed.
    // Listening even with the cache off: the notification sockets close on the same messages.
    const sessionCache = new SessionCache(config.SESSION_CACHE_TTL_MS);
    app.decorate('sessionCache', sessionCache);
    const listener = listenToChannel({
      connection: app.pool.options,
      channel: IDENTITY_CHANGED_CHANNEL,
      onNotification: (payload) => sessionCache.changed(payload),
      onListening: () => sessionCache.listening(),
      onLost: () => sessionCache.lost(),
      backoff: reconnectBackoff(config),
      log: { warn: (message) => app.log.warn(message), debug: (message) => app.log.debug(message) },
    });
    app.addHook('onClose', () => listener.close());

    const lookUp = async (request: FastifyRequest): Promise<RequestAuth | null> => {
      const token = sessionTokenOf(request.headers, app.sessionCookieName, secret);
      let value: RequestAuth | null = null;
      if (token) {
        value = sessionCache.find(token) ?? null;
        if (!value) {
          const generation = sessionCache.generation;
          value = await findLiveSession(app.db, token);
          if (value) sessionCache.remember(token, value, generation);
        }
      }
      resolved.set(request, value);
      return value;
    };

    // Sign-out, revoking sessions, changing an e-mail or password… all go through /auth/. Their
    // caller's cached sessions are dropped before the answer leaves, so the very next call reads
    // the database, even if the database's message has not arrived yet.
    app.addHook('onSend', async (request) => {
      if (request.method === 'GET' || !request.url.startsWith('/api/v1/auth/')) return;
      const token = sessionTokenOf(request.headers, app.sessionCookieName, secret);
      if (token) sessionCache.forgetCaller(token);
    });

    app.decorateRequest('auth', {
      getter(this: FastifyRequest) {
        let lookup = lookups.get(this);
        if (!lookup) {
          lookup = lookUp(this).then((value) => {
            resolved.set(this, value);
            return value;
          });
          lookups.set(this, lookup);
        }
        return lookup;
      },
    });

    // House-keeping, hourly on every instance (each statement is idempotent): expired sessions,
    // anonymous users whose session is over, and stale rate-limit counters.
    const housekeeping = async () => {
      const now = new Date();
      try {
        await purgeExpiredSessions(app.db, new Date(now.getTime() - HOUR_MS));
        await purgeStaleAnonymousUsers(app.db, new Date(now.getTime() - 2 * 24 * HOUR_MS), now);
        await pruneAttempts(app.db, 48 * HOUR_MS, now);
      } catch (error) {
        app.log.warn({ err: error }, 'identity house-keeping failed');
      }
    };
    const interval = setInterval(() => void housekeeping(), HOUR_MS);
    interval.unref();
    app.addHook('onClose', async () => clearInterval(interval));
  },
  { name: 'auth', dependencies: ['settings', 'config', 'database', 'domain-events', 'email'] },
);
