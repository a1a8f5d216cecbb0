import type { WishlistListResponse } from '@shop/contract/wishlist';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';

/**
 * Every wishlist query starts with this key. It sits under `['account']`, which the session
 * (lib/session) drops on sign-out, so the next visitor never sees the last one's bottles; wishlist
 * changes refresh the whole prefix (the list, the summary and the account page's count).
 */
export const WISHLIST_KEY = ['account', 'wishlist'] as const;

/** Bottles per page of /wishlist. */
export const WISHLIST_PAGE_SIZE = 12;

/** `GET /orders/wishlist/`: one page of saved bottles, newest first, with current price and stock. */
export function wishlistQuery(page: number) {
  return queryOptions({
    queryKey: [...WISHLIST_KEY, 'list', page] as const,
    queryFn: ({ signal }) =>
      api.get<WishlistListResponse>('/orders/wishlist/', {
        query: { page, page_size: WISHLIST_PAGE_SIZE },
        signal,
      }),
  });
}

/** The signed-in customer's wishlist page (the route is for customers only). */
export function useWishlist(page: number) {
  const { status } = useSession();
  return useQuery({
    ...wishlistQuery(page),
    enabled: status === 'customer',
    placeholderData: keepPreviousData,
  });
}
