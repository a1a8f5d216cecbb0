import {
  type addCartItemRequestSchema,
  type Cart,
  type CartItem,
  freeDeliveryRemaining,
  MAX_CART_ITEM_QUANTITY,
  MAX_CART_LINES,
  type updateCartItemRequestSchema,
} from '@shop/contract/cart';
import { FREE_SHIPPING_THRESHOLD_UGX } from '@shop/contract/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { type AppError, conflict, invalidInput } from '../../errors';
import {
  type AddAttemptRow,
  addToCart,
  type CartLineRow,
  deleteAllLines,
  deleteLine,
  findCartLines,
  findLinesWithStock,
  findOwnLine,
  findSize,
  lockCart,
  lockExistingCart,
  putLine,
  setLine,
} from './cart.repository';
import { cartItemNotFound, outOfStock, productNotFound, sizeNotFound } from './cart-errors';

/**
 * The cart rules (docs/product.md sections 3, 5 and 8). Every change locks the cart, checks the catalog
 * (the product and size exist and are on sale, the stock covers the quantity), changes nothing
 * when a rule refuses, and answers the whole cart with the catalog's current prices.
 */

export function toCartItem(row: CartLineRow): CartItem {
  const subtotal = row.price * row.quantity;
  return {
    id: row.id,
    product: row.product_id,
    product_name: row.product_name,
    product_slug: row.product_slug,
    image: row.image,
    variant: row.variant_id,
    variant_name: row.variant_name,
    sku: row.sku,
    quantity: row.quantity,
    unit_price: row.price,
    original_price: row.original_price,
    subtotal,
    total_price: subtotal,
    stock: Math.max(0, row.stock),
    in_stock: row.stock >= row.quantity,
    is_available: row.is_available,
  };
}

/** The cart with the shop's free-delivery threshold (the `free_delivery_threshold` setting). */
export function withFreeDeliveryThreshold(cart: Cart, threshold: number): Cart {
  return {
    ...cart,
    free_delivery_threshold: threshold,
    free_delivery_remaining: freeDeliveryRemaining(cart.subtotal, threshold),
  };
}

export function toCart(rows: CartLineRow[]): Cart {
  const items = rows.map(toCartItem);
  const subtotal = items.reduce((sum, item) => sum + item.subtotal, 0);
  return {
    items,
    item_count: items.reduce((sum, item) => sum + item.quantity, 0),
    line_count: items.length,
    subtotal,
    total: subtotal,
    free_delivery_threshold: FREE_SHIPPING_THRESHOLD_UGX,
    free_delivery_remaining: freeDeliveryRemaining(subtotal),
    can_checkout: items.length > 0 && items.every((item) => item.in_stock && item.is_available),
  };
}

export async function getCart(db: Database, userId: string): Promise<Cart> {
  return toCart(await findCartLines(db, userId));
}

const tooMany = (inCart: number) =>
  invalidInput([
    {
      field: 'quantity',
      message:
        inCart > 0
          ? `You can have at most ${MAX_CART_ITEM_QUANTITY} of one size in your cart (you already have ${inCart})`
          : `Quantity must be at most ${MAX_CART_ITEM_QUANTITY}`,
    },
  ]);

const notThisProductsSize = () =>
  invalidInput([{ field: 'variant', message: "This size is not one of the product's sizes" }]);

const cartFull = () =>
  conflict(`Your cart can hold at most ${MAX_CART_LINES} different items.`, 'conflict', [
    { field: 'product', message: `At most ${MAX_CART_LINES} different items per cart` },
  ]);

/**
 * `add_item`: adds to the line of that size (the product's default size when none is named).
 * One statement writes it when every rule holds; when it writes nothing, what it found says why.
 */
export async function addItem(
  db: Database,
  userId: string,
  input: z.output<typeof addCartItemRequestSchema>,
): Promise<Cart> {
  const row = await addToCart(db, {
    userId,
    productId: input.product,
    variantId: input.variant ?? null,
    quantity: input.quantity,
    maxQuantity: MAX_CART_ITEM_QUANTITY,
    maxLines: MAX_CART_LINES,
  });
  if (row?.written == null) throw addRefusal(row, input);
  return getCart(db, userId);
}

/** Why an add wrote nothing. */
function addRefusal(
  row: AddAttemptRow | undefined,
  input: z.output<typeof addCartItemRequestSchema>,
): AppError {
  if (!row) return productNotFound();
  if (!row.product_available) return productNotFound('This product is no longer available');
  if (row.variant_id === null || row.variant_product_id === null) {
    return input.variant != null ? sizeNotFound() : productNotFound('This product has no size on sale');
  }
  if (row.variant_product_id !== row.product_id) return notThisProductsSize();
  const wanted = row.in_cart + input.quantity;
  if (wanted > MAX_CART_ITEM_QUANTITY) return tooMany(row.in_cart);
  if (row.in_cart === 0 && row.line_count >= MAX_CART_LINES) return cartFull();
  // Short of stock, as found, or as the line was when written (another tab added meanwhile).
  return outOfStock({
    productName: row.product_name,
    variantName: row.variant_name ?? '',
    packSize: row.pack_size ?? 1,
    stock: row.stock ?? 0,
    inCart: row.in_cart,
  });
}

/**
 * `update_item`: sets the quantity and/or moves the line to another size of the same product
 * (joining the line of that size when the cart already has one).
 */
export async function updateItem(
  db: Database,
  userId: string,
  input: z.output<typeof updateCartItemRequestSchema>,
): Promise<Cart> {
  await db.transaction(async (tx) => {
    const cartId = await lockExistingCart(tx, userId);
    if (cartId === undefined) throw cartItemNotFound();
    const line = await findOwnLine(tx, cartId, input.item_id);
    if (!line) throw cartItemNotFound();
    if (!line.is_available) {
      throw conflict(`${line.product_name} is no longer available. Remove it from your cart.`, 'conflict', [
        { field: 'item_id', message: 'This product is no longer available' },
      ]);
    }
    const quantity = input.quantity ?? line.quantity;
    if (input.variant === undefined || input.variant === line.variant_id) {
      if (quantity > line.stock) {
        throw outOfStock({
          productName: line.product_name,
          variantName: line.variant_name,
          packSize: line.pack_size,
          stock: line.stock,
        });
      }
      await setLine(tx, line.id, { quantity, variantId: line.variant_id });
      return;
    }

    const size = await findSize(tx, cartId, input.variant);
    if (!size) throw sizeNotFound();
    if (size.product_id !== line.product_id) throw notThisProductsSize();
    // The cart may already hold that size: the two lines become one.
    const wanted = quantity + size.in_cart;
    if (wanted > MAX_CART_ITEM_QUANTITY) throw tooMany(size.in_cart);
    if (wanted > size.stock) {
      throw outOfStock(
        {
          productName: line.product_name,
          variantName: size.name,
          packSize: size.pack_size,
          stock: size.stock,
          inCart: size.in_cart,
        },
        'variant',
      );
    }
    if (size.in_cart_line !== null) {
      await deleteLine(tx, cartId, line.id);
      await setLine(tx, size.in_cart_line, { quantity: wanted, variantId: size.id });
    } else {
      await setLine(tx, line.id, { quantity, variantId: size.id });
    }
  });
  return getCart(db, userId);
}

/** `remove_item`. */
export async function removeItem(db: Database, userId: string, itemId: number): Promise<Cart> {
  await db.transaction(async (tx) => {
    const cartId = await lockExistingCart(tx, userId);
    if (cartId === undefined || !(await deleteLine(tx, cartId, itemId))) throw cartItemNotFound();
  });
  return getCart(db, userId);
}

/** `clear`: removes every line (a cart that is already empty stays so). */
export async function clearCart(db: Database, userId: string): Promise<Cart> {
  await db.transaction(async (tx) => {
    const cartId = await lockExistingCart(tx, userId);
    if (cartId !== undefined) await deleteAllLines(tx, cartId);
  });
  return getCart(db, userId);
}

export type MergeResult = { moved: number; dropped: number };

/**
 * Moves an anonymous visitor's lines into the account's cart when they sign in (one
 * transaction). Quantities of one size are added, but never past MAX_CART_ITEM_QUANTITY nor
 * past the stock (a line the account already had is never lowered); a size with no stock left,
 * or beyond MAX_CART_LINES, is not moved. The visitor's cart ends empty.
 */
export async function mergeCarts(
  db: Database,
  fromUserId: string,
  toUserId: string,
  log?: Pick<FastifyBaseLogger, 'info'>,
): Promise<MergeResult> {
  if (fromUserId === toUserId) return { moved: 0, dropped: 0 };
  const result = await db.transaction(async (tx) => {
    // Both carts are locked in one fixed order, so two merges can never wait on each other.
    let fromCart: number | undefined;
    let toCart: number | undefined;
    if (fromUserId < toUserId) {
      fromCart = await lockExistingCart(tx, fromUserId);
      if (fromCart === undefined) return { moved: 0, dropped: 0 };
      toCart = await lockCart(tx, toUserId);
    } else {
      toCart = await lockCart(tx, toUserId);
      fromCart = await lockExistingCart(tx, fromUserId);
      if (fromCart === undefined) return { moved: 0, dropped: 0 };
    }
    const incoming = await findLinesWithStock(tx, fromCart);
    if (incoming.length === 0) return { moved: 0, dropped: 0 };

    const held = new Map(
      (await findLinesWithStock(tx, toCart)).map((line) => [line.variant_id, line.quantity]),
    );
    let lines = held.size;
    let moved = 0;
    let dropped = 0;
    for (const line of incoming) {
      const existing = held.get(line.variant_id) ?? 0;
      const merged = Math.max(
        existing,
        Math.min(existing + line.quantity, MAX_CART_ITEM_QUANTITY, Math.max(0, line.stock)),
      );
      if (merged === 0 || (existing === 0 && lines >= MAX_CART_LINES)) {
        dropped += 1;
        continue;
      }
      if (existing === 0) lines += 1;
      if (merged !== existing) await putLine(tx, toCart, line.variant_id, merged);
      held.set(line.variant_id, merged);
      moved += 1;
    }
    await deleteAllLines(tx, fromCart);
    return { moved, dropped };
  });
  if (result.moved > 0 || result.dropped > 0) {
    log?.info({ fromUserId, toUserId, ...result }, 'anonymous cart merged into the account');
  }
  return result;
}
