import type { PaymentPurpose } from '@shop/contract/payments';
import { type RefundSubject, refundSubjectSchema } from '@shop/contract/refunds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every refund query sits under this key: a refund made refreshes them all. */
export const REFUNDS_KEY = ['admin', 'refunds'] as const;

/** `GET /admin/refunds/subject/`: an order's or RSVP's payments (what may be refunded) and refunds. */
export function refundSubjectQuery(purpose: PaymentPurpose, subjectId: string) {
  return queryOptions<RefundSubject>({
    queryKey: [...REFUNDS_KEY, 'subject', purpose, subjectId] as const,
    queryFn: ({ signal }) =>
      api.get('/admin/refunds/subject/', {
        query: { purpose, subject_id: subjectId },
        schema: refundSubjectSchema,
        signal,
        toast: false,
      }),
    // A pending refund settles by webhook or poll: read again while one is pending.
    refetchInterval: (query) =>
      query.state.data?.refunds.some((refund) => refund.status === 'pending') ? 5_000 : false,
  });
}

export function useRefundSubject(purpose: PaymentPurpose, subjectId: string, enabled = true) {
  return useQuery({ ...refundSubjectQuery(purpose, subjectId), enabled });
}
