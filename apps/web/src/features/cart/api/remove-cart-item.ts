import type { Cart, RemoveCartItemRequest } from '@shop/contract/cart';
import { cartMessages } from '@shop/contract/errors';
import { api } from '../../../lib/api-client';
import { useCartMutation } from '../lib/use-cart-mutation';

/** `POST /orders/cart/remove_item/`; answers the whole cart. */
export function removeCartItem(body: RemoveCartItemRequest): Promise<Cart> {
  return api.post<Cart>('/orders/cart/remove_item/', body, { toast: false });
}

export function useRemoveCartItem() {
  return useCartMutation(removeCartItem, cartMessages.remove);
}
