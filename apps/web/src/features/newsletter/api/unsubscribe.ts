import type { UnsubscribeResponse } from '@shop/contract/newsletter';
import { api } from '../../../lib/api-client';

/** `POST /newsletter/subscriptions/unsubscribe/ { token }`: a newsletter e-mail's link. No session needed. */
export function unsubscribeFromNewsletter(token: string): Promise<UnsubscribeResponse> {
  return api.post<UnsubscribeResponse>('/newsletter/subscriptions/unsubscribe/', { token }, { toast: false });
}
