import { z } from 'zod';

/**
 * The newsletter (docs/product.md sections 2, 5 and 7), with double opt-in.
 *
 * 1. `POST /newsletter/subscriptions/` with `{ email }` answers 202 the same way whether the
 *    address is new, waiting for confirmation or already subscribed (nobody learns who reads the
 *    newsletter). A new or unconfirmed address gets an e-mail with a confirmation link.
 *    Letter case does not matter: `Amina@Example.UG` and `amina@example.ug` are one subscriber.
 * 2. The link opens the storefront's {@link NEWSLETTER_CONFIRM_PATH}`?token=…`, which posts the
 *    token to `POST /newsletter/subscriptions/confirm/`. Only confirmed addresses receive the
 *    newsletter (and are exported).
 * 3. Every newsletter e-mail carries a one-click unsubscribe link (the storefront's
 *    {@link NEWSLETTER_UNSUBSCRIBE_PATH}`?token=…`, which posts to
 *    `POST /newsletter/subscriptions/unsubscribe/`) and the `List-Unsubscribe` /
 *    `List-Unsubscribe-Post` headers of RFC 8058. Neither needs a signed-in visitor.
 * 4. Staff export the confirmed subscribers: `GET /newsletter/subscriptions/export/` (CSV).
 *
 * The footer form shows the three messages of docs/product.md section 5 (`newsletterMessages` in
 * errors.ts); requests are rate limited per address and per client address.
 */

/** Storefront pages the e-mails link to. */
export const NEWSLETTER_CONFIRM_PATH = '/newsletter/confirm' as const;
export const NEWSLETTER_UNSUBSCRIBE_PATH = '/newsletter/unsubscribe' as const;

/** A confirmation link works for this long; subscribing again sends a fresh one. */
export const NEWSLETTER_CONFIRMATION_TTL_HOURS = 72;

export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

export const newsletterApiMessages = {
  emailInvalid: 'Enter a valid e-mail address, like amina@example.ug',
  checkInbox: 'Check your inbox: we have sent you a link to confirm your subscription.',
  linkInvalid: 'This link is not valid, or has expired. Subscribe again to get a new one.',
  confirmed: 'Your subscription is confirmed. Welcome to our newsletter!',
  unsubscribed: 'You have been unsubscribed. You will not receive our newsletter any more.',
} as const;

export const NEWSLETTER_EMAIL_MAX_LENGTH = 254;

/** `POST /newsletter/subscriptions/`. */
export const subscribeRequestSchema = z.object({
  email: z
    .string({ error: newsletterApiMessages.emailInvalid })
    .trim()
    .max(NEWSLETTER_EMAIL_MAX_LENGTH, { error: newsletterApiMessages.emailInvalid })
    .pipe(z.email({ error: newsletterApiMessages.emailInvalid }))
    .describe('The address to subscribe (any letter case)'),
});
export type SubscribeRequest = z.input<typeof subscribeRequestSchema>;

/** The tokens of the e-mails' links: 32 random bytes, base64url. */
export const newsletterTokenSchema = z
  .string({ error: newsletterApiMessages.linkInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: newsletterApiMessages.linkInvalid })
  .describe('The token of the e-mail link');

/** `POST /newsletter/subscriptions/confirm/` and `/unsubscribe/`. */
export const newsletterTokenRequestSchema = z.object({ token: newsletterTokenSchema });
export type NewsletterTokenRequest = z.input<typeof newsletterTokenRequestSchema>;

/** The same answer for every accepted subscription request. */
export const subscribeResponseSchema = z.object({
  status: z.literal('pending_confirmation'),
  message: z.string(),
});
export type SubscribeResponse = z.infer<typeof subscribeResponseSchema>;

export const confirmSubscriptionResponseSchema = z.object({
  status: z.literal('confirmed'),
  email: z.string().describe('The address now subscribed'),
  message: z.string(),
});
export type ConfirmSubscriptionResponse = z.infer<typeof confirmSubscriptionResponseSchema>;

export const unsubscribeResponseSchema = z.object({
  status: z.literal('unsubscribed'),
  email: z.string().describe('The address that will not receive the newsletter any more'),
  message: z.string(),
});
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;

/** Columns of the staff CSV export, in order. */
export const NEWSLETTER_EXPORT_COLUMNS = ['email', 'confirmed_at', 'subscribed_at'] as const;
