import { type Order, orderParamsSchema, orderSchema } from '@shop/contract/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Order ids are UUIDs: anything else is not an order, and is not asked for. */
export function isOrderId(id: string): boolean {
  return orderParamsSchema.safeParse({ id }).success;
}

export function orderKey(id: string) {
  return ['orders', 'detail', id] as const;
}

/** `GET /orders/orders/{id}/`: one of the customer's own orders (another's answers 404). */
export function orderQuery(id: string) {
  return queryOptions<Order>({
    queryKey: orderKey(id),
    queryFn: ({ signal }) =>
      api.get(`/orders/orders/${encodeURIComponent(id)}/`, { schema: orderSchema, signal, toast: false }),
    // The route's loader asks first: when its answer (a 404 for another's order) comes before the page
    // has subscribed, as under Preact, whose effects run after the next frame, the page shows it
    // instead of asking again (its Try again button asks again).
    retryOnMount: false,
  });
}

/** The order, when `id` is an order id and `enabled` (a signed-in customer). */
export function useOrder(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...orderQuery(id), enabled: enabled && isOrderId(id) });
}
