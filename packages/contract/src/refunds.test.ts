import { describe, expect, it } from 'vitest';
import { refundForReturn } from './refunds';

const lines = [
  { id: 1, unitPrice: 95_000, quantity: 2 },
  { id: 2, unitPrice: 50_000, quantity: 1 },
];
const order = { lines, discount: 0, deliveryFee: 10_000, withDelivery: false, refundable: 250_000 };

describe('the refund for returned bottles', () => {
  it('is the bottles at their price, nothing for none back', () => {
    expect(refundForReturn({ ...order, returned: {} })).toBe(0);
    expect(refundForReturn({ ...order, returned: { 1: 1 } })).toBe(95_000);
    expect(refundForReturn({ ...order, returned: { 1: 2, 2: 1 } })).toBe(240_000);
  });

  it('adds the delivery fee only when chosen', () => {
    expect(refundForReturn({ ...order, returned: { 1: 1 }, withDelivery: true })).toBe(105_000);
    expect(refundForReturn({ ...order, returned: {}, withDelivery: true })).toBe(10_000);
  });

  it("takes off the bottles' share of the order's discount, the shop keeping the odd shilling", () => {
    // 2 × 95,000 with 19,001 off: one bottle back is 95,000 − 9,500 (half of 19,001, rounded down).
    const discounted = { ...order, lines: [{ id: 1, unitPrice: 95_000, quantity: 2 }], discount: 19_001 };
    expect(refundForReturn({ ...discounted, returned: { 1: 1 } })).toBe(85_500);
    expect(refundForReturn({ ...discounted, returned: { 1: 2 } })).toBe(170_999);
  });

  it('counts no more bottles than were bought, and never more than is still refundable', () => {
    expect(refundForReturn({ ...order, returned: { 1: 5 } })).toBe(190_000);
    expect(refundForReturn({ ...order, returned: { 1: -3 } })).toBe(0);
    expect(
      refundForReturn({ ...order, returned: { 1: 2, 2: 1 }, withDelivery: true, refundable: 200_000 }),
    ).toBe(200_000);
  });
});
