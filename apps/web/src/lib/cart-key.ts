/**
 * The cart's query key, declared once. The cart feature reads and writes the cart under it; the
 * session, below every feature, resets it when the customer changes and refreshes it after sign-in.
 */
export const CART_KEY = ['cart'] as const;
