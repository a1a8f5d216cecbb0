import type { Cart } from '@shop/contract/cart';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { CART_KEY } from '../../../lib/cart-key';
import { useSession } from '../../../lib/session/use-session';
import { EMPTY_CART } from '../lib/empty-cart';

async function fetchCart(signal: AbortSignal): Promise<Cart> {
  try {
    // Typed, not parsed with zod: the layout's badge and mini cart bar are on the first page.
    return await api.get<Cart>('/orders/cart/my_cart/', { signal, toast: false });
  } catch (error) {
    // docs/product.md section 8: a cart fetch refused with 401 or 403 shows an empty cart.
    if (isApiError(error) && (error.status === 401 || error.status === 403)) return EMPTY_CART;
    throw error;
  }
}

/** `GET /orders/cart/my_cart/`. */
export const cartQuery = queryOptions({
  queryKey: CART_KEY,
  queryFn: ({ signal }) => fetchCart(signal),
});

export type CartState = {
  /** The cart to show: the empty cart for a visitor who is not signed in (only customers have one). */
  cart: Cart | undefined;
  /** 'loading' until the session is known. */
  session: 'loading' | 'anonymous' | 'customer';
  query: UseQueryResult<Cart>;
};

/**
 * The customer's cart. Only signed-in customers are offered one (docs/product.md section 5), so nothing is asked
 * for anonymous visitors. `fresh` reads it again on mount (the cart and checkout pages show current
 * prices and stock).
 */
export function useCart({ fresh = false }: { fresh?: boolean } = {}): CartState {
  const { status } = useSession();
  const query = useQuery({
    ...cartQuery,
    enabled: status === 'customer',
    refetchOnMount: fresh ? 'always' : true,
  });
  const cart = status === 'anonymous' ? EMPTY_CART : query.data;
  return { cart, session: status, query };
}
