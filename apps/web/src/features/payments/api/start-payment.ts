import type { CompleteMobileMoneyPaymentRequest, Transaction } from '@shop/contract/payments';
import { transactionSchema } from '@shop/contract/payments';
import { api } from '../../../lib/api-client';

/**
 * `POST /payments/flutterwave/complete_mobile_money_payment/`: charges the order's total to the
 * number. The server answers the pending attempt again for the same number and network, so a
 * retried request never charges twice.
 */
export function startPayment(request: CompleteMobileMoneyPaymentRequest): Promise<Transaction> {
  return api.post('/payments/flutterwave/complete_mobile_money_payment/', request, {
    schema: transactionSchema,
    toast: false,
  });
}
