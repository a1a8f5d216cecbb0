import { z } from 'zod';
import { CURRENCY, MINIMUM_AGE_YEARS } from './constants';
import { EVENT_STATUSES, EVENT_TYPES, RSVP_STATUSES, type RsvpStatus } from './event-labels';
import { KAMPALA_TIME_ZONE, KAMPALA_UTC_OFFSET } from './kampala-time';
import { mobileMoneyNetworkSchema } from './orders';
import { pagedListSchema, pageQuerySchema } from './pagination';
import { transactionSchema } from './payments';
import { ugandanPhoneSchema } from './profile';

// The labels and date formatting live in event-labels.ts, without zod, so that the events pages can
// show them without loading the schemas; re-exported here for everyone else.
export {
  EVENT_STATUSES,
  EVENT_TYPES,
  type EventStatus,
  type EventType,
  eventStatusLabels,
  eventTypeLabels,
  formatEventClock,
  formatEventDate,
  formatEventWhen,
  RSVP_STATUSES,
  type RsvpStatus,
  rsvpStatusLabels,
} from './event-labels';

/**
 * Events and RSVPs: tastings, dinners, masterclasses, tours and parties with limited seats, free
 * or paid (docs/product.md sections 2–5 and 7).
 *
 * - **Seats** are counted in guests: an RSVP for 3 takes 3 seats. `seats_left` is the capacity
 *   minus the seats held by RSVPs (pending payment, confirmed, attended, no-show) and the seats
 *   the shop reserved offline (phone bookings, partners).
 * - **Free events** confirm at once while seats remain; a party that does not fit joins the
 *   waitlist. When seats free up (a cancellation, fewer guests, an expired hold), the first
 *   waiting parties that fit are promoted, in the order they joined.
 * - **Paid events**: the RSVP holds its seats as `pending_payment` for {@link RSVP_HOLD_MINUTES}
 *   minutes while the customer pays price × guests by mobile money; a verified payment confirms
 *   it; an unpaid hold expires and releases the seats.
 * - **Times** are instants (ISO 8601, UTC) and are shown in Kampala time ({@link EVENT_TIME_ZONE},
 *   UTC+3 all year). Staff forms send Kampala wall-clock times (`2026-03-14T18:30`).
 */

// ---------------------------------------------------------------------------------------------
// Constants and states
// ---------------------------------------------------------------------------------------------

/** The shop's events happen in Kampala: every time is shown on East Africa Time. */
export const EVENT_TIME_ZONE = KAMPALA_TIME_ZONE;
/** East Africa Time has no daylight saving: UTC+3 all year. */
export const EVENT_TIME_ZONE_OFFSET = KAMPALA_UTC_OFFSET;

/** Most seats one RSVP may take (the customer and their guests). */
export const MAX_GUESTS_PER_RSVP = 6;
/** An unpaid RSVP for a paid event keeps its seats this long, then releases them. */
export const RSVP_HOLD_MINUTES = 30;
/** Largest capacity an event may have. */
export const MAX_EVENT_CAPACITY = 5_000;
/** Highest price per guest, in UGX (a typing slip guard, not a business rule). */
export const MAX_EVENT_PRICE_UGX = 50_000_000;
/** Most wines featured at one event. */
export const MAX_FEATURED_WINES = 12;
/** Guests must be this old unless the event says otherwise (purchasers are 21 or older). */
export const DEFAULT_EVENT_MINIMUM_AGE = MINIMUM_AGE_YEARS;

export const eventTypeSchema = z.enum(EVENT_TYPES, {
  error: 'Choose tasting, dinner, masterclass, tour, party or other',
});

export const eventStatusSchema = z.enum(EVENT_STATUSES);

export const rsvpStatusSchema = z.enum(RSVP_STATUSES);

/** RSVPs that hold seats. */
export const SEAT_HOLDING_RSVP_STATUSES = [
  'pending_payment',
  'confirmed',
  'attended',
  'no_show',
] as const satisfies readonly RsvpStatus[];

/** RSVPs the customer still has: every one but the cancelled (what "You have 2 RSVPs" counts). */
export const ACTIVE_RSVP_STATUSES = RSVP_STATUSES.filter(
  (status): status is Exclude<RsvpStatus, 'cancelled'> => status !== 'cancelled',
);

/** Why an RSVP was cancelled. */
export const RSVP_CANCEL_REASONS = ['customer', 'hold_expired', 'event_cancelled'] as const;
export const rsvpCancelReasonSchema = z.enum(RSVP_CANCEL_REASONS);
export type RsvpCancelReason = z.infer<typeof rsvpCancelReasonSchema>;

export const rsvpCancelReasonLabels: Record<RsvpCancelReason, string> = {
  customer: 'You cancelled this RSVP.',
  hold_expired: `The payment was not completed within ${RSVP_HOLD_MINUTES} minutes, so the seats were released.`,
  event_cancelled: 'The event was cancelled.',
};

/** The messages the API answers (and the storefront shows) for the RSVP rules. */
export const eventMessages = {
  eventNotFound: 'Event was not found.',
  rsvpNotFound: 'RSVP was not found.',
  eventStarted: 'This event has already started: RSVPs are closed.',
  eventCancelled: 'This event has been cancelled.',
  eventCompleted: 'This event is over.',
  alreadyBooked: 'You already have an RSVP for this event. Change it instead of booking again.',
  guestsMin: 'Bring at least 1 guest (yourself)',
  guestsMax: `At most ${MAX_GUESTS_PER_RSVP} guests per RSVP`,
  guestsWhole: 'Guests must be a whole number',
  guestNamesTooMany: 'List at most one name per guest besides yourself',
  notEnoughSeats: (left: number) =>
    left === 0 ? 'There are no seats left.' : `Only ${left} more seat${left === 1 ? ' is' : 's are'} left.`,
  paidGuestsFixed:
    'The number of guests of a paid booking cannot change. Cancel the unpaid booking and RSVP again, or call us.',
  paidCancelRefused:
    'Paid tickets cannot be cancelled online. Call us and we will arrange the cancellation and refund.',
  cannotChange: (status: string) => `This RSVP is ${status} and can no longer be changed.`,
  dateOfBirthNeeded: (age: number) =>
    `This event is for guests aged ${age} or older: add your date of birth to your profile first.`,
  tooYoung: (age: number) => `This event is for guests aged ${age} or older.`,
  ticketInvalid: 'No ticket with this code for this event.',
  ticketOtherEvent: (title: string) => `This ticket is for another event: ${title}.`,
  ticketUsed: (time: string) => `This ticket was already used: checked in at ${time}.`,
  ticketNotValid: (status: string) => `This ticket is not valid: the RSVP is ${status}.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Times in Kampala
// ---------------------------------------------------------------------------------------------

const KAMPALA_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * An instant from `2026-03-14T18:30` (Kampala wall-clock time, as a datetime-local input gives
 * it) or from ISO 8601 with an offset. Answers an ISO string in UTC, or null when it is neither
 * or not a real time.
 */
export function parseEventTime(value: string): string | null {
  const trimmed = value.trim();
  const local = KAMPALA_LOCAL.exec(trimmed);
  let text: string;
  if (local) {
    const [, year, month, day, hour, minute, second] = local;
    text = `${year}-${month}-${day}T${hour}:${minute}:${second ?? '00'}${EVENT_TIME_ZONE_OFFSET}`;
    // A wall-clock time that does not exist (31 April, 25:00) is refused, not rolled over.
    const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute));
    const check = new Date(utc);
    if (
      check.getUTCFullYear() !== Number(year) ||
      check.getUTCMonth() !== Number(month) - 1 ||
      check.getUTCDate() !== Number(day) ||
      check.getUTCHours() !== Number(hour)
    ) {
      return null;
    }
  } else if (WITH_OFFSET.test(trimmed)) {
    text = trimmed;
  } else {
    return null;
  }
  const time = new Date(text);
  if (Number.isNaN(time.getTime())) return null;
  return time.toISOString();
}

/** `2026-03-14T18:30`: an instant as Kampala wall-clock time, for a datetime-local input. */
export function toKampalaLocalInput(iso: string): string {
  const shifted = new Date(new Date(iso).getTime() + 3 * 60 * 60 * 1000);
  return shifted.toISOString().slice(0, 16);
}

const EVENT_TIME_MESSAGE = 'Enter a date and time, e.g. 2026-03-14T18:30 (Kampala time)';

/** A time sent by the staff form: Kampala wall-clock time or ISO 8601 with an offset. */
export const eventTimeSchema = z
  .string({ error: EVENT_TIME_MESSAGE })
  .max(40, { error: EVENT_TIME_MESSAGE })
  .transform((value, context) => {
    const parsed = parseEventTime(value);
    if (parsed === null) {
      context.addIssue({ code: 'custom', message: EVENT_TIME_MESSAGE });
      return z.NEVER;
    }
    return parsed;
  })
  .describe('Kampala wall-clock time `YYYY-MM-DDTHH:mm`, or ISO 8601 with an offset; answered in UTC');

// ---------------------------------------------------------------------------------------------
// Ticket codes
// ---------------------------------------------------------------------------------------------

/** Crockford's base 32: no I, L, O or U, so a code read aloud or typed is not misread. */
export const TICKET_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 10 characters: 50 random bits, shown as two groups of five (`7KQ2M-9XD4T`). */
export const TICKET_CODE_LENGTH = 10;

/**
 * The ticket code in its stored form (10 characters of the alphabet), from what a person typed
 * or a scanner read: case, spaces and dashes are ignored, and O, I and L read as 0, 1 and 1.
 * Null when it cannot be a ticket code.
 */
export function normaliseTicketCode(input: string): string | null {
  if (typeof input !== 'string' || input.length > 40) return null;
  const cleaned = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (cleaned.length !== TICKET_CODE_LENGTH) return null;
  for (const character of cleaned) if (!TICKET_CODE_ALPHABET.includes(character)) return null;
  return cleaned;
}

/** `7KQ2M9XD4T` → `7KQ2M-9XD4T`. */
export function formatTicketCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

// ---------------------------------------------------------------------------------------------
// Public events: `GET /events/events/`, `GET /events/events/{id}/`
// ---------------------------------------------------------------------------------------------

const money = (what: string) => z.number().int().describe(`${what}, in whole UGX`);
const isoTime = z.string().describe('ISO 8601, UTC');

export const EVENT_WHEN = ['upcoming', 'past'] as const;
export const eventWhenSchema = z.enum(EVENT_WHEN, { error: 'Choose upcoming or past' });
export type EventWhen = z.infer<typeof eventWhenSchema>;

export const EVENT_PRICE_FILTERS = ['free', 'paid'] as const;

export const eventListQuerySchema = pageQuerySchema.extend({
  when: eventWhenSchema
    .optional()
    .describe(
      'upcoming: not yet over, soonest first; past: over, latest first. Default: both, upcoming first',
    ),
  type: eventTypeSchema.optional(),
  price: z.enum(EVENT_PRICE_FILTERS, { error: 'Choose free or paid' }).optional(),
});
export type EventListQuery = z.infer<typeof eventListQuerySchema>;
export type EventListQueryInput = z.input<typeof eventListQuerySchema>;

export const eventParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(200)
    .describe('The event id (digits) or its slug, e.g. 4 or "bordeaux-evening-kololo"'),
});

/** A wine poured at the event: a product of the catalog. */
export const featuredWineSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  price: money('Price of the default size'),
  category_name: z.string(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  vintage: z.number().int().nullable(),
  in_stock: z.boolean(),
});
export type FeaturedWine = z.infer<typeof featuredWineSchema>;

/** An event as lists show it. */
export const eventSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  type: eventTypeSchema,
  summary: z.string().describe('One or two sentences for the list'),
  status: eventStatusSchema.describe('published, completed or cancelled (drafts are never public)'),
  starts_at: isoTime,
  ends_at: isoTime,
  time_zone: z.literal(EVENT_TIME_ZONE),
  venue_name: z.string(),
  image: z.string().nullable().describe('Image URL, or null (show the logo)'),
  price: money('Price per guest; 0 for a free event'),
  is_free: z.boolean(),
  currency: z.literal(CURRENCY),
  capacity: z.number().int(),
  seats_left: z.number().int().min(0),
  is_full: z.boolean().describe('No seats left: new RSVPs join the waitlist'),
  minimum_age: z.number().int(),
  has_started: z.boolean().describe('RSVPs close when the event starts'),
  has_ended: z.boolean(),
  rsvp_open: z.boolean().describe('Published, not started: RSVPs (or the waitlist) are open'),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

export const eventDetailSchema = eventSummarySchema.extend({
  description: z.string(),
  featured_wines: z.array(featuredWineSchema),
  food_pairing: z.string().nullable(),
  dress_code: z.string().nullable(),
  venue_address: z.string(),
  map_url: z.string().nullable().describe('A link to the venue on a map'),
  cancel_reason: z.string().nullable(),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

export const eventListResponseSchema = pagedListSchema(eventSummarySchema);
export type EventListResponse = z.infer<typeof eventListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// RSVPs: `GET, POST /events/rsvps/`, `PATCH, DELETE /events/rsvps/{id}/`
// ---------------------------------------------------------------------------------------------

const guestsSchema = z
  .number({ error: eventMessages.guestsWhole })
  .int({ error: eventMessages.guestsWhole })
  .min(1, { error: eventMessages.guestsMin })
  .max(MAX_GUESTS_PER_RSVP, { error: eventMessages.guestsMax })
  .describe(`Seats, yourself included: 1 to ${MAX_GUESTS_PER_RSVP}`);

const guestNameSchema = z
  .string({ error: 'Enter a name' })
  .trim()
  .min(1, { error: 'Enter a name' })
  .max(100, { error: 'Use at most 100 characters' });

const guestNamesSchema = z
  .array(guestNameSchema, { error: 'Send a list of names' })
  .max(MAX_GUESTS_PER_RSVP - 1, { error: eventMessages.guestNamesTooMany })
  .describe('Names of the guests coming with you (at most guests − 1)');

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Use at most ${max} characters` })
    .nullish()
    .transform((value) => (value ? value : null));

export const createRsvpRequestSchema = z
  .object({
    event: z
      .number({ error: 'Choose an event' })
      .int({ error: 'Choose an event' })
      .positive({ error: 'Choose an event' })
      .max(2_147_483_647, { error: 'Choose an event' })
      .describe('The event id'),
    guests: guestsSchema.default(1),
    guest_names: guestNamesSchema.default([]),
    dietary_needs: optionalText(500).describe('Allergies, vegetarian…'),
    note: optionalText(500).describe('Anything else we should know'),
  })
  .superRefine((body, context) => {
    // Only once the number of guests itself is right (its own message names the problem).
    const guestsValid =
      Number.isInteger(body.guests) && body.guests >= 1 && body.guests <= MAX_GUESTS_PER_RSVP;
    if (guestsValid && body.guest_names.length > body.guests - 1) {
      context.addIssue({ code: 'custom', path: ['guest_names'], message: eventMessages.guestNamesTooMany });
    }
  });
export type CreateRsvpRequest = z.input<typeof createRsvpRequestSchema>;

/** A text field of a change: left out keeps it, null or empty clears it. */
const changedText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Use at most ${max} characters` })
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value));

/** Send only what changes. The guest names must still fit the (new) number of guests. */
export const updateRsvpRequestSchema = z.object({
  guests: guestsSchema.optional(),
  guest_names: guestNamesSchema.optional(),
  dietary_needs: changedText(500),
  note: changedText(500),
});
export type UpdateRsvpRequest = z.input<typeof updateRsvpRequestSchema>;

export const rsvpParamsSchema = z.object({
  id: z.uuid({ error: 'RSVP id must be a UUID' }),
});

export const rsvpListQuerySchema = pageQuerySchema.extend({
  event: z.coerce
    .number({ error: 'Event must be a whole number' })
    .int({ error: 'Event must be a whole number' })
    .positive({ error: 'Event must be a whole number' })
    .max(2_147_483_647, { error: 'Event must be a whole number' })
    .optional()
    .describe("Only the RSVP for this event (the event page asks for the customer's own)"),
  status: rsvpStatusSchema.optional(),
  when: eventWhenSchema.optional().describe('upcoming or past events'),
  active: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((value) => value === 'true')
    .describe('true: only the RSVPs still standing (cancelled ones left out), as the account counts them'),
});
export type RsvpListQuery = z.infer<typeof rsvpListQuerySchema>;

export const ticketSchema = z.object({
  code: z.string().describe('10 characters, shown as XXXXX-XXXXX; staff type or scan it at the door'),
  display_code: z.string().describe('The code as printed: XXXXX-XXXXX'),
  qr_svg_url: z.string().describe('The QR code of the ticket code, as SVG'),
  qr_png_url: z.string().describe('The same QR code as PNG (for e-mail)'),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** A paid ticket's invoice at URA's EFRIS: `none` claims nothing (EFRIS off, or no TIN). */
export const ticketInvoiceEfrisSchema = z.object({
  state: z.enum(['none', 'pending', 'fiscalised']),
  fiscal: z
    .object({ fiscal_document_number: z.string(), verification_code: z.string(), fiscalised_at: z.string() })
    .nullable()
    .describe('URA’s fiscal document number and verification code once EFRIS fiscalised the invoice'),
});
export type TicketInvoiceEfris = z.infer<typeof ticketInvoiceEfrisSchema>;

export const rsvpInvoiceSchema = z.object({
  id: z.number().int(),
  invoice_number: z.string().describe('In the shop’s INV- series, shared with orders'),
  tax_invoice: z.boolean().describe('Issued by a VAT-registered shop (its TIN on it)'),
  pdf_url: z.string(),
  efris: ticketInvoiceEfrisSchema,
});
export type RsvpInvoice = z.infer<typeof rsvpInvoiceSchema>;

export const ticketInvoiceParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const rsvpSchema = z.object({
  id: z.string().describe('RSVP id (UUID)'),
  event: eventSummarySchema,
  status: rsvpStatusSchema,
  guests: z.number().int(),
  guest_names: z.array(z.string()),
  dietary_needs: z.string().nullable(),
  note: z.string().nullable(),
  amount: money('price × guests; 0 for a free event'),
  currency: z.literal(CURRENCY),
  paid: z.boolean().describe('A verified payment covers this RSVP'),
  hold_expires_at: isoTime.nullable().describe('pending_payment: the seats are released after this time'),
  waitlist_position: z.number().int().nullable().describe('waitlisted: 1 is next in line'),
  ticket: ticketSchema.nullable().describe('Confirmed or attended RSVPs have a ticket'),
  invoice: rsvpInvoiceSchema.nullable().describe('A paid ticket’s invoice'),
  calendar_url: z.string().nullable().describe('An .ics file for the calendar (not for cancelled RSVPs)'),
  can_change_guests: z.boolean(),
  can_cancel: z.boolean(),
  cancel_reason: rsvpCancelReasonSchema.nullable(),
  created_at: isoTime,
  updated_at: isoTime,
  confirmed_at: isoTime.nullable(),
  cancelled_at: isoTime.nullable(),
  checked_in_at: isoTime.nullable(),
});
export type Rsvp = z.infer<typeof rsvpSchema>;

export const rsvpListResponseSchema = pagedListSchema(rsvpSchema);
export type RsvpListResponse = z.infer<typeof rsvpListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Paying for an RSVP (paid events)
// ---------------------------------------------------------------------------------------------

/**
 * `POST /events/rsvps/{id}/pay/`: charges the RSVP's amount (price × guests, the server's) to a
 * mobile-money number, through the payments module. Answers the transaction, pending, with its
 * `next_action`; follow it with `POST /payments/transactions/{id}/verify_payment/`.
 */
export const payRsvpRequestSchema = z.object({
  network: mobileMoneyNetworkSchema,
  phone: ugandanPhoneSchema.describe('The mobile-money number that pays, e.g. 0772 123456'),
});
export type PayRsvpRequest = z.input<typeof payRsvpRequestSchema>;

/** `GET /payments/transactions/event_payment_status/?event_id=…` (docs/product.md section 7). */
export const eventPaymentStatusQuerySchema = z.object({
  event_id: z.coerce
    .number({ error: 'event_id must be a whole number' })
    .int({ error: 'event_id must be a whole number' })
    .positive({ error: 'event_id must be a whole number' })
    .max(2_147_483_647, { error: 'event_id must be a whole number' }),
});

export const eventPaymentStatusSchema = z.object({
  event_id: z.number().int(),
  is_free: z.boolean(),
  rsvp_id: z.string().nullable().describe('Your RSVP for the event, or null'),
  rsvp_status: rsvpStatusSchema.nullable(),
  paid: z.boolean().describe('A verified payment covers your RSVP'),
  amount_due: money('What your RSVP costs (price × guests); 0 without an RSVP or for a free event'),
  amount_paid: money('Verified successful payments for your RSVP'),
  currency: z.literal(CURRENCY),
  hold_expires_at: isoTime.nullable().describe('While awaiting payment: when the seats are released'),
  transactions: z.array(transactionSchema).describe('Every payment attempt for your RSVP, newest first'),
});
export type EventPaymentStatus = z.infer<typeof eventPaymentStatusSchema>;

// ---------------------------------------------------------------------------------------------
// Staff: `/events/staff/…`
// ---------------------------------------------------------------------------------------------

const requiredText = (what: string, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, { error: `${what} is required` })
    .max(max, { error: `Use at most ${max} characters` });

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Text that may be empty or null (both mean "none"); the server stores null. */
const optionalField = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Use at most ${max} characters` })
    .nullable();

const linkSchema = z
  .string()
  .trim()
  .max(2_000, { error: 'Use at most 2000 characters' })
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/.test(value), {
    error: 'Enter a link starting with https://',
  })
  .nullable();

const imageSchema = z
  .string()
  .trim()
  .max(2_000, { error: 'Use at most 2000 characters' })
  .refine((value) => value === '' || /^(?:https:\/\/[^\s]+|\/[^\s]*)$/.test(value), {
    error: 'Enter an https:// link or a path on this site such as /media/files/tasting.jpg',
  })
  .nullable();

const slugSchema = z
  .string()
  .trim()
  .max(120, { error: 'Use at most 120 characters' })
  .refine((value) => value === '' || SLUG.test(value), {
    error: 'Use lower-case letters, digits and dashes, e.g. bordeaux-evening',
  })
  .nullable()
  .describe('Made from the title when left out');

const featuredWinesSchema = z
  .array(
    z
      .number({ error: 'Choose a product' })
      .int({ error: 'Choose a product' })
      .positive({ error: 'Choose a product' }),
    { error: 'Send a list of product ids' },
  )
  .max(MAX_FEATURED_WINES, { error: `Feature at most ${MAX_FEATURED_WINES} wines` })
  .describe('Product ids, in the order shown');

const reservedSeatsSchema = z
  .number({ error: 'Reserved seats must be a whole number' })
  .int({ error: 'Reserved seats must be a whole number' })
  .min(0, { error: 'Reserved seats cannot be negative' })
  .max(MAX_EVENT_CAPACITY, { error: `Reserved seats must be at most ${MAX_EVENT_CAPACITY}` })
  .describe('Seats booked outside the shop (phone bookings, partners)');

const minimumAgeSchema = z
  .number({ error: 'Minimum age must be a whole number' })
  .int({ error: 'Minimum age must be a whole number' })
  .min(MINIMUM_AGE_YEARS, { error: `Minimum age must be at least ${MINIMUM_AGE_YEARS}` })
  .max(99, { error: 'Minimum age must be at most 99' });

/**
 * The fields staff set on an event, none with a default or a transform of "left out", so that a
 * change (`updateEventRequestSchema`) keeps every field it does not send. Empty texts mean none.
 */
export const eventFieldsSchema = z.object({
  slug: slugSchema,
  title: requiredText('Title', 160),
  type: eventTypeSchema,
  summary: requiredText('Summary', 300),
  description: requiredText('Description', 10_000),
  featured_wines: featuredWinesSchema,
  food_pairing: optionalField(1_000),
  dress_code: optionalField(200),
  starts_at: eventTimeSchema,
  ends_at: eventTimeSchema,
  venue_name: requiredText('Venue', 160),
  venue_address: requiredText('Address', 300),
  map_url: linkSchema,
  image: imageSchema,
  capacity: z
    .number({ error: 'Capacity must be a whole number' })
    .int({ error: 'Capacity must be a whole number' })
    .min(1, { error: 'Capacity must be at least 1' })
    .max(MAX_EVENT_CAPACITY, { error: `Capacity must be at most ${MAX_EVENT_CAPACITY}` }),
  reserved_seats: reservedSeatsSchema,
  price: z
    .number({ error: 'Price must be a whole number of shillings' })
    .int({ error: 'Price must be a whole number of shillings' })
    .min(0, { error: 'Price cannot be negative' })
    .max(MAX_EVENT_PRICE_UGX, { error: `Price must be at most ${MAX_EVENT_PRICE_UGX}` })
    .describe('Per guest, in UGX; 0 for a free event'),
  minimum_age: minimumAgeSchema,
});

/** A new event (a draft). Optional fields may be left out. */
export const createEventRequestSchema = eventFieldsSchema
  .extend({
    slug: slugSchema.optional(),
    featured_wines: featuredWinesSchema.default([]),
    food_pairing: optionalField(1_000).optional(),
    dress_code: optionalField(200).optional(),
    map_url: linkSchema.optional(),
    image: imageSchema.optional(),
    reserved_seats: reservedSeatsSchema.default(0),
    minimum_age: minimumAgeSchema.default(DEFAULT_EVENT_MINIMUM_AGE),
  })
  .superRefine((body, context) => {
    if (new Date(body.ends_at) <= new Date(body.starts_at)) {
      context.addIssue({ code: 'custom', path: ['ends_at'], message: 'The event must end after it starts' });
    }
    if (body.reserved_seats > body.capacity) {
      context.addIssue({
        code: 'custom',
        path: ['reserved_seats'],
        message: 'Reserved seats cannot be more than the capacity',
      });
    }
  });
export type CreateEventRequest = z.input<typeof createEventRequestSchema>;

/** Send only what changes; the server checks the result as a whole (end after start, seats). */
export const updateEventRequestSchema = eventFieldsSchema.partial();
export type UpdateEventRequest = z.input<typeof updateEventRequestSchema>;

export const cancelEventRequestSchema = z.object({
  reason: requiredText('Reason', 500).describe('Told to everyone booked'),
});
export type CancelEventRequest = z.input<typeof cancelEventRequestSchema>;

export const staffEventParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Event id must be a whole number' })
    .int({ error: 'Event id must be a whole number' })
    .positive({ error: 'Event id must be a whole number' })
    .max(2_147_483_647, { error: 'Event id must be a whole number' }),
});

export const staffEventListQuerySchema = pageQuerySchema.extend({
  status: eventStatusSchema.optional(),
  when: eventWhenSchema.optional(),
});
export type StaffEventListQuery = z.infer<typeof staffEventListQuerySchema>;

/** Counts of an event's RSVPs, for staff. */
export const rsvpCountsSchema = z.object({
  seats_booked: z.number().int().describe('Seats held by RSVPs (not the reserved seats)'),
  confirmed_guests: z.number().int(),
  pending_payment_guests: z.number().int(),
  waitlisted_guests: z.number().int(),
  attended_guests: z.number().int(),
  rsvps: z.record(rsvpStatusSchema, z.number().int()).describe('RSVPs by status, 0 when none'),
});

export const staffEventSchema = eventDetailSchema.extend({
  reserved_seats: z.number().int(),
  counts: rsvpCountsSchema,
  published_at: isoTime.nullable(),
  cancelled_at: isoTime.nullable(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type StaffEvent = z.infer<typeof staffEventSchema>;

export const staffEventListResponseSchema = pagedListSchema(staffEventSchema);
export type StaffEventListResponse = z.infer<typeof staffEventListResponseSchema>;

export const guestListQuerySchema = pageQuerySchema.extend({
  status: rsvpStatusSchema.optional(),
  search: z.string().trim().max(100, { error: 'Use at most 100 characters' }).optional(),
});
export type GuestListQuery = z.infer<typeof guestListQuerySchema>;

/** One RSVP on the staff guest list. */
export const guestSchema = z.object({
  rsvp_id: z.string(),
  customer_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: rsvpStatusSchema,
  guests: z.number().int(),
  guest_names: z.array(z.string()),
  dietary_needs: z.string().nullable(),
  note: z.string().nullable(),
  ticket_code: z.string().nullable().describe('XXXXX-XXXXX, for confirmed and attended RSVPs'),
  amount: money('price × guests'),
  paid: z.boolean(),
  waitlist_position: z.number().int().nullable(),
  created_at: isoTime,
  checked_in_at: isoTime.nullable(),
});
export type Guest = z.infer<typeof guestSchema>;

export const guestListResponseSchema = pagedListSchema(guestSchema);
export type GuestListResponse = z.infer<typeof guestListResponseSchema>;

export const checkInRequestSchema = z.object({
  code: z
    .string({ error: 'Enter the ticket code' })
    .trim()
    .min(1, { error: 'Enter the ticket code' })
    .max(40, { error: 'This is not a ticket code' })
    .describe('The ticket code as typed or scanned (XXXXX-XXXXX; case, spaces and dashes ignored)'),
});
export type CheckInRequest = z.input<typeof checkInRequestSchema>;

export const checkInResponseSchema = z.object({
  message: z.string().describe('e.g. "Checked in: Amina Nakato, 3 guests"'),
  guest: guestSchema,
});
export type CheckInResponse = z.infer<typeof checkInResponseSchema>;
