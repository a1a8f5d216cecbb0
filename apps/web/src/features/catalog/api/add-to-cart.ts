import type { Cart } from '@shop/contract/cart';
import { TOAST_DURATION_MS } from '@shop/contract/constants';
import { cartMessages } from '@shop/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, isApiError } from '../../../lib/api-client';

export type AddToCartInput = {
  product: number;
  variant: number;
  quantity: number;
  /** For the toast: "{name} added to cart!". */
  name: string;
};

/** The cart's query key (the cart feature's, and the identity feature's reset on sign-out). */
const CART_KEY = ['cart'] as const;

/** The statuses whose envelope says why the bottle could not be added (not enough stock, withdrawn…). */
const SPEAKING_STATUSES = new Set([400, 404, 409, 422]);

/**
 * `POST /orders/cart/add_item/` (SPEC.md section 7) for a signed-in customer, with the toasts of
 * section 8. It answers the whole cart, which replaces the cached one (the header badge and the mini
 * cart bar follow). It runs in the cart's mutation scope, after any cart change still on its way.
 */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ product, variant, quantity }: AddToCartInput) =>
      api.post<Cart>('/orders/cart/add_item/', { product, quantity, variant }, { toast: false }),
    scope: { id: 'cart' },
    onSuccess: async (cart, { name }) => {
      toast.success(cartMessages.added(name), { duration: TOAST_DURATION_MS });
      // A cart read still on its way is older than this answer.
      await queryClient.cancelQueries({ queryKey: CART_KEY });
      queryClient.setQueryData(CART_KEY, cart);
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
      // Whatever was refused, the cart on screen may be out of date.
      void queryClient.invalidateQueries({ queryKey: CART_KEY });
    },
  });
}
