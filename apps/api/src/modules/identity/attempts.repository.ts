import crypto from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authAttempts } from '../../db/schema/identity';

/**
 * Fixed-window counters in PostgreSQL (`auth_attempts`), shared by every API instance. Times come
 * from the caller's clock, so tests can move it.
 */

/** A key that does not store the e-mail address itself. */
export function attemptKey(kind: string, ...parts: string[]): string {
  const digest = crypto.createHash('sha256').update(parts.join('\u0000')).digest('base64url');
  return `${kind}:${digest}`;
}

export type AttemptWindow = { count: number; windowStartedAt: Date; lastAt: Date };

/** Adds one to the counter of `key`, starting a new window when the old one has passed. */
export async function recordAttempt(
  db: Database,
  key: string,
  windowMs: number,
  now: Date = new Date(),
): Promise<AttemptWindow> {
  const windowStart = new Date(now.getTime() - windowMs);
  const [row] = await db
    .insert(authAttempts)
    .values({ key, count: 1, windowStartedAt: now, lastAt: now })
    .onConflictDoUpdate({
      target: authAttempts.key,
      set: {
        count: sql`case when ${authAttempts.windowStartedAt} <= ${windowStart} then 1 else ${authAttempts.count} + 1 end`,
        windowStartedAt: sql`case when ${authAttempts.windowStartedAt} <= ${windowStart} then ${now} else ${authAttempts.windowStartedAt} end`,
        lastAt: now,
      },
    })
    .returning();
  if (!row) throw new Error('auth_attempts upsert answered no row');
  return { count: row.count, windowStartedAt: row.windowStartedAt, lastAt: row.lastAt };
}

/** The counter of `key` in its current window, or null when there is none (or it has passed). */
export async function readAttempts(
  db: Database,
  key: string,
  windowMs: number,
  now: Date = new Date(),
): Promise<AttemptWindow | null> {
  const [row] = await db.select().from(authAttempts).where(eq(authAttempts.key, key)).limit(1);
  if (!row || row.windowStartedAt.getTime() <= now.getTime() - windowMs) return null;
  return { count: row.count, windowStartedAt: row.windowStartedAt, lastAt: row.lastAt };
}

export async function clearAttempts(db: Database, key: string): Promise<void> {
  await db.delete(authAttempts).where(eq(authAttempts.key, key));
}

/** Drops counters whose last attempt is older than `olderThanMs`. */
export async function pruneAttempts(
  db: Database,
  olderThanMs: number,
  now: Date = new Date(),
): Promise<number> {
  const deleted = await db
    .delete(authAttempts)
    .where(lt(authAttempts.lastAt, new Date(now.getTime() - olderThanMs)))
    .returning({ key: authAttempts.key });
  return deleted.length;
}
