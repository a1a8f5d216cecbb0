import { z } from 'zod';
import { personNameSchema, profileDateOfBirthSchema, userRoleSchema } from './identity';

/**
 * The customer's profile: `GET /api/v1/users/users/profile/` and
 * `PATCH /api/v1/users/users/update_profile/` (docs/product.md section 7), customers only.
 * Also the Ugandan phone normaliser and the delivery address, which checkout reuses.
 */

/**
 * Ugandan mobile networks by the two digits after +256. 70, 74 and 75 are Airtel; 76, 77 and 78
 * are MTN; the rest of the 7x range (71 Uganda Telecom, 72/79 Africell's former ranges, 73) are
 * accepted as mobile numbers of other networks.
 */
const MTN_PREFIXES = new Set(['76', '77', '78']);
const AIRTEL_PREFIXES = new Set(['70', '74', '75']);

export type UgandanMobileNetwork = 'MTN' | 'Airtel' | 'other';

/**
 * Normalises a Ugandan mobile number to E.164 (`+2567XXXXXXXX`), or answers null when it is not
 * one. Accepts `0772 123456`, `772123456`, `+256 772 123 456`, `256772123456`, `00256…` and
 * `+256 (0)772…`, with spaces, dots, dashes or brackets.
 */
export function normaliseUgandanPhone(input: string): string | null {
  if (typeof input !== 'string') return null;
  const trimmed = input.trim();
  if (!/^[+\d\s().-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/[\s().-]/g, '');
  if (digits.startsWith('+')) {
    digits = digits.slice(1);
    if (!digits.startsWith('256')) return null;
  } else if (digits.startsWith('00256')) {
    digits = digits.slice(2);
  }
  if (digits.includes('+')) return null;
  let national: string;
  if (digits.startsWith('256')) {
    national = digits.slice(3);
    // "+256 (0)772…": a trunk 0 written after the country code.
    if (national.length === 10 && national.startsWith('0')) national = national.slice(1);
  } else if (digits.length === 10 && digits.startsWith('0')) {
    national = digits.slice(1);
  } else {
    national = digits;
  }
  if (!/^7\d{8}$/.test(national)) return null;
  return `+256${national}`;
}

/** The network of a normalised number (`+2567…`), for mobile-money payments. */
export function ugandanMobileNetwork(e164: string): UgandanMobileNetwork {
  const prefix = e164.slice(4, 6);
  if (MTN_PREFIXES.has(prefix)) return 'MTN';
  if (AIRTEL_PREFIXES.has(prefix)) return 'Airtel';
  return 'other';
}

export const UGANDAN_PHONE_MESSAGE = 'Enter a Ugandan mobile number, e.g. 0772 123456 or +256 772 123456';

/** A Ugandan mobile number in any common format, answered as `+2567XXXXXXXX`. */
export const ugandanPhoneSchema = z
  .string({ error: UGANDAN_PHONE_MESSAGE })
  .max(30, { error: UGANDAN_PHONE_MESSAGE })
  .transform((value, context) => {
    const normalised = normaliseUgandanPhone(value);
    if (normalised === null) {
      context.addIssue({ code: 'custom', message: UGANDAN_PHONE_MESSAGE });
      return z.NEVER;
    }
    return normalised;
  })
  .describe('Ugandan mobile number; stored and answered as +2567XXXXXXXX');

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Use at most ${max} characters` })
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * A delivery address in Kampala, where many places have no street number: the area
 * (neighbourhood) is required, the street, a landmark and notes for the rider are optional.
 */
export const deliveryAddressSchema = z.object({
  area: z
    .string({ error: 'Please enter the area, e.g. Kololo' })
    .trim()
    .min(2, { error: 'Please enter the area, e.g. Kololo' })
    .max(100, { error: 'Use at most 100 characters' }),
  street: optionalText(200),
  landmark: optionalText(200),
  notes: optionalText(500),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

/** The profile as answered. `email`, `role` and `created_at` are read-only. */
export const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable().describe('+2567XXXXXXXX'),
  date_of_birth: z
    .string()
    .nullable()
    .describe('YYYY-MM-DD; null for accounts made with Google or OpenID Connect'),
  default_delivery_address: z
    .object({
      area: z.string(),
      street: z.string().nullable(),
      landmark: z.string().nullable(),
      notes: z.string().nullable(),
    })
    .nullable(),
  newsletter_opt_in: z.boolean(),
  role: userRoleSchema,
  created_at: z.string().describe('ISO 8601'),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * `PATCH /api/v1/users/users/update_profile/`: send only what changes. `null` clears the phone or
 * the address. Read-only fields (email, role, created_at, id) are ignored if sent.
 */
export const updateProfileRequestSchema = z.object({
  name: personNameSchema.optional(),
  phone: ugandanPhoneSchema.nullable().optional(),
  date_of_birth: profileDateOfBirthSchema.optional(),
  default_delivery_address: deliveryAddressSchema.nullable().optional(),
  newsletter_opt_in: z.boolean().optional(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;
