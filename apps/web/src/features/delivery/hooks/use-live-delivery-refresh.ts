import { NOTIFICATION_RECEIVED_EVENT } from '@shop/contract/notification-constants';
import type { Notification } from '@shop/contract/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { deliveryKeys } from '../api/delivery-keys';

const ABOUT_ORDERS: ReadonlySet<Notification['type']> = new Set(['order_update', 'delivery_update']);

/**
 * Keeps the tracking page current without a reload: a live notification about an order (or a
 * reconnection of the notifications socket, which may have missed some) reads the deliveries
 * again.
 */
export function useLiveDeliveryRefresh(userId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onNotification = (event: Event) => {
      const notification = (event as CustomEvent<Notification | null>).detail;
      if (notification && !ABOUT_ORDERS.has(notification.type)) return;
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.all(userId) });
    };
    window.addEventListener(NOTIFICATION_RECEIVED_EVENT, onNotification);
    return () => window.removeEventListener(NOTIFICATION_RECEIVED_EVENT, onNotification);
  }, [queryClient, userId]);
}
