import { type DeliveryStats, deliveryStatsSchema } from '@shop/contract/delivery-tracking';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deliveryKeys } from './delivery-keys';

/** `GET /orders/delivery-tracking/delivery_stats/`. */
export function deliveryStatsQuery(userId: string) {
  return queryOptions<DeliveryStats>({
    queryKey: deliveryKeys.stats(userId),
    queryFn: ({ signal }) =>
      api.get('/orders/delivery-tracking/delivery_stats/', {
        schema: deliveryStatsSchema,
        signal,
        toast: false,
      }),
  });
}

export function useDeliveryStats(userId: string) {
  return useQuery(deliveryStatsQuery(userId));
}
