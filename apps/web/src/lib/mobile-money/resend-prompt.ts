import { type Transaction, transactionSchema } from '@shop/contract/payments';
import { api } from '../api-client';

/**
 * `POST /payments/transactions/{id}/resend_prompt/`: a new approval prompt to the same number, for
 * a pending payment whose prompt went unanswered a minute or more (409 sooner, with the seconds
 * left). Answers the new pending transaction, which replaces the old one.
 */
export function resendPrompt(id: string): Promise<Transaction> {
  return api.post(`/payments/transactions/${encodeURIComponent(id)}/resend_prompt/`, undefined, {
    schema: transactionSchema,
    toast: false,
  });
}
