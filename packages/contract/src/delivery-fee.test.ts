import { describe, expect, it } from 'vitest';
import { FREE_SHIPPING_THRESHOLD_UGX } from './constants';
import { deliveryFeeFor, qualifiesForFreeDelivery } from './delivery-fee';

describe('the delivery fee', () => {
  const zone = { fee: 10_000 };

  it('is the zone’s below the threshold, nothing from it up, nothing for pick-up', () => {
    expect(deliveryFeeFor({ fulfilment: 'delivery', subtotal: FREE_SHIPPING_THRESHOLD_UGX - 1, zone })).toBe(
      10_000,
    );
    expect(deliveryFeeFor({ fulfilment: 'delivery', subtotal: FREE_SHIPPING_THRESHOLD_UGX, zone })).toBe(0);
    expect(deliveryFeeFor({ fulfilment: 'pickup', subtotal: 5_000, zone: undefined })).toBe(0);
    expect(qualifiesForFreeDelivery(FREE_SHIPPING_THRESHOLD_UGX)).toBe(true);
    expect(qualifiesForFreeDelivery(FREE_SHIPPING_THRESHOLD_UGX - 1)).toBe(false);
  });

  it('is unknown for a delivery without a zone, unless the order is delivered free anyway', () => {
    expect(deliveryFeeFor({ fulfilment: 'delivery', subtotal: 5_000, zone: null })).toBeNull();
    expect(deliveryFeeFor({ fulfilment: 'delivery', subtotal: 2_000_000, zone: null })).toBe(0);
  });
});
