import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema/identity';
import type { AuthSessionRecord, AuthUser } from '../../plugins/auth';
import { parseCookies } from '../../plugins/csrf';

/**
 * The caller's session for the API's own routes, found the way better-auth's `getSession` finds
 * it (bearer plugin, signed session cookie) without its endpoint pipeline: one HMAC check and one
 * indexed join per request. better-auth keeps every `/auth/*` endpoint; this only reads.
 *
 * - `Authorization: Bearer <token>`: the session token as sign-in answers it (better-auth's
 *   bearer plugin accepts it unsigned), or `<token>.<signature>` with a valid signature.
 * - The session cookie: `<token>.<signature>` (URL-encoded), signed with the auth secret.
 *
 * The expiry is compared with the application's clock, as better-auth does.
 */

const BEARER = 'bearer ';

/** `<value>.<base64 HMAC-SHA256(secret, value)>` → value, when the signature is right. */
function verifiedValue(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1), 'base64');
  const expected = crypto.createHmac('sha256', secret).update(value).digest();
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return value;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The session token a request carries (bearer first, as better-auth's bearer plugin does). */
export function sessionTokenOf(
  headers: { authorization?: string | string[]; cookie?: string | string[] },
  cookieName: string,
  secret: string,
): string | null {
  const authorization = Array.isArray(headers.authorization)
    ? headers.authorization[0]
    : headers.authorization;
  if (authorization && authorization.slice(0, BEARER.length).toLowerCase() === BEARER) {
    const token = authorization.slice(BEARER.length).trim();
    if (token) {
      if (!token.includes('.')) return token;
      const verified = verifiedValue(decode(token), secret);
      if (verified) return verified;
    }
  }
  const cookie = Array.isArray(headers.cookie) ? headers.cookie.join('; ') : headers.cookie;
  const signed = parseCookies(cookie).get(cookieName);
  return signed ? verifiedValue(signed, secret) : null;
}

/** The session-and-user query, prepared once per database (a named statement: see db/named-statement.ts). */
function prepareSessionQuery(db: Database) {
  return (
    db
      .select({
        session: {
          id: sessions.id,
          userId: sessions.userId,
          token: sessions.token,
          expiresAt: sessions.expiresAt,
          createdAt: sessions.createdAt,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
        },
        user: {
          id: users.id,
          name: users.name,
          email: users.email,
          emailVerified: users.emailVerified,
          image: users.image,
          isAnonymous: users.isAnonymous,
          role: users.role,
          mustChangePassword: users.mustChangePassword,
          createdAt: users.createdAt,
          updatedAt: users.updatedAt,
        },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      // A disabled account has no sessions (they are deleted with the change); never serve one anyway.
      .where(and(eq(sessions.token, sql.placeholder('token')), isNull(users.disabledAt)))
      .limit(1)
      .prepare('session_lookup')
  );
}

const sessionQueries = new WeakMap<Database, ReturnType<typeof prepareSessionQuery>>();

/** The live session with this token and its user, or null (unknown or expired). */
export async function findLiveSession(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<{ user: AuthUser; session: AuthSessionRecord } | null> {
  let query = sessionQueries.get(db);
  if (!query) {
    query = prepareSessionQuery(db);
    sessionQueries.set(db, query);
  }
  const [row] = await query.execute({ token });
  if (!row || row.session.expiresAt.getTime() <= now.getTime()) return null;
  return row;
}
