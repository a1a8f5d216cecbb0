import { MOBILE_MONEY_NETWORKS } from '@shop/contract/orders';
import {
  PAYMENT_PROVIDERS,
  PAYMENT_PURPOSES,
  SANDBOX_CHARGE_STATUSES,
  TRANSACTION_STATUSES,
} from '@shop/contract/payments';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * Mobile-money payments. A transaction is one attempt to collect an amount for one payable
 * subject (an order, later an event RSVP) through one provider. The rules that keep money
 * exact live in the constraints as well as in the code:
 *
 * - `reference` (our tx_ref) is unique, and so is the provider's own transaction id: one charge
 *   can never be recorded twice.
 * - At most one transaction per subject gives value (successful and not refund_due), whatever
 *   the timing of webhooks, return pages and polls.
 */

export const paymentTransactionStatusEnum = pgEnum('payment_transaction_status', TRANSACTION_STATUSES);
export const paymentProviderEnum = pgEnum('payment_provider', PAYMENT_PROVIDERS);
export const paymentPurposeEnum = pgEnum('payment_purpose', PAYMENT_PURPOSES);
export const paymentNetworkEnum = pgEnum('payment_network', MOBILE_MONEY_NETWORKS);

/** What the customer does next, kept while the transaction is pending (see the contract). */
export type StoredNextAction =
  | { type: 'approve_on_phone'; message: string; sandbox_url: string | null }
  | { type: 'redirect'; message: string; url: string };

export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Our tx_ref. */
    reference: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    purpose: paymentPurposeEnum().notNull(),
    /** The order id (or RSVP id), as text so that any kind of subject fits. */
    subjectId: text().notNull(),
    /** "Order ORD-…": a snapshot, so that lists need no other module's tables. */
    subjectLabel: text().notNull(),
    provider: paymentProviderEnum().notNull(),
    /** The provider's id of the charge (Flutterwave's data.id), once known. */
    providerTransactionId: text(),
    amount: integer().notNull(),
    currency: text().notNull().default('UGX'),
    network: paymentNetworkEnum().notNull(),
    /** E.164, for the provider and staff; customers only ever see `phoneMasked`. */
    phone: text().notNull(),
    phoneMasked: text().notNull(),
    status: paymentTransactionStatusEnum().notNull().default('pending'),
    failureReason: text(),
    /**
     * Money arrived but gave no value (the subject was already paid, or no longer payable, or the
     * amount was short): staff must refund it.
     */
    refundDue: boolean().notNull().default(false),
    /**
     * Kept from the refund of a `refund_due` payment (migration 0043): the shop's fee for an order
     * the customer refused at the door (the `refused_order_fee` setting). Never more than paid.
     */
    refundWithheld: integer().notNull().default(0),
    nextAction: jsonb().$type<StoredNextAction>(),
    /** The provider's last answer about this charge, as it came. */
    providerResponse: jsonb().$type<unknown>(),
    /** Background checks with the provider while pending. */
    checkAttempts: integer().notNull().default(0),
    nextCheckAt: timestamp({ withTimezone: true }),
    lastCheckedAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    /** Set by the job that sent the receipt e-mail: it is sent once. */
    receiptSentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_transactions_reference_key').on(table.reference),
    uniqueIndex('payment_transactions_provider_tx_key').on(table.provider, table.providerTransactionId),
    uniqueIndex('payment_transactions_one_paid_per_subject_key')
      .on(table.purpose, table.subjectId)
      .where(sql`status = 'successful' and not refund_due`),
    index('payment_transactions_user_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('payment_transactions_subject_idx').on(
      table.purpose,
      table.subjectId,
      table.status,
      table.createdAt.desc(),
    ),
    // The staff's queue of payments to refund (migration 0025).
    index('payment_transactions_refund_queue_idx')
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`refund_due`),
    index('payment_transactions_due_check_idx').on(table.nextCheckAt).where(sql`status = 'pending'`),
    // The day's figures' pending work (0026): payments still waiting, money to give back.
    index('payment_transactions_pending_created_idx').on(table.createdAt).where(sql`status = 'pending'`),
    index('payment_transactions_refund_due_idx')
      .on(table.createdAt)
      .where(sql`status = 'successful' and refund_due`),
    check('payment_transactions_amount_check', sql`${table.amount} > 0`),
    check(
      'payment_transactions_refund_withheld_check',
      sql`${table.refundWithheld} >= 0 and ${table.refundWithheld} <= ${table.amount}`,
    ),
    check('payment_transactions_currency_check', sql`${table.currency} = 'UGX'`),
  ],
);

/**
 * Webhook deliveries, one row per distinct event: a provider that delivers the same event five
 * times gets five acknowledgements and one row. Processed by a job, marked when done.
 */
export const paymentWebhookDeliveries = pgTable(
  'payment_webhook_deliveries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    provider: paymentProviderEnum().notNull(),
    /** event, provider transaction id and status: what makes two deliveries the same. */
    deliveryKey: text().notNull(),
    event: text(),
    providerTransactionId: text(),
    reference: text(),
    payload: jsonb().$type<unknown>().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp({ withTimezone: true }),
    outcome: text(),
    attempts: integer().notNull().default(0),
  },
  (table) => [
    uniqueIndex('payment_webhook_deliveries_key').on(table.provider, table.deliveryKey),
    index('payment_webhook_deliveries_unprocessed_idx').on(table.receivedAt).where(sql`processed_at is null`),
  ],
);

export const sandboxChargeStatusEnum = pgEnum('sandbox_charge_status', SANDBOX_CHARGE_STATUSES);

/**
 * The sandbox provider's own books: what a real provider would hold on its side. The shop's
 * transactions never read this table directly, only through the sandbox provider's verify.
 */
export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    /** The provider's transaction id (numeric, as Flutterwave's). */
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 70_000_001 }),
    reference: text().notNull(),
    amount: integer().notNull(),
    currency: text().notNull(),
    network: paymentNetworkEnum().notNull(),
    phone: text().notNull(),
    email: text().notNull(),
    fullname: text().notNull(),
    redirectUrl: text().notNull(),
    status: sandboxChargeStatusEnum().notNull().default('pending'),
    processorResponse: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (table) => [uniqueIndex('sandbox_charges_reference_key').on(table.reference)],
);
