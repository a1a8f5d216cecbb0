import { describe, expect, it } from 'vitest';
import { currentDeliveryPromise, expectedDeliveryTime } from './delivery-promise';
import { formatKampalaDateTime } from './kampala-time';

// Kampala is UTC+3: '2026-11-24T23:14:00Z' is 25 November 02:14 there.
const promise = (
  fromUtc: string,
  leadMinutes: number,
  preferredTime?: 'asap' | 'morning' | 'afternoon' | 'evening',
) => formatKampalaDateTime(expectedDeliveryTime({ from: new Date(fromUtc), leadMinutes, preferredTime }));

describe('expected delivery time', () => {
  it('puts an evening order placed at 02:14 inside the evening window, not at 04:15', () => {
    expect(promise('2026-11-24T23:14:00Z', 120, 'evening')).toBe('25 November 2026 at 17:00');
  });

  it('counts a night order’s lead time from 10:00, when riders go out', () => {
    expect(promise('2026-11-24T23:14:00Z', 60, 'asap')).toBe('25 November 2026 at 11:00');
    // Entebbe: a longer lead time, still within delivery hours
    expect(promise('2026-11-24T23:14:00Z', 300, 'asap')).toBe('25 November 2026 at 15:00');
  });

  it('keeps the earliest arrival when it already falls inside the window', () => {
    // 13:10 in Kampala + 90 minutes = 14:40, inside the afternoon
    expect(promise('2026-11-25T10:10:00Z', 90, 'afternoon')).toBe('25 November 2026 at 14:40');
    expect(promise('2026-11-25T10:10:00Z', 90, 'evening')).toBe('25 November 2026 at 17:00');
  });

  it('moves to the next day’s window when today’s is over', () => {
    // 11:30 + 60 minutes misses the morning (ends 12:00 after 12:30): next morning at 10:00
    expect(promise('2026-11-25T08:30:00Z', 60, 'morning')).toBe('26 November 2026 at 10:00');
    // 19:30 + 120 minutes is after 21:00: the next day, lead time from opening
    expect(promise('2026-11-25T16:30:00Z', 120, 'asap')).toBe('26 November 2026 at 12:00');
    // a zone whose lead time does not fit the evening today (16:00 + 300 min = 21:00 > 20:00)
    expect(promise('2026-11-25T13:00:00Z', 300, 'evening')).toBe('26 November 2026 at 17:00');
  });

  it('never promises a morning slot before the riders start at 10:00', () => {
    expect(promise('2026-11-24T23:14:00Z', 0, 'morning')).toBe('25 November 2026 at 10:00');
  });
});

describe('current delivery promise', () => {
  const now = new Date('2026-11-25T12:00:00Z'); // 15:00 in Kampala
  it('keeps a promise still ahead', () => {
    const promised = new Date('2026-11-25T13:00:00Z');
    expect(currentDeliveryPromise({ promised, now, status: 'out_for_delivery', preferredTime: 'asap' })).toBe(
      promised,
    );
  });

  it('moves a late promise on, inside the window', () => {
    const late = new Date('2026-11-25T09:00:00Z'); // 12:00, three hours ago
    const asap = currentDeliveryPromise({
      promised: late,
      now,
      status: 'out_for_delivery',
      preferredTime: 'asap',
    });
    expect(formatKampalaDateTime(asap as Date)).toBe('25 November 2026 at 15:30');
    const morning = currentDeliveryPromise({
      promised: late,
      now,
      status: 'out_for_delivery',
      preferredTime: 'morning',
    });
    expect(formatKampalaDateTime(morning as Date)).toBe('26 November 2026 at 10:00');
  });

  it('leaves a delivered order’s promise, and no promise, as they are', () => {
    const late = new Date('2026-11-25T09:00:00Z');
    expect(currentDeliveryPromise({ promised: late, now, status: 'delivered', preferredTime: 'asap' })).toBe(
      late,
    );
    expect(
      currentDeliveryPromise({ promised: null, now, status: 'out_for_delivery', preferredTime: 'asap' }),
    ).toBeNull();
  });
});
