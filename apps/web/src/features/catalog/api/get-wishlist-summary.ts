import type { WishlistSummary } from '@shop/contract/wishlist';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';

/**
 * The wishlist's queries live under this key (the wishlist feature's, under `['account']`, which
 * the identity feature drops on sign-out): the hearts read the summary, and a change refreshes
 * the whole prefix (the wishlist page, the header count, the account page).
 */
export const WISHLIST_KEY = ['account', 'wishlist'] as const;

/** `GET /orders/wishlist/summary/`: which bottles are saved; the same query as the header count's. */
export const wishlistSummaryQuery = queryOptions({
  queryKey: [...WISHLIST_KEY, 'summary'] as const,
  queryFn: ({ signal }) => api.get<WishlistSummary>('/orders/wishlist/summary/', { signal, toast: false }),
});

/** The signed-in customer's saved bottles, for the hearts; nothing is asked for visitors. */
export function useWishlistSummary() {
  const { status } = useSession();
  return useQuery({ ...wishlistSummaryQuery, enabled: status === 'customer' });
}
