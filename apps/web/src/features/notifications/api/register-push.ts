import type { PushKeyResponse, RegisterPushResponse } from '@shop/contract/notifications';
import { api } from '../../../lib/api-client';

/** `GET /notifications/push_key/`: the VAPID public key to subscribe with. */
export async function fetchPushKey(): Promise<string> {
  const answer = await api.get<PushKeyResponse>('/notifications/push_key/', { toast: false });
  return answer.public_key;
}

/** `POST /notifications/register/` with the browser's push subscription (platform web). */
export function registerPushSubscription(subscription: PushSubscription): Promise<RegisterPushResponse> {
  return api.post<RegisterPushResponse>(
    '/notifications/register/',
    { platform: 'web', token: JSON.stringify(subscription.toJSON()) },
    { toast: false },
  );
}
