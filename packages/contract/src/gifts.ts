import { z } from 'zod';
import { DELIVERY_STATUSES, PREFERRED_DELIVERY_TIMES } from './delivery';
import { kampalaIsoDate } from './kampala-time';
import { ugandanPhoneSchema } from './profile';

/**
 * Gifts (issue 39): an order delivered to someone else. The buyer names the recipient, their
 * phone (the rider calls them), a message and the day; the recipient follows it through a link
 * sent by SMS, without an account and without seeing prices or who the buyer is beyond a first
 * name. The gift belongs to the order's delivery, so that a later order with many deliveries
 * carries one recipient per delivery.
 */

/** The longest gift message, in characters (it is printed on a card). */
export const GIFT_MESSAGE_MAX = 300;
/** How far ahead a gift's delivery day may be. */
export const GIFT_MAX_DAYS_AHEAD = 60;
/** The recipient's link stops working this long after the gift is delivered (or cancelled). */
export const GIFT_LINK_DAYS_AFTER_DELIVERY = 7;
/** The longest note the recipient may leave for the rider. */
export const GIFT_INSTRUCTIONS_MAX = 500;

export const giftMessages = {
  deliveryOnly: 'A gift is delivered: choose delivery, not pick-up',
  paidBefore: 'A gift is paid before it goes out: choose mobile money',
  datePast: 'Choose today or a later day',
  dateTooFar: `Choose a day at most ${GIFT_MAX_DAYS_AHEAD} days ahead`,
  dateFormat: 'Choose a delivery day (YYYY-MM-DD)',
  linkUnknown: 'This gift link is not valid. Check the link in your SMS.',
  linkExpired: `This gift link has expired: it works until ${GIFT_LINK_DAYS_AFTER_DELIVERY} days after delivery.`,
  tooLate: 'The gift is already on its way: the time and instructions can no longer change.',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Kampala day `days` after the day of `now` (YYYY-MM-DD). */
export function kampalaDayAfter(now: Date, days: number): string {
  // Noon keeps the arithmetic clear of the day's edges in any zone.
  const noon = new Date(`${kampalaIsoDate(now)}T12:00:00Z`);
  return new Date(noon.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** Midnight in Kampala (UTC+3, no daylight saving) at the start of a YYYY-MM-DD day. */
export function kampalaDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+03:00`);
}

const isCalendarDay = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const noon = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(noon.getTime()) && noon.toISOString().slice(0, 10) === value;
};

/** A gift's delivery day: today (Kampala) up to GIFT_MAX_DAYS_AHEAD days ahead, checked when parsed. */
export const giftDeliveryDateSchema = z
  .string({ error: giftMessages.dateFormat })
  .superRefine((value, context) => {
    if (!isCalendarDay(value)) {
      context.addIssue({ code: 'custom', message: giftMessages.dateFormat });
      return;
    }
    const now = new Date();
    if (value < kampalaDayAfter(now, 0)) context.addIssue({ code: 'custom', message: giftMessages.datePast });
    else if (value > kampalaDayAfter(now, GIFT_MAX_DAYS_AHEAD))
      context.addIssue({ code: 'custom', message: giftMessages.dateTooFar });
  })
  .describe(`Kampala day, YYYY-MM-DD: today up to ${GIFT_MAX_DAYS_AHEAD} days ahead`);

/**
 * The message as typed: kept and shown exactly (never trimmed inside, never read as HTML); only
 * an empty or blank one means "no message".
 */
export const giftMessageSchema = z
  .string({ error: 'The message must be text' })
  .max(GIFT_MESSAGE_MAX, { error: `Use at most ${GIFT_MESSAGE_MAX} characters` })
  .nullish()
  .transform((value) => (value && value.trim() !== '' ? value : null));

/** "This is a gift" at checkout: the recipient's address is the order's delivery address. */
export const giftRequestSchema = z.object({
  recipient_name: z
    .string({ error: 'Recipient’s name is required' })
    .trim()
    .min(1, { error: 'Recipient’s name is required' })
    .max(120, { error: 'Use at most 120 characters' }),
  recipient_phone: ugandanPhoneSchema.describe('The rider calls this number; the recipient’s SMS go to it'),
  message: giftMessageSchema.describe(`Printed on the gift card, at most ${GIFT_MESSAGE_MAX} characters`),
  delivery_date: giftDeliveryDateSchema,
});
export type GiftRequest = z.input<typeof giftRequestSchema>;
export type GiftInput = z.output<typeof giftRequestSchema>;

/** The first name of a person's name: all a recipient learns of who sent the gift. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** The gift as its buyer reads it on their order. */
export const orderGiftSchema = z.object({
  recipient_name: z.string(),
  recipient_phone: z.string().describe('+2567XXXXXXXX'),
  message: z.string().nullable().describe('Exactly as typed'),
  delivery_date: z.string().describe('Kampala day, YYYY-MM-DD'),
  recipient_instructions: z.string().nullable().describe('What the recipient asked of the rider'),
});
export type OrderGift = z.infer<typeof orderGiftSchema>;

/** The gift on the staff's order page. */
export const staffOrderGiftSchema = orderGiftSchema.extend({
  gift_card_url: z.string().describe('GET it (staff) for the printed gift card PDF'),
});
export type StaffOrderGift = z.infer<typeof staffOrderGiftSchema>;

// ---------------------------------------------------------------------------------------------
// The recipient's page: `GET` and `PATCH /gifts/{token}/`
// ---------------------------------------------------------------------------------------------

export const giftTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: giftMessages.linkUnknown }),
});

/** What the recipient sees: never a price, never the buyer beyond a first name. */
export const recipientGiftSchema = z.object({
  from: z.string().describe('The buyer’s first name'),
  recipient_name: z.string(),
  message: z.string().nullable().describe('Exactly as typed; show as text, never as HTML'),
  delivery_date: z.string().describe('Kampala day, YYYY-MM-DD'),
  status: z.enum(['preparing', ...DELIVERY_STATUSES]).describe('preparing: not yet confirmed'),
  status_label: z.string(),
  estimated_delivery_time: z.string().nullable().describe('ISO 8601'),
  delivery_area: z.string().nullable(),
  street: z.string().nullable(),
  landmark: z.string().nullable(),
  preferred_delivery_time: z.enum(PREFERRED_DELIVERY_TIMES),
  instructions: z.string().nullable().describe('The recipient’s note for the rider'),
  can_change: z.boolean().describe('False once out for delivery, delivered or cancelled'),
});
export type RecipientGift = z.infer<typeof recipientGiftSchema>;

/** The recipient's choice of window and their note; send what changes. */
export const updateRecipientGiftSchema = z
  .object({
    preferred_delivery_time: z.enum(PREFERRED_DELIVERY_TIMES, { error: 'Choose a delivery time' }).optional(),
    instructions: z
      .string({ error: 'Instructions must be text' })
      .trim()
      .max(GIFT_INSTRUCTIONS_MAX, { error: `Use at most ${GIFT_INSTRUCTIONS_MAX} characters` })
      .nullish()
      .transform((value) => (value === undefined ? undefined : value || null)),
  })
  .refine((body) => body.preferred_delivery_time !== undefined || body.instructions !== undefined, {
    path: ['preferred_delivery_time'],
    message: 'Choose a delivery time or leave instructions',
  });
export type UpdateRecipientGiftRequest = z.input<typeof updateRecipientGiftSchema>;
