import { z } from 'zod';
import { pagedListSchema, pageQuerySchema } from './pagination';
import { ugandanPhoneSchema } from './profile';

/**
 * SMS to customers (issue 19): the messages, their length rules (GSM-7 segments), the customer's
 * choices and phone verification (`/api/v1/sms/…`, customers), and the staff outbox of SMS
 * (`/api/v1/admin/outbox/sms/`, staff only).
 */

// ---------------------------------------------------------------------------------------------
// GSM 03.38: the 7-bit alphabet every phone reads; anything else makes the SMS UCS-2 (70 a part)
// ---------------------------------------------------------------------------------------------

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Characters of the extension table: each takes two septets (escape + character). */
const GSM7_EXTENDED = '^{}\\[~]|€\f';
const BASIC = new Set(GSM7_BASIC);
const EXTENDED = new Set(GSM7_EXTENDED);

/** True when every character of `text` is in the GSM-7 alphabet (basic or extension table). */
export function isGsm7(text: string): boolean {
  for (const char of text) if (!BASIC.has(char) && !EXTENDED.has(char)) return false;
  return true;
}

/** Characters of `text` outside GSM-7 (each once), to say why a message would not fit. */
export function nonGsm7Characters(text: string): string[] {
  return [...new Set([...text].filter((char) => !BASIC.has(char) && !EXTENDED.has(char)))];
}

/**
 * Typography that Intl formats and copy may carry (narrow and no-break spaces, curly quotes,
 * dashes, ellipsis, ×) written in GSM-7, so a message does not fall back to UCS-2 for them.
 */
export function toGsm7(text: string): string {
  const typed = text
    .replace(/[\u00A0\u2000-\u200B\u202F\u205F\u3000]/g, ' ')
    .replace(/[\u2018\u2019\u201A\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201E\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/\u00D7/g, 'x');
  // Accented letters GSM-7 lacks (â, ô, ç, í…) lose their accent; those it has (é, è, ü…) stay.
  let written = '';
  for (const char of typed) {
    if (BASIC.has(char) || EXTENDED.has(char)) written += char;
    else {
      const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
      written += bare !== char && isGsm7(bare) ? bare : char;
    }
  }
  return written;
}

export type SmsEncoding = 'GSM-7' | 'UCS-2';
export type SmsSegments = { encoding: SmsEncoding; units: number; segments: number; perSegment: number };

/**
 * How many parts an SMS takes: GSM-7 fits 160 septets in one part, 153 a part when split
 * (the rest carries the concatenation header); extension characters count twice. UCS-2: 70, then
 * 67 a part (characters outside the basic plane count twice, as UTF-16 does).
 */
export function smsSegments(text: string): SmsSegments {
  if (isGsm7(text)) {
    let units = 0;
    for (const char of text) units += EXTENDED.has(char) ? 2 : 1;
    const segments = units <= 160 ? 1 : Math.ceil(units / 153);
    return { encoding: 'GSM-7', units, segments, perSegment: segments === 1 ? 160 : 153 };
  }
  const units = text.length;
  const segments = units <= 70 ? 1 : Math.ceil(units / 67);
  return { encoding: 'UCS-2', units, segments, perSegment: segments === 1 ? 70 : 67 };
}

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

export const SMS_KINDS = [
  'phone_verification',
  'order_placed',
  'payment_received',
  'payment_failed',
  'out_for_delivery',
  'delivered',
  'ticket_confirmed',
  'event_reminder',
  'refund_sent',
  'marketing',
  'gift_coming',
  'gift_out_for_delivery',
] as const;
export const smsKindSchema = z.enum(SMS_KINDS);
export type SmsKind = z.infer<typeof smsKindSchema>;

/** Which of the customer's choices lets each kind through (verification always goes). */
export const SMS_KIND_TOPIC: Record<SmsKind, SmsTopic | null> = {
  phone_verification: null,
  order_placed: 'order_updates',
  payment_received: 'order_updates',
  payment_failed: 'order_updates',
  out_for_delivery: 'order_updates',
  delivered: 'order_updates',
  refund_sent: 'order_updates',
  ticket_confirmed: 'event_updates',
  event_reminder: 'event_updates',
  marketing: 'marketing',
  // A gift's recipient has no account and no choices: their two SMS always go.
  gift_coming: null,
  gift_out_for_delivery: null,
};

export const SMS_KIND_LABELS: Record<SmsKind, string> = {
  phone_verification: 'Phone verification code',
  order_placed: 'Order placed',
  payment_received: 'Payment received',
  payment_failed: 'Payment failed',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  ticket_confirmed: 'Event ticket confirmed',
  event_reminder: 'Event reminder',
  refund_sent: 'Refund sent',
  marketing: 'Offer',
  gift_coming: 'Gift on its way (to the recipient)',
  gift_out_for_delivery: 'Gift out for delivery (to the recipient)',
};

/**
 * queued: waiting to be sent; sent: the provider took it; delivered / failed: the provider's
 * delivery report (or its refusal); unsent: no SMS provider is configured, kept in the outbox.
 */
export const SMS_STATES = ['queued', 'sent', 'delivered', 'failed', 'unsent'] as const;
export const smsStateSchema = z.enum(SMS_STATES);
export type SmsState = z.infer<typeof smsStateSchema>;

// ---------------------------------------------------------------------------------------------
// The customer's SMS settings and phone verification
// ---------------------------------------------------------------------------------------------

export const SMS_TOPICS = ['order_updates', 'event_updates', 'marketing'] as const;
export type SmsTopic = (typeof SMS_TOPICS)[number];

export const SMS_TOPIC_LABELS: Record<SmsTopic, string> = {
  order_updates: 'Order, payment, delivery and refund updates',
  event_updates: 'Event tickets and reminders',
  marketing: 'Offers and news',
};

export const smsPreferencesSchema = z.object({
  order_updates: z.boolean(),
  event_updates: z.boolean(),
  marketing: z.boolean(),
});
export type SmsPreferences = z.infer<typeof smsPreferencesSchema>;

export const smsSettingsSchema = z.object({
  verified_phone: z.string().nullable().describe('+2567XXXXXXXX; SMS only go to this number'),
  phone_verified_at: z.string().nullable().describe('ISO 8601'),
  preferences: smsPreferencesSchema,
  sms_enabled: z.boolean().describe('False: the shop has no SMS provider; messages wait in the staff outbox'),
});
export type SmsSettings = z.infer<typeof smsSettingsSchema>;

export const updateSmsPreferencesRequestSchema = smsPreferencesSchema.partial().strict();
export type UpdateSmsPreferencesRequest = z.infer<typeof updateSmsPreferencesRequestSchema>;

export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_MINUTES = 10;
export const PHONE_CODES_PER_HOUR = 3;
export const PHONE_CODE_MAX_TRIES = 5;

export const sendPhoneCodeRequestSchema = z.object({ phone: ugandanPhoneSchema });
export type SendPhoneCodeRequest = z.input<typeof sendPhoneCodeRequestSchema>;

export const sendPhoneCodeResponseSchema = z.object({
  phone: z.string(),
  expires_in_minutes: z.number().int(),
  delivery: z
    .enum(['sms', 'held'])
    .describe("'sms': on its way by SMS; 'held': no SMS provider, the code waits in the staff outbox"),
});

export const CODE_MESSAGE = `Enter the ${PHONE_CODE_LENGTH}-digit code from the SMS`;

export const verifyPhoneRequestSchema = z.object({
  phone: ugandanPhoneSchema,
  code: z
    .string({ error: CODE_MESSAGE })
    .trim()
    .regex(/^\d{6}$/, { error: CODE_MESSAGE }),
});
export type VerifyPhoneRequest = z.input<typeof verifyPhoneRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Staff: the SMS outbox
// ---------------------------------------------------------------------------------------------

export const outboxSmsSchema = z.object({
  id: z.string(),
  kind: smsKindSchema,
  kind_label: z.string(),
  phone: z.string(),
  body: z.string(),
  state: smsStateSchema,
  state_label: z.string().describe('e.g. "not sent: no SMS provider"'),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string().describe('ISO 8601'),
});
export type OutboxSms = z.infer<typeof outboxSmsSchema>;

export const smsOutboxQuerySchema = pageQuerySchema.extend({
  state: z
    .enum(['unsent', 'failed', 'all'], { error: 'must be unsent, failed or all' })
    .default('unsent')
    .describe('unsent (default): never sent; failed: refused or undelivered; all: every SMS'),
});

export const smsOutboxListSchema = pagedListSchema(outboxSmsSchema).extend({
  sms_configured: z.boolean().describe('False: no SMS provider; every new SMS lands here unsent'),
});
export type SmsOutboxList = z.infer<typeof smsOutboxListSchema>;

export const SMS_NOT_SENT_NO_PROVIDER = 'not sent: no SMS provider';

export function smsStateLabel(state: SmsState, lastError: string | null): string {
  switch (state) {
    case 'unsent':
      return lastError ?? SMS_NOT_SENT_NO_PROVIDER;
    case 'queued':
      return 'waiting to be sent';
    case 'sent':
      return 'sent, not yet confirmed delivered';
    case 'delivered':
      return 'delivered';
    case 'failed':
      return lastError ? `failed: ${lastError}` : 'failed';
  }
}
