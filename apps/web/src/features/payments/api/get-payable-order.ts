import { type Order, orderSchema } from '@shop/contract/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './payment-keys';

/**
 * `GET /orders/orders/{id}/`, for the payment screen: what is due and on which number it was
 * meant to be paid. Another customer's order answers 404.
 */
export function payableOrderQuery(orderId: string) {
  return queryOptions<Order>({
    queryKey: paymentKeys.order(orderId),
    queryFn: ({ signal }) =>
      api.get(`/orders/orders/${encodeURIComponent(orderId)}/`, {
        schema: orderSchema,
        signal,
        toast: false,
      }),
  });
}

export function usePayableOrder(orderId: string, enabled: boolean) {
  return useQuery({ ...payableOrderQuery(orderId), enabled, refetchOnMount: 'always' });
}
