import { type MyRefundListResponse, myRefundListResponseSchema } from '@shop/contract/refunds';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './payment-keys';

export const MY_REFUNDS_PAGE_SIZE = 10;

/** `GET /payments/refunds/my_refunds/`: the customer's refunds, newest first, with credit notes. */
export function myRefundsQuery(page: number) {
  return queryOptions<MyRefundListResponse>({
    queryKey: paymentKeys.refunds(page),
    queryFn: ({ signal }) =>
      api.get('/payments/refunds/my_refunds/', {
        query: { page, page_size: MY_REFUNDS_PAGE_SIZE },
        schema: myRefundListResponseSchema,
        signal,
        toast: false,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useMyRefunds(page: number) {
  return useQuery(myRefundsQuery(page));
}
