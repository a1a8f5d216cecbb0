import { TOAST_DURATION_MS } from '@shop/contract/constants';
import { NOTIFICATION_RECEIVED_EVENT, notificationPath } from '@shop/contract/notification-constants';
import type {
  NotificationListResponse,
  ServerSocketMessage,
  Notification as ShopNotification,
} from '@shop/contract/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { sessionStoreFor } from '../../../lib/session/session-store';
import { toast } from '../../../lib/toast';
import { notificationsKey, recentNotificationsQuery } from '../api/get-notifications';
import { showBrowserNotification } from '../lib/browser-notifications';
import { withNewNotification, withReadUpdate } from '../lib/notification-cache';
import { NotificationSocket, notificationSocketUrl, type SocketStatus } from '../lib/notification-socket';
import { syncWebPush } from '../lib/web-push';

/** Tells the rest of the storefront (see NOTIFICATION_RECEIVED_EVENT); null: refresh everything. */
function announce(notification: ShopNotification | null) {
  window.dispatchEvent(new CustomEvent(NOTIFICATION_RECEIVED_EVENT, { detail: notification }));
}

/**
 * While a customer is signed in: the notifications socket feeds the bell's cache, shows a toast
 * (and a browser notification when allowed and the tab is in the background) for each new
 * notification, and refetches after a reconnection. The service worker and the push
 * subscription are brought up to date once per visit.
 */
export function useLiveNotifications(userId: string): SocketStatus {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const [status, setStatus] = useState<SocketStatus>('connecting');

  useEffect(() => {
    const key = recentNotificationsQuery(userId).queryKey;
    const open = (notification: ShopNotification) =>
      void navigateRef.current({ to: notificationPath(notification.type, notification.related_id) });

    const onMessage = (message: ServerSocketMessage) => {
      const list = queryClient.getQueryData<NotificationListResponse>(key);
      if (message.type === 'notification') {
        if (list) queryClient.setQueryData(key, withNewNotification(list, message));
        else void queryClient.invalidateQueries({ queryKey: notificationsKey(userId) });
        const { notification } = message;
        toast(notification.title, {
          id: notification.id,
          description: notification.message,
          duration: notification.priority === 'urgent' ? Number.POSITIVE_INFINITY : TOAST_DURATION_MS,
          action: { label: 'View', onClick: () => open(notification) },
        });
        showBrowserNotification(notification, () => open(notification));
        announce(notification);
        return;
      }
      const updated = list ? withReadUpdate(list, message) : null;
      if (updated) queryClient.setQueryData(key, updated);
      else void queryClient.invalidateQueries({ queryKey: notificationsKey(userId) });
    };

    const socket = new NotificationSocket({
      url: notificationSocketUrl(),
      onMessage,
      onStatus: setStatus,
      // The session ended (signed out or revoked elsewhere, a password changed): the session check
      // either signs out here, saying the session expired, or finds the new session, which
      // remounts the bell with a new socket.
      onEnded: () => void sessionStoreFor(queryClient).check(),
      onReconnected: () => {
        // What happened while the connection was down.
        void queryClient.invalidateQueries({ queryKey: notificationsKey(userId) });
        announce(null);
      },
    });
    socket.start();
    const online = () => socket.retryNow();
    window.addEventListener('online', online);
    void syncWebPush().catch(() => undefined);
    return () => {
      window.removeEventListener('online', online);
      socket.stop();
    };
  }, [queryClient, userId]);

  return status;
}
