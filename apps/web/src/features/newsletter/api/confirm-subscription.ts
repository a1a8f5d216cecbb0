import type { ConfirmSubscriptionResponse } from '@shop/contract/newsletter';
import { api } from '../../../lib/api-client';

/** `POST /newsletter/subscriptions/confirm/ { token }`: the confirmation e-mail's link. No session needed. */
export function confirmSubscription(token: string): Promise<ConfirmSubscriptionResponse> {
  return api.post<ConfirmSubscriptionResponse>(
    '/newsletter/subscriptions/confirm/',
    { token },
    { toast: false },
  );
}
