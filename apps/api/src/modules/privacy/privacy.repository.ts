import { ERASED_RECIPIENT } from '@shop/contract/erasure';
import type { RetentionFields } from '@shop/contract/privacy';
import { desc, eq, sql } from 'drizzle-orm';
import { privacyBreaches, retentionSettings } from '../../db/schema/erasure';
import type { Executor } from '../../db/transaction';

/** Retention settings and the breach log (tables retention_settings, privacy_breaches; 0040). */

export type RetentionRow = typeof retentionSettings.$inferSelect;
export type BreachRow = typeof privacyBreaches.$inferSelect;

export async function readRetention(db: Executor, forUpdate = false): Promise<RetentionRow | undefined> {
  const query = db.select().from(retentionSettings).where(eq(retentionSettings.id, 1)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function writeRetention(
  db: Executor,
  settings: RetentionFields,
  version: number,
  updatedByName: string,
): Promise<RetentionRow> {
  const [row] = await db
    .insert(retentionSettings)
    .values({ id: 1, settings, version, updatedByName })
    .onConflictDoUpdate({
      target: retentionSettings.id,
      set: { settings, version, updatedByName, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

/**
 * Deletes what is older than each kind's period; answers how many rows per kind. Messages still
 * queued are left to their sender (never drop a message before it is tried).
 */
export async function applyRetention(
  db: Executor,
  days: RetentionFields,
  now: Date,
): Promise<Record<keyof RetentionFields, number>> {
  const before = (kind: keyof RetentionFields) =>
    new Date(now.getTime() - days[kind] * 86_400_000).toISOString();
  const count = async (statement: ReturnType<typeof sql>) => (await db.execute(statement)).rowCount ?? 0;
  return {
    sign_in_history: await count(
      sql`DELETE FROM known_devices WHERE last_seen_at < ${before('sign_in_history')}::timestamptz`,
    ),
    notifications: await count(
      sql`DELETE FROM notifications WHERE created_at < ${before('notifications')}::timestamptz`,
    ),
    messages:
      (await count(
        sql`DELETE FROM sms_messages WHERE created_at < ${before('messages')}::timestamptz AND state <> 'queued'`,
      )) + (await count(sql`DELETE FROM dev_mailbox WHERE created_at < ${before('messages')}::timestamptz`)),
    anonymous_carts: await count(sql`
      DELETE FROM carts c USING users u
      WHERE c.user_id = u.id AND u.is_anonymous AND c.updated_at < ${before('anonymous_carts')}::timestamptz`),
    data_exports: await count(
      sql`DELETE FROM data_exports WHERE created_at < ${before('data_exports')}::timestamptz AND state <> 'queued'`,
    ),
    delivery_proofs: await count(
      sql`DELETE FROM delivery_proofs WHERE taken_at < ${before('delivery_proofs')}::timestamptz`,
    ),
    // A gift's recipient (decision 0039): their details were needed for the delivery only; the
    // row stays (the order was a gift, of its day) without them once it was delivered or cancelled.
    gift_recipients: await count(sql`
      UPDATE gift_recipients g SET recipient_name = ${ERASED_RECIPIENT}, recipient_phone = '', message = NULL,
        recipient_instructions = NULL, link_hash = NULL, updated_at = now()
      FROM orders o LEFT JOIN deliveries d ON d.order_id = o.id
      WHERE o.id = g.order_id AND g.recipient_phone <> ''
        AND COALESCE(d.delivered_at, d.cancelled_at, o.cancelled_at) < ${before('gift_recipients')}::timestamptz`),
  };
}

export async function insertBreach(
  db: Executor,
  values: typeof privacyBreaches.$inferInsert,
): Promise<BreachRow> {
  const [row] = await db.insert(privacyBreaches).values(values).returning();
  return row!;
}

export async function findBreach(
  db: Executor,
  id: number,
  forUpdate = false,
): Promise<BreachRow | undefined> {
  const query = db.select().from(privacyBreaches).where(eq(privacyBreaches.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateBreach(
  db: Executor,
  id: number,
  values: Partial<typeof privacyBreaches.$inferInsert>,
): Promise<BreachRow> {
  const [row] = await db
    .update(privacyBreaches)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(privacyBreaches.id, id))
    .returning();
  return row!;
}

/** Newest breach first (privacy_breaches_newest_idx). */
export async function pageOfBreaches(db: Executor, page: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(privacyBreaches)
      .orderBy(desc(privacyBreaches.occurredAt), desc(privacyBreaches.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM privacy_breaches`),
  ]);
  return { rows, count: total.rows[0]?.count ?? 0 };
}
