import { BRAND } from './brand';
import { FREE_SHIPPING_THRESHOLD_UGX, MINIMUM_AGE_YEARS } from './constants';
import type { OpeningDay, ShopSettingsFields } from './settings';

/**
 * The shop settings' values without zod (the storefront's entry chunk reads them: decision 0007
 * keeps zod out of it): the weekdays, limits, labels, the defaults and the opening-hours line.
 * The schemas are in settings.ts, which re-exports all of this.
 */

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const weekdayLabels: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** The law in Uganda sets 18; a shop may ask for more, up to 25. */
export const LEGAL_MINIMUM_AGE = 18;
export const HIGHEST_MINIMUM_AGE = 25;
export const MAX_FREE_DELIVERY_THRESHOLD = 100_000_000;

export const REVIEW_POLICIES = ['delivered_purchasers', 'signed_in_customers'] as const;
export type ReviewPolicy = (typeof REVIEW_POLICIES)[number];
export const reviewPolicyLabels: Record<ReviewPolicy, string> = {
  delivered_purchasers: 'Only customers with a delivered order of the product',
  signed_in_customers: 'Any signed-in customer (purchasers are shown as verified)',
};

/**
 * What a customer is charged when an order is refused at the door for a reason that is theirs
 * (under age, no ID, intoxicated, customer refused): kept from the refund of a paid order.
 */
export const REFUSED_ORDER_FEES = ['none', 'delivery_fee'] as const;
export type RefusedOrderFee = (typeof REFUSED_ORDER_FEES)[number];
export const refusedOrderFeeLabels: Record<RefusedOrderFee, string> = {
  none: 'Nothing: refund the whole payment',
  delivery_fee: 'The delivery fee: refund the payment less the order’s delivery fee',
};

const weekdays = (opens: string, closes: string, open = true) =>
  WEEKDAYS.map((day) => ({ day, open, opens, closes }));

/** What the shop uses until an admin saves: the figures the storefront has always stated. */
export const DEFAULT_SHOP_SETTINGS: ShopSettingsFields = {
  phone: BRAND.phone,
  whatsapp: BRAND.whatsapp,
  email: BRAND.email,
  address: 'Plot 14, Acacia Avenue, Kololo, Kampala',
  opening_hours: [
    ...weekdays('09:00', '21:00').slice(0, 6),
    { day: 'sunday', open: true, opens: '12:00', closes: '19:00' },
  ],
  free_delivery_threshold: FREE_SHIPPING_THRESHOLD_UGX,
  minimum_age: MINIMUM_AGE_YEARS,
  delivery_hours: { from: 10, to: 21 },
  delivery_windows: {
    morning: { from: 9, to: 12 },
    afternoon: { from: 12, to: 17 },
    evening: { from: 17, to: 20 },
  },
  vat_tin: null,
  prices_include_vat: true,
  review_policy: 'delivered_purchasers',
  refused_order_fee: 'none',
};

const dayRange = (from: Weekday, to: Weekday) =>
  from === to ? weekdayLabels[from] : `${weekdayLabels[from]} to ${weekdayLabels[to]}`;

/**
 * The opening hours in one line, consecutive days with the same hours grouped:
 * "Monday to Saturday 09:00–21:00, Sunday 12:00–19:00 (Kampala time)".
 */
export function formatOpeningHours(days: readonly OpeningDay[]): string {
  const groups: { from: Weekday; to: Weekday; text: string }[] = [];
  for (const day of days) {
    const text = day.open ? `${day.opens}–${day.closes}` : 'closed';
    const last = groups.at(-1);
    if (last && last.text === text) last.to = day.day;
    else groups.push({ from: day.day, to: day.day, text });
  }
  return `${groups.map((group) => `${dayRange(group.from, group.to)} ${group.text}`).join(', ')} (Kampala time)`;
}

/** A phone number as digits only, for `wa.me` and `tel:` links. */
export const phoneDigits = (value: string) => value.replace(/\D/g, '');

/** An hour of the day as the storefront writes it: 9 → "9:00", 21 → "21:00". */
export const hourText = (hour: number) => `${hour}:00`;

/**
 * The checkout's label of a preferred delivery time, with the shop's windows (its
 * `delivery_windows` setting): "Morning (9:00–12:00)".
 */
export function preferredTimeLabel(
  time: 'asap' | 'morning' | 'afternoon' | 'evening',
  windows: ShopSettingsFields['delivery_windows'],
): string {
  if (time === 'asap') return 'As soon as possible';
  const names = { morning: 'Morning', afternoon: 'Afternoon', evening: 'Evening' } as const;
  return `${names[time]} (${hourText(windows[time].from)}–${hourText(windows[time].to)})`;
}
