import type { ProductDetail } from '@shop/contract/catalog';
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

/**
 * What the catalog shows but does not own: the cart's Add to Cart and the wishlist's heart. The catalog says here what it needs; src/app passes the other features' hooks and
 * components in (features never import one another). The hooks given must be the same on every
 * render (module functions), as React's rules of hooks want.
 */
export type CatalogSlots = {
  /** Add to Cart, asking a signed-out visitor to sign in first. */
  useAddToCartAction: () => {
    addToCart: (input: { product: number; variant: number; quantity: number; name: string }) => void;
    isAdding: boolean;
  };
  /** Whether a bottle (in `variant`, or any size) is on the customer's wishlist, and a toggle. */
  useWishlistHeart: (
    product: { id: number; name: string },
    variant?: number | null,
  ) => { saved: boolean; toggle: () => void; pending: boolean };
};

/**
 * The reviews on the product page, handed to it by its route in src/app (they load with the
 * product page's code, not with the first page's).
 */
export type ProductReviewsSlots = {
  /** The product's rating from the reviews' own summary, always current; undefined until known. */
  useCurrentRating: (productId: number) => { average_rating: number; review_count: number } | undefined;
  /** The reviews section. */
  ProductReviews: ComponentType<{ product: ProductDetail }>;
};

const CatalogSlotsContext = createContext<CatalogSlots | null>(null);

export function CatalogSlotsProvider({ slots, children }: { slots: CatalogSlots; children: ReactNode }) {
  return <CatalogSlotsContext value={slots}>{children}</CatalogSlotsContext>;
}

export function useCatalogSlots(): CatalogSlots {
  const slots = useContext(CatalogSlotsContext);
  if (!slots) throw new Error('The catalog needs its slots: src/app wraps the app in CatalogSlotsProvider');
  return slots;
}
