import type { Cart, UpdateCartItemRequest } from '@shop/contract/cart';
import { cartMessages } from '@shop/contract/errors';
import { api } from '../../../lib/api-client';
import { useCartMutation } from '../lib/use-cart-mutation';

/** `POST /orders/cart/update_item/`: sets a line's quantity; answers the whole cart. */
export function updateCartItem(body: UpdateCartItemRequest): Promise<Cart> {
  return api.post<Cart>('/orders/cart/update_item/', body, { toast: false });
}

export function useUpdateCartItem() {
  return useCartMutation(updateCartItem, cartMessages.update);
}
