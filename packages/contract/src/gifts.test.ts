import { describe, expect, it } from 'vitest';
import { expectedDeliveryTime } from './delivery-promise';
import { firstNameOf, giftRequestSchema, kampalaDayAfter, kampalaDayStart } from './gifts';

describe('a gift’s day', () => {
  it('counts Kampala days, whatever the hour in UTC', () => {
    // 22:30 UTC on 30 Nov is 01:30 on 1 Dec in Kampala.
    expect(kampalaDayAfter(new Date('2026-11-30T22:30:00Z'), 0)).toBe('2026-12-01');
    expect(kampalaDayAfter(new Date('2026-11-30T22:30:00Z'), 60)).toBe('2027-01-30');
    expect(kampalaDayStart('2026-12-04').toISOString()).toBe('2026-12-03T21:00:00.000Z');
  });

  it('takes today up to 60 days ahead, and names the day field otherwise', () => {
    const base = { recipient_name: 'Sarah', recipient_phone: '0701 234567' };
    for (const days of [0, 60]) {
      const day = kampalaDayAfter(new Date(), days);
      expect(giftRequestSchema.safeParse({ ...base, delivery_date: day }).success).toBe(true);
    }
    for (const value of [
      kampalaDayAfter(new Date(), -1),
      kampalaDayAfter(new Date(), 61),
      '2026-13-01',
      'soon',
    ]) {
      const result = giftRequestSchema.safeParse({ ...base, delivery_date: value });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['delivery_date']);
    }
  });

  it('keeps the message exactly as typed; a blank one is no message', () => {
    const base = {
      recipient_name: 'Sarah',
      recipient_phone: '0701234567',
      delivery_date: kampalaDayAfter(new Date(), 1),
    };
    const typed = '  Dear Sarah,\n<i>cheers</i>  ';
    expect(giftRequestSchema.parse({ ...base, message: typed }).message).toBe(typed);
    expect(giftRequestSchema.parse({ ...base, message: '   ' }).message).toBeNull();
    expect(giftRequestSchema.parse(base).recipient_phone).toBe('+256701234567');
  });

  it('promises from the gift’s day, inside the chosen window', () => {
    const promised = expectedDeliveryTime({
      from: new Date('2026-11-29T08:00:00Z'),
      leadMinutes: 120,
      preferredTime: 'evening',
      notBefore: kampalaDayStart('2026-12-04'),
    });
    // 17:00 Kampala on 4 December: the evening window opens after the lead time from 10:00.
    expect(promised.toISOString()).toBe('2026-12-04T14:00:00.000Z');
  });

  it('tells the recipient the buyer’s first name only', () => {
    expect(firstNameOf('  Namara   Kisakye ')).toBe('Namara');
  });
});
