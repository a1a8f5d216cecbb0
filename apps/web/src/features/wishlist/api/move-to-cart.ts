import type { Cart } from '@shop/contract/cart';
import { TOAST_DURATION_MS } from '@shop/contract/constants';
import { cartMessages } from '@shop/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, isApiError } from '../../../lib/api-client';
import { WISHLIST_KEY } from './get-wishlist';

export type MoveToCartInput = {
  /** The wishlist entry. */
  id: number;
  product: number;
  /** The size to add (the saved one, else the default): the entry's `cart_variant`. */
  variant: number;
  name: string;
};

/** The cart's query key and mutation scope (the cart feature's; the header badge reads the key). */
const CART_KEY = ['cart'] as const;
const CART_SCOPE = { id: 'cart' } as const;

/** Statuses whose envelope says why the bottle could not be added (stock, withdrawn…). */
const SPEAKING_STATUSES = new Set([400, 404, 409, 422]);

/**
 * Add to Cart from the wishlist moves the bottle: `POST /orders/cart/add_item/` (one bottle),
 * then `DELETE /orders/wishlist/{id}/`. If the cart refuses it, it stays on the wishlist. The
 * cart's answer replaces the cached cart, so the header badge follows at once.
 */
export function useMoveToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: CART_SCOPE,
    mutationFn: async ({ id, product, variant }: MoveToCartInput) => {
      const cart = await api.post<Cart>(
        '/orders/cart/add_item/',
        { product, quantity: 1, variant },
        { toast: false },
      );
      await queryClient.cancelQueries({ queryKey: CART_KEY });
      queryClient.setQueryData(CART_KEY, cart);
      // In the cart now: a failure to remove it from the wishlist leaves it in both, which is harmless.
      await api.delete(`/orders/wishlist/${id}/`, { toast: false }).catch(() => undefined);
      return cart;
    },
    onSuccess: (_cart, { name }) => {
      toast.success(cartMessages.added(name), { duration: TOAST_DURATION_MS });
    },
    onError: (error) => {
      const reason =
        isApiError(error) && error.status !== null && SPEAKING_STATUSES.has(error.status)
          ? (error.fields[0]?.message ?? error.envelope?.message)
          : undefined;
      toast.error(cartMessages.addToast, {
        id: cartMessages.addToast,
        duration: TOAST_DURATION_MS,
        ...(reason ? { description: reason } : {}),
      });
      void queryClient.invalidateQueries({ queryKey: CART_KEY });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: WISHLIST_KEY }),
  });
}
