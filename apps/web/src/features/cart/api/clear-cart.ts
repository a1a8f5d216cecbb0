import type { Cart } from '@shop/contract/cart';
import { cartMessages } from '@shop/contract/errors';
import { api } from '../../../lib/api-client';
import { useCartMutation } from '../lib/use-cart-mutation';

/** `POST /orders/cart/clear/`; answers the (empty) cart. */
export function clearCart(): Promise<Cart> {
  return api.post<Cart>('/orders/cart/clear/', undefined, { toast: false });
}

export function useClearCart() {
  return useCartMutation<void>(() => clearCart(), cartMessages.clear);
}
