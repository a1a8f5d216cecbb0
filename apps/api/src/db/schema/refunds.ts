import { REFUND_STATUSES } from '@shop/contract/refunds';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity';
import { paymentPurposeEnum, paymentTransactions, sandboxCharges } from './payments';

export type RestockLine = { lineId: number; variantId: number; quantity: number };

/**
 * Refunds that move money (migration `0025_refunds`): one row per refund asked of the payment
 * provider for one transaction. Pending until the provider's answer, its webhook or the poll job
 * settles it. `idempotencyKey` makes a double click or a retry one refund; the refunds of a
 * transaction that are not failed never add up to more than its amount (checked under the
 * transaction's row lock by the code that inserts).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    transactionId: uuid()
      .notNull()
      .references(() => paymentTransactions.id),
    /** The refunded transaction's purpose and subject (order id or RSVP id), copied. */
    purpose: paymentPurposeEnum().notNull(),
    subjectId: text().notNull(),
    /** Shillings. */
    amount: integer().notNull(),
    reason: text().notNull(),
    /** An order's bottles go back in stock ("returned" ledger movements) when it succeeds. */
    restock: boolean().notNull().default(false),
    /** Which of the order's lines come back, and how many bottles of each (order line ids). */
    restockLines: jsonb().$type<RestockLine[]>().notNull().default([]),
    status: text({ enum: REFUND_STATUSES }).notNull(),
    idempotencyKey: text().notNull(),
    providerRefundId: text(),
    failureReason: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When it succeeded or failed. */
    settledAt: timestamp({ withTimezone: true }),
    /** The provider's last answer about this refund, as it came. */
    providerResponse: jsonb().$type<unknown>(),
    /** The poll job's checks with the provider while pending. */
    checkAttempts: integer().notNull().default(0),
    nextCheckAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_refunds_idempotency_key').on(table.idempotencyKey),
    index('payment_refunds_transaction_idx').on(table.transactionId, table.status),
    index('payment_refunds_subject_idx').on(table.purpose, table.subjectId, table.createdAt.desc()),
    index('payment_refunds_due_check_idx').on(table.nextCheckAt).where(sql`status = 'pending'`),
    index('payment_refunds_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('payment_refunds_status_created_idx').on(table.status, table.createdAt.desc(), table.id.desc()),
    index('payment_refunds_settled_idx').on(table.settledAt).where(sql`status = 'succeeded'`),
    check('payment_refunds_amount_check', sql`${table.amount} > 0`),
    check('payment_refunds_status_check', sql`${table.status} in ('pending','succeeded','failed')`),
    check('payment_refunds_settled_check', sql`${table.status} <> 'pending' or ${table.settledAt} is null`),
  ],
);

/** A credit note for each succeeded refund: CN-000001…, its own gap-free `document_counters` series. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    number: text().notNull(),
    refundId: uuid()
      .notNull()
      .references(() => paymentRefunds.id),
    amount: integer().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('credit_notes_number_key').on(table.number),
    uniqueIndex('credit_notes_refund_key').on(table.refundId),
    index('credit_notes_issued_idx').on(table.issuedAt, table.id),
    check('credit_notes_amount_check', sql`${table.amount} > 0`),
  ],
);

/**
 * The sandbox provider's own books of refunds: what a real provider holds on its side. The shop
 * reads them only through the sandbox provider, as it would ask Flutterwave.
 */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    /** The provider's refund id (numeric, as Flutterwave's). */
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 90_000_001 }),
    chargeId: bigint({ mode: 'number' })
      .notNull()
      .references(() => sandboxCharges.id),
    amount: integer().notNull(),
    /** Flutterwave's words: completed or failed. */
    status: text().notNull(),
    comments: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sandbox_refunds_charge_idx').on(table.chargeId),
    check('sandbox_refunds_amount_check', sql`${table.amount} > 0`),
  ],
);
