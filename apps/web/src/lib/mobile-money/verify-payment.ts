import { type Transaction, transactionSchema } from '@shop/contract/payments';
import { api } from '../api-client';

/**
 * `POST /payments/transactions/{id}/verify_payment/` by id or by reference: the server asks the
 * provider and answers the transaction as it now stands. Safe to repeat (the server limits how
 * often it asks the provider).
 */
export function verifyPayment(idOrReference: string, signal?: AbortSignal): Promise<Transaction> {
  return api.post(`/payments/transactions/${encodeURIComponent(idOrReference)}/verify_payment/`, undefined, {
    schema: transactionSchema,
    toast: false,
    ...(signal ? { signal } : {}),
    // Repeating a verification changes nothing twice: it may be retried like a read.
    idempotencyKey: `verify-${idOrReference}`,
  });
}
