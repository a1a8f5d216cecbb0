import type { Cart } from '@shop/contract/cart';
import { FREE_SHIPPING_THRESHOLD_UGX } from '@shop/contract/constants';

/**
 * The contract's EMPTY_CART, written here: the layout (badge, mini cart bar) is on the first page,
 * and importing the contract's cart module there would bring zod into the first page's JavaScript.
 * The cart tests check that both stay the same.
 */
export const EMPTY_CART: Cart = {
  items: [],
  item_count: 0,
  line_count: 0,
  subtotal: 0,
  total: 0,
  free_delivery_threshold: FREE_SHIPPING_THRESHOLD_UGX,
  free_delivery_remaining: FREE_SHIPPING_THRESHOLD_UGX,
  can_checkout: false,
};
