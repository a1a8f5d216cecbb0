import { z } from 'zod';
import { pagedListSchema, pageQuerySchema } from './pagination';

/**
 * The wishlist (docs/product.md sections 2, 5 and 7): bottles a customer saved for later, each a product
 * and optionally one of its sizes. Only its owner ever reads or changes it. Anonymous visitors may
 * keep one too (the storefront asks them to sign in); it moves into their account when they sign
 * in or register, without duplicates.
 *
 * - `GET /orders/wishlist/`: the entries, newest first, paged, with current price, stock and sale.
 * - `GET /orders/wishlist/summary/`: which products are wished, for the hearts and the header count.
 * - `POST /orders/wishlist/`: `{ product, variant? }`; adding what is already there answers the
 *   existing entry (200) instead of a new one (201).
 * - `DELETE /orders/wishlist/{id}/`: removes one entry (204).
 */

/** A wishlist holds at most this many entries, so that its summary is one small answer. */
export const MAX_WISHLIST_ITEMS = 100;

export const wishlistMessages = {
  full: `Your wishlist is full (${MAX_WISHLIST_ITEMS} bottles). Remove some to save more.`,
  unknownProduct: 'This product does not exist or is no longer sold',
  unknownVariant: 'This size does not belong to the product',
} as const;

const id = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a whole number` })
    .int({ error: `${what} must be a whole number` })
    .positive({ error: `${what} must be a positive id` })
    .max(2_147_483_647, { error: `${what} is not a known id` });

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** `POST /orders/wishlist/`. */
export const addWishlistItemRequestSchema = z.object({
  product: id('Product').describe('Product id'),
  variant: id('Size')
    .nullish()
    .describe('A size of that product; left out (or null) saves the bottle in any size'),
});
export type AddWishlistItemRequest = z.input<typeof addWishlistItemRequestSchema>;

export const wishlistItemParamsSchema = z.object({
  id: id('Wishlist entry').describe('The wishlist entry id'),
});

export const wishlistListQuerySchema = pageQuerySchema;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

const money = (what: string) => z.number().int().describe(`${what}, in whole UGX`);

/** One saved bottle, with the catalog's current price, stock and sale. */
export const wishlistItemSchema = z.object({
  id: z.number().int().describe('The entry id, for DELETE'),
  product: z.number().int().describe('Product id'),
  variant: z.number().int().nullable().describe('The saved size, or null for "any size"'),
  created_at: z.string().describe('When it was saved (ISO 8601)'),
  product_name: z.string(),
  product_slug: z.string(),
  image: z.string().nullable().describe('Main image path, or null (show the logo)'),
  category_name: z.string(),
  region: z.string().nullable(),
  vintage: z.number().int().nullable(),
  variant_name: z
    .string()
    .nullable()
    .describe('The size shown: the saved one, else the default size; null when none is sold'),
  price: money('Current price of the size shown').nullable(),
  original_price: money('Compare-at price; higher than price when on sale').nullable(),
  compare_at_price: money('Same value as original_price').nullable(),
  sale_percentage: z.number().int().nullable().describe('Percent off when on sale, else null'),
  on_sale: z.boolean(),
  stock: z.number().int().min(0).describe('Bottles of the size shown in stock'),
  in_stock: z.boolean(),
  is_available: z.boolean().describe('False when the product (or the saved size) is no longer sold'),
  cart_variant: z
    .number()
    .int()
    .nullable()
    .describe('The size Add to Cart uses: the saved one, else the default; null when unavailable'),
  average_rating: z.number().min(0).max(5),
  review_count: z.number().int().min(0),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

export const wishlistListResponseSchema = pagedListSchema(wishlistItemSchema).describe(
  "The caller's saved bottles, newest first",
);
export type WishlistListResponse = z.infer<typeof wishlistListResponseSchema>;

/** `GET /orders/wishlist/summary/`: every entry in brief (at most {@link MAX_WISHLIST_ITEMS}). */
export const wishlistSummarySchema = z.object({
  count: z.number().int().min(0).describe('Entries in the wishlist'),
  items: z
    .array(
      z.object({
        id: z.number().int(),
        product: z.number().int(),
        variant: z.number().int().nullable(),
      }),
    )
    .max(MAX_WISHLIST_ITEMS)
    .describe('Every entry, newest first'),
});
export type WishlistSummary = z.infer<typeof wishlistSummarySchema>;
