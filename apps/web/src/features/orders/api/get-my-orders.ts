import { type OrderListResponse, orderListResponseSchema } from '@shop/contract/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Orders per page of the history. */
export const ORDERS_PAGE_SIZE = 10;

/**
 * `GET /orders/orders/my_orders/`: the customer's orders, newest first, one page at a time. Under
 * `['orders']`, which is dropped on sign-out.
 */
export function myOrdersQuery(page = 1) {
  const query = { page, page_size: ORDERS_PAGE_SIZE };
  return queryOptions<OrderListResponse>({
    queryKey: ['orders', 'mine', query],
    queryFn: ({ signal }) =>
      api.get('/orders/orders/my_orders/', { query, schema: orderListResponseSchema, signal, toast: false }),
  });
}

/** A page of the history; the previous page stays on screen while the next one loads. */
export function useMyOrders(page = 1) {
  return useQuery({ ...myOrdersQuery(page), placeholderData: keepPreviousData });
}
