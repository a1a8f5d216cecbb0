import { type Delivery, deliverySchema } from '@shop/contract/delivery-tracking';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deliveryKeys } from './delivery-keys';

/** `GET /orders/delivery-tracking/track_by_order_number/?order_number=…` (the customer's own orders). */
export function trackDeliveryQuery(userId: string, orderNumber: string) {
  return queryOptions<Delivery>({
    queryKey: deliveryKeys.track(userId, orderNumber),
    queryFn: ({ signal }) =>
      api.get('/orders/delivery-tracking/track_by_order_number/', {
        query: { order_number: orderNumber },
        schema: deliverySchema,
        signal,
        // The page says what went wrong (not found, not yet confirmed…) beside the search.
        toast: false,
      }),
    retry: false,
  });
}

export function useTrackedDelivery(userId: string, orderNumber: string | null) {
  return useQuery({ ...trackDeliveryQuery(userId, orderNumber ?? ''), enabled: orderNumber !== null });
}
