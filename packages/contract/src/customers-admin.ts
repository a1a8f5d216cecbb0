import { z } from 'zod';
import { userRoleSchema } from './identity';
import { NEWSLETTER_STATUSES } from './newsletter';
import { orderStatusSchema, paymentStatusSchema } from './orders';
import { pagedListSchema, pageQuerySchema } from './pagination';

/**
 * The back office's customers, `/admin/customers` (staff and admins): every account (not the
 * anonymous visitors), newest first, searched by part of a name, e-mail or phone number; one
 * customer's page with their orders, what they spent, RSVPs, reviews, wishlist and newsletter.
 * An admin may disable an account (with a reason) and enable it again. Calls under
 * `/api/v1/admin/customers/…`.
 */

const isoTime = z.string().describe('ISO 8601');

export const customersAdminMessages = {
  reasonRequired: 'Give the reason for disabling this account',
  reasonTooLong: 'Use at most 500 characters',
  alreadyDisabled: 'This account is disabled already.',
  notDisabled: 'This account is not disabled.',
  notYourself: 'You cannot disable your own account.',
  /** What sign-in answers for a disabled account (403). */
  accountDisabled: 'This account has been disabled. Please contact the shop.',
} as const;

export const customerListQuerySchema = pageQuerySchema.extend({
  q: z
    .string()
    .trim()
    .max(100, { error: 'Use at most 100 characters' })
    .optional()
    .transform((value) => (value ? value : undefined))
    .describe('Part of a name, an e-mail address or a phone number'),
  role: userRoleSchema.optional().describe('Only accounts with this role'),
});
export type CustomerListQuery = z.input<typeof customerListQuerySchema>;

export const customerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: userRoleSchema,
  created_at: isoTime,
  disabled: z.boolean(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerListSchema = pagedListSchema(customerSummarySchema);
export type CustomerList = z.infer<typeof customerListSchema>;

export const customerParamsSchema = z.object({
  id: z.uuid({ error: 'must be an account id' }),
});

export const customerOrderSchema = z.object({
  id: z.string(),
  order_number: z.string(),
  status: orderStatusSchema,
  payment_status: paymentStatusSchema,
  total: z.number().int().describe('UGX'),
  created_at: isoTime,
});

export const customerDetailSchema = customerSummarySchema.extend({
  date_of_birth: z.string().nullable(),
  disabled_at: isoTime.nullable(),
  disabled_reason: z.string().nullable(),
  must_change_password: z.boolean(),
  orders: z.object({
    count: z.number().int(),
    total_spent: z.number().int().describe('UGX, the orders paid (refunded ones not counted)'),
    recent: z.array(customerOrderSchema).describe('The 10 newest'),
  }),
  rsvps: z.array(
    z.object({
      id: z.string(),
      event_id: z.number().int(),
      event_title: z.string(),
      status: z.string(),
      guests: z.number().int(),
      created_at: isoTime,
    }),
  ),
  reviews: z.array(
    z.object({
      id: z.number().int(),
      product_id: z.number().int(),
      product_name: z.string(),
      rating: z.number().int(),
      title: z.string(),
      is_hidden: z.boolean(),
      created_at: isoTime,
    }),
  ),
  wishlist_size: z.number().int(),
  newsletter: z.object({
    opted_in: z.boolean().describe('Asked for the newsletter in the profile or at sign-up'),
    status: z.enum(NEWSLETTER_STATUSES).nullable().describe('The subscription of the address, if any'),
  }),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const disableAccountRequestSchema = z.object({
  reason: z
    .string({ error: customersAdminMessages.reasonRequired })
    .trim()
    .min(1, { error: customersAdminMessages.reasonRequired })
    .max(500, { error: customersAdminMessages.reasonTooLong }),
});
export type DisableAccountRequest = z.infer<typeof disableAccountRequestSchema>;

export const enableAccountRequestSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(500, { error: customersAdminMessages.reasonTooLong })
    .optional()
    .describe('Why it is enabled again (kept in the audit trail)'),
});
export type EnableAccountRequest = z.infer<typeof enableAccountRequestSchema>;
