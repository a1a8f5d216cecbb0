import type { CreditNoteFiscal } from '@shop/contract/efris';
import { type PageQuery, pageOffset } from '@shop/contract/pagination';
import type { PaymentPurpose } from '@shop/contract/payments';
import type { RefundStatus } from '@shop/contract/refunds';
import type { RefusalReason } from '@shop/contract/rider';
import { and, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { creditNotes, paymentRefunds, type RestockLine } from '../../db/schema/refunds';
import type { Executor, Tx } from '../../db/transaction';

/**
 * The refunds' SQL. A transaction's "paid" is what the provider took: its amount when it is
 * successful; for a short or wrong-currency payment (failed, refund_due) what the provider said
 * it took. "Refunded" counts the refunds pending or succeeded, so that two refunds asked at the
 * same time can never add up to more than was paid.
 */

export type RefundRow = typeof paymentRefunds.$inferSelect;
export type NewRefund = typeof paymentRefunds.$inferInsert;

const PAID = sql.raw(`CASE
  WHEN t.status = 'successful' THEN t.amount
  WHEN t.refund_due AND jsonb_typeof(t.provider_response->'data'->'amount') = 'number'
    THEN floor((t.provider_response->'data'->>'amount')::numeric)::int
  ELSE 0 END`);
/** Kept from the refund by the shop (the fee for an order refused at the door): never owed back. */
const WITHHELD = sql.raw('t.refund_withheld');
/** Only an order's payment has a fee kept (at the door), so its subject is an order's id. */
const WITHHELD_REASON = sql.raw(`CASE WHEN t.refund_withheld > 0 AND t.purpose = 'order' THEN
  (SELECT d.refusal_reason FROM deliveries d
   WHERE d.order_id = t.subject_id::uuid AND d.door_outcome = 'returned_to_shop') END`);
const REFUNDED = sql.raw(`coalesce((SELECT sum(x.amount) FROM payment_refunds x
  WHERE x.transaction_id = t.id AND x.status <> 'failed'), 0)::int`);

export async function findRefundByKey(db: Executor, key: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, key)).limit(1);
  return row;
}

export async function lockRefund(tx: Tx, id: string): Promise<RefundRow | undefined> {
  const [row] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, id)).for('update');
  return row;
}

export async function findRefund(db: Executor, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, id)).limit(1);
  return row;
}

export async function insertRefund(tx: Tx, values: NewRefund): Promise<RefundRow> {
  const [row] = await tx.insert(paymentRefunds).values(values).returning();
  if (!row) throw new Error('the refund was not written');
  return row;
}

export async function updateRefund(
  tx: Executor,
  id: string,
  changes: Partial<NewRefund>,
): Promise<RefundRow> {
  const [row] = await tx
    .update(paymentRefunds)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(paymentRefunds.id, id))
    .returning();
  if (!row) throw new Error(`refund ${id} does not exist`);
  return row;
}

/** What a locked transaction took and what of it is refunded or being refunded. */
export async function paidAndRefunded(
  tx: Tx,
  transactionId: string,
): Promise<{ paid: number; refunded: number; withheld: number }> {
  const result = await tx.execute<{ paid: number; refunded: number; withheld: number }>(sql`
    SELECT ${PAID} AS paid, ${REFUNDED} AS refunded, ${WITHHELD} AS withheld
    FROM payment_transactions t WHERE t.id = ${transactionId}`);
  return result.rows[0] ?? { paid: 0, refunded: 0, withheld: 0 };
}

/** What may still be refunded of a payment: what it took, less what the shop keeps and what went back. */
export const stillRefundable = (amounts: { paid: number; refunded: number; withheld: number }) =>
  Math.max(0, amounts.paid - amounts.withheld - amounts.refunded);

export type OrderLineRow = { id: number; variant_id: number; quantity: number; returned: number };

/**
 * An order's lines with the bottles already coming back by refunds not failed, or all of them when
 * the order was refused at the door (issue 38: they come back through staff's "bottles back").
 */
export async function orderLinesForRestock(tx: Tx, orderId: string): Promise<OrderLineRow[]> {
  const result = await tx.execute<OrderLineRow>(sql`
    SELECT i.id, i.variant_id, i.quantity,
           CASE WHEN EXISTS (SELECT 1 FROM deliveries d
                             WHERE d.order_id = i.order_id AND d.door_outcome = 'returned_to_shop')
                THEN i.quantity
                ELSE coalesce((SELECT sum((l->>'quantity')::int) FROM payment_refunds r,
                     jsonb_array_elements(r.restock_lines) l
                     WHERE r.purpose = 'order' AND r.subject_id = ${orderId} AND r.status <> 'failed'
                       AND (l->>'lineId')::int = i.id), 0)::int END AS returned
    FROM order_items i WHERE i.order_id = ${orderId}::uuid ORDER BY i.id`);
  return result.rows;
}

/** The next credit note number, CN-000001…: the counter's row stays locked until commit (no gaps). */
export async function nextCreditNoteNumber(tx: Tx): Promise<string> {
  const result = await tx.execute<{ value: string }>(sql`
    UPDATE document_counters SET value = value + 1 WHERE name = 'credit_note' RETURNING value::text AS value`);
  const value = result.rows[0]?.value;
  if (!value) throw new Error('the credit note counter is missing');
  return `CN-${value.padStart(6, '0')}`;
}

export async function insertCreditNote(
  tx: Tx,
  values: typeof creditNotes.$inferInsert,
): Promise<typeof creditNotes.$inferSelect> {
  const [row] = await tx.insert(creditNotes).values(values).returning();
  if (!row) throw new Error('the credit note was not written');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

export type RefundViewRow = {
  id: string;
  transaction_id: string;
  transaction_reference: string;
  purpose: PaymentPurpose;
  subject_id: string;
  subject_label: string;
  provider: 'sandbox' | 'flutterwave';
  user_id: string;
  amount: number;
  reason: string;
  restock_lines: RestockLine[];
  status: RefundStatus;
  failure_reason: string | null;
  created_by_name: string | null;
  created_at: Date | string;
  settled_at: Date | string | null;
  credit_note_id: string | null;
  credit_note_number: string | null;
  efris_state: CreditNoteFiscal['state'] | null;
  efris_reference_no: string | null;
  efris_fiscal_number: string | null;
  efris_error: string | null;
};

const VIEW = sql.raw(`
  SELECT r.id, r.transaction_id, t.reference AS transaction_reference, r.purpose, r.subject_id,
         t.subject_label, t.provider, t.user_id, r.amount, r.reason, r.restock_lines, r.status,
         r.failure_reason, u.name AS created_by_name, r.created_at, r.settled_at,
         c.id AS credit_note_id, c.number AS credit_note_number,
         e.state AS efris_state, e.ura_reference_no AS efris_reference_no,
         e.fiscal_document_number AS efris_fiscal_number, e.last_error AS efris_error
  FROM payment_refunds r
  JOIN payment_transactions t ON t.id = r.transaction_id
  LEFT JOIN users u ON u.id = r.created_by
  LEFT JOIN credit_notes c ON c.refund_id = r.id
  LEFT JOIN efris_credit_notes e ON e.credit_note_id = c.id`);

export async function refundView(db: Executor, id: string): Promise<RefundViewRow | undefined> {
  const result = await db.execute<RefundViewRow>(sql`${VIEW} WHERE r.id = ${id}`);
  return result.rows[0];
}

export async function refundsOfSubject(
  db: Executor,
  purpose: PaymentPurpose,
  subjectId: string,
): Promise<RefundViewRow[]> {
  const result = await db.execute<RefundViewRow>(sql`
    ${VIEW} WHERE r.purpose = ${purpose} AND r.subject_id = ${subjectId} ORDER BY r.created_at DESC, r.id DESC`);
  return result.rows;
}

/** A page of refunds, newest first; `userId` narrows to one customer's. */
export async function pageOfRefunds(
  db: Executor,
  filter: { status?: RefundStatus; userId?: string; subjectId?: string },
  query: PageQuery,
): Promise<{ rows: RefundViewRow[]; total: number }> {
  const conditions: SQL[] = [sql`true`];
  if (filter.status) conditions.push(sql`r.status = ${filter.status}`);
  if (filter.userId) conditions.push(sql`t.user_id = ${filter.userId}`);
  if (filter.subjectId) conditions.push(sql`r.subject_id = ${filter.subjectId}`);
  const where = sql.join(conditions, sql` AND `);
  const [page, count] = await Promise.all([
    db.execute<RefundViewRow>(sql`
      ${VIEW} WHERE ${where} ORDER BY r.created_at DESC, r.id DESC
      LIMIT ${query.page_size} OFFSET ${pageOffset(query)}`),
    db.execute<{ total: number }>(sql`
      SELECT count(*)::int AS total FROM payment_refunds r
      JOIN payment_transactions t ON t.id = r.transaction_id WHERE ${where}`),
  ]);
  return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
}

export type RefundableRow = {
  id: string;
  reference: string;
  purpose: PaymentPurpose;
  subject_id: string;
  subject_label: string;
  provider: 'sandbox' | 'flutterwave';
  status: 'pending' | 'successful' | 'failed' | 'cancelled' | 'expired';
  refund_due: boolean;
  failure_reason: string | null;
  phone_masked: string;
  paid: number;
  refunded: number;
  withheld: number;
  /** The refusal at the door that made the shop keep `withheld`; null when nothing is kept. */
  withheld_reason: RefusalReason | null;
  paid_at: Date | string | null;
};

const REFUNDABLE = sql`
  SELECT t.id, t.reference, t.purpose, t.subject_id, t.subject_label, t.provider, t.status, t.refund_due,
         t.failure_reason, t.phone_masked, ${PAID} AS paid, ${REFUNDED} AS refunded, ${WITHHELD} AS withheld,
         ${WITHHELD_REASON} AS withheld_reason, t.paid_at
  FROM payment_transactions t`;

/** A subject's payments that took money, oldest first. */
export async function refundableOfSubject(
  db: Executor,
  purpose: PaymentPurpose,
  subjectId: string,
): Promise<RefundableRow[]> {
  const result = await db.execute<RefundableRow>(sql`
    ${REFUNDABLE}
    WHERE t.purpose = ${purpose} AND t.subject_id = ${subjectId}
      AND (t.status = 'successful' OR t.refund_due)
    ORDER BY t.created_at, t.id`);
  return result.rows;
}

/** The queue: `refund_due` payments with something left to refund, oldest first. */
export async function pageOfRefundDue(
  db: Executor,
  query: PageQuery,
): Promise<{ rows: RefundableRow[]; total: number }> {
  const open = sql`t.refund_due AND ${PAID} > ${WITHHELD} + ${REFUNDED}`;
  const [page, count] = await Promise.all([
    db.execute<RefundableRow>(sql`
      ${REFUNDABLE} WHERE ${open} ORDER BY t.created_at, t.id
      LIMIT ${query.page_size} OFFSET ${pageOffset(query)}`),
    db.execute<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM payment_transactions t WHERE ${open}`,
    ),
  ]);
  return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
}

/** Pending refunds whose check is due, claimed for `leaseMs` (one poller takes each). */
export async function claimDueRefunds(
  db: Database,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<RefundRow[]> {
  const due = db
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.status, 'pending'), lte(paymentRefunds.nextCheckAt, now)))
    .orderBy(paymentRefunds.nextCheckAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(paymentRefunds)
    .set({ nextCheckAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(paymentRefunds.id, due))
    .returning();
}

/** Provider refund ids already matched to other refunds of this transaction. */
export async function knownProviderRefundIds(db: Executor, transactionId: string): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    SELECT provider_refund_id AS id FROM payment_refunds
    WHERE transaction_id = ${transactionId} AND provider_refund_id IS NOT NULL`);
  return result.rows.map((row) => row.id);
}

export async function findRefundByProviderId(
  db: Executor,
  provider: string,
  providerRefundId: string,
): Promise<RefundRow | undefined> {
  const result = await db.execute<{ id: string }>(sql`
    SELECT r.id FROM payment_refunds r JOIN payment_transactions t ON t.id = r.transaction_id
    WHERE r.provider_refund_id = ${providerRefundId} AND t.provider = ${provider} LIMIT 1`);
  const id = result.rows[0]?.id;
  return id ? findRefund(db, id) : undefined;
}

/** The successful RSVP payment of each RSVP that gave value. */
export async function paidRsvpTransactions(
  db: Executor,
  rsvpIds: string[],
): Promise<Array<{ id: string; subject_id: string }>> {
  if (rsvpIds.length === 0) return [];
  const result = await db.execute<{ id: string; subject_id: string }>(sql`
    SELECT id, subject_id FROM payment_transactions
    WHERE purpose = 'event_rsvp' AND subject_id = ANY(${sql.param(rsvpIds)}::text[])
      AND status = 'successful' AND NOT refund_due`);
  return result.rows;
}

/**
 * Cancelled events with paid tickets that no cancelled-event refund has been asked for: the job
 * queued after the cancel's commit was lost (the process stopped in between). Events cancelled in
 * the last `graceMinutes` are left to that job.
 */
export async function cancelledEventsWithUnrefundedTickets(
  db: Executor,
  graceMinutes: number,
): Promise<Array<{ event_id: number; reason: string; rsvp_ids: string[] }>> {
  const result = await db.execute<{ event_id: number; reason: string; rsvp_ids: string[] }>(sql`
    SELECT e.id AS event_id, coalesce(e.cancel_reason, '') AS reason, array_agg(r.id::text) AS rsvp_ids
    FROM events e
    JOIN rsvps r ON r.event_id = e.id
    JOIN payment_transactions t
      ON t.purpose = 'event_rsvp' AND t.subject_id = r.id::text AND t.status = 'successful' AND NOT t.refund_due
    WHERE e.status = 'cancelled'
      AND e.cancelled_at < now() - make_interval(mins => ${graceMinutes})
      AND NOT EXISTS (
        SELECT 1 FROM payment_refunds pr WHERE pr.idempotency_key = 'event-cancelled:' || t.id::text)
    GROUP BY e.id, e.cancel_reason`);
  return result.rows;
}

// ---------------------------------------------------------------------------------------------
// Credit notes
// ---------------------------------------------------------------------------------------------

export type CreditNoteRow = {
  id: string;
  number: string;
  amount: number;
  issued_at: Date | string;
  refund_id: string;
  reason: string;
  purpose: PaymentPurpose;
  subject_id: string;
  subject_label: string;
  transaction_reference: string;
  provider: string;
  phone_masked: string;
  user_id: string;
  customer_name: string;
  customer_email: string;
  invoice_number: string | null;
  /** Against a tax invoice: the shop's TIN on it, and the business it was made out to. */
  invoice_shop_tin: string | null;
  vat_business_name: string | null;
  vat_business_tin: string | null;
  /** URA's part (decision 0030): the application's reference, the fiscal number once approved. */
  efris_state: CreditNoteFiscal['state'] | null;
  efris_reference_no: string | null;
  efris_fiscal_number: string | null;
};

const CREDIT_NOTE = sql.raw(`
  SELECT c.id, c.number, c.amount, c.issued_at, c.refund_id, r.reason, r.purpose, r.subject_id,
         t.subject_label, t.reference AS transaction_reference, t.provider, t.phone_masked, t.user_id,
         u.name AS customer_name, u.email AS customer_email,
         inv.invoice_number, inv.shop_tin AS invoice_shop_tin, inv.vat_business_name, inv.vat_business_tin,
         e.state AS efris_state, e.ura_reference_no AS efris_reference_no, e.fiscal_document_number AS efris_fiscal_number
  FROM credit_notes c
  LEFT JOIN efris_credit_notes e ON e.credit_note_id = c.id
  JOIN payment_refunds r ON r.id = c.refund_id
  JOIN payment_transactions t ON t.id = r.transaction_id
  JOIN users u ON u.id = t.user_id
  LEFT JOIN LATERAL (
    SELECT i.invoice_number, i.shop_tin, o.vat_business_name, o.vat_business_tin
    FROM invoices i JOIN orders o ON o.id = i.order_id
    WHERE r.purpose = 'order' AND i.order_id = r.subject_id::uuid
  ) inv ON true`);

/** A credit note: the customer's own (`userId`), or any (null, staff). */
export async function findCreditNote(
  db: Executor,
  id: string,
  userId: string | null,
): Promise<CreditNoteRow | undefined> {
  const result = await db.execute<CreditNoteRow>(sql`
    ${CREDIT_NOTE} WHERE c.id = ${id} AND (${userId}::uuid IS NULL OR t.user_id = ${userId}::uuid)`);
  return result.rows[0];
}

/**
 * Credit notes issued in [from, to), a page at a time in number order (keyset on the number:
 * zero-padded, so text order is number order).
 */
export async function creditNotesBetween(
  db: Executor,
  from: Date,
  to: Date,
  afterNumber: string | null,
  limit: number,
): Promise<CreditNoteRow[]> {
  const result = await db.execute<CreditNoteRow>(sql`
    ${CREDIT_NOTE}
    WHERE c.issued_at >= ${from.toISOString()}::timestamptz AND c.issued_at < ${to.toISOString()}::timestamptz
      AND (${afterNumber}::text IS NULL OR c.number > ${afterNumber}::text)
    ORDER BY c.number LIMIT ${limit}`);
  return result.rows;
}

/** The customer's credit notes, in number order (the copy of their data, modules/data-exports). */
export async function creditNotesOfUser(db: Executor, userId: string): Promise<CreditNoteRow[]> {
  const result = await db.execute<CreditNoteRow>(sql`
    ${CREDIT_NOTE} WHERE t.user_id = ${userId}::uuid ORDER BY c.number`);
  return result.rows;
}
