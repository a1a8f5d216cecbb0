import type {
  AddCartItemRequest,
  Cart,
  RemoveCartItemRequest,
  UpdateCartItemRequest,
} from '@shop/contract/cart';
import { TOAST_DURATION_MS } from '@shop/contract/constants';
import { cartMessages } from '@shop/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, isSessionFailure } from '../../../lib/api-client';
import { CART_KEY } from '../../../lib/cart-key';
import { useRequireSignIn } from '../../../lib/session/use-require-sign-in';
import { toast } from '../../../lib/toast';

/**
 * Every change to the cart (add, update, remove, clear, and the wishlist's move to the cart, which
 * is an add) goes through this module: one query key, one mutation scope, one rule for the
 * server's reason. Each answers the whole cart, which replaces the cached one, so the header badge
 * and the mini cart bar follow.
 */

/**
 * Cart changes run one after another (TanStack Query's mutation scope): each answers the whole
 * cart, and setting those answers in the order they were sent keeps the last one on screen.
 */
export const CART_MUTATION_SCOPE = { id: 'cart' } as const;

/** Statuses whose envelope says, for the customer, why a cart change was refused. */
const SPEAKING_STATUSES = new Set([400, 404, 409, 422]);

/**
 * The server's reason for a refused cart change, shown under the message of docs/product.md section 8
 * ("Failed to update cart item" — "Only 3 left of this size"), or undefined.
 */
function refusalReason(error: unknown): string | undefined {
  if (!isApiError(error) || error.status === null || !SPEAKING_STATUSES.has(error.status)) return undefined;
  return error.fields[0]?.message ?? error.envelope?.message ?? undefined;
}

/** `POST /orders/cart/add_item/`; answers the whole cart. */
export function addCartItem(body: AddCartItemRequest): Promise<Cart> {
  return api.post<Cart>('/orders/cart/add_item/', body, { toast: false });
}

/** `POST /orders/cart/update_item/`: sets a line's quantity; answers the whole cart. */
export function updateCartItem(body: UpdateCartItemRequest): Promise<Cart> {
  return api.post<Cart>('/orders/cart/update_item/', body, { toast: false });
}

/** `POST /orders/cart/remove_item/`; answers the whole cart. */
export function removeCartItem(body: RemoveCartItemRequest): Promise<Cart> {
  return api.post<Cart>('/orders/cart/remove_item/', body, { toast: false });
}

/** `POST /orders/cart/clear/`; answers the (empty) cart. */
export function clearCart(): Promise<Cart> {
  return api.post<Cart>('/orders/cart/clear/', undefined, { toast: false });
}

type CartChange<Input> = {
  request: (input: Input) => Promise<Cart>;
  /** The message of docs/product.md section 8 when the change fails. */
  failureMessage: string;
  /** The toast when it succeeds, if any. */
  successMessage?: (input: Input) => string;
  /** Refresh the cart after any failure (an add), not only after a refusal. */
  refreshOnAnyFailure?: boolean;
};

/**
 * The one cart mutation: it runs after the changes before it, its answer replaces the cached cart,
 * and a failure says `failureMessage` with the server's reason.
 */
function useCartChange<Input>({
  request,
  failureMessage,
  successMessage,
  refreshOnAnyFailure,
}: CartChange<Input>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    scope: CART_MUTATION_SCOPE,
    onSuccess: async (cart, input) => {
      if (successMessage) toast.success(successMessage(input), { duration: TOAST_DURATION_MS });
      // A cart read still on its way is older than this answer.
      await queryClient.cancelQueries({ queryKey: CART_KEY });
      queryClient.setQueryData(CART_KEY, cart);
    },
    onError: (error) => {
      const description = refusalReason(error);
      // An ended session is the session's message alone, not this one over it.
      if (!isSessionFailure(error)) {
        toast.error(failureMessage, {
          id: failureMessage,
          duration: TOAST_DURATION_MS,
          ...(description ? { description } : {}),
        });
      }
      // The server's cart is not the one on screen (a line gone, stock changed): show it.
      const refused = isApiError(error) && error.status !== null && error.status < 500;
      if (refused || refreshOnAnyFailure) void queryClient.invalidateQueries({ queryKey: CART_KEY });
    },
  });
}

/** What an add sends (typed from the contract), and the bottle's name for "{name} added to cart!". */
export type AddToCartInput = AddCartItemRequest & { name: string };

/** Add to Cart for a signed-in customer (the product page, the cards, the wishlist's move). */
export function useAddToCart() {
  return useCartChange<AddToCartInput>({
    request: ({ product, quantity, variant }) => addCartItem({ product, quantity, variant }),
    failureMessage: cartMessages.addToast,
    successMessage: ({ name }) => cartMessages.added(name),
    // Whatever was refused or lost, the cart on screen may be out of date.
    refreshOnAnyFailure: true,
  });
}

/**
 * Add to Cart as the catalog offers it: a signed-out visitor is asked to sign in (docs/product.md
 * section 5); a signed-in customer's bottle goes into the cart.
 */
export function useAddToCartAction() {
  const requireSignIn = useRequireSignIn();
  const mutation = useAddToCart();
  return {
    addToCart: (input: AddToCartInput) => {
      if (requireSignIn('add to cart')) mutation.mutate(input);
    },
    isAdding: mutation.isPending,
  };
}

export function useUpdateCartItem() {
  return useCartChange({ request: updateCartItem, failureMessage: cartMessages.update });
}

export function useRemoveCartItem() {
  return useCartChange({ request: removeCartItem, failureMessage: cartMessages.remove });
}

export function useClearCart() {
  return useCartChange<void>({ request: () => clearCart(), failureMessage: cartMessages.clear });
}
