import type { ReactNode } from 'react';
import { useAddToCartAction } from '../features/cart/api/cart-mutations';
import { type CatalogSlots, CatalogSlotsProvider } from '../features/catalog/lib/catalog-slots';
import { useWishlistHeart } from '../features/wishlist/hooks/use-wishlist-heart';

/** The catalog's Add to Cart is the cart's, its hearts the wishlist's. */
const catalogSlots: CatalogSlots = { useAddToCartAction, useWishlistHeart };

/** Gives the catalog, wherever it is drawn, the other features' actions it shows. */
export function FeatureSlots({ children }: { children: ReactNode }) {
  return <CatalogSlotsProvider slots={catalogSlots}>{children}</CatalogSlotsProvider>;
}
