import { z } from 'zod';
import { deliveryInstructionMessages } from './errors';
import { plusCodeSchema } from './location';

/** Delivery statuses and their progress (docs/product.md section 4). */
export const DELIVERY_STATUSES = [
  'confirmed',
  'processing',
  'ready_for_delivery',
  'out_for_delivery',
  'delivered',
  'cancelled',
] as const;
export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

export const DELIVERY_PROGRESS: Record<DeliveryStatus, number> = {
  confirmed: 20,
  processing: 40,
  ready_for_delivery: 60,
  out_for_delivery: 80,
  delivered: 100,
  cancelled: 0,
};

export type ProgressClass = 'high' | 'medium' | 'low';

/** docs/product.md section 4: high at 80 or more, medium at 50 or more, otherwise low. */
export function progressClass(progress: number): ProgressClass {
  if (progress >= 80) return 'high';
  if (progress >= 50) return 'medium';
  return 'low';
}

/** When the customer would like the bottles to arrive. */
export const PREFERRED_DELIVERY_TIMES = ['asap', 'morning', 'afternoon', 'evening'] as const;
export const preferredDeliveryTimeLabels: Record<(typeof PREFERRED_DELIVERY_TIMES)[number], string> = {
  asap: 'As soon as possible',
  morning: 'Morning (9:00–12:00)',
  afternoon: 'Afternoon (12:00–17:00)',
  evening: 'Evening (17:00–20:00)',
};

/** How the rider should reach the customer. */
export const CONTACT_PREFERENCES = ['phone', 'sms', 'whatsapp'] as const;
export const contactPreferenceLabels: Record<(typeof CONTACT_PREFERENCES)[number], string> = {
  phone: 'Phone call',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};
/** The same choice in a sentence ("evening, by WhatsApp"), names keeping their capitals. */
export const contactPreferencePhrases: Record<(typeof CONTACT_PREFERENCES)[number], string> = {
  phone: 'by phone call',
  sms: 'by SMS',
  whatsapp: 'by WhatsApp',
};

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Use at most ${max} characters` })
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * Delivery instructions (docs/product.md section 3) with the defaults of section 3 and the messages of
 * section 5: contact preference phone, leave at door false, require signature true.
 */
export const deliveryInstructionsSchema = z.object({
  preferred_delivery_time: z.enum(PREFERRED_DELIVERY_TIMES, {
    error: deliveryInstructionMessages.preferredTimeRequired,
  }),
  contact_preference: z
    .enum(CONTACT_PREFERENCES, { error: deliveryInstructionMessages.contactPreferenceRequired })
    .default('phone'),
  leave_at_door: z.boolean({ error: 'Choose yes or no' }).default(false),
  require_signature: z.boolean({ error: 'Choose yes or no' }).default(true),
  delivery_notes: optionalText(500),
  special_instructions: optionalText(500),
  access_instructions: optionalText(500).describe('Gate, floor, which door'),
  security_code: optionalText(50).describe('Gate or building code, shown to the rider only'),
  landmark: optionalText(200).describe('e.g. "opposite Shell Kololo"'),
  plus_code: plusCodeSchema
    .nullish()
    .transform((value) => (value ? value : null))
    .describe('The customer’s pin as a full plus code (Open Location Code), e.g. 6GGJ8JQ2+5V'),
});
export type DeliveryInstructionsInput = z.input<typeof deliveryInstructionsSchema>;
export type DeliveryInstructions = z.output<typeof deliveryInstructionsSchema>;

/** Delivery instructions as answered. */
export const deliveryInstructionsResponseSchema = z.object({
  preferred_delivery_time: z.enum(PREFERRED_DELIVERY_TIMES),
  contact_preference: z.enum(CONTACT_PREFERENCES),
  leave_at_door: z.boolean(),
  require_signature: z.boolean(),
  delivery_notes: z.string().nullable(),
  special_instructions: z.string().nullable(),
  access_instructions: z.string().nullable(),
  security_code: z.string().nullable(),
  landmark: z.string().nullable(),
  plus_code: z.string().nullable().describe('The customer’s pin as a full plus code'),
});
export type DeliveryInstructionsResponse = z.infer<typeof deliveryInstructionsResponseSchema>;

/**
 * Instructions as stored (the request's parsed shape) as the API answers them: every field
 * present, text left out as null (rows saved before a field existed lack it).
 */
export function toInstructionsResponse(value: DeliveryInstructions): DeliveryInstructionsResponse;
export function toInstructionsResponse(
  value: DeliveryInstructions | null,
): DeliveryInstructionsResponse | null;
export function toInstructionsResponse(
  value: DeliveryInstructions | null,
): DeliveryInstructionsResponse | null {
  if (!value) return null;
  return {
    preferred_delivery_time: value.preferred_delivery_time,
    contact_preference: value.contact_preference,
    leave_at_door: value.leave_at_door,
    require_signature: value.require_signature,
    delivery_notes: value.delivery_notes ?? null,
    special_instructions: value.special_instructions ?? null,
    access_instructions: value.access_instructions ?? null,
    security_code: value.security_code ?? null,
    landmark: value.landmark ?? null,
    plus_code: value.plus_code ?? null,
  };
}

/** A delivery area around Kampala, kept in the database so staff can change fees and times. */
export const deliveryZoneSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string().describe('e.g. "Central Kampala"'),
  areas: z.string().describe('Neighbourhoods covered, e.g. "Kololo, Nakasero, Bugolobi"'),
  fee: z.number().int().describe('Delivery fee in whole UGX (waived on orders of Shs 1,000,000 or more)'),
  delivery_time_minutes: z.number().int().describe('Usual time from dispatch to the door'),
  delivery_time_label: z.string().describe('e.g. "2–4 hours"'),
  sort_order: z.number().int().optional().describe('Position in the list (staff)'),
  is_active: z.boolean().optional().describe('False: withdrawn, no longer offered (staff see these)'),
});
export type DeliveryZone = z.infer<typeof deliveryZoneSchema>;

export const deliveryZoneListSchema = z.object({ results: z.array(deliveryZoneSchema) });
export type DeliveryZoneList = z.infer<typeof deliveryZoneListSchema>;

/** `GET /orders/delivery-zones/`: staff may ask for withdrawn zones too. */
export const deliveryZoneListQuerySchema = z.object({
  include_inactive: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((value) => value === 'true')
    .describe('true (staff only): withdrawn zones too'),
});

export const deliveryZoneParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Zone id must be a whole number' })
    .int({ error: 'Zone id must be a whole number' })
    .positive({ error: 'Zone id must be a positive id' })
    .max(2_147_483_647, { error: 'Zone id is not a known id' }),
});

const zoneFields = {
  slug: z
    .string({ error: 'Slug is required' })
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Use lower-case letters, digits and single hyphens' })
    .max(60, { error: 'Use at most 60 characters' }),
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(80, { error: 'Use at most 80 characters' }),
  areas: z.string({ error: 'Areas are required' }).trim().max(300, { error: 'Use at most 300 characters' }),
  fee: z
    .number({ error: 'Fee must be a whole number of shillings' })
    .int({ error: 'Fee must be a whole number of shillings' })
    .min(0, { error: 'Fee cannot be negative' })
    .max(1_000_000, { error: 'Fee must be at most Shs 1,000,000' }),
  delivery_time_minutes: z
    .number({ error: 'Delivery time must be a whole number of minutes' })
    .int({ error: 'Delivery time must be a whole number of minutes' })
    .min(10, { error: 'Delivery time must be at least 10 minutes' })
    .max(7 * 24 * 60, { error: 'Delivery time must be at most a week' }),
  delivery_time_label: z
    .string({ error: 'Delivery time label is required' })
    .trim()
    .min(1, { error: 'Delivery time label is required' })
    .max(40, { error: 'Use at most 40 characters' }),
  sort_order: z
    .number({ error: 'Sort order must be a whole number' })
    .int({ error: 'Sort order must be a whole number' })
    .min(0, { error: 'Sort order cannot be negative' })
    .max(100_000, { error: 'Sort order is too large' }),
  is_active: z.boolean({ error: 'Choose yes or no' }),
};

/** `POST /orders/delivery-zones/` (staff): a new zone. */
export const createDeliveryZoneRequestSchema = z.object({
  ...zoneFields,
  sort_order: zoneFields.sort_order.default(0),
  is_active: zoneFields.is_active.default(true),
});
export type CreateDeliveryZoneRequest = z.input<typeof createDeliveryZoneRequestSchema>;

/** `PATCH /orders/delivery-zones/{id}/` (staff): send only what changes. Placed orders keep theirs. */
export const updateDeliveryZoneRequestSchema = z
  .object({
    slug: zoneFields.slug.optional(),
    name: zoneFields.name.optional(),
    areas: zoneFields.areas.optional(),
    fee: zoneFields.fee.optional(),
    delivery_time_minutes: zoneFields.delivery_time_minutes.optional(),
    delivery_time_label: zoneFields.delivery_time_label.optional(),
    sort_order: zoneFields.sort_order.optional(),
    is_active: zoneFields.is_active.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send at least one field to change',
    path: ['name'],
  });
export type UpdateDeliveryZoneRequest = z.input<typeof updateDeliveryZoneRequestSchema>;
