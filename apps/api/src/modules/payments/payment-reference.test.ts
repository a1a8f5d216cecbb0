import { describe, expect, it } from 'vitest';
import { orderNumber } from '../orders/order-number';
import { newReference } from './payments.service';

describe('payment references', () => {
  it('carry Kampala’s date, like order numbers, not UTC’s', () => {
    // 23:30 UTC on 24 November is 02:30 on 25 November in Kampala.
    const lateNight = new Date('2026-11-24T23:30:00Z');
    expect(newReference(lateNight)).toMatch(/^KCP-20261125-[A-Z2-9]{10}$/);
    expect(orderNumber(lateNight)).toMatch(/^ORD-20261125-/);
  });
});
