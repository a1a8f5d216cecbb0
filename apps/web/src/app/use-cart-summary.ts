/** What the header badge and the mini cart bar show. */
export type CartSummary = {
  /** Number of bottles (sum of quantities). */
  itemCount: number;
  /** Cart total in whole Uganda shillings. */
  total: number;
};

const EMPTY_CART: CartSummary = { itemCount: 0, total: 0 };

/**
 * The cart as the layout sees it. For now the cart is always empty: the cart feature plugs in
 * here, replacing this body with its query of GET /orders/cart/my_cart/ (src/features/cart/api/).
 */
export function useCartSummary(): CartSummary {
  return EMPTY_CART;
}
