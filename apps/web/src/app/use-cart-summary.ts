import { useCart } from '../features/cart/api/get-cart';

/** What the header badge and the mini cart bar show. */
export type CartSummary = {
  /** Number of bottles (sum of quantities). */
  itemCount: number;
  /** Cart total in whole Uganda shillings. */
  total: number;
};

/**
 * The cart as the layout sees it: the cart feature's query of GET /orders/cart/my_cart/ (empty for
 * visitors who are not signed in, while it loads, and when it cannot be read).
 */
export function useCartSummary(): CartSummary {
  const { cart } = useCart();
  return { itemCount: cart?.item_count ?? 0, total: cart?.total ?? 0 };
}
