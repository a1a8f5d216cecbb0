import type { MarkAllReadResponse, MarkReadResponse } from '@shop/contract/notifications';
import { api } from '../../../lib/api-client';

/** `POST /notifications/{id}/mark_read/`: answers the notification, read, and the count left. */
export function markNotificationRead(id: string): Promise<MarkReadResponse> {
  return api.post<MarkReadResponse>(`/notifications/${encodeURIComponent(id)}/mark_read/`, undefined, {
    toast: false,
  });
}

/** `POST /notifications/mark_all_read/`. */
export function markAllNotificationsRead(): Promise<MarkAllReadResponse> {
  return api.post<MarkAllReadResponse>('/notifications/mark_all_read/');
}
