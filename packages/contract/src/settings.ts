import { z } from 'zod';
import {
  HIGHEST_MINIMUM_AGE,
  LEGAL_MINIMUM_AGE,
  MAX_FREE_DELIVERY_THRESHOLD,
  REFUSED_ORDER_FEES,
  REVIEW_POLICIES,
  WEEKDAYS,
} from './settings-values';
import { ugandaTinSchema, vatMessages } from './vat';

export * from './settings-values';

/**
 * The shop's settings, kept in the database (one row, versioned) and changed by admins at
 * `/admin/settings`: contact details, opening hours (Kampala time), the free-delivery threshold,
 * the minimum age, delivery hours and windows, the VAT registration, the review policy and the fee
 * for an order refused at the door.
 * Everyone reads them at `GET /api/v1/settings/`; the server uses them at checkout (fee),
 * sign-up and profile (age), on invoices and in e-mails. The defaults below are what the shop
 * uses until an admin saves, and are the one place the former fixed numbers live.
 */

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
  tin: vatMessages.tin,
  reviewPolicy: `must be one of ${REVIEW_POLICIES.join(', ')}`,
  refusedOrderFee: `must be one of ${REFUSED_ORDER_FEES.join(', ')}`,
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
  vat_tin: ugandaTinSchema
    .nullable()
    .describe('The shop’s TIN for VAT (10 digits), or null when not registered'),
  prices_include_vat: z.boolean({ error: 'must be true or false' }),
  review_policy: z.enum(REVIEW_POLICIES, { error: settingsMessages.reviewPolicy }),
  refused_order_fee: z
    .enum(REFUSED_ORDER_FEES, { error: settingsMessages.refusedOrderFee })
    .describe('Kept from the refund of a paid order refused at the door for the customer’s reason'),
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
