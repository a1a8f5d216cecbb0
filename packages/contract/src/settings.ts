import { z } from 'zod';
import { BRAND } from './brand';
import { FREE_SHIPPING_THRESHOLD_UGX, MINIMUM_AGE_YEARS } from './constants';

/**
 * The shop's settings, kept in the database (one row, versioned) and changed by admins at
 * `/admin/settings`: contact details, opening hours (Kampala time), the free-delivery threshold,
 * the minimum age, delivery hours and windows, the VAT registration and the review policy.
 * Everyone reads them at `GET /api/v1/settings/`; the server uses them at checkout (fee),
 * sign-up and profile (age), on invoices and in e-mails. The defaults below are what the shop
 * uses until an admin saves, and are the one place the former fixed numbers live.
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

export const settingsMessages = {
  time: 'must be a time as HH:MM (24-hour clock)',
  closesAfterOpens: 'must be after the opening time',
  phone: 'must be a phone number such as +256 772 000 123',
  email: 'must be an e-mail address',
  address: 'must be between 5 and 200 characters',
  threshold: `must be a whole number of shillings from 0 to ${MAX_FREE_DELIVERY_THRESHOLD.toLocaleString('en-US')}`,
  minimumAge: `must be a whole number from ${LEGAL_MINIMUM_AGE} to ${HIGHEST_MINIMUM_AGE}`,
  hour: 'must be a whole hour from 0 to 24',
  windowOrder: 'must end after it starts',
  tin: 'must be 10 digits',
  reviewPolicy: `must be one of ${REVIEW_POLICIES.join(', ')}`,
  version: 'send the version the form was loaded at',
  stale: 'The settings changed since they were loaded',
  /** A review refused by the `delivered_purchasers` policy (403). */
  reviewNeedsDeliveredOrder: 'Only customers who have received this product can review it.',
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string({ error: settingsMessages.time }).regex(TIME, { error: settingsMessages.time });

export const openingDaySchema = z
  .object({
    day: z.enum(WEEKDAYS),
    open: z.boolean({ error: 'must be true or false' }),
    opens: time.describe('HH:MM, Kampala time'),
    closes: time.describe('HH:MM, Kampala time'),
  })
  .superRefine((value, context) => {
    if (value.open && value.closes <= value.opens) {
      context.addIssue({ code: 'custom', path: ['closes'], message: settingsMessages.closesAfterOpens });
    }
  });
export type OpeningDay = z.infer<typeof openingDaySchema>;

export const openingHoursSchema = z
  .array(openingDaySchema)
  .length(7, { error: 'must list the seven days, Monday first' })
  .superRefine((days, context) => {
    days.forEach((day, index) => {
      if (day.day !== WEEKDAYS[index]) {
        context.addIssue({ code: 'custom', path: [index, 'day'], message: `must be ${WEEKDAYS[index]}` });
      }
    });
  });

const hour = z
  .number({ error: settingsMessages.hour })
  .int({ error: settingsMessages.hour })
  .min(0, { error: settingsMessages.hour })
  .max(24, { error: settingsMessages.hour });

const hourRange = z.object({ from: hour, to: hour }).superRefine((value, context) => {
  if (value.to <= value.from) {
    context.addIssue({ code: 'custom', path: ['to'], message: settingsMessages.windowOrder });
  }
});
export type HourRange = z.infer<typeof hourRange>;

/** The customer's preferred delivery windows at checkout (ASAP follows the delivery hours). */
export const deliveryWindowsSchema = z.object({
  morning: hourRange,
  afternoon: hourRange,
  evening: hourRange,
});
export type DeliveryWindows = z.infer<typeof deliveryWindowsSchema>;

const phone = z
  .string({ error: settingsMessages.phone })
  .trim()
  .regex(/^\+?\d[\d ]{7,18}\d$/, { error: settingsMessages.phone });

/** The settings themselves: what an admin edits and what everyone reads. */
export const shopSettingsFieldsSchema = z.object({
  phone: phone.describe('Shown in the footer and on the contact page'),
  whatsapp: phone.describe('The number WhatsApp links open'),
  email: z
    .string({ error: settingsMessages.email })
    .trim()
    .pipe(z.email({ error: settingsMessages.email })),
  address: z
    .string({ error: settingsMessages.address })
    .trim()
    .min(5, { error: settingsMessages.address })
    .max(200, { error: settingsMessages.address }),
  opening_hours: openingHoursSchema.describe('Seven days, Monday first, Kampala time'),
  free_delivery_threshold: z
    .number({ error: settingsMessages.threshold })
    .int({ error: settingsMessages.threshold })
    .min(0, { error: settingsMessages.threshold })
    .max(MAX_FREE_DELIVERY_THRESHOLD, { error: settingsMessages.threshold })
    .describe('Orders of this much (UGX) or more are delivered free'),
  minimum_age: z
    .number({ error: settingsMessages.minimumAge })
    .int({ error: settingsMessages.minimumAge })
    .min(LEGAL_MINIMUM_AGE, { error: settingsMessages.minimumAge })
    .max(HIGHEST_MINIMUM_AGE, { error: settingsMessages.minimumAge })
    .describe('Customers must be this old to sign up, buy and come to events'),
  delivery_hours: hourRange.describe('Riders go out between these hours, Kampala time, every day'),
  delivery_windows: deliveryWindowsSchema,
  vat_tin: z
    .string({ error: settingsMessages.tin })
    .trim()
    .regex(/^\d{10}$/, { error: settingsMessages.tin })
    .nullable()
    .describe('The shop’s TIN for VAT (10 digits), or null when not registered'),
  prices_include_vat: z.boolean({ error: 'must be true or false' }),
  review_policy: z.enum(REVIEW_POLICIES, { error: settingsMessages.reviewPolicy }),
});
export type ShopSettingsFields = z.infer<typeof shopSettingsFieldsSchema>;

/** `GET /api/v1/settings/`: what the storefront shows (public). */
export const publicShopSettingsSchema = shopSettingsFieldsSchema;
export type PublicShopSettings = ShopSettingsFields;

/** `GET /api/v1/admin/settings/` and the answer of a save (admins). */
export const adminShopSettingsSchema = shopSettingsFieldsSchema.extend({
  version: z.number().int().describe('Send it back with a change; a stale one is a 409'),
  updated_at: z.string().nullable().describe('ISO 8601; null while the defaults are in use'),
  updated_by: z.string().nullable().describe('Who saved last'),
});
export type AdminShopSettings = z.infer<typeof adminShopSettingsSchema>;

/** `PUT /api/v1/admin/settings/`: every setting, with the version the form was loaded at. */
export const updateShopSettingsRequestSchema = shopSettingsFieldsSchema.extend({
  version: z
    .number({ error: settingsMessages.version })
    .int({ error: settingsMessages.version })
    .min(0, { error: settingsMessages.version }),
});
export type UpdateShopSettingsRequest = z.input<typeof updateShopSettingsRequestSchema>;

const weekdays = (opens: string, closes: string, open = true) =>
  WEEKDAYS.map((day) => ({ day, open, opens, closes }));

/** What the shop uses until an admin saves: the figures the storefront has always stated. */
export const DEFAULT_SHOP_SETTINGS: ShopSettingsFields = {
  phone: BRAND.phone,
  whatsapp: BRAND.whatsapp,
  email: BRAND.email,
  address: BRAND.address,
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
