import { z } from 'zod';
import { pagedListSchema } from './pagination';

/**
 * The privacy facts (issue 40, decision 0025), each kept in one place and read by the privacy
 * page, the back office and the jobs:
 *
 * - **Retention**: how long each kind of data is kept, set by admins
 *   (`GET|PUT /api/v1/admin/privacy/retention/`), applied by an hourly job.
 * - **Processors**: who receives what, derived from the server's configuration
 *   (`GET /api/v1/admin/privacy/processors/`, staff).
 * - **Breaches**: the log of personal-data breaches and whom the shop told
 *   (`GET|POST /api/v1/admin/privacy/breaches/`, `PATCH …/{id}/`, admins, audited).
 * - `GET /api/v1/privacy/facts/` (public): what is kept, why, for how long, who receives it.
 */

export const retentionMessages = {
  days: (min: number, max: number) => `must be a whole number of days from ${min} to ${max}`,
  version: 'send the version the form was loaded at',
  stale: 'The retention settings changed since they were loaded',
} as const;

/**
 * The API's logs (pino, to stdout) go to the journal namespace of the shop's units
 * (`LogNamespace=` in `deploy/kampala-cellars@.service`), whose `MaxRetentionSec=` in
 * `deploy/journald@kampala-cellars.conf` deletes them after this many days. Fixed by the deploy
 * configuration, not by admins (a test holds both files to these constants).
 */
export const SERVER_LOG_NAMESPACE = 'kampala-cellars';
export const SERVER_LOG_RETENTION_DAYS = 14;

/** The kinds of data whose keeping time admins set, with its bounds and default (days). */
export const RETENTION_KINDS = {
  sign_in_history: {
    label: 'Sign-in history (devices and addresses you signed in from)',
    min: 30,
    max: 730,
    default: 365,
  },
  notifications: { label: 'Notifications in your account', min: 30, max: 730, default: 365 },
  messages: {
    label: 'Messages sent to you (SMS and e-mails kept in the outbox)',
    min: 7,
    max: 730,
    default: 180,
  },
  anonymous_carts: { label: 'Carts of visitors who have not signed in', min: 1, max: 30, default: 2 },
  data_exports: { label: 'Records of your requests for a copy of your data', min: 1, max: 365, default: 30 },
  delivery_proofs: {
    label: 'Proof of delivery (the rider’s photo at your door and where their phone was)',
    min: 7,
    max: 365,
    default: 90,
  },
  gift_recipients: {
    label: 'A gift’s recipient (name, phone, the message and their note for the rider), after delivery',
    min: 7,
    max: 365,
    default: 30,
  },
} as const;
export type RetentionKind = keyof typeof RETENTION_KINDS;
export const RETENTION_KIND_NAMES = Object.keys(RETENTION_KINDS) as RetentionKind[];

const days = (kind: RetentionKind) => {
  const { min, max } = RETENTION_KINDS[kind];
  const message = retentionMessages.days(min, max);
  return z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
};

export const retentionFieldsSchema = z.object({
  sign_in_history: days('sign_in_history'),
  notifications: days('notifications'),
  messages: days('messages'),
  anonymous_carts: days('anonymous_carts'),
  data_exports: days('data_exports'),
  delivery_proofs: days('delivery_proofs'),
  gift_recipients: days('gift_recipients'),
});
export type RetentionFields = z.infer<typeof retentionFieldsSchema>;

export const DEFAULT_RETENTION: RetentionFields = Object.fromEntries(
  RETENTION_KIND_NAMES.map((kind) => [kind, RETENTION_KINDS[kind].default]),
) as RetentionFields;

export const retentionSettingsSchema = retentionFieldsSchema.extend({
  version: z.number().int().describe('Send it back with a change; a stale one is a 409'),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;

export const updateRetentionRequestSchema = retentionFieldsSchema.extend({
  version: z
    .number({ error: retentionMessages.version })
    .int({ error: retentionMessages.version })
    .min(0, { error: retentionMessages.version }),
});
export type UpdateRetentionRequest = z.infer<typeof updateRetentionRequestSchema>;

export const processorSchema = z.object({
  id: z.string(),
  name: z.string(),
  purpose: z.string(),
  /** What it receives about a customer. */
  receives: z.string(),
  /** Where it processes the data (transfers abroad, s.19 of the Act). */
  location: z.string(),
});
export type Processor = z.infer<typeof processorSchema>;
export const processorListSchema = z.object({ processors: z.array(processorSchema) });

export const breachMessages = {
  what: 'Say what happened (up to 2000 characters)',
  when: 'must be a date and time (ISO 8601)',
  told: 'Up to 1000 characters',
  order: 'must not be before the breach',
} as const;

const when = z.iso.datetime({ offset: true, error: breachMessages.when });

export const breachFieldsSchema = z.object({
  what: z.string({ error: breachMessages.what }).trim().min(1, { error: breachMessages.what }).max(2000, {
    error: breachMessages.what,
  }),
  /** Which data and whose: "e-mail addresses of about 40 customers". */
  data_affected: z
    .string({ error: breachMessages.what })
    .trim()
    .min(1, { error: breachMessages.what })
    .max(2000, {
      error: breachMessages.what,
    }),
  occurred_at: when,
  discovered_at: when,
  /** Who was told, and how (customers by e-mail, the bank, …); null until someone is. */
  who_was_told: z
    .string({ error: breachMessages.told })
    .trim()
    .max(1000, { error: breachMessages.told })
    .nullable(),
  people_told_at: when.nullable(),
  /** When the Personal Data Protection Office was told (s.23: without delay). */
  pdpo_told_at: when.nullable(),
});

function refineOrder<T extends z.ZodType<Partial<z.infer<typeof breachFieldsSchema>>>>(schema: T) {
  return schema.superRefine((value, context) => {
    const occurred = value.occurred_at ? Date.parse(value.occurred_at) : null;
    for (const key of ['discovered_at', 'people_told_at', 'pdpo_told_at'] as const) {
      const at = value[key];
      if (occurred !== null && at && Date.parse(at) < occurred) {
        context.addIssue({ code: 'custom', path: [key], message: breachMessages.order });
      }
    }
  });
}

export const createBreachRequestSchema = refineOrder(breachFieldsSchema);
export type CreateBreachRequest = z.infer<typeof createBreachRequestSchema>;
export const updateBreachRequestSchema = refineOrder(breachFieldsSchema.partial());
export type UpdateBreachRequest = z.infer<typeof updateBreachRequestSchema>;

export const breachSchema = breachFieldsSchema.extend({
  id: z.number().int(),
  recorded_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Breach = z.infer<typeof breachSchema>;
export const breachListSchema = pagedListSchema(breachSchema);
export type BreachList = z.infer<typeof breachListSchema>;
export const breachParamsSchema = z.object({
  id: z.coerce.number({ error: 'must be a breach id' }).int({ error: 'must be a breach id' }).positive({
    error: 'must be a breach id',
  }),
});

/** One line of the privacy page's table: a kind of data, why it is kept, for how long. */
export const keptDataSchema = z.object({ data: z.string(), why: z.string(), kept: z.string() });
export type KeptData = z.infer<typeof keptDataSchema>;

export const privacyFactsSchema = z.object({
  kept: z.array(keptDataSchema),
  processors: z.array(processorSchema.omit({ id: true })),
});
export type PrivacyFacts = z.infer<typeof privacyFactsSchema>;
