import type { QueryClient } from '@tanstack/react-query';
import { invoicesQuery } from '../api/get-invoices';
import { myOrdersQuery } from '../api/get-my-orders';
import { isOrderId, orderQuery } from '../api/get-order';
import { orderStatsQuery } from '../api/get-order-stats';
import type { PageSearch } from '../lib/page-search';

/*
 * The route loaders start the page's requests as soon as the route is chosen (or a link to it is
 * hovered), in parallel with loading its code, without waiting for them. A failed request is the
 * page's to show, with Retry.
 */

export function warmOrderHistory(queryClient: QueryClient, search: PageSearch): void {
  void queryClient.prefetchQuery(myOrdersQuery(search.page ?? 1));
  void queryClient.prefetchQuery(orderStatsQuery);
}

export function warmOrder(queryClient: QueryClient, id: string): void {
  if (isOrderId(id)) void queryClient.prefetchQuery(orderQuery(id));
}

export function warmInvoices(queryClient: QueryClient, search: PageSearch): void {
  void queryClient.prefetchQuery(invoicesQuery(search.page ?? 1));
}
