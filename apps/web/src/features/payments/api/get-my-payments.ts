import { type TransactionListResponse, transactionListResponseSchema } from '@shop/contract/payments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './payment-keys';

/** `GET /payments/transactions/my_transactions/`: the customer's payments, newest first, 10 a page. */
export const MY_PAYMENTS_PAGE_SIZE = 10;

export function myPaymentsQuery(page: number) {
  return queryOptions<TransactionListResponse>({
    queryKey: paymentKeys.mine(page),
    queryFn: ({ signal }) =>
      api.get('/payments/transactions/my_transactions/', {
        query: { page, page_size: MY_PAYMENTS_PAGE_SIZE },
        schema: transactionListResponseSchema,
        signal,
        toast: false,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useMyPayments(page: number) {
  return useQuery(myPaymentsQuery(page));
}
