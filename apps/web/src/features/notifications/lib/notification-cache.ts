import type {
  NotificationListResponse,
  NotificationMessage,
  NotificationUpdateMessage,
} from '@shop/contract/notifications';
import { RECENT_NOTIFICATIONS } from '../api/get-notifications';

/**
 * How the bell's cached list follows the socket: a new notification goes on top (once), a read
 * change marks the ones named (or all), and the unread count is always the server's.
 */

export function withNewNotification(
  list: NotificationListResponse,
  message: NotificationMessage,
): NotificationListResponse {
  if (list.results.some((item) => item.id === message.notification.id)) {
    return { ...list, unread_count: message.unread_count };
  }
  const results = [message.notification, ...list.results].slice(0, RECENT_NOTIFICATIONS);
  const count = list.count + 1;
  return {
    ...list,
    results,
    count,
    total_pages: Math.ceil(count / RECENT_NOTIFICATIONS),
    next: count > RECENT_NOTIFICATIONS ? 2 : null,
    unread_count: message.unread_count,
  };
}

/**
 * Answers null when the list must be read again: the server says so, or the unread count rose.
 * Reading only lowers it, so a higher count means news this list never saw (a socket opened after
 * the notification was sent, as when a password change replaces the session): keeping the list
 * would show "1 unread" over "No notifications yet".
 */
export function withReadUpdate(
  list: NotificationListResponse,
  update: NotificationUpdateMessage,
): NotificationListResponse | null {
  if (update.unread_count > list.unread_count) return null;
  if (update.all_read) {
    return {
      ...list,
      results: list.results.map((item) => (item.is_read ? item : { ...item, is_read: true })),
      unread_count: update.unread_count,
    };
  }
  if (update.read_ids === null) return null;
  const read = new Set(update.read_ids);
  return {
    ...list,
    results: list.results.map((item) =>
      read.has(item.id) && !item.is_read ? { ...item, is_read: true } : item,
    ),
    unread_count: update.unread_count,
  };
}

/** The same list with one notification read (before the server answers). */
export function withOneRead(list: NotificationListResponse, id: string): NotificationListResponse {
  const target = list.results.find((item) => item.id === id);
  if (!target || target.is_read) return list;
  return {
    ...list,
    results: list.results.map((item) => (item.id === id ? { ...item, is_read: true } : item)),
    unread_count: Math.max(0, list.unread_count - 1),
  };
}
