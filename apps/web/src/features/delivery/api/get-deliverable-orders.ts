import { type DeliverableOrderList, deliverableOrderListSchema } from '@shop/contract/delivery-tracking';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deliveryKeys } from './delivery-keys';

/** `GET /orders/delivery-tracking/deliverable_orders/`: orders that take instructions, and the last ones given. */
export function deliverableOrdersQuery(userId: string) {
  return queryOptions<DeliverableOrderList>({
    queryKey: deliveryKeys.deliverable(userId),
    queryFn: ({ signal }) =>
      api.get('/orders/delivery-tracking/deliverable_orders/', {
        query: { page_size: 50 },
        schema: deliverableOrderListSchema,
        signal,
        toast: false,
      }),
  });
}

export function useDeliverableOrders(userId: string) {
  return useQuery(deliverableOrdersQuery(userId));
}
