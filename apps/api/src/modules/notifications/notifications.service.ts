import type {
  NotificationPriority,
  NotificationType,
  PushPayload,
} from '@shop/contract/notification-constants';
import { notificationPath, PUSHED_PRIORITIES } from '@shop/contract/notification-constants';
import type {
  MarkAllReadResponse,
  MarkReadResponse,
  Notification,
  NotificationListResponse,
  WebPushSubscription,
} from '@shop/contract/notifications';
import { type PageQuery, toPagedList } from '@shop/contract/pagination';
import type { Database } from '../../db/client';
import { invalidInput, notFound } from '../../errors';
import type { ChannelMessage } from './notification-hub';
import {
  countUnread,
  deleteReadBefore,
  insertNotification,
  markAllRead,
  markRead,
  type NotificationRow,
  notifyListeners,
  pageOfNotifications,
  prunePushSubscriptions,
  upsertPushSubscription,
} from './notifications.repository';
import { isAllowedPushEndpoint } from './web-push';

/** Longest title and message stored: the NOTIFY payload must stay well under 8000 bytes. */
export const MAX_TITLE_LENGTH = 150;
export const MAX_MESSAGE_LENGTH = 1_000;
/** Browsers kept per customer for Web Push; registering one more forgets the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    priority: row.priority,
    is_read: row.isRead,
    related_id: row.relatedId,
    created_at: row.createdAt.toISOString(),
  };
}

export function toPushPayload(notification: Notification): PushPayload {
  return {
    id: notification.id,
    type: notification.type,
    title: notification.title,
    message: notification.message,
    priority: notification.priority,
    related_id: notification.related_id,
    created_at: notification.created_at,
    url: notificationPath(notification.type, notification.related_id),
  };
}

export function isPushed(priority: NotificationPriority): boolean {
  return PUSHED_PRIORITIES.includes(priority);
}

const clip = (text: string, max: number) => {
  const clean = text.trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
};

export type NewNotification = {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  priority?: NotificationPriority;
  /** What it is about (see the contract's related_id). */
  relatedId?: string | number | null;
  /**
   * One notification per cause: a second call with the same key for the same customer creates
   * nothing (an event handled twice, a retried job).
   */
  dedupeKey?: string | null;
};

/**
 * Writes the notification and NOTIFYs every instance in one transaction: the sockets hear of
 * it exactly when it is committed. Answers null when the dedupe key was already used.
 */
export async function createNotification(db: Database, input: NewNotification): Promise<Notification | null> {
  return db.transaction(async (tx) => {
    const row = await insertNotification(tx, {
      userId: input.userId,
      type: input.type,
      title: clip(input.title, MAX_TITLE_LENGTH),
      message: clip(input.message, MAX_MESSAGE_LENGTH),
      priority: input.priority ?? 'normal',
      relatedId: input.relatedId == null ? null : String(input.relatedId),
      dedupeKey: input.dedupeKey ?? null,
    });
    if (!row) return null;
    const notification = toNotification(row);
    const message: ChannelMessage = { kind: 'notification', user_id: row.userId, notification };
    await notifyListeners(tx, JSON.stringify(message));
    return notification;
  });
}

export async function getNotifications(
  db: Database,
  userId: string,
  query: PageQuery & { is_read?: boolean | undefined },
): Promise<NotificationListResponse> {
  const { rows, total, unread } = await pageOfNotifications(db, userId, query);
  return { ...toPagedList(rows.map(toNotification), total, query), unread_count: unread };
}

/** Marks one of the customer's own notifications read; another customer's id is not found. */
export async function readNotification(db: Database, userId: string, id: string): Promise<MarkReadResponse> {
  return db.transaction(async (tx) => {
    const row = await markRead(tx, userId, id);
    if (!row) throw notFound('The notification');
    const message: ChannelMessage = { kind: 'read', user_id: userId, read_ids: [id], all_read: false };
    await notifyListeners(tx, JSON.stringify(message));
    return { notification: toNotification(row), unread_count: await countUnread(tx, userId) };
  });
}

export async function readAllNotifications(db: Database, userId: string): Promise<MarkAllReadResponse> {
  return db.transaction(async (tx) => {
    const marked = await markAllRead(tx, userId);
    if (marked > 0) {
      const message: ChannelMessage = { kind: 'read', user_id: userId, read_ids: null, all_read: true };
      await notifyListeners(tx, JSON.stringify(message));
    }
    return { marked, unread_count: 0 };
  });
}

/** Saves the browser's push subscription for the customer (platform web). */
export async function registerPushSubscription(
  db: Database,
  userId: string,
  subscription: WebPushSubscription,
  options: { allowedHosts: readonly string[]; userAgent: string | null },
): Promise<void> {
  if (!isAllowedPushEndpoint(subscription.endpoint, options.allowedHosts)) {
    throw invalidInput([
      { field: 'token', message: 'The push endpoint is not a known browser push service' },
    ]);
  }
  await db.transaction(async (tx) => {
    await upsertPushSubscription(tx, {
      userId,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      userAgent: options.userAgent ? options.userAgent.slice(0, 300) : null,
    });
    await prunePushSubscriptions(tx, userId, MAX_PUSH_SUBSCRIPTIONS_PER_USER);
  });
}

/**
 * The clean-up of docs/product.md section 9: read notifications older than `retentionDays` go. Unread
 * ones stay, however old. Answers how many were removed.
 */
export async function removeOldReadNotifications(
  db: Database,
  retentionDays: number,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  return deleteReadBefore(db, cutoff);
}

export type { PageQuery };
