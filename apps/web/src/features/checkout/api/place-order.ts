import { type Order, orderSchema } from '@shop/contract/orders';
import { api } from '../../../lib/api-client';
import type { CheckoutPayload } from '../lib/checkout-form';

/**
 * `POST /orders/cart/checkout/`: places the cart as an order and answers it. The idempotency key
 * travels in the body (the contract) and as the Idempotency-Key header, which lets the API client
 * retry once when the answer is lost: the server answers a repeat with the first order.
 */
export function placeOrder(payload: CheckoutPayload): Promise<Order> {
  return api.post('/orders/cart/checkout/', payload, {
    schema: orderSchema,
    idempotencyKey: payload.idempotency_key,
    toast: false,
  });
}
