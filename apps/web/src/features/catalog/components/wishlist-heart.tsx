import { Heart } from 'lucide-react';
import { useCatalogSlots } from '../lib/catalog-slots';

/**
 * The heart on a product card: filled when the bottle is on the wishlist; a press saves or
 * removes it (or asks a visitor to sign in).
 */
export function WishlistHeart({
  product,
  className = '',
}: {
  product: { id: number; name: string };
  className?: string;
}) {
  const { useWishlistHeart } = useCatalogSlots();
  const { saved, toggle, pending } = useWishlistHeart(product);
  return (
    <button
      type="button"
      aria-label={`Save ${product.name} to your wishlist`}
      aria-pressed={saved}
      disabled={pending}
      onClick={toggle}
      title={saved ? 'On your wishlist' : 'Save to your wishlist'}
      className={`inline-flex size-9 items-center justify-center rounded-full bg-white/90 text-wine-800 shadow-sm transition hover:bg-white hover:text-wine-900 disabled:opacity-70 ${className}`}
    >
      <Heart aria-hidden="true" className="size-5" fill={saved ? 'currentColor' : 'none'} />
    </button>
  );
}
