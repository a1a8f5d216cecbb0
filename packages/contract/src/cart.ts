import { z } from 'zod';
import { FREE_SHIPPING_THRESHOLD_UGX } from './constants';

/** Most bottles of one size in one cart line (a few cases); more is a typing slip, not an order. */
export const MAX_CART_ITEM_QUANTITY = 99;
/** Most distinct lines in one cart. */
export const MAX_CART_LINES = 50;

const id = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a whole number` })
    .int({ error: `${what} must be a whole number` })
    .positive({ error: `${what} must be a positive id` })
    .max(2_147_483_647, { error: `${what} is not a known id` });

const quantity = z
  .number({ error: 'Quantity must be a whole number' })
  .int({ error: 'Quantity must be a whole number' })
  .min(1, { error: 'Quantity must be at least 1' })
  .max(MAX_CART_ITEM_QUANTITY, { error: `Quantity must be at most ${MAX_CART_ITEM_QUANTITY}` });

// ---------------------------------------------------------------------------------------------
// Requests (docs/product.md section 7)
// ---------------------------------------------------------------------------------------------

/** `POST /orders/cart/add_item/`: adds to the line of that size when there is one. */
export const addCartItemRequestSchema = z.object({
  product: id('Product').describe('Product id'),
  quantity: quantity
    .default(1)
    .describe(`1 to ${MAX_CART_ITEM_QUANTITY}; added to any quantity already in the cart`),
  variant: id('Size').nullish().describe("The size's id; the product's default size when left out"),
});
export type AddCartItemRequest = z.input<typeof addCartItemRequestSchema>;

/** `POST /orders/cart/update_item/`: sets the quantity and/or changes the size of one line. */
export const updateCartItemRequestSchema = z
  .object({
    item_id: id('Item').describe('The cart line id'),
    quantity: quantity.optional().describe('The new quantity (not an increment)'),
    variant: id('Size').optional().describe('Another size of the same product'),
  })
  .refine((body) => body.quantity !== undefined || body.variant !== undefined, {
    message: 'Send a quantity or a variant to change',
    path: ['quantity'],
  });
export type UpdateCartItemRequest = z.input<typeof updateCartItemRequestSchema>;

/** `POST /orders/cart/remove_item/`. */
export const removeCartItemRequestSchema = z.object({
  item_id: id('Item').describe('The cart line id'),
});
export type RemoveCartItemRequest = z.input<typeof removeCartItemRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

const money = (what: string) => z.number().int().describe(`${what}, in whole UGX`);

/** One cart line (docs/product.md section 3). Prices are always the catalog's current ones. */
export const cartItemSchema = z.object({
  id: z.number().int().describe('The line id, used as item_id'),
  product: z.number().int().describe('Product id'),
  product_name: z.string(),
  product_slug: z.string(),
  image: z.string().nullable(),
  variant: z.number().int().describe("The size's id"),
  variant_name: z.string().describe('e.g. "750 ml bottle"'),
  sku: z.string(),
  quantity: z.number().int().min(1),
  unit_price: money('Current price of one'),
  original_price: money('Compare-at price of one').nullable(),
  subtotal: money('unit_price × quantity'),
  total_price: money('Same value as subtotal'),
  stock: z.number().int().min(0).describe('Bottles of this size in stock now'),
  in_stock: z.boolean().describe('False when the stock no longer covers the quantity'),
  is_available: z.boolean().describe('False when the product or size has been withdrawn'),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** `GET /orders/cart/my_cart/` and the answer of every cart change. */
export const cartSchema = z.object({
  items: z.array(cartItemSchema).describe('Oldest line first'),
  item_count: z.number().int().min(0).describe('Bottles in the cart (sum of quantities)'),
  line_count: z.number().int().min(0),
  subtotal: money('Sum of the lines'),
  total: money('Same as subtotal; the delivery fee is added at checkout'),
  free_delivery_threshold: money('Orders of this much or more are delivered free'),
  free_delivery_remaining: money('How much more qualifies for free delivery; 0 once it does'),
  can_checkout: z.boolean().describe('False when empty or when a line is out of stock or withdrawn'),
});
export type Cart = z.infer<typeof cartSchema>;

/** How much more qualifies for free delivery (0 once the subtotal reaches the threshold). */
export function freeDeliveryRemaining(subtotal: number, threshold = FREE_SHIPPING_THRESHOLD_UGX): number {
  return Math.max(0, threshold - subtotal);
}

export const EMPTY_CART: Cart = {
  items: [],
  item_count: 0,
  line_count: 0,
  subtotal: 0,
  total: 0,
  free_delivery_threshold: FREE_SHIPPING_THRESHOLD_UGX,
  free_delivery_remaining: FREE_SHIPPING_THRESHOLD_UGX,
  can_checkout: false,
};
