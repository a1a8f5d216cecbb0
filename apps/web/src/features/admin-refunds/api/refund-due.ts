import { type RefundDueListResponse, refundDueListResponseSchema } from '@shop/contract/refunds';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { REFUNDS_KEY } from './refund-subject';

export const REFUND_DUE_PAGE_SIZE = 25;

/** `GET /admin/refunds/due/`: payments to refund (paid twice, short, wrong currency), oldest first. */
export function refundDueQuery(page: number) {
  return queryOptions<RefundDueListResponse>({
    queryKey: [...REFUNDS_KEY, 'due', page] as const,
    queryFn: ({ signal }) =>
      api.get('/admin/refunds/due/', {
        query: { page, page_size: REFUND_DUE_PAGE_SIZE },
        schema: refundDueListResponseSchema,
        signal,
        toast: false,
      }),
  });
}

export function useRefundDue(page: number, enabled: boolean) {
  return useQuery({ ...refundDueQuery(page), placeholderData: keepPreviousData, enabled });
}
