import type { NotificationPriority, NotificationType } from '@shop/contract/notification-constants';
import type { PageQuery } from '@shop/contract/pagination';
import { pageOffset } from '@shop/contract/pagination';
import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executePrepared } from '../../db/named-statement';
import { batchedPages, perDatabase } from '../../db/read-batcher';
import { notifications, pushSubscriptions } from '../../db/schema/notifications';

export type NotificationRow = typeof notifications.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** A Drizzle database or a transaction of it. */
type Db = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** The PostgreSQL channel every instance LISTENs on (see notification-hub.ts). */
export const NOTIFY_CHANNEL = 'shop_notifications';

export type NewNotificationRow = {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  priority: NotificationPriority;
  relatedId: string | null;
  dedupeKey: string | null;
};

/** Inserts one notification; answers undefined when one with the same dedupe key exists. */
export async function insertNotification(
  db: Db,
  row: NewNotificationRow,
): Promise<NotificationRow | undefined> {
  const [inserted] = await db
    .insert(notifications)
    .values(row)
    .onConflictDoNothing({
      target: [notifications.userId, notifications.dedupeKey],
      where: sql`${notifications.dedupeKey} IS NOT NULL`,
    })
    .returning();
  return inserted;
}

/** NOTIFY inside the caller's transaction: delivered to every listener once it commits. */
export async function notifyListeners(db: Db, payload: string): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${NOTIFY_CHANNEL}, ${payload})`);
}

export type NotificationPage = { rows: NotificationRow[]; total: number; unread: number };

type NotificationPageRow = {
  total: number;
  unread: number;
  id: string | null;
  user_id: string;
  type: NotificationType;
  title: string;
  message: string;
  priority: NotificationPriority;
  is_read: boolean;
  related_id: string | null;
  dedupe_key: string | null;
  created_at: string;
};

/**
 * A page of the customer's notifications, newest first, with the count of the filtered list and
 * of the unread ones: one prepared statement (the counts joined to the page) instead of three
 * queries, each planned on every call and each holding a pooled connection.
 */
export async function pageOfNotifications(
  db: Database,
  userId: string,
  query: PageQuery & { is_read?: boolean | undefined },
): Promise<NotificationPage> {
  // The bell's read (no filter): asked together with the other customers' at the same moment
  // (db/read-batcher.ts).
  if (query.is_read === undefined) {
    return ownNotifications(db).load({ userId, limit: query.page_size, offset: pageOffset(query) });
  }
  const filter = query.is_read === undefined ? sql`` : sql`AND is_read = ${query.is_read}`;
  const counted =
    query.is_read === undefined ? sql`count(*)` : sql`count(*) FILTER (WHERE is_read = ${query.is_read})`;
  const rows = await executePrepared<NotificationPageRow>(
    db,
    sql`
      SELECT c.total, c.unread, p.*
      FROM (
        SELECT ${counted}::int AS total, count(*) FILTER (WHERE NOT is_read)::int AS unread
        FROM notifications WHERE user_id = ${userId}
      ) c
      LEFT JOIN LATERAL (
        SELECT id, user_id, type, title, message, priority, is_read, related_id, dedupe_key, created_at
        FROM notifications
        WHERE user_id = ${userId} ${filter}
        ORDER BY created_at DESC, id DESC
        LIMIT ${query.page_size} OFFSET ${pageOffset(query)}
      ) p ON true`,
  );
  return toNotificationPage(rows);
}

function toNotificationPage(rows: NotificationPageRow[]): NotificationPage {
  const first = rows[0];
  return {
    total: first?.total ?? 0,
    unread: first?.unread ?? 0,
    rows: rows.flatMap((row) =>
      row.id === null
        ? []
        : [
            {
              id: row.id,
              userId: row.user_id,
              type: row.type,
              title: row.title,
              message: row.message,
              priority: row.priority,
              isRead: row.is_read,
              relatedId: row.related_id,
              dedupeKey: row.dedupe_key,
              createdAt: new Date(row.created_at),
            },
          ],
    ),
  };
}

/** `pageOfNotifications`' statement (unfiltered) for several customers at once. */
const ownNotifications = perDatabase((db: Database) =>
  batchedPages<{ userId: string; limit: number; offset: number }, NotificationPageRow, NotificationPage>(
    db,
    'notifications_user_pages',
    `SELECT u.ord::int AS batch_position, c.total, c.unread, p.*
     FROM unnest($1::uuid[], $2::bigint[], $3::bigint[]) WITH ORDINALITY AS u(user_id, lim, off, ord)
     CROSS JOIN LATERAL (
       SELECT count(*)::int AS total, count(*) FILTER (WHERE NOT is_read)::int AS unread
       FROM notifications n WHERE n.user_id = u.user_id
     ) c
     LEFT JOIN LATERAL (
       SELECT id, user_id, type, title, message, priority, is_read, related_id, dedupe_key, created_at
       FROM notifications n
       WHERE n.user_id = u.user_id
       ORDER BY n.created_at DESC, n.id DESC
       LIMIT u.lim OFFSET u.off
     ) p ON true
     ORDER BY u.ord, p.created_at DESC, p.id DESC`,
    (inputs) => [
      inputs.map((input) => input.userId),
      inputs.map((input) => input.limit),
      inputs.map((input) => input.offset),
    ],
    toNotificationPage,
  ),
);

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.value ?? 0;
}

/** Marks the customer's own notification read; answers it, or undefined when it is not theirs. */
export async function markRead(db: Db, userId: string, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

/** Answers how many were unread. */
export async function markAllRead(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function findNotification(db: Db, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
  return row;
}

/**
 * Removes read notifications created before `cutoff`, a batch at a time so that no statement
 * holds many locks for long. Answers how many went.
 */
export async function deleteReadBefore(db: Db, cutoff: Date, batchSize = 5_000): Promise<number> {
  let removed = 0;
  for (;;) {
    const result = await db.execute(sql`
      DELETE FROM ${notifications}
      WHERE ${notifications.id} IN (
        SELECT ${notifications.id} FROM ${notifications}
        WHERE ${notifications.isRead} = true AND ${notifications.createdAt} < ${cutoff}
        LIMIT ${batchSize}
      )`);
    const deleted = result.rowCount ?? 0;
    removed += deleted;
    if (deleted < batchSize) return removed;
  }
}

// ---------------------------------------------------------------------------------------------
// Push subscriptions
// ---------------------------------------------------------------------------------------------

export type NewPushSubscription = {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
};

/** Saves a browser's subscription for this customer (moving it from another account if needed). */
export async function upsertPushSubscription(db: Db, subscription: NewPushSubscription): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ ...subscription, platform: 'web' })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: subscription.userId,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        userAgent: subscription.userAgent,
        updatedAt: new Date(),
      },
    });
}

/** Keeps the customer's `keep` most recently registered browsers; removes older ones. */
export async function prunePushSubscriptions(db: Db, userId: string, keep: number): Promise<void> {
  await db.execute(sql`
    DELETE FROM ${pushSubscriptions}
    WHERE ${pushSubscriptions.userId} = ${userId}
      AND ${pushSubscriptions.id} NOT IN (
        SELECT ${pushSubscriptions.id} FROM ${pushSubscriptions}
        WHERE ${pushSubscriptions.userId} = ${userId}
        ORDER BY ${pushSubscriptions.updatedAt} DESC
        LIMIT ${keep}
      )`);
}

export async function listPushSubscriptions(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.updatedAt));
}

export async function findPushSubscription(db: Db, id: string): Promise<PushSubscriptionRow | undefined> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)).limit(1);
  return row;
}

/** Removes an expired subscription, unless it was registered again since `seenAt`. */
export async function deletePushSubscription(db: Db, id: string, seenAt: Date): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.id, id), lt(pushSubscriptions.updatedAt, new Date(seenAt.getTime() + 1))),
    );
}

export async function deletePushSubscriptions(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}
