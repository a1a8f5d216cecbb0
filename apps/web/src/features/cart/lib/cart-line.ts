import { type CartItem, MAX_CART_ITEM_QUANTITY } from '@shop/contract/cart';
import { countOf } from '@shop/contract/plural';

/** A size with this many bottles or fewer left says so on its line. */
export const LOW_STOCK_THRESHOLD = 5;

/** The most a line may hold: the stock, and never more than MAX_CART_ITEM_QUANTITY. */
export function maxQuantity(item: CartItem): number {
  return Math.min(MAX_CART_ITEM_QUANTITY, item.stock);
}

export type LineProblem = { kind: 'withdrawn' | 'sold_out' | 'short'; message: string };

/** Why a line stops the checkout (`can_checkout` false), or null when it can be ordered. */
export function lineProblem(item: CartItem): LineProblem | null {
  if (!item.is_available) {
    return { kind: 'withdrawn', message: 'No longer available. Remove it to check out.' };
  }
  if (item.stock <= 0) return { kind: 'sold_out', message: 'Out of stock. Remove it to check out.' };
  if (!item.in_stock || item.quantity > item.stock) {
    return {
      kind: 'short',
      message: `Only ${item.stock} left. Lower the quantity to ${item.stock} to check out.`,
    };
  }
  return null;
}

/** "Only 3 left" for a nearly sold-out size that still covers the line, else null. */
export function lowStockNote(item: CartItem): string | null {
  if (lineProblem(item)) return null;
  return item.stock <= LOW_STOCK_THRESHOLD ? `Only ${item.stock} left` : null;
}

/** "Kanonkop Pinotage, 750 ml bottle": a line's name for buttons and labels. */
export function lineName(item: { product_name: string; variant_name: string }): string {
  return `${item.product_name}, ${item.variant_name}`;
}

/** "1 item", "3 items" (a case of six is one item). */
export function itemCountText(count: number): string {
  return countOf(count, 'item');
}
