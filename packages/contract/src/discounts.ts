import { z } from 'zod';
import { formatUGX } from './money';
import { pagedListSchema, pageQuerySchema } from './pagination';

/**
 * Discount codes (issue 17). Staff create them at /admin/discounts (calls under
 * `/admin/discount-codes/…`, staff and admins only); a customer types one at checkout. The server
 * applies a code inside the checkout transaction, from the catalog's prices, never the client's.
 *
 * Rules (docs/product.md, "Discount codes"):
 * - percentage (1–100 % of the eligible bottles, rounded down to the shilling) or a fixed amount
 *   (at most the eligible bottles: a discount never exceeds what the bottles cost);
 * - eligible bottles: every bottle, or only those of the code's categories;
 * - the minimum order is the bottles' subtotal before the discount (delivery fee excluded);
 * - valid from `starts_at` (included) until `ends_at` (excluded); paused or ended codes apply to nothing;
 * - `max_uses` orders in all and `max_uses_per_customer` orders per customer; a cancelled order
 *   gives its use back.
 */

export const DISCOUNT_KINDS = ['percentage', 'fixed'] as const;
export const discountKindSchema = z.enum(DISCOUNT_KINDS, { error: 'Choose a percentage or a fixed amount' });
export type DiscountKind = z.infer<typeof discountKindSchema>;

export const DISCOUNT_STATUSES = ['active', 'paused', 'ended'] as const;
export const discountStatusSchema = z.enum(DISCOUNT_STATUSES, { error: 'Choose active, paused or ended' });
export type DiscountStatus = z.infer<typeof discountStatusSchema>;

export const discountStatusLabels: Record<DiscountStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  ended: 'Ended',
};

export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

/** A code as a customer or staff types it: spaces trimmed, any case (stored in capitals). */
export const discountCodeSchema = z
  .string({ error: 'Enter a discount code' })
  .trim()
  .min(1, { error: 'Enter a discount code' })
  .max(32, { error: 'A discount code has at most 32 characters' })
  .transform((value) => value.toUpperCase())
  .refine((value) => DISCOUNT_CODE_PATTERN.test(value), {
    error: 'Use 3 to 32 letters, digits, - or _',
  });

/** Why a code does not apply: each refusal names the field `discount_code` with one of these. */
export const discountMessages = {
  unknown: 'This discount code does not exist. Check the spelling.',
  paused: 'This discount code is paused at the moment.',
  ended: 'This discount code has ended.',
  notStarted: (startsAt: string) => `This discount code is valid from ${startsAt}.`,
  expired: 'This discount code has expired.',
  minimum: (minimum: number) =>
    `This discount code needs bottles worth at least ${formatUGX(minimum)} (delivery not counted).`,
  usedUp: 'This discount code has been used up.',
  alreadyUsed: 'You have already used this discount code.',
  notForTheseBottles: 'This discount code is not for the bottles in your cart.',
} as const;

/** The saving of a code on bottles worth `eligible` (the part of the cart the code covers). */
export function discountAmount(kind: DiscountKind, value: number, eligible: number): number {
  if (eligible <= 0) return 0;
  const amount = kind === 'percentage' ? Math.floor((eligible * value) / 100) : value;
  return Math.min(amount, eligible);
}

/** "10 % off" or "Shs 20,000 off". */
export function discountLabel(kind: DiscountKind, value: number): string {
  return kind === 'percentage' ? `${value} % off` : `${formatUGX(value)} off`;
}

// ---------------------------------------------------------------------------------------------
// Checkout: `POST /orders/cart/discount-check/`
// ---------------------------------------------------------------------------------------------

/** Checks a code against the signed-in customer's cart as it is now (nothing is reserved). */
export const discountCheckRequestSchema = z.object({
  discount_code: discountCodeSchema,
});
export type DiscountCheckRequest = z.input<typeof discountCheckRequestSchema>;

export const discountCheckSchema = z.object({
  code: z.string().describe('The code, in capitals'),
  description: z.string().nullable(),
  label: z.string().describe('e.g. "10 % off"'),
  subtotal: z.number().int().describe('The cart’s bottles, in whole UGX'),
  discount: z.number().int().describe('The saving on this cart, in whole UGX'),
});
export type DiscountCheck = z.infer<typeof discountCheckSchema>;

// ---------------------------------------------------------------------------------------------
// Staff: `/admin/discount-codes/…`
// ---------------------------------------------------------------------------------------------

const isoTime = z.string().describe('ISO 8601');

export const adminDiscountCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string().nullable(),
  kind: discountKindSchema,
  value: z.number().int().describe('Percentage (1–100) or whole UGX'),
  label: z.string().describe('e.g. "10 % off"'),
  minimum_order: z.number().int().describe('Bottles’ subtotal needed, whole UGX (0: none)'),
  starts_at: isoTime.nullable(),
  ends_at: isoTime.nullable(),
  max_uses: z.number().int().nullable().describe('Orders in all (null: no limit)'),
  max_uses_per_customer: z.number().int().nullable().describe('Orders per customer (null: no limit)'),
  uses: z.number().int().describe('Orders holding the code now (cancelled orders gave theirs back)'),
  status: discountStatusSchema,
  categories: z
    .array(z.object({ id: z.number().int(), name: z.string() }))
    .describe('Only bottles of these categories (empty: every bottle)'),
  created_at: isoTime,
  updated_at: isoTime,
});
export type AdminDiscountCode = z.infer<typeof adminDiscountCodeSchema>;

export const adminDiscountListQuerySchema = pageQuerySchema.extend({
  status: discountStatusSchema.optional(),
  q: z
    .string()
    .trim()
    .max(32, { error: 'Use at most 32 characters' })
    .optional()
    .transform((value) => (value ? value.toUpperCase() : undefined))
    .describe('Part of the code'),
});
export type AdminDiscountListQuery = z.input<typeof adminDiscountListQuerySchema>;

export const adminDiscountListSchema = pagedListSchema(adminDiscountCodeSchema);
export type AdminDiscountList = z.infer<typeof adminDiscountListSchema>;

export const discountCodeParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Discount code id must be a whole number' })
    .int({ error: 'Discount code id must be a whole number' })
    .positive({ error: 'Discount code id must be a positive id' })
    .max(2_147_483_647, { error: 'Discount code id is not a known id' }),
});

const wholeNumber = (what: string) =>
  z.number({ error: `${what} must be a whole number` }).int({ error: `${what} must be a whole number` });

const limit = (what: string) =>
  wholeNumber(what)
    .min(1, { error: `${what} must be 1 or more (leave it empty for no limit)` })
    .max(1_000_000, { error: `${what} is too large` })
    .nullable();

const moment = z
  .string({ error: 'Give a date and time' })
  .refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), {
    error: 'Give a date and time (ISO 8601, e.g. 2026-12-01T00:00:00+03:00)',
  })
  .transform((value) => new Date(value).toISOString())
  .nullable();

const codeFields = {
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(200, { error: 'Use at most 200 characters' })
    .nullable(),
  kind: discountKindSchema,
  value: wholeNumber('Value').min(1, { error: 'Value must be 1 or more' }).max(100_000_000, {
    error: 'Value is too large',
  }),
  minimum_order: wholeNumber('Minimum order')
    .min(0, { error: 'Minimum order must be 0 or more' })
    .max(1_000_000_000, { error: 'Minimum order is too large' }),
  starts_at: moment,
  ends_at: moment,
  max_uses: limit('Total uses'),
  max_uses_per_customer: limit('Uses per customer'),
  category_ids: z
    .array(wholeNumber('Category').positive({ error: 'Category must be a category id' }), {
      error: 'Categories must be a list of ids',
    })
    .max(100, { error: 'At most 100 categories' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'A category appears twice' }),
};

type CodeRules = {
  kind?: DiscountKind | undefined;
  value?: number | undefined;
  starts_at?: string | null | undefined;
  ends_at?: string | null | undefined;
};

/** The rules across fields, for a new code and (with the stored values filled in) for a change. */
export function discountRuleIssues(code: CodeRules): Array<{ field: string; message: string }> {
  const issues: Array<{ field: string; message: string }> = [];
  if (code.kind === 'percentage' && code.value !== undefined && code.value > 100) {
    issues.push({ field: 'value', message: 'A percentage is at most 100' });
  }
  if (code.starts_at && code.ends_at && Date.parse(code.ends_at) <= Date.parse(code.starts_at)) {
    issues.push({ field: 'ends_at', message: 'The end must be after the start' });
  }
  return issues;
}

const addRuleIssues = (body: CodeRules, context: z.RefinementCtx) => {
  for (const issue of discountRuleIssues(body)) {
    context.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  }
};

/** `POST /admin/discount-codes/`. */
export const createDiscountCodeRequestSchema = z
  .object({
    code: discountCodeSchema,
    description: codeFields.description.optional(),
    kind: codeFields.kind,
    value: codeFields.value,
    minimum_order: codeFields.minimum_order.default(0),
    starts_at: codeFields.starts_at.optional(),
    ends_at: codeFields.ends_at.optional(),
    max_uses: codeFields.max_uses.optional(),
    max_uses_per_customer: codeFields.max_uses_per_customer.optional(),
    category_ids: codeFields.category_ids.default([]),
  })
  .superRefine(addRuleIssues);
export type CreateDiscountCodeRequest = z.input<typeof createDiscountCodeRequestSchema>;

/** `PATCH /admin/discount-codes/{id}/`: only what changes (the code itself never changes). */
export const updateDiscountCodeRequestSchema = z
  .object({
    description: codeFields.description.optional(),
    kind: codeFields.kind.optional(),
    value: codeFields.value.optional(),
    minimum_order: codeFields.minimum_order.optional(),
    starts_at: codeFields.starts_at.optional(),
    ends_at: codeFields.ends_at.optional(),
    max_uses: codeFields.max_uses.optional(),
    max_uses_per_customer: codeFields.max_uses_per_customer.optional(),
    category_ids: codeFields.category_ids.optional(),
  })
  .superRefine(addRuleIssues)
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send at least one field to change',
    path: ['description'],
  });
export type UpdateDiscountCodeRequest = z.input<typeof updateDiscountCodeRequestSchema>;

/** `POST /admin/discount-codes/{id}/status/`: pause, resume (active) or end for good. */
export const discountStatusRequestSchema = z.object({
  status: discountStatusSchema,
});
export type DiscountStatusRequest = z.infer<typeof discountStatusRequestSchema>;
