import { eq, sql } from 'drizzle-orm';
import { newsletterSubscribers } from '../../db/schema/engagement';
import type { Executor } from '../../db/transaction';

/** The newsletter's queries. Addresses are stored lower-cased; tokens are looked up by index. */

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;

/**
 * The subscriber of `email` (lower-cased), created as `pending` when new, locked for the rest of
 * the transaction so that two sign-ups of one address at once are handled one after the other.
 */
export async function lockOrCreateSubscriber(
  tx: Executor,
  email: string,
  fresh: { unsubscribeToken: string; ip: string | null },
): Promise<SubscriberRow> {
  await tx.execute(sql`
    INSERT INTO newsletter_subscribers (email, unsubscribe_token, subscribed_ip)
    VALUES (${email}, ${fresh.unsubscribeToken}, ${fresh.ip})
    ON CONFLICT ((lower(email))) DO NOTHING`);
  const [row] = await tx
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email))
    .for('update')
    .limit(1);
  if (!row) throw new Error('newsletter subscriber missing after insert');
  return row;
}

export async function updateSubscriber(
  tx: Executor,
  id: number,
  changes: Partial<Omit<SubscriberRow, 'id' | 'email' | 'createdAt'>>,
): Promise<SubscriberRow> {
  const [row] = await tx
    .update(newsletterSubscribers)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(newsletterSubscribers.id, id))
    .returning();
  if (!row) throw new Error('newsletter subscriber vanished');
  return row;
}

export async function lockByConfirmTokenHash(tx: Executor, hash: string) {
  const [row] = await tx
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirmTokenHash, hash))
    .for('update')
    .limit(1);
  return row;
}

export async function lockByUnsubscribeToken(tx: Executor, token: string) {
  const [row] = await tx
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeToken, token))
    .for('update')
    .limit(1);
  return row;
}

export type ExportRow = {
  id: number;
  email: string;
  /** Raw SQL answers timestamps as PostgreSQL prints them (microseconds kept). */
  confirmed_at: string;
  created_at: string;
  /** confirmed_at as PostgreSQL prints it (microseconds kept), for the next batch's cursor. */
  cursor_at: string;
};

export type ExportCursor = { at: string; id: number };

/** Confirmed subscribers in the order they confirmed, a batch after `after` (keyset paging). */
export async function confirmedSubscribersAfter(
  db: Executor,
  after: ExportCursor | null,
  limit: number,
): Promise<ExportRow[]> {
  const cursor = after ? sql`AND (confirmed_at, id) > (${after.at}::timestamptz, ${after.id})` : sql``;
  const result = await db.execute<ExportRow>(sql`
    SELECT id, email, confirmed_at, created_at, confirmed_at::text AS cursor_at
    FROM newsletter_subscribers
    WHERE status = 'confirmed' ${cursor}
    ORDER BY confirmed_at, id
    LIMIT ${limit}`);
  return result.rows;
}
