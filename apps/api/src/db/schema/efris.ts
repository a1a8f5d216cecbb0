import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ticketInvoices } from './events';
import { invoices, orders } from './orders';
import { creditNotes } from './refunds';

/**
 * URA's EFRIS (issue 37, migration `0039_efris`, decision 0024).
 *
 * `efris_settings` is one row (id 1): the admin's connection settings and the taxpayer's private
 * key, AES-256-GCM encrypted under EFRIS_KEY_ENCRYPTION_KEY (never stored or returned in clear),
 * with the registration details T103 read back and the clock offset T101 measured.
 *
 * `efris_documents` is the idempotency record of each document sent to EFRIS: one per order
 * (unique), claimed by one worker at a time (`claimed_until`, taken under `FOR UPDATE SKIP
 * LOCKED`), uploaded with the invoice number as URA's `referenceNo`. `upload_started_at` says an
 * upload may have reached URA, so a retry asks URA first (T106/T108) instead of uploading again.
 */
export const EFRIS_DOCUMENT_STATES = ['pending', 'fiscalised', 'failed'] as const;
export const efrisDocumentStateEnum = pgEnum('efris_document_state', EFRIS_DOCUMENT_STATES);

export type EfrisRegistration = {
  tin: string;
  legalName: string;
  businessName: string;
  address: string;
  deviceNo: string;
};

export const efrisSettings = pgTable(
  'efris_settings',
  {
    id: smallint().primaryKey().default(1),
    enabled: boolean().notNull().default(false),
    environment: text().$type<'test' | 'production'>().notNull().default('test'),
    tin: text(),
    deviceNo: text(),
    /** URA's commodity category of the lines until goods are registered one by one (T130). */
    commodityCode: text(),
    /** `v1.<iv>.<tag>.<ciphertext>` (base64url): the PKCS#8 PEM, AES-256-GCM. */
    privateKeyCiphertext: text(),
    /** SHA-256 of the public key (SPKI DER), hex: shown instead of the key. */
    keyFingerprint: text(),
    keyUploadedAt: timestamp({ withTimezone: true }),
    registration: jsonb().$type<EfrisRegistration>(),
    registrationCheckedAt: timestamp({ withTimezone: true }),
    /**
     * T104's AES session key, sealed like the private key and shared by every instance (a new
     * T104 replaces the device's key at URA, so instances must not each fetch their own).
     */
    sessionKeyCiphertext: text(),
    /** Which endpoint, TIN, device and private key the session key was issued to. */
    sessionKeyFor: text(),
    sessionKeyObtainedAt: timestamp({ withTimezone: true }),
    /** URA's clock minus ours at the last T101, in milliseconds. */
    clockOffsetMs: integer(),
    clockCheckedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedById: uuid(),
  },
  (table) => [
    check('efris_settings_single_row', sql`${table.id} = 1`),
    check('efris_settings_environment', sql`${table.environment} in ('test', 'production')`),
  ],
);

export const efrisDocuments = pgTable(
  'efris_documents',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** What it fiscalises: an order's invoice, or a paid ticket's (decision 0034). */
    kind: text().$type<'order' | 'ticket'>().notNull().default('order'),
    orderId: uuid().references(() => orders.id),
    invoiceId: integer().references(() => invoices.id),
    ticketInvoiceId: integer().references(() => ticketInvoices.id),
    /** The shop's invoice number, URA's `referenceNo`: the same on every attempt. */
    referenceNo: text().notNull(),
    state: efrisDocumentStateEnum().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp({ withTimezone: true }),
    uploadStartedAt: timestamp({ withTimezone: true }),
    lastReturnCode: text(),
    lastError: text(),
    fiscalDocumentNumber: text(),
    verificationCode: text(),
    qrCode: text(),
    fiscalisedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('efris_documents_order_key').on(table.orderId),
    uniqueIndex('efris_documents_ticket_invoice_key').on(table.ticketInvoiceId),
    check(
      'efris_documents_kind_check',
      sql`(${table.kind} = 'order' and ${table.orderId} is not null and ${table.invoiceId} is not null and ${table.ticketInvoiceId} is null) or (${table.kind} = 'ticket' and ${table.ticketInvoiceId} is not null and ${table.orderId} is null and ${table.invoiceId} is null)`,
    ),
    uniqueIndex('efris_documents_reference_key').on(table.referenceNo),
    // The staff queue (by state, oldest first) and the due-retry sweep.
    index('efris_documents_state_created_idx').on(table.state, table.createdAt, table.id),
    index('efris_documents_due_idx').on(table.nextAttemptAt).where(sql`${table.state} = 'pending'`),
    check(
      'efris_documents_fiscalised_check',
      sql`(${table.state} = 'fiscalised') = (${table.fiscalDocumentNumber} is not null)`,
    ),
  ],
);

/**
 * The credit note of a refund of a fiscalised invoice, applied for with URA (T110, migration
 * `0047_efris_credit_notes`, decision 0030): one per credit note (unique), claimed like the
 * documents. `pending` → `applied` (URA's application reference, awaiting approval, followed with
 * T111) → `approved` (the credit note's fiscal number) or `rejected`; `failed` when URA refused
 * the application itself. `application_started_at` says a T110 may have reached URA, so a retry
 * looks for it (T111/T112 by the shop's credit note number) before applying again.
 */
export const EFRIS_CREDIT_NOTE_STATES = ['pending', 'applied', 'approved', 'rejected', 'failed'] as const;
export const efrisCreditNoteStateEnum = pgEnum('efris_credit_note_state', EFRIS_CREDIT_NOTE_STATES);

export const efrisCreditNotes = pgTable(
  'efris_credit_notes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    creditNoteId: uuid()
      .notNull()
      .references(() => creditNotes.id),
    /** The fiscalised invoice it credits. */
    documentId: integer()
      .notNull()
      .references(() => efrisDocuments.id),
    /** The shop's credit note number, URA's `sellersReferenceNo`: the same on every attempt. */
    referenceNo: text().notNull(),
    state: efrisCreditNoteStateEnum().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp({ withTimezone: true }),
    applicationStartedAt: timestamp({ withTimezone: true }),
    lastReturnCode: text(),
    lastError: text(),
    /** URA's reference of the application (T110's answer), followed with T111. */
    uraReferenceNo: text(),
    /** The credit note's fiscal document number, once URA approved it. */
    fiscalDocumentNumber: text(),
    appliedAt: timestamp({ withTimezone: true }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('efris_credit_notes_credit_note_key').on(table.creditNoteId),
    index('efris_credit_notes_document_idx').on(table.documentId, table.id),
    index('efris_credit_notes_state_created_idx').on(table.state, table.createdAt, table.id),
    index('efris_credit_notes_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.state} in ('pending', 'applied')`),
    check(
      'efris_credit_notes_approved_check',
      sql`(${table.state} = 'approved') = (${table.fiscalDocumentNumber} is not null)`,
    ),
    check(
      'efris_credit_notes_applied_check',
      sql`${table.state} not in ('applied', 'approved', 'rejected') or ${table.uraReferenceNo} is not null`,
    ),
  ],
);
