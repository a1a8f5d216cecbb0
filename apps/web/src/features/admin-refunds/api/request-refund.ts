import { type RefundRequest, type RefundResponse, refundResponseSchema } from '@shop/contract/refunds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { REFUNDS_KEY } from './refund-subject';

/** `POST /admin/refunds/` (admins; staff when allowed): the same idempotency key refunds once. */
export function requestRefund(body: RefundRequest): Promise<RefundResponse> {
  return api.post('/admin/refunds/', body, { schema: refundResponseSchema, toast: false });
}

/** Asks for the refund, then reads every refund list and the staff's orders again. */
export function useRequestRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestRefund,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: REFUNDS_KEY }),
        // The order page shows its payments; restocked bottles change the stock pages.
        queryClient.invalidateQueries({ queryKey: ['staff-orders'] }),
        queryClient.invalidateQueries({ queryKey: ['admin-stock'] }),
      ]),
  });
}
