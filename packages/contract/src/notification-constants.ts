/**
 * Notifications' enums, websocket constants and links, without zod: the header's bell and the
 * websocket client run on every page and import these without pulling the schemas (and zod)
 * into the first script. `notifications.ts` builds its schemas from these and re-exports them.
 */

/** docs/product.md section 3. */
export const NOTIFICATION_TYPES = [
  'order_update',
  'delivery_update',
  'payment_update',
  'promotion',
  'news',
  'event',
  'system',
  'security',
  // Staff only: a size ran low or out (the back office's stock page).
  'stock',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

/** Web Push goes out for these priorities only; the others wait for the bell. */
export const PUSHED_PRIORITIES: readonly NotificationPriority[] = ['high', 'urgent'];

/** The storefront is the shop's only client: its pushes are Web Push. */
export const PUSH_PLATFORMS = ['web'] as const;
export type PushPlatform = (typeof PUSH_PLATFORMS)[number];

/** Path of the websocket, under the API's base path (`/api/v1/ws/notifications`). */
export const NOTIFICATIONS_SOCKET_PATH = '/ws/notifications' as const;

/** Close codes the server uses; the client does not reconnect after these. */
export const SOCKET_CLOSE_CODES = {
  /** No signed-in customer (or no auth message in time): sign in, then connect again. */
  unauthorized: 4401,
  /** The session ended while the socket was open. */
  sessionEnded: 4403,
  /** The instance is stopping (a restart): connect again, the proxy picks another instance. */
  restarting: 1012,
} as const;

/** A client that authenticates by message (not by the session cookie) must do so within this time. */
export const SOCKET_AUTH_TIMEOUT_MS = 10_000;

/**
 * Inside the storefront: the notifications feature dispatches this DOM event on `window` for
 * each notification received live (detail: the notification), and with detail null after a
 * reconnection (anything may have changed). Other features (the tracking page) listen to
 * refresh what they show, without importing the notifications feature.
 */
export const NOTIFICATION_RECEIVED_EVENT = 'shop:notification' as const;

/**
 * The storefront page a notification is about: the order for order updates, the tracking page
 * for deliveries, the payment history for payments, the event for event news, the bottle for a
 * wishlist alert, the account for security notices.
 */
export function notificationPath(type: NotificationType, relatedId: string | null): string {
  const id = relatedId ? encodeURIComponent(relatedId) : null;
  switch (type) {
    case 'order_update':
      return id ? `/order-history/${id}` : '/order-history';
    case 'delivery_update':
      return '/delivery-tracking';
    case 'payment_update':
      return '/payments';
    case 'event':
      return id ? `/events/${id}` : '/events';
    case 'promotion':
      return id ? `/products/${id}` : '/products';
    case 'news':
      return '/';
    case 'stock':
      return '/admin/stock';
    case 'security':
    case 'system':
      return '/account';
  }
}

/** What a Web Push message carries (the service worker shows it and opens `url` on a click). */
export type PushPayload = {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  priority: NotificationPriority;
  related_id: string | null;
  created_at: string;
  /** The storefront path the notification is about (see notificationPath). */
  url: string;
};
