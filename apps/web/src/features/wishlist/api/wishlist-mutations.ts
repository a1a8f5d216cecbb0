import { TOAST_DURATION_MS } from '@shop/contract/constants';
import type { WishlistItem, WishlistSummary } from '@shop/contract/wishlist';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { WISHLIST_KEY } from './get-wishlist';
import { wishlistSummaryQuery } from './get-wishlist-summary';

/**
 * Every change to the wishlist goes through this module: each refreshes every wishlist query
 * (`WISHLIST_KEY`: the list, the summary behind the hearts and the header count, the account page).
 */

export type AddToWishlistInput = { product: number; variant?: number | null; name: string };

function saveBody({ product, variant }: { product: number; variant?: number | null }) {
  return { product, ...(variant ? { variant } : {}) };
}

/**
 * `POST /orders/wishlist/` for a signed-in customer: the heart fills at once (the summary is
 * updated from the answer), then every wishlist query is refreshed.
 */
export function useAddToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddToWishlistInput) => api.post<WishlistItem>('/orders/wishlist/', saveBody(input)),
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
  return api.post('/orders/wishlist/', saveBody(input), { toast: false }).catch(() => undefined);
}

/** The entries to remove (a bottle's every saved size, or one entry) and the name for the toast. */
export type RemoveFromWishlistInput = { ids: number[]; name: string };

/**
 * `DELETE /orders/wishlist/{id}/` for each entry: the hearts empty at once, then every wishlist
 * query is refreshed.
 */
export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids }: RemoveFromWishlistInput) => {
      await Promise.all(ids.map((id) => api.delete(`/orders/wishlist/${id}/`)));
    },
    onSuccess: (_answer, { ids, name }) => {
      queryClient.setQueryData(wishlistSummaryQuery.queryKey, (summary: WishlistSummary | undefined) => {
        if (!summary) return summary;
        const items = summary.items.filter((item) => !ids.includes(item.id));
        return { count: items.length, items };
      });
      toast.success(`${name} removed from your wishlist`, { duration: TOAST_DURATION_MS });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: WISHLIST_KEY }),
  });
}

export type MoveToCartInput = {
  /** The wishlist entry. */
  id: number;
  product: number;
  /** The size to add (the saved one, else the default): the entry's `cart_variant`. */
  variant: number;
  name: string;
};

/** The cart's Add to Cart, handed in by src/app: it says what happened and updates the cart. */
export type AddToCart = (input: {
  product: number;
  variant: number;
  quantity: number;
  name: string;
}) => Promise<unknown>;

/**
 * Add to Cart from the wishlist moves the bottle: the cart's add (one bottle), then
 * `DELETE /orders/wishlist/{id}/`. If the cart refuses it, it stays on the wishlist.
 */
export function useMoveToCart(addToCart: AddToCart) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, product, variant, name }: MoveToCartInput) => {
      await addToCart({ product, variant, quantity: 1, name });
      // In the cart now: a failure to remove it from the wishlist leaves it in both, which is harmless.
      await api.delete(`/orders/wishlist/${id}/`, { toast: false }).catch(() => undefined);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: WISHLIST_KEY }),
  });
}
