import { useAddToCart } from '../../features/cart/api/cart-mutations';
import { WishlistPage } from '../../features/wishlist/routes/wishlist';

/** /wishlist: the wishlist page, whose Add to Cart is the cart's own (one cart mutation). */
export function WishlistRoute() {
  const addToCart = useAddToCart();
  return <WishlistPage addToCart={addToCart.mutateAsync} />;
}
