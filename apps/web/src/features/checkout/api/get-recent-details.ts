import { type RecentCheckoutDetails, recentCheckoutDetailsSchema } from '@shop/contract/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Nothing to offer: a first order, or the details could not be read (checkout works without them). */
export const NO_RECENT_DETAILS: RecentCheckoutDetails = { phones: [], addresses: [] };

/**
 * `GET /orders/orders/recent_details/`: the phones and addresses of the customer's own last
 * orders, offered at checkout. Under ['orders'], so a placed order refreshes it.
 */
export const recentDetailsQuery = queryOptions<RecentCheckoutDetails>({
  queryKey: ['orders', 'recent-details'],
  queryFn: ({ signal }) =>
    api.get('/orders/orders/recent_details/', { schema: recentCheckoutDetailsSchema, signal, toast: false }),
});

export function useRecentDetails() {
  return useQuery(recentDetailsQuery);
}
