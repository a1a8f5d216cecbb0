import { z } from 'zod';
import { SMS_TOPIC_LABELS } from './sms';

/**
 * The consent ledger (issue 40): every consent a customer gives or withdraws, with the exact words
 * they saw, when and through which form or link.
 *
 * - `GET /api/v1/users/users/consents/` (signed-in customer): their own current consents, each
 *   with the last time it was given or withdrawn and how.
 * - `PUT /api/v1/users/users/consents/` `{ purpose, granted }`: changes one of them (the same
 *   rules as the profile form, the SMS settings and the newsletter's links).
 *
 * The shop sets no cookie beyond the strictly necessary (see the cookies page), so there is no
 * cookie consent to record.
 */

export const CONSENT_PURPOSES = [
  'newsletter',
  'newsletter_email',
  'sms_order_updates',
  'sms_event_updates',
  'sms_marketing',
] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/**
 * What each consent says: shown beside its checkbox and stored word for word with every record.
 * Changing a text changes what later records store; earlier records keep the words they were given.
 */
export const CONSENT_TEXTS: Record<ConsentPurpose, string> = {
  newsletter: 'Send me the newsletter: new arrivals, tastings and offers (you can stop it at any time).',
  newsletter_email:
    'Send the newsletter to this address: new arrivals, tastings and offers (every e-mail has a link to stop it).',
  sms_order_updates: `SMS: ${SMS_TOPIC_LABELS.order_updates}`,
  sms_event_updates: `SMS: ${SMS_TOPIC_LABELS.event_updates}`,
  sms_marketing: `SMS: ${SMS_TOPIC_LABELS.marketing}`,
};

/** Short names for the profile's list. */
export const CONSENT_LABELS: Record<ConsentPurpose, string> = {
  newsletter: 'Newsletter (account)',
  newsletter_email: 'Newsletter to this address (confirmed by e-mail)',
  sms_order_updates: 'SMS: order updates',
  sms_event_updates: 'SMS: event tickets and reminders',
  sms_marketing: 'SMS: offers and news',
};

export const CONSENT_ACTIONS = ['given', 'withdrawn', 'requested'] as const;
export type ConsentAction = (typeof CONSENT_ACTIONS)[number];

/** Where a consent was given or withdrawn. */
export const CONSENT_SOURCES = [
  'sign_up_form',
  'profile_form',
  'sms_settings',
  'consents_section',
  'newsletter_form',
  'newsletter_confirm_link',
  'newsletter_unsubscribe_link',
  'newsletter_one_click',
] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

export const CONSENT_SOURCE_LABELS: Record<ConsentSource, string> = {
  sign_up_form: 'the sign-up form',
  profile_form: 'your profile',
  sms_settings: 'your SMS settings',
  consents_section: 'your consents',
  newsletter_form: 'the newsletter form',
  newsletter_confirm_link: 'the confirmation link e-mailed to you',
  newsletter_unsubscribe_link: 'the unsubscribe link of a newsletter',
  newsletter_one_click: "your mail app's unsubscribe button",
};

export const consentSchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES),
  granted: z.boolean(),
  /** Waiting for the e-mailed confirmation link (newsletter_email only). */
  pending: z.boolean(),
  text: z.string().describe('What the consent says today'),
  last_change: z
    .object({
      action: z.enum(CONSENT_ACTIONS),
      source: z.enum(CONSENT_SOURCES),
      shown_text: z.string().describe('The words seen at that time'),
      at: z.string().describe('ISO 8601'),
    })
    .nullable()
    .describe('null: never changed since the ledger began (the default applies)'),
});
export type Consent = z.infer<typeof consentSchema>;

export const consentsResponseSchema = z.object({ consents: z.array(consentSchema) });
export type ConsentsResponse = z.infer<typeof consentsResponseSchema>;

export const updateConsentRequestSchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES, { error: `Choose one of: ${CONSENT_PURPOSES.join(', ')}` }),
  granted: z.boolean({ error: 'Say true to give this consent or false to withdraw it' }),
});
export type UpdateConsentRequest = z.infer<typeof updateConsentRequestSchema>;
