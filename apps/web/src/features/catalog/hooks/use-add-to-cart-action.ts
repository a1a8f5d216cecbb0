import { useRequireSignIn } from '../../../lib/session/use-require-sign-in';
import { useAddToCart } from '../api/add-to-cart';

/**
 * Add to Cart as the card and the product page offer it: a signed-out visitor is asked to sign in
 * (SPEC.md section 5); a signed-in customer's bottle goes into the cart.
 */
export function useAddToCartAction() {
  const requireSignIn = useRequireSignIn();
  const mutation = useAddToCart();
  return {
    addToCart: (input: Parameters<typeof mutation.mutate>[0]) => {
      if (requireSignIn('add to cart')) mutation.mutate(input);
    },
    isAdding: mutation.isPending,
  };
}
