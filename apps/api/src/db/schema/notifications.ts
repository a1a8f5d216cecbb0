import {
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
  PUSH_PLATFORMS,
} from '@shop/contract/notification-constants';
import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * Notifications (docs/product.md section 3) and the browsers registered for Web Push.
 *
 * - A notification is written once per cause: `dedupe_key` (e.g. "order:<id>:status:shipped") is
 *   unique per customer, so an event handled twice never notifies twice.
 * - The bell reads a customer's newest page and the unread count: both come from indexes of
 *   their own (the unread one is partial, so it stays small however many are read).
 * - Read notifications are removed after READ_NOTIFICATION_RETENTION_DAYS by a job (partial
 *   index on created_at for read rows).
 */

export const notificationTypeEnum = pgEnum('notification_type', NOTIFICATION_TYPES);
export const notificationPriorityEnum = pgEnum('notification_priority', NOTIFICATION_PRIORITIES);
export const pushPlatformEnum = pgEnum('push_platform', PUSH_PLATFORMS);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationTypeEnum().notNull(),
    title: text().notNull(),
    message: text().notNull(),
    priority: notificationPriorityEnum().notNull().default('normal'),
    isRead: boolean().notNull().default(false),
    /** What it is about (an order UUID, an event id), as text so any kind of subject fits. */
    relatedId: text(),
    /** One notification per cause and customer; null for notices that may repeat. */
    dedupeKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('notifications_user_unread_idx').on(table.userId).where(sql`${table.isRead} = false`),
    index('notifications_read_created_idx').on(table.createdAt).where(sql`${table.isRead} = true`),
    // Partial: only keyed rows need it, and the list queries then never wander onto it.
    uniqueIndex('notifications_user_dedupe_key_idx')
      .on(table.userId, table.dedupeKey)
      .where(sql`${table.dedupeKey} IS NOT NULL`),
  ],
);

/**
 * A browser's Web Push subscription (PushSubscription.toJSON()). The endpoint is the browser's
 * own: registering it again, from whichever account, moves it to that account.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: pushPlatformEnum().notNull().default('web'),
    endpoint: text().notNull().unique(),
    /** The browser's P-256 public key and auth secret, base64url (RFC 8291). */
    p256dh: text().notNull(),
    auth: text().notNull(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId, table.updatedAt.desc())],
);
