import { describe, expect, it } from 'vitest';
import {
  formatKampalaClock,
  formatKampalaDate,
  formatKampalaDateTime,
  formatKampalaDayTime,
  formatKampalaMonthYear,
  formatKampalaShortDateTime,
  formatKampalaWeekdayDate,
  formatKampalaWeekdayTime,
  kampalaIsoDate,
} from './kampala-time';

// 11:05 UTC is 14:05 in Kampala; 21:05 UTC is already the next day there.
const AFTERNOON = '2026-11-22T11:05:00Z';
const LATE = '2026-11-22T21:05:00Z';

describe('Kampala time', () => {
  it('writes each format in Kampala’s time, 24-hour', () => {
    expect(formatKampalaDate(AFTERNOON)).toBe('22 November 2026');
    expect(formatKampalaDateTime(AFTERNOON)).toBe('22 November 2026 at 14:05');
    expect(formatKampalaShortDateTime(AFTERNOON)).toBe('22 Nov 2026, 14:05');
    expect(formatKampalaDayTime(AFTERNOON)).toBe('22 Nov, 14:05');
    expect(formatKampalaWeekdayTime(AFTERNOON)).toBe('Sun, 22 Nov, 14:05');
    expect(formatKampalaWeekdayDate(AFTERNOON)).toBe('Sunday 22 November 2026');
    expect(formatKampalaMonthYear(AFTERNOON)).toBe('November 2026');
    expect(formatKampalaClock(AFTERNOON)).toBe('14:05');
    expect(kampalaIsoDate(AFTERNOON)).toBe('2026-11-22');
  });

  it('turns the day at Kampala’s midnight, not UTC’s', () => {
    expect(kampalaIsoDate(LATE)).toBe('2026-11-23');
    expect(formatKampalaClock(LATE)).toBe('00:05');
    expect(formatKampalaWeekdayDate(LATE)).toBe('Monday 23 November 2026');
  });

  it('takes a Date, an ISO string or epoch milliseconds alike', () => {
    const date = new Date(AFTERNOON);
    expect(formatKampalaShortDateTime(date)).toBe(formatKampalaShortDateTime(AFTERNOON));
    expect(formatKampalaShortDateTime(date.getTime())).toBe(formatKampalaShortDateTime(AFTERNOON));
  });
});
