import { FREE_SHIPPING_THRESHOLD_UGX } from './constants';
import type { Fulfilment } from './orders';

/**
 * The delivery fee, one rule for the server (it charges it at checkout) and the storefront (it
 * shows the same figure before the customer pays).
 */

/**
 * The order is delivered free whatever the area: its subtotal reaches the shop's free-delivery
 * threshold (the `free_delivery_threshold` setting; FREE_SHIPPING_THRESHOLD_UGX by default).
 */
export function qualifiesForFreeDelivery(subtotal: number, threshold = FREE_SHIPPING_THRESHOLD_UGX): boolean {
  return subtotal >= threshold;
}

type FeeInput<Zone> = { fulfilment: Fulfilment; subtotal: number; zone: Zone; threshold?: number };

/**
 * The fee the order carries: nothing for pick-up or from the free-delivery threshold up, else its delivery
 * zone's fee; null while a delivery has no zone chosen yet.
 */
export function deliveryFeeFor(order: FeeInput<{ fee: number }>): number;
export function deliveryFeeFor(order: FeeInput<{ fee: number } | null | undefined>): number | null;
export function deliveryFeeFor({
  fulfilment,
  subtotal,
  zone,
  threshold,
}: FeeInput<{ fee: number } | null | undefined>) {
  if (fulfilment === 'pickup' || qualifiesForFreeDelivery(subtotal, threshold)) return 0;
  return zone ? zone.fee : null;
}
