import { BROWSER_NOTIFICATION_CLOSE_MS, LOGO_PATH } from '@shop/contract/constants';
import type { Notification as ShopNotification } from '@shop/contract/notifications';

/**
 * Browser (system) notifications, when the customer has allowed them (docs/product.md section 9): shown
 * while the shop's tab is in the background (in front, the toast says it), tagged with the
 * notification's id so that a Web Push of the same one replaces it instead of doubling it, and
 * closed after 5 seconds unless urgent.
 */

export function browserNotificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

export function browserNotificationPermission(): NotificationPermission | 'unsupported' {
  return browserNotificationsSupported() ? window.Notification.permission : 'unsupported';
}

export function showBrowserNotification(notification: ShopNotification, onClick: () => void): boolean {
  if (browserNotificationPermission() !== 'granted') return false;
  if (document.visibilityState === 'visible') return false;
  const urgent = notification.priority === 'urgent';
  const shown = new window.Notification(notification.title, {
    body: notification.message,
    tag: notification.id,
    icon: LOGO_PATH,
    requireInteraction: urgent,
  });
  shown.onclick = () => {
    window.focus();
    onClick();
    shown.close();
  };
  if (!urgent) setTimeout(() => shown.close(), BROWSER_NOTIFICATION_CLOSE_MS);
  return true;
}
