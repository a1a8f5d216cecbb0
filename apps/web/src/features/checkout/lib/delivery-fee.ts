import { FREE_SHIPPING_THRESHOLD_UGX } from '@shop/contract/constants';
import type { DeliveryZone } from '@shop/contract/delivery';
import type { Fulfilment } from '@shop/contract/orders';

/** True when the order is delivered free whatever the area (the server applies the same rule). */
export function qualifiesForFreeDelivery(subtotal: number): boolean {
  return subtotal >= FREE_SHIPPING_THRESHOLD_UGX;
}

/**
 * The delivery fee the order will carry: nothing for pick-up or from Shs 1,000,000, else the
 * zone's fee; null while no area is chosen. Shown only: the server computes its own.
 */
export function deliveryFeeFor({
  fulfilment,
  zone,
  subtotal,
}: {
  fulfilment: Fulfilment;
  zone: DeliveryZone | undefined;
  subtotal: number;
}): number | null {
  if (fulfilment === 'pickup' || qualifiesForFreeDelivery(subtotal)) return 0;
  return zone ? zone.fee : null;
}
