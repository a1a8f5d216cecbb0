/**
 * The shop's clock. Every date and time a customer or staff member reads (pages, e-mails,
 * notifications, invoices, order numbers) is Kampala's — East Africa Time, UTC+3, no daylight
 * saving — whatever the zone of the server or of the browser. Instants travel as ISO 8601 (UTC);
 * they are turned into Kampala words only here, in one place, so the storefront and the server
 * always say the same thing.
 */

export const KAMPALA_TIME_ZONE = 'Africa/Kampala' as const;
/** Kampala's offset from UTC, all year. */
export const KAMPALA_UTC_OFFSET = '+03:00' as const;

/** An instant: a Date, an ISO 8601 string, or milliseconds since the epoch. */
export type Instant = Date | string | number;

// Uganda English, with a 24-hour clock; the calendar date alone in ISO order (en-CA).
const FORMATS = {
  date: ['en-UG', { day: 'numeric', month: 'long', year: 'numeric' }],
  dateTime: [
    'en-UG',
    { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  ],
  shortDate: ['en-UG', { day: 'numeric', month: 'short', year: 'numeric' }],
  shortDateTime: [
    'en-UG',
    { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  ],
  dayTime: [
    'en-UG',
    { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  ],
  weekdayTime: [
    'en-UG',
    {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    },
  ],
  weekdayDate: ['en-UG', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }],
  monthYear: ['en-UG', { month: 'long', year: 'numeric' }],
  clock: ['en-UG', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }],
  isoDate: ['en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }],
} as const satisfies Record<string, readonly [string, Intl.DateTimeFormatOptions]>;

type FormatName = keyof typeof FORMATS;
const formatters = new Map<FormatName, Intl.DateTimeFormat>();

function format(name: FormatName, instant: Instant): string {
  let formatter = formatters.get(name);
  if (!formatter) {
    const [locale, options] = FORMATS[name];
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: KAMPALA_TIME_ZONE });
    formatters.set(name, formatter);
  }
  return formatter.format(instant instanceof Date ? instant : new Date(instant));
}

/** "22 November 2026" */
export const formatKampalaDate = (instant: Instant) => format('date', instant);

/** "22 November 2026 at 14:05" */
export const formatKampalaDateTime = (instant: Instant) => format('dateTime', instant);

/** "2 Nov 2026" */
export const formatKampalaShortDate = (instant: Instant) => format('shortDate', instant);

/** "22 Nov 2026, 14:05" */
export const formatKampalaShortDateTime = (instant: Instant) => format('shortDateTime', instant);

/** "22 Nov, 14:05" */
export const formatKampalaDayTime = (instant: Instant) => format('dayTime', instant);

/** "Sun, 22 Nov, 14:05" */
export const formatKampalaWeekdayTime = (instant: Instant) => format('weekdayTime', instant);

/** "Sunday 22 November 2026" */
export const formatKampalaWeekdayDate = (instant: Instant) => format('weekdayDate', instant).replace(',', '');

/** "November 2026" */
export const formatKampalaMonthYear = (instant: Instant) => format('monthYear', instant);

/** "14:05" (24-hour) */
export const formatKampalaClock = (instant: Instant) => format('clock', instant);

/** "2026-11-22": the calendar day in Kampala (order numbers, calendars). */
export const kampalaIsoDate = (instant: Instant) => format('isoDate', instant);
