import { COMPANY_PAYMENT_METHODS } from '@shop/contract/company-accounts';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './identity';
import { invoices } from './orders';

export const companyPaymentMethodEnum = pgEnum('company_payment_method', COMPANY_PAYMENT_METHODS);

/**
 * Payments a company made against its on-account invoices, recorded by staff (decision 0042,
 * migration 0056). What an invoice still owes is its total less these; nothing keeps a running
 * figure that could drift. The staff form's key makes a double submit one payment.
 */
export const companyPayments = pgTable(
  'company_payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id),
    amount: integer().notNull(),
    /** The day the money arrived (the statement's date for it). */
    receivedOn: date().notNull(),
    method: companyPaymentMethodEnum().notNull(),
    /** The bank's, cheque's or transaction's reference, as staff typed it. */
    reference: text().notNull(),
    idempotencyKey: text().notNull(),
    /** SHA-256 of the request, to refuse a reused key with other details. */
    requestHash: text().notNull(),
    recordedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('company_payments_company_idempotency_key').on(table.companyId, table.idempotencyKey),
    index('company_payments_invoice_idx').on(table.invoiceId),
    index('company_payments_company_received_idx').on(
      table.companyId,
      table.receivedOn.desc(),
      table.id.desc(),
    ),
    check('company_payments_amount_check', sql`${table.amount} > 0`),
  ],
);

/**
 * The overdue reminders sent: one row per invoice and reminder (the nth interval past its due
 * date), written with the e-mail's job, so a retried or doubled run sends none twice.
 */
export const companyInvoiceReminders = pgTable(
  'company_invoice_reminders',
  {
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    reminderNumber: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set by the job once the e-mail went out: a retried job sends nothing more. */
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.invoiceId, table.reminderNumber] })],
);
