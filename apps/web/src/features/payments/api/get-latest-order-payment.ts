import { type Transaction, transactionListResponseSchema } from '@shop/contract/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './payment-keys';

/**
 * The order's latest payment attempt, whatever its status (`GET /payments/transactions/by_order/`
 * with `status=any`, newest first), or null when none was made yet.
 */
export function latestOrderPaymentQuery(orderId: string) {
  return queryOptions<Transaction | null>({
    queryKey: paymentKeys.latestOfOrder(orderId),
    queryFn: async ({ signal }) => {
      const list = await api.get('/payments/transactions/by_order/', {
        query: { order_id: orderId, status: 'any', page_size: 1 },
        schema: transactionListResponseSchema,
        signal,
        toast: false,
      });
      return list.results[0] ?? null;
    },
  });
}

/** Always asked again when the payment screen opens: it decides what to do from it. */
export function useLatestOrderPayment(orderId: string, enabled: boolean) {
  return useQuery({ ...latestOrderPaymentQuery(orderId), enabled, refetchOnMount: 'always' });
}
