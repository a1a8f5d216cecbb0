import type { NotificationListResponse } from '@shop/contract/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** How many of the newest notifications the bell's panel shows. */
export const RECENT_NOTIFICATIONS = 10;

/** Every notifications query of a customer starts with this key (one customer's never shows another's). */
export const notificationsKey = (userId: string) => ['notifications', userId] as const;

/**
 * `GET /notifications/`: the newest notifications and the unread count. Typed, not parsed with
 * zod: the bell is in the header of every page.
 */
export function recentNotificationsQuery(userId: string) {
  return queryOptions({
    queryKey: [...notificationsKey(userId), 'recent'] as const,
    queryFn: ({ signal }) =>
      api.get<NotificationListResponse>('/notifications/', {
        query: { page_size: RECENT_NOTIFICATIONS },
        signal,
        toast: false,
      }),
    // The socket keeps it current; a reconnection reads it again.
    staleTime: 5 * 60 * 1000,
  });
}

export function useRecentNotifications(userId: string) {
  return useQuery(recentNotificationsQuery(userId));
}
