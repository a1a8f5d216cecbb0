import type { SubscribeResponse } from '@shop/contract/newsletter';
import { api } from '../../../lib/api-client';

/**
 * `POST /newsletter/subscriptions/ { email }` (docs/product.md section 7). The answer is the same whether
 * or not the address was subscribed; a confirmation e-mail follows. The form shows its own
 * messages, so no toast.
 */
export function subscribeToNewsletter(email: string): Promise<SubscribeResponse> {
  return api.post<SubscribeResponse>('/newsletter/subscriptions/', { email }, { toast: false });
}
