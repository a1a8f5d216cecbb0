import { z } from 'zod';
import { pagedListSchema } from './pagination';

/**
 * URA's EFRIS (issue 37, decision 0024): the shop's tax invoices fiscalised through URA's
 * system-to-system interface.
 *
 * Admins only: `GET`/`PUT /api/v1/admin/efris/settings/` (on/off, environment, TIN, device number,
 * commodity code), `PUT /api/v1/admin/efris/settings/private-key/` (the PEM, once; answered by its
 * fingerprint, never returned), `POST /api/v1/admin/efris/settings/test-connection/` (T101 + T103).
 * Staff: `GET /api/v1/admin/efris/documents/` (the fiscalisation queue), `GET …/summary/` (the
 * desk's banner), `POST …/documents/{id}/retry/`; the credit notes of refunds (T110, followed
 * with T111: decision 0030) at `GET /api/v1/admin/efris/credit-notes/` and
 * `POST …/credit-notes/{id}/retry/`.
 */

export const EFRIS_ENVIRONMENTS = ['test', 'production'] as const;
export const EFRIS_DOCUMENT_STATES = ['pending', 'fiscalised', 'failed'] as const;
export type EfrisDocumentState = (typeof EFRIS_DOCUMENT_STATES)[number];

/** A document waiting longer than this puts a banner on the staff desk. */
export const EFRIS_WAITING_BANNER_MINUTES = 60;

const tin = z
  .string()
  .trim()
  .regex(/^\d{10}$/, { error: 'must be the 10 digits of a Ugandan TIN' });

export const efrisRegistrationSchema = z.object({
  tin: z.string(),
  legal_name: z.string(),
  business_name: z.string(),
  address: z.string(),
  device_no: z.string(),
});
export type EfrisRegistration = z.infer<typeof efrisRegistrationSchema>;

export const efrisSettingsSchema = z.object({
  enabled: z.boolean(),
  environment: z.enum(EFRIS_ENVIRONMENTS),
  tin: z.string().nullable(),
  device_no: z.string().nullable(),
  commodity_code: z.string().nullable(),
  /** Only whether a key is on file and its SHA-256 fingerprint: the key itself never leaves. */
  key_on_file: z.boolean(),
  key_fingerprint: z.string().nullable(),
  key_uploaded_at: z.string().nullable(),
  registration: efrisRegistrationSchema.nullable(),
  registration_checked_at: z.string().nullable(),
  clock_offset_seconds: z.number().nullable(),
  clock_checked_at: z.string().nullable(),
  /** The endpoint the environment uses. */
  endpoint: z.string(),
});
export type EfrisSettings = z.infer<typeof efrisSettingsSchema>;

export const efrisSettingsUpdateSchema = z
  .object({
    enabled: z.boolean(),
    environment: z.enum(EFRIS_ENVIRONMENTS, { error: 'must be test or production' }),
    tin: tin.nullable(),
    device_no: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, {
        error: 'must be the device number URA issued (letters, digits, - or _)',
      })
      .nullable(),
    commodity_code: z
      .string()
      .trim()
      .regex(/^\d{8,18}$/, { error: "must be URA's commodity category code (digits)" })
      .nullable(),
  })
  .strict();
export type EfrisSettingsUpdate = z.infer<typeof efrisSettingsUpdateSchema>;

export const efrisPrivateKeySchema = z
  .object({
    private_key: z
      .string()
      .min(100, { error: 'must be the whole PEM file' })
      .max(20_000, { error: 'is too long for a private key' }),
  })
  .strict();

export const efrisConnectionTestSchema = z.object({
  ok: z.boolean(),
  clock_offset_seconds: z.number().nullable(),
  clock_within_limit: z.boolean().nullable(),
  registration: efrisRegistrationSchema.nullable(),
  /** Why it failed, URA's message included. */
  error: z.string().nullable(),
});
export type EfrisConnectionTest = z.infer<typeof efrisConnectionTestSchema>;

export const efrisDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['order', 'ticket']).describe('An order’s invoice, or a paid event ticket’s'),
  order_id: z.string().nullable().describe('The order (null for a ticket invoice)'),
  order_number: z.string().nullable(),
  reference_no: z.string(),
  buyer_type: z.enum(['b2b', 'b2c']),
  state: z.enum(EFRIS_DOCUMENT_STATES),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_error: z.string().nullable(),
  last_return_code: z.string().nullable(),
  fiscal_document_number: z.string().nullable(),
  verification_code: z.string().nullable(),
  fiscalised_at: z.string().nullable(),
  created_at: z.string(),
});
export type EfrisDocument = z.infer<typeof efrisDocumentSchema>;

export const efrisDocumentListQuerySchema = z.object({
  state: z.enum(EFRIS_DOCUMENT_STATES, { error: 'must be pending, fiscalised or failed' }).optional(),
  page: z.coerce.number().int().min(1, { error: 'must be 1 or more' }).max(1_000_000).default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1, { error: 'must be 1 or more' })
    .max(100, { error: 'must be at most 100' })
    .default(25),
});
export type EfrisDocumentListQuery = z.infer<typeof efrisDocumentListQuerySchema>;

export const efrisDocumentListSchema = pagedListSchema(efrisDocumentSchema);

export const efrisDocumentParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'must be a document id' })
    .int({ error: 'must be a document id' })
    .min(1, { error: 'must be a document id' }),
});

export const efrisSummarySchema = z.object({
  enabled: z.boolean(),
  pending: z.number().int(),
  failed: z.number().int(),
  /** Credit notes not yet applied for, applied for and awaiting URA's approval, failed or rejected. */
  credit_notes_pending: z.number().int(),
  credit_notes_awaiting_approval: z.number().int(),
  credit_notes_failed: z.number().int(),
  /** Pending or failed for longer than EFRIS_WAITING_BANNER_MINUTES: the desk shows a banner. */
  waiting_over_an_hour: z.number().int(),
  oldest_waiting_since: z.string().nullable(),
  /** The last T101's clock offset beyond ±10 minutes, in seconds; null when within. */
  clock_skew_seconds: z.number().nullable(),
});
export type EfrisSummary = z.infer<typeof efrisSummarySchema>;

/** On the customer's order: the invoice's fiscal details once URA issued them. */
export const orderFiscalSchema = z.object({
  fiscal_document_number: z.string(),
  verification_code: z.string(),
  fiscalised_at: z.string(),
});
export type OrderFiscal = z.infer<typeof orderFiscalSchema>;

/**
 * A refund's credit note at URA: `pending` (to apply for; waits for the invoice's fiscal number),
 * `applied` (URA's reference, awaiting approval), `approved` (the credit note's fiscal number),
 * `rejected` (URA's approver refused, with the remarks) or `failed` (URA refused the application).
 */
export const EFRIS_CREDIT_NOTE_STATES = ['pending', 'applied', 'approved', 'rejected', 'failed'] as const;
export type EfrisCreditNoteState = (typeof EFRIS_CREDIT_NOTE_STATES)[number];

/** How staff read a credit note's state at URA (the queue's tabs, the refund's line). */
export const efrisCreditNoteStateLabels: Record<EfrisCreditNoteState, string> = {
  pending: 'To apply for',
  applied: 'Awaiting URA’s approval',
  approved: 'Approved',
  rejected: 'Rejected by URA',
  failed: 'Refused',
};

/** Where a refund is shown: its credit note's state at URA and URA's references. */
export const creditNoteFiscalSchema = z.object({
  state: z.enum(EFRIS_CREDIT_NOTE_STATES),
  ura_reference_no: z.string().nullable().describe("URA's reference of the application (T110)"),
  fiscal_document_number: z.string().nullable().describe("The credit note's fiscal number, once approved"),
  last_error: z.string().nullable().describe("URA's message when refused or rejected"),
});
export type CreditNoteFiscal = z.infer<typeof creditNoteFiscalSchema>;

export const efrisCreditNoteSchema = creditNoteFiscalSchema.extend({
  id: z.number().int(),
  credit_note_id: z.string(),
  reference_no: z.string().describe("The shop's credit note number (URA's sellersReferenceNo)"),
  order_id: z.string().nullable().describe('The order (null for a ticket’s credit note)'),
  order_number: z.string().nullable(),
  invoice_reference_no: z.string(),
  amount: z.number().int(),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_return_code: z.string().nullable(),
  applied_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type EfrisCreditNote = z.infer<typeof efrisCreditNoteSchema>;

export const efrisCreditNoteListQuerySchema = efrisDocumentListQuerySchema.extend({
  state: z
    .enum(EFRIS_CREDIT_NOTE_STATES, { error: 'must be pending, applied, approved, rejected or failed' })
    .optional(),
});
export type EfrisCreditNoteListQuery = z.infer<typeof efrisCreditNoteListQuerySchema>;

export const efrisCreditNoteListSchema = pagedListSchema(efrisCreditNoteSchema);

export const efrisCreditNoteParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'must be a credit note id' })
    .int({ error: 'must be a credit note id' })
    .min(1, { error: 'must be a credit note id' }),
});

/** One line about a refund's credit note at URA: its fiscal number, URA's reference or message. */
export function describeCreditNoteFiscal(efris: CreditNoteFiscal): string {
  const label = `EFRIS: ${efrisCreditNoteStateLabels[efris.state]}`;
  if (efris.state === 'approved') return `${label}, credit note no. ${efris.fiscal_document_number ?? ''}`;
  if (efris.state === 'applied') return `${label} (application ${efris.ura_reference_no ?? ''})`;
  return efris.last_error ? `${label}: ${efris.last_error}` : label;
}
