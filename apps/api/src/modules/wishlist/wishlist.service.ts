import { salePercentage } from '@shop/contract/catalog';
import { type PagedList, type PageQuery, pageOffset, toPagedList } from '@shop/contract/pagination';
import {
  type AddWishlistItemRequest,
  MAX_WISHLIST_ITEMS,
  type WishlistItem,
  type WishlistSummary,
  wishlistMessages,
} from '@shop/contract/wishlist';
import type { Database } from '../../db/client';
import { conflict, invalidInput, notFound } from '../../errors';
import {
  countWishlist,
  deleteEntry,
  findEntry,
  findSellableProduct,
  findWishlistItem,
  insertEntry,
  listWishlist,
  lockWishlist,
  moveEntries,
  type WishlistRow,
  wishlistEntries,
} from './wishlist.repository';

export function toWishlistItem(row: WishlistRow): WishlistItem {
  const available = row.listed && row.shown_variant !== null;
  const price = row.price;
  const originalPrice = row.original_price;
  const sale = price === null ? null : salePercentage(price, originalPrice);
  const stock = available ? (row.stock ?? 0) : 0;
  return {
    id: row.id,
    product: row.product,
    variant: row.variant,
    created_at: new Date(row.created_at).toISOString(),
    product_name: row.product_name,
    product_slug: row.product_slug,
    image: row.image,
    category_name: row.category_name,
    region: row.region,
    vintage: row.vintage,
    variant_name: row.variant_name,
    price,
    original_price: originalPrice,
    compare_at_price: originalPrice,
    sale_percentage: sale,
    on_sale: sale !== null,
    stock,
    in_stock: stock > 0,
    is_available: available,
    cart_variant: available ? row.shown_variant : null,
    average_rating: Number(row.average_rating),
    review_count: row.review_count,
  };
}

export async function getWishlist(
  db: Database,
  userId: string,
  query: PageQuery,
): Promise<PagedList<WishlistItem>> {
  const { rows, total } = await listWishlist(db, userId, {
    limit: query.page_size,
    offset: pageOffset(query),
  });
  return toPagedList(rows.map(toWishlistItem), total, query);
}

export async function getWishlistSummary(db: Database, userId: string): Promise<WishlistSummary> {
  const items = await wishlistEntries(db, userId);
  return { count: items.length, items };
}

/**
 * Saves a bottle (and optionally a size). Saving what is already saved answers the existing
 * entry with `created: false`. Unknown, withdrawn products and sizes of another product are
 * refused with the field named; a full wishlist is a 409.
 */
export async function addToWishlist(
  db: Database,
  userId: string,
  request: { product: number; variant?: number | null | undefined },
): Promise<{ item: WishlistItem; created: boolean }> {
  const variantId = request.variant ?? null;
  const id = await db.transaction(async (tx) => {
    const product = await findSellableProduct(tx, request.product, variantId);
    if (!product?.listed) {
      throw invalidInput([{ field: 'product', message: wishlistMessages.unknownProduct }]);
    }
    if (variantId !== null && !product.variantBelongs) {
      throw invalidInput([{ field: 'variant', message: wishlistMessages.unknownVariant }]);
    }
    await lockWishlist(tx, userId);
    const existing = await findEntry(tx, userId, request.product, variantId);
    if (existing) return { id: existing.id, created: false };
    if ((await countWishlist(tx, userId)) >= MAX_WISHLIST_ITEMS) throw conflict(wishlistMessages.full);
    const inserted = await insertEntry(tx, userId, request.product, variantId);
    if (!inserted) throw new Error('wishlist insert answered no row under the owner lock');
    return { id: inserted.id, created: true };
  });
  const row = await findWishlistItem(db, userId, id.id);
  if (!row) throw notFound('The wishlist entry');
  return { item: toWishlistItem(row), created: id.created };
}

/** Removes one of the caller's entries; someone else's id is not found. */
export async function removeFromWishlist(db: Database, userId: string, id: number): Promise<void> {
  if (!(await deleteEntry(db, userId, id))) throw notFound('The wishlist entry');
}

/**
 * `identity.account_linked`: the visitor's saved bottles join the account's, without
 * duplicates, before the anonymous user is removed.
 */
export async function mergeVisitorWishlist(
  db: Database,
  anonymousUserId: string,
  userId: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockWishlist(tx, userId);
    return moveEntries(tx, anonymousUserId, userId);
  });
}

export type { AddWishlistItemRequest };
