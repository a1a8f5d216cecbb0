import { TOAST_DURATION_MS } from '@shop/contract/constants';
import type { WishlistItem, WishlistSummary } from '@shop/contract/wishlist';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../../lib/api-client';
import { WISHLIST_KEY, wishlistSummaryQuery } from './get-wishlist-summary';

export type AddToWishlistInput = { product: number; variant?: number | null; name: string };

/**
 * `POST /orders/wishlist/` for a signed-in customer: the heart fills at once (the summary is
 * updated from the answer), then every wishlist query (`['account', 'wishlist', …]`) is refreshed.
 */
export function useAddToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ product, variant }: AddToWishlistInput) =>
      api.post<WishlistItem>('/orders/wishlist/', { product, ...(variant ? { variant } : {}) }),
    onSuccess: (entry, { name }) => {
      queryClient.setQueryData(wishlistSummaryQuery.queryKey, (summary: WishlistSummary | undefined) => {
        if (!summary || summary.items.some((item) => item.id === entry.id)) return summary;
        return {
          count: summary.count + 1,
          items: [{ id: entry.id, product: entry.product, variant: entry.variant }, ...summary.items],
        };
      });
      toast.success(`${name} added to your wishlist`, { duration: TOAST_DURATION_MS });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: WISHLIST_KEY }),
  });
}

/**
 * A visitor who is not signed in hearts a bottle: it is saved on their anonymous session (no
 * toast, no error shown), and moves into their account when they sign in (the server merges it).
 */
export function saveForVisitor(input: { product: number; variant?: number | null }): Promise<unknown> {
  return api
    .post(
      '/orders/wishlist/',
      { product: input.product, ...(input.variant ? { variant: input.variant } : {}) },
      {
        toast: false,
      },
    )
    .catch(() => undefined);
}
