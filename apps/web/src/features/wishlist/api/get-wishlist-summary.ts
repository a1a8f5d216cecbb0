import type { WishlistSummary } from '@shop/contract/wishlist';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { WISHLIST_KEY } from './get-wishlist';

/** `GET /orders/wishlist/summary/`: which bottles are saved (the hearts and the header count). */
export const wishlistSummaryQuery = queryOptions({
  queryKey: [...WISHLIST_KEY, 'summary'] as const,
  queryFn: ({ signal }) => api.get<WishlistSummary>('/orders/wishlist/summary/', { signal, toast: false }),
});

/** The signed-in customer's saved bottles, for the hearts; nothing is asked for visitors. */
export function useWishlistSummary() {
  const { status } = useSession();
  return useQuery({ ...wishlistSummaryQuery, enabled: status === 'customer' });
}

/** How many bottles the signed-in customer has saved (0 for visitors): the header's count. */
export function useWishlistCount(): number {
  const { status } = useSession();
  const query = useWishlistSummary();
  return status === 'customer' ? (query.data?.count ?? 0) : 0;
}
