import { api } from '../../../lib/api-client';

/** POST /newsletter/subscriptions/ { email }. The form shows its own messages, so no toast. */
export function subscribeToNewsletter(email: string): Promise<unknown> {
  return api.post('/newsletter/subscriptions/', { email }, { toast: false });
}
