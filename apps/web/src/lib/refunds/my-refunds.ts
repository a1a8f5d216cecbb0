import { type MyRefundListResponse, myRefundListResponseSchema } from '@shop/contract/refunds';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

export const MY_REFUNDS_PAGE_SIZE = 10;

/** Every refunds query of the customer starts with this key (a refund made invalidates them all). */
export const MY_REFUNDS_KEY = ['payments', 'refunds'] as const;

/**
 * `GET /payments/refunds/my_refunds/`: the customer's refunds, newest first, with credit notes;
 * those of one order (or ticket) with `subjectId`. Shared by the payments page and the order page.
 */
export function myRefundsQuery(page: number, subjectId?: string) {
  return queryOptions<MyRefundListResponse>({
    queryKey: [...MY_REFUNDS_KEY, subjectId ?? 'all', page],
    queryFn: ({ signal }) =>
      api.get('/payments/refunds/my_refunds/', {
        query: { page, page_size: MY_REFUNDS_PAGE_SIZE, ...(subjectId ? { subject_id: subjectId } : {}) },
        schema: myRefundListResponseSchema,
        signal,
        toast: false,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useMyRefunds(page: number, subjectId?: string) {
  return useQuery(myRefundsQuery(page, subjectId));
}
