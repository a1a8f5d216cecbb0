import type { WishlistItem } from '@shop/contract/wishlist';

/** A size with this many bottles or fewer left says "Only N left" (as on the product page). */
const LOW_STOCK = 5;

/** What a saved bottle's availability is, in words. */
export function availabilityText(item: WishlistItem): string {
  if (!item.is_available) return 'No longer available';
  if (item.stock <= 0) return 'Out of stock';
  if (item.stock <= LOW_STOCK) return `Only ${item.stock} left`;
  return 'In stock';
}

/** "Piedmont · 2016", "Speyside", "2019". */
export function originLine(item: Pick<WishlistItem, 'region' | 'vintage'>): string {
  return [item.region, item.vintage === null ? null : String(item.vintage)]
    .filter((part): part is string => Boolean(part))
    .join(' · ');
}

/** The sale badge of docs/product.md section 2: "{sale_percentage}% OFF", or "Sale". */
export function saleBadgeText(item: Pick<WishlistItem, 'sale_percentage'>): string {
  return item.sale_percentage !== null && item.sale_percentage > 0 ? `${item.sale_percentage}% OFF` : 'Sale';
}

/** Add to Cart moves the bottle when there is a size to add and it is in stock. */
export function canMoveToCart(item: WishlistItem): item is WishlistItem & { cart_variant: number } {
  return item.is_available && item.in_stock && item.cart_variant !== null;
}
