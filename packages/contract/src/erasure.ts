import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from './orders';

/**
 * Erasing one's account (issue 40, decision 0025). A customer asks from their profile, proving
 * it is them again; after ERASURE_COOLING_OFF_DAYS days (cancellable until then) a job removes or
 * anonymises their personal data everywhere, keeping the tax records with the minimum the law
 * asks, which a later job purges after the legal period. Staff enter requests made by e-mail or
 * phone through the same path, with a reason (audited).
 *
 * - `GET /api/v1/users/users/erasure/`: the pending (or latest) request and how to re-authenticate.
 * - `POST /api/v1/users/users/erasure/`: asks (202); 409 while one is pending.
 * - `DELETE /api/v1/users/users/erasure/`: cancels the pending request.
 * - `GET|POST|DELETE /api/v1/admin/customers/{id}/erasure/`: the same, by staff.
 */

export const ERASURE_COOLING_OFF_DAYS = 7;

/** An order in one of these states is over: delivered (or collected), cancelled or refunded. */
const ORDER_FINAL_STATES: readonly OrderStatus[] = ['delivered', 'cancelled', 'refunded'];
/**
 * While the customer has an order in any other state, the erasure waits past the cooling-off
 * (the rider still needs the address and phone); the job checks again every minute.
 */
export const ERASURE_WAITS_FOR_ORDER_STATES: readonly OrderStatus[] = ORDER_STATUSES.filter(
  (status) => !ORDER_FINAL_STATES.includes(status),
);

/**
 * Accounts without a password (Google, OpenID Connect) prove it is them by a sign-in at most this
 * many minutes old.
 */
export const ERASURE_FRESH_SIGN_IN_MINUTES = 10;

export const ERASURE_STATES = ['pending', 'cancelled', 'erased'] as const;
export type ErasureState = (typeof ERASURE_STATES)[number];

export const ERASURE_REVIEW_CHOICES = ['anonymise', 'remove'] as const;
export type ErasureReviewChoice = (typeof ERASURE_REVIEW_CHOICES)[number];

/** What the profile says of each choice for the reviews. */
export const ERASURE_REVIEW_LABELS: Record<ErasureReviewChoice, string> = {
  anonymise: 'Keep my reviews, shown as written by “A customer”',
  remove: 'Remove my reviews',
};

/** The name an erased account and its kept records carry instead of the customer's. */
export const ERASED_NAME = 'A customer';
/** What a gift's recipient becomes when the buyer is erased (decision 0039). */
export const ERASED_RECIPIENT = 'A recipient';

/** An erased account's e-mail is `erased-<id>@` this (`.invalid` is reserved: it never delivers). */
export const ERASED_EMAIL_DOMAIN = 'erased.invalid';
export const isErasedEmail = (email: string) => email.endsWith(`@${ERASED_EMAIL_DOMAIN}`);

export const erasureMessages = {
  passwordRequired: 'Enter your password to confirm it is you',
  passwordWrong: 'That password is not right',
  signInAgain: `For your safety, sign in again (within ${ERASURE_FRESH_SIGN_IN_MINUTES} minutes) before asking to delete your account`,
  reviewsRequired: 'Choose what happens to your reviews',
  reasonRequired: 'Say how the customer asked (e-mail, phone) and when',
  reasonTooLong: 'Use at most 500 characters',
  staffNotErasable: 'Staff and admin accounts cannot be erased here: remove them from staff first',
} as const;

const reviews = z.enum(ERASURE_REVIEW_CHOICES, { error: erasureMessages.reviewsRequired });

export const requestErasureSchema = z.object({
  reviews,
  /** Required for accounts with a password; ignored for those signing in with Google or OIDC. */
  password: z.string().max(1024).optional(),
});
export type RequestErasure = z.infer<typeof requestErasureSchema>;

const staffReason = z
  .string({ error: erasureMessages.reasonRequired })
  .trim()
  .min(1, { error: erasureMessages.reasonRequired })
  .max(500, { error: erasureMessages.reasonTooLong });

export const staffRequestErasureSchema = z.object({ reviews, reason: staffReason });
export type StaffRequestErasure = z.infer<typeof staffRequestErasureSchema>;

export const staffCancelErasureSchema = z.object({ reason: staffReason });
export type StaffCancelErasure = z.infer<typeof staffCancelErasureSchema>;

export const erasureRequestSchema = z.object({
  id: z.string(),
  state: z.enum(ERASURE_STATES),
  reviews: z.enum(ERASURE_REVIEW_CHOICES),
  channel: z.enum(['customer', 'staff']),
  created_at: z.string(),
  /** When the erasure runs (end of the cooling-off period). */
  due_at: z.string(),
  cancelled_at: z.string().nullable(),
  erased_at: z.string().nullable(),
});
export type ErasureRequest = z.infer<typeof erasureRequestSchema>;

/** How the signed-in customer proves it is them: their password, or a recent sign-in. */
export const erasureReauthSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('password') }),
  z.object({
    method: z.literal('recent_sign_in'),
    /** Until when the current sign-in counts as recent; past it, sign out and in again. */
    recent_until: z.string(),
  }),
]);
export type ErasureReauth = z.infer<typeof erasureReauthSchema>;

/** What a pending erasure waiting for an order says, to the customer or to staff. */
export const erasureWaitsText = (orderNumber: string, whose: 'Your' | 'The') =>
  `${whose} account will be deleted once order ${orderNumber} is delivered or cancelled.`;

/** The number of the customer's order a pending erasure waits for, or null. */
const waitingForOrderSchema = z.string().nullable();

export const myErasureSchema = z.object({
  /** The pending request, else the latest cancelled one, else null. */
  request: erasureRequestSchema.nullable(),
  waiting_for_order: waitingForOrderSchema,
  reauth: erasureReauthSchema,
});
export type MyErasure = z.infer<typeof myErasureSchema>;

export const customerErasureSchema = z.object({
  request: erasureRequestSchema.nullable(),
  waiting_for_order: waitingForOrderSchema,
});
export type CustomerErasure = z.infer<typeof customerErasureSchema>;
