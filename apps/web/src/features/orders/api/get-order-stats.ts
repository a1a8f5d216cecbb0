import { type OrderStats, orderStatsSchema } from '@shop/contract/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /orders/orders/order_stats/`: the customer's orders counted by status, and what they have spent. */
export const orderStatsQuery = queryOptions<OrderStats>({
  queryKey: ['orders', 'stats'],
  queryFn: ({ signal }) =>
    api.get('/orders/orders/order_stats/', { schema: orderStatsSchema, signal, toast: false }),
});

export function useOrderStats() {
  return useQuery(orderStatsQuery);
}
