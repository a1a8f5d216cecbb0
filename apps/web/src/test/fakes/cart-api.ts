import type { Cart, CartItem } from '@shop/contract/cart';
import { FREE_SHIPPING_THRESHOLD_UGX } from '@shop/contract/constants';

/** Test data for the cart, checkout and layout tests: carts as `GET /orders/cart/my_cart/` answers them. */

let nextId = 1;

export function makeCartItem(overrides: Partial<CartItem> = {}): CartItem {
  const id = overrides.id ?? nextId++;
  const unitPrice = overrides.unit_price ?? 260_000;
  const quantity = overrides.quantity ?? 1;
  const stock = overrides.stock ?? 24;
  const item: CartItem = {
    id,
    product: 100 + id,
    product_name: `Kanonkop Pinotage ${id}`,
    product_slug: `kanonkop-pinotage-${id}`,
    image: `/media/gen/v1/bottle/red-wine/2019/x${id}.svg`,
    variant: 1000 + id,
    variant_name: '750 ml bottle',
    sku: `RED-KAN-${id}-750`,
    quantity,
    unit_price: unitPrice,
    original_price: null,
    subtotal: unitPrice * quantity,
    total_price: unitPrice * quantity,
    stock,
    in_stock: stock >= quantity,
    is_available: true,
    ...overrides,
  };
  // Keep the amounts consistent with what was overridden.
  const subtotal = item.unit_price * item.quantity;
  return {
    ...item,
    subtotal,
    total_price: subtotal,
    in_stock: overrides.in_stock ?? item.stock >= item.quantity,
  };
}

/** A cart of these lines, with its totals computed as the API computes them. */
export function makeCart(items: CartItem[]): Cart {
  const subtotal = items.reduce((sum, item) => sum + item.subtotal, 0);
  return {
    items,
    item_count: items.reduce((sum, item) => sum + item.quantity, 0),
    line_count: items.length,
    subtotal,
    total: subtotal,
    free_delivery_threshold: FREE_SHIPPING_THRESHOLD_UGX,
    free_delivery_remaining: Math.max(0, FREE_SHIPPING_THRESHOLD_UGX - subtotal),
    can_checkout: items.length > 0 && items.every((item) => item.is_available && item.in_stock),
  };
}

/**
 * A cart the fake API keeps, changed by the cart calls as the server would: the handlers of
 * `mockIdentityApi` for my_cart, add_item, update_item, remove_item and clear.
 */
export function fakeCartServer(initial: CartItem[]) {
  let items = [...initial];
  const answer = () => makeCart(items);
  return {
    get cart() {
      return answer();
    },
    handlers: {
      'GET /orders/cart/my_cart/': () => answer(),
      'POST /orders/cart/update_item/': ({ body }: { body: unknown }) => {
        const { item_id, quantity } = body as { item_id: number; quantity: number };
        items = items.map((item) =>
          item.id === item_id ? makeCartItem({ ...item, quantity, in_stock: undefined }) : item,
        );
        return answer();
      },
      'POST /orders/cart/remove_item/': ({ body }: { body: unknown }) => {
        const { item_id } = body as { item_id: number };
        items = items.filter((item) => item.id !== item_id);
        return answer();
      },
      'POST /orders/cart/clear/': () => {
        items = [];
        return answer();
      },
    },
  };
}
