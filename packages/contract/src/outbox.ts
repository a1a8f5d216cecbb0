import { z } from 'zod';
import { pagedListSchema } from './pagination';

/**
 * E-mail that was not sent. Without SMTP_URL the shop keeps every e-mail in its database instead
 * of sending it; staff read them at `/admin/outbox` (calls under `/admin/outbox/…`, staff and
 * admin accounts only) and the storefront's copy says what really happens (`/email/delivery/`).
 */

/** 'sent': e-mail goes out through SMTP. 'held': it is kept in the outbox for staff to pass on. */
export const emailDeliverySchema = z.enum(['sent', 'held']);
export type EmailDelivery = z.infer<typeof emailDeliverySchema>;

export const emailDeliveryResponseSchema = z.object({ email_delivery: emailDeliverySchema });
export type EmailDeliveryResponse = z.infer<typeof emailDeliveryResponseSchema>;

/** What an e-mail is about, read from the page its link opens (kept e-mails carry no label). */
export const OUTBOX_KINDS = [
  'password_reset',
  'newsletter',
  'order',
  'event',
  'payment',
  'account',
  'other',
] as const;
export const outboxKindSchema = z.enum(OUTBOX_KINDS);
export type OutboxKind = z.infer<typeof outboxKindSchema>;

export const OUTBOX_KIND_LABELS: Record<OutboxKind, string> = {
  // A reset and a staff invitation both carry a link to choose a password.
  password_reset: 'Password link',
  newsletter: 'Newsletter',
  order: 'Order',
  event: 'Event',
  payment: 'Payment',
  account: 'Account',
  other: 'Other',
};

/** 'held': kept instead of sent (SMTP_URL was not set when it was written). */
export const outboxStatusSchema = z.enum(['held']);

export const outboxMailSummarySchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  kind: outboxKindSchema,
  status: outboxStatusSchema,
  created_at: z.string().describe('ISO 8601'),
});
export type OutboxMailSummary = z.infer<typeof outboxMailSummarySchema>;

export const outboxListSchema = pagedListSchema(outboxMailSummarySchema).extend({
  smtp_configured: z.boolean().describe('False: nothing is being sent; every new e-mail lands here'),
});
export type OutboxList = z.infer<typeof outboxListSchema>;

export const outboxMailSchema = outboxMailSummarySchema.extend({
  from: z.string(),
  text: z.string(),
  html: z.string().describe('Shown in a sandboxed frame: no scripts run'),
  links: z.array(z.string()).describe("The e-mail's http(s) links, in order, without repeats"),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** The links of an e-mail's plain-text part (every e-mail has one, with each link written out). */
export function emailLinks(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"']+/g) ?? [];
  return [...new Set(found.map((link) => link.replace(/[).,;:!?]+$/, '')))];
}

/** Kind of an e-mail from the paths of its links; the unsubscribe link alone says nothing. */
export function outboxKindOf(text: string): OutboxKind {
  const paths = emailLinks(text).map((link) => /^https?:\/\/[^/?#]+(\/[^?#]*)?/.exec(link)?.[1] ?? '/');
  const has = (prefix: string) => paths.some((path) => path.startsWith(prefix));
  if (has('/reset-password')) return 'password_reset';
  if (has('/newsletter/confirm')) return 'newsletter';
  if (has('/pay/') || has('/payments')) return 'payment';
  if (has('/order') || has('/invoices')) return 'order';
  if (has('/events')) return 'event';
  if (has('/login') || has('/account')) return 'account';
  if (has('/newsletter')) return 'newsletter';
  return 'other';
}
