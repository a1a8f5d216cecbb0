import { kampalaIsoDate } from '@shop/contract/kampala-time';
import { formatUGX } from '@shop/contract/money';
import type { Order } from '@shop/contract/orders';
import { type PageQuery, toPagedList } from '@shop/contract/pagination';
import {
  CREDIT_NOTE_CSV_HEADER,
  type CreditNoteExportQuery,
  creditNotePdfPath,
  type MyRefund,
  type MyRefundListResponse,
  type Refund,
  type RefundableTransaction,
  type RefundDueListResponse,
  type RefundListResponse,
  type RefundResponse,
  type RefundStatus,
  type RefundSubject,
  type RefundSubjectQuery,
  refundMessages,
  type refundRequestSchema,
} from '@shop/contract/refunds';
import { keptFeeReason } from '@shop/contract/rider';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { RestockLine } from '../../db/schema/refunds';
import type { Tx } from '../../db/transaction';
import { uniqueViolationIn } from '../../db/unique-violations';
import { conflict, invalidInput, notFound } from '../../errors';
import { csvLine } from '../../lib/csv';
import { type AuditActor, recordAudit, SYSTEM_ACTOR } from '../audit/audit';
import { inTransaction, type PaymentsContext } from '../payments/payments.context';
import { findTransaction, lockTransaction, type TransactionRow } from '../payments/payments.repository';
import type { ProviderRefund } from '../payments/providers/provider';
import { ProviderUnavailableError } from '../payments/providers/provider';
import { giveBackStockOfOrder } from '../stock/stock.repository';
import { renderCreditNotePdf } from './credit-note-pdf';
import {
  cancelledEventsWithUnrefundedTickets,
  claimDueRefunds,
  creditNotesBetween,
  findCreditNote,
  findRefund,
  findRefundByKey,
  findRefundByProviderId,
  insertCreditNote,
  insertRefund,
  knownProviderRefundIds,
  lockRefund,
  nextCreditNoteNumber,
  orderLinesForRestock,
  pageOfRefundDue,
  pageOfRefunds,
  paidAndRefunded,
  paidRsvpTransactions,
  type RefundableRow,
  type RefundRow,
  type RefundViewRow,
  refundableOfSubject,
  refundsOfSubject,
  refundView,
  stillRefundable,
  updateRefund,
} from './refunds.repository';

/**
 * Refunds that move money. A refund is written pending (under the paid transaction's row lock,
 * with the sum of its other refunds), then asked of the provider outside any database
 * transaction; the provider's answer, its webhook or the poll settles it, once: the refund's row
 * is locked and only a pending refund changes. A succeeded refund gets its credit note (own
 * gap-free series) and, for an order, its bottles back in stock, in the same transaction.
 */

type ParsedRefundRequest = z.output<typeof refundRequestSchema>;

const MINUTE_MS = 60_000;
/** Midnight of a Kampala day (UTC+3, no daylight saving). */
const kampalaDayStart = (day: string) => new Date(`${day}T00:00:00+03:00`);
/** A refund the provider never heard of (its call got no answer) fails after this long. */
const UNKNOWN_REFUND_GIVE_UP_MS = 15 * MINUTE_MS;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** 30 s, 1 min, 2 min … up to 10 minutes between checks of a pending refund. */
export function nextRefundCheckAt(attempts: number, now: Date): Date {
  return new Date(now.getTime() + Math.min(30_000 * 2 ** Math.min(attempts, 10), 10 * MINUTE_MS));
}

function creditNoteOf(
  row: Pick<
    RefundViewRow,
    | 'credit_note_id'
    | 'credit_note_number'
    | 'efris_state'
    | 'efris_reference_no'
    | 'efris_fiscal_number'
    | 'efris_error'
  >,
) {
  return row.credit_note_id && row.credit_note_number
    ? {
        id: row.credit_note_id,
        number: row.credit_note_number,
        pdf_url: creditNotePdfPath(row.credit_note_id),
        efris: row.efris_state
          ? {
              state: row.efris_state,
              ura_reference_no: row.efris_reference_no,
              fiscal_document_number: row.efris_fiscal_number,
              last_error: row.efris_error,
            }
          : null,
      }
    : null;
}

export function toRefund(row: RefundViewRow): Refund {
  return {
    id: row.id,
    transaction_id: row.transaction_id,
    transaction_reference: row.transaction_reference,
    purpose: row.purpose,
    subject_id: row.subject_id,
    subject_label: row.subject_label,
    provider: row.provider,
    amount: row.amount,
    reason: row.reason,
    restock_lines: row.restock_lines.map((line) => ({ line_id: line.lineId, quantity: line.quantity })),
    status: row.status,
    failure_reason: row.failure_reason,
    created_by: row.created_by_name,
    created_at: iso(row.created_at) ?? '',
    settled_at: iso(row.settled_at),
    credit_note: creditNoteOf(row),
  };
}

function toMyRefund(row: RefundViewRow): MyRefund {
  return {
    id: row.id,
    subject_label: row.subject_label,
    purpose: row.purpose,
    subject_id: row.subject_id,
    amount: row.amount,
    reason: row.reason,
    status: row.status,
    created_at: iso(row.created_at) ?? '',
    settled_at: iso(row.settled_at),
    credit_note: creditNoteOf(row),
  };
}

/**
 * The fee kept from an order's refund and what is still due to the customer after it, for the
 * customer's order page: from the same rows and rule as the refund screen. Null when none is kept.
 */
export async function withheldOfOrder(db: Database, orderId: string): Promise<Order['refund_withheld']> {
  const payments = (await refundableOfSubject(db, 'order', orderId)).filter((row) => row.withheld > 0);
  const first = payments[0];
  if (!first?.withheld_reason) return null;
  return {
    amount: payments.reduce((sum, row) => sum + row.withheld, 0),
    reason: keptFeeReason(first.withheld_reason),
    refund_due: payments.reduce((sum, row) => sum + stillRefundable(row), 0),
  };
}

function toRefundable(row: RefundableRow): RefundableTransaction {
  return {
    id: row.id,
    reference: row.reference,
    purpose: row.purpose,
    subject_id: row.subject_id,
    subject_label: row.subject_label,
    provider: row.provider,
    status: row.status,
    refund_due: row.refund_due,
    failure_reason: row.failure_reason,
    phone: row.phone_masked,
    paid: row.paid,
    refunded: row.refunded,
    withheld: row.withheld,
    withheld_reason: row.withheld > 0 && row.withheld_reason ? keptFeeReason(row.withheld_reason) : null,
    refundable: stillRefundable(row),
    paid_at: iso(row.paid_at),
  };
}

async function answer(context: Pick<PaymentsContext, 'db'>, id: string): Promise<Refund> {
  const row = await refundView(context.db, id);
  if (!row) throw notFound('Refund');
  return toRefund(row);
}

/** The bottles asked back, checked against the order's lines and what other refunds bring back. */
async function checkRestock(
  tx: Tx,
  payment: TransactionRow,
  asked: ParsedRefundRequest['restock_lines'],
): Promise<RestockLine[]> {
  if (asked.length === 0) return [];
  if (payment.purpose !== 'order' || payment.refundDue) {
    throw invalidInput([{ field: 'restock_lines', message: refundMessages.restockOnlyOrders }]);
  }
  const lines = await orderLinesForRestock(tx, payment.subjectId);
  const wanted = new Map<number, number>();
  const result: RestockLine[] = [];
  asked.forEach((item, index) => {
    const line = lines.find((candidate) => candidate.id === item.line_id);
    if (!line) {
      throw invalidInput([
        { field: `restock_lines.${index}.line_id`, message: 'is not a line of this order' },
      ]);
    }
    const total = (wanted.get(line.id) ?? 0) + item.quantity;
    wanted.set(line.id, total);
    const left = line.quantity - line.returned;
    if (total > left) {
      throw invalidInput([
        {
          field: `restock_lines.${index}.quantity`,
          message: `at most ${left} bottle${left === 1 ? '' : 's'} of this line can come back`,
        },
      ]);
    }
    result.push({ lineId: line.id, variantId: line.variant_id, quantity: item.quantity });
  });
  return result;
}

/**
 * Refunds (part of) a paid transaction. The same idempotency key answers the same refund
 * (`replayed`), whoever asks and however often; a key used for another refund is refused.
 */
export async function requestRefund(
  context: PaymentsContext,
  actor: AuditActor,
  input: ParsedRefundRequest,
  now: Date = new Date(),
): Promise<RefundResponse> {
  const reason = input.reason.trim();
  const keyReused = () =>
    conflict(refundMessages.keyReused, 'conflict', [
      { field: 'idempotency_key', message: refundMessages.keyReused },
    ]);
  let prepared: { refund: RefundRow; payment: TransactionRow; replayed: boolean };
  try {
    prepared = await inTransaction(context, async (tx) => {
      // Every refund of one payment passes here one at a time: the sum below is exact.
      const payment = await lockTransaction(tx, input.transaction_id);
      if (!payment) throw notFound('Payment');
      const existing = await findRefundByKey(tx, input.idempotency_key);
      if (existing) {
        if (existing.transactionId !== payment.id || existing.amount !== input.amount) throw keyReused();
        return { refund: existing, payment, replayed: true };
      }
      const amounts = await paidAndRefunded(tx, payment.id);
      if (amounts.paid <= 0) throw conflict(refundMessages.nothingPaid);
      const refundable = stillRefundable(amounts);
      if (input.amount > refundable) {
        throw invalidInput([
          { field: 'amount', message: refundMessages.amountTooLarge(formatUGX(refundable)) },
        ]);
      }
      if (!payment.providerTransactionId) {
        throw conflict('The provider never named this charge: refund it from the provider’s dashboard');
      }
      const restockLines = await checkRestock(tx, payment, input.restock_lines);
      const refund = await insertRefund(tx, {
        transactionId: payment.id,
        purpose: payment.purpose,
        subjectId: payment.subjectId,
        amount: input.amount,
        reason,
        restock: restockLines.length > 0,
        restockLines,
        status: 'pending',
        idempotencyKey: input.idempotency_key,
        createdBy: actor.id,
        nextCheckAt: nextRefundCheckAt(0, now),
      });
      const bottles = restockLines.reduce((sum, line) => sum + line.quantity, 0);
      await recordAudit(tx, actor, {
        kind: 'refund.request',
        subjectType: 'refund',
        subjectId: refund.id,
        summary: `Refund of ${formatUGX(input.amount)} for ${payment.subjectLabel} asked of ${payment.provider}${
          bottles > 0 ? ` (${bottles} bottle${bottles === 1 ? '' : 's'} back in stock once refunded)` : ''
        }: ${reason}`,
        before: null,
        after: { transaction: payment.reference, amount: input.amount, reason, restock_lines: restockLines },
      });
      return { refund, payment, replayed: false };
    });
  } catch (error) {
    // The same key on another payment, at the same instant: the unique index answered.
    if (uniqueViolationIn(error)?.constraint === 'payment_refunds_idempotency_key') throw keyReused();
    throw error;
  }
  if (!prepared.replayed) await askProvider(context, prepared.refund, prepared.payment, now);
  return { ...(await answer(context, prepared.refund.id)), replayed: prepared.replayed };
}

/** Asks the provider once; its answer settles the refund, or leaves it pending for the poll. */
async function askProvider(
  context: PaymentsContext,
  refund: RefundRow,
  payment: TransactionRow,
  now: Date,
): Promise<void> {
  const provider = context.providers.get(payment.provider);
  if (!provider || !payment.providerTransactionId) {
    await settleRefund(context, refund.id, {
      status: 'failed',
      reason: 'The payment provider is not configured',
    });
    return;
  }
  const result = await provider.refund({
    providerTransactionId: payment.providerTransactionId,
    amount: refund.amount,
    comments: refund.reason,
  });
  if (result.kind === 'accepted') {
    await settleRefund(context, refund.id, { ...result.refund, reason: null }, now);
  } else if (result.kind === 'refused') {
    await settleRefund(context, refund.id, { status: 'failed', reason: result.reason, raw: result.raw }, now);
  } else {
    context.log.warn({ refund: refund.id, reason: result.reason }, 'a refund call got no usable answer');
    await updateRefund(context.db, refund.id, { providerResponse: result.raw });
  }
}

type RefundOutcome =
  | (Partial<ProviderRefund> & { status: 'succeeded' | 'pending'; reason?: null })
  | { status: 'failed'; reason: string | null; raw?: unknown; providerRefundId?: string };

/**
 * The one place a refund's state changes. Only a pending refund changes, under its row lock:
 * the provider's answer, a webhook and the poll may all arrive, the credit note is issued once.
 */
export async function settleRefund(
  context: Pick<PaymentsContext, 'db' | 'events'>,
  refundId: string,
  outcome: RefundOutcome,
  now: Date = new Date(),
): Promise<RefundRow> {
  return inTransaction(context, async (tx, outbox) => {
    const row = await lockRefund(tx, refundId);
    if (!row) throw new Error(`refund ${refundId} does not exist`);
    if (row.status !== 'pending') return row;
    const known = {
      providerRefundId: outcome.providerRefundId ?? row.providerRefundId,
      providerResponse: outcome.raw ?? row.providerResponse,
      checkAttempts: row.checkAttempts + 1,
    };
    if (outcome.status === 'pending') {
      return updateRefund(tx, row.id, {
        ...known,
        nextCheckAt: nextRefundCheckAt(row.checkAttempts + 1, now),
      });
    }
    const payment = await findTransaction(tx, row.transactionId);
    if (!payment) throw new Error(`payment ${row.transactionId} does not exist`);
    if (outcome.status === 'failed') {
      const reason = outcome.reason ?? 'The provider could not refund this payment';
      const failed = await updateRefund(tx, row.id, {
        ...known,
        status: 'failed',
        failureReason: reason,
        settledAt: now,
        nextCheckAt: null,
      });
      await recordAudit(tx, SYSTEM_ACTOR, {
        kind: 'refund.fail',
        subjectType: 'refund',
        subjectId: row.id,
        summary: `Refund of ${formatUGX(row.amount)} for ${payment.subjectLabel} failed: ${reason}`,
        before: { status: 'pending' },
        after: { status: 'failed', failure_reason: reason },
      });
      outbox.publish('refund.failed', {
        refundId: row.id,
        subjectLabel: payment.subjectLabel,
        amount: row.amount,
        reason,
      });
      return failed;
    }
    const succeeded = await updateRefund(tx, row.id, {
      ...known,
      status: 'succeeded',
      failureReason: null,
      settledAt: now,
      nextCheckAt: null,
    });
    // Stock rows before the counter: the counter's lock is held to the commit, so take it last.
    // Credited to the member of staff who asked for the refund; a hamper's line brings back its parts.
    if (row.purpose === 'order' && row.restockLines.length > 0) {
      await giveBackStockOfOrder(tx, row.subjectId, {
        reason: 'returned',
        lines: row.restockLines,
        note: `Refunded: ${row.reason}`.slice(0, 500),
        actorId: row.createdBy,
      });
    }
    const number = await nextCreditNoteNumber(tx);
    await insertCreditNote(tx, { number, refundId: row.id, amount: row.amount, issuedAt: now });
    await recordAudit(tx, SYSTEM_ACTOR, {
      kind: 'refund.succeed',
      subjectType: 'refund',
      subjectId: row.id,
      summary: `Refund of ${formatUGX(row.amount)} for ${payment.subjectLabel} made by ${payment.provider}; credit note ${number}`,
      before: { status: 'pending' },
      after: { status: 'succeeded', credit_note: number, provider_refund_id: known.providerRefundId },
    });
    outbox.publish('refund.succeeded', {
      refundId: row.id,
      userId: payment.userId,
      purpose: payment.purpose,
      subjectId: payment.subjectId,
      subjectLabel: payment.subjectLabel,
      amount: row.amount,
      creditNoteNumber: number,
    });
    return succeeded;
  });
}

/** Asks the provider about one pending refund and settles it with what it says. */
export async function checkRefund(context: PaymentsContext, row: RefundRow, now: Date): Promise<RefundRow> {
  const payment = await findTransaction(context.db, row.transactionId);
  const provider = payment ? context.providers.get(payment.provider) : undefined;
  if (!payment?.providerTransactionId || !provider) {
    return settleRefund(
      context,
      row.id,
      { status: 'failed', reason: 'The payment provider is not configured' },
      now,
    );
  }
  const excluded = (await knownProviderRefundIds(context.db, payment.id)).filter(
    (id) => id !== row.providerRefundId,
  );
  const found = await provider.findRefund({
    providerRefundId: row.providerRefundId,
    providerTransactionId: payment.providerTransactionId,
    amount: row.amount,
    since: new Date(row.createdAt.getTime() - MINUTE_MS),
    excludeIds: excluded,
  });
  if (found) return settleRefund(context, row.id, { ...found, reason: null }, now);
  if (!row.providerRefundId && now.getTime() - row.createdAt.getTime() > UNKNOWN_REFUND_GIVE_UP_MS) {
    // The refund call got no answer and the provider has no such refund: nothing was returned.
    return settleRefund(
      context,
      row.id,
      { status: 'failed', reason: 'The provider has no record of this refund: nothing was refunded' },
      now,
    );
  }
  return settleRefund(context, row.id, { status: 'pending' }, now);
}

export type RefundPollReport = { checked: number; settled: number };

/** The poll: each pending refund whose check is due (a job every minute, once across instances). */
export async function pollPendingRefunds(
  context: PaymentsContext,
  now: Date = new Date(),
): Promise<RefundPollReport> {
  const report: RefundPollReport = { checked: 0, settled: 0 };
  const due = await claimDueRefunds(context.db, now, 2 * MINUTE_MS, 50);
  for (const row of due) {
    try {
      const after = await checkRefund(context, row, now);
      report.checked += 1;
      if (after.status !== 'pending') report.settled += 1;
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) {
        context.log.error({ err: error, refund: row.id }, 'checking a pending refund failed');
      }
    }
  }
  return report;
}

/**
 * A refund webhook (`refund.*`): its body is not believed, the provider is asked about the
 * refund it names. Answers the outcome, recorded on the delivery.
 */
export async function processRefundDelivery(
  context: PaymentsContext,
  delivery: { provider: 'sandbox' | 'flutterwave'; providerTransactionId: string | null },
  now: Date = new Date(),
): Promise<string> {
  if (!delivery.providerTransactionId) return 'unknown refund';
  const row = await findRefundByProviderId(context.db, delivery.provider, delivery.providerTransactionId);
  if (!row) return 'unknown refund';
  if (row.status !== 'pending') return `already ${row.status}`;
  const after = await checkRefund(context, row, now);
  return `refund ${after.status}`;
}

/**
 * A cancelled event's paid tickets, refunded in full through the same path as staff refunds; the
 * key per payment makes a second run (job retry, the event published twice) refund nothing more.
 */
export async function refundCancelledEvent(
  context: PaymentsContext,
  input: { eventId: number; reason: string; rsvpIds: string[] },
): Promise<number> {
  const payments = await paidRsvpTransactions(context.db, input.rsvpIds);
  let asked = 0;
  for (const payment of payments) {
    const amounts = await context.db.transaction((tx) => paidAndRefunded(tx, payment.id));
    const key = `event-cancelled:${payment.id}`;
    const existing = await findRefundByKey(context.db, key);
    const amount = existing?.amount ?? stillRefundable(amounts);
    if (amount <= 0) continue;
    await requestRefund(context, SYSTEM_ACTOR, {
      transaction_id: payment.id,
      amount,
      reason: `Event cancelled: ${input.reason}`.slice(0, 500),
      restock_lines: [],
      idempotency_key: key,
    });
    asked += 1;
  }
  return asked;
}

/**
 * The safety net for {@link refundCancelledEvent}: its job is queued after the cancel commits, so
 * a process stopped in between would leave paid tickets unrefunded. Run hourly; each event found
 * goes through the same idempotent path (keys `event-cancelled:{payment}`).
 */
export async function refundCancelledEventsLeftBehind(
  context: PaymentsContext,
  graceMinutes = CANCELLED_EVENT_GRACE_MINUTES,
): Promise<number> {
  const events = await cancelledEventsWithUnrefundedTickets(context.db, graceMinutes);
  let asked = 0;
  for (const event of events) {
    asked += await refundCancelledEvent(context, {
      eventId: event.event_id,
      reason: event.reason,
      rsvpIds: event.rsvp_ids,
    });
  }
  return asked;
}

/** How long the cancelled-event job has before the hourly sweep steps in. */
const CANCELLED_EVENT_GRACE_MINUTES = 30;

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

export async function getRefundSubject(db: Database, query: RefundSubjectQuery): Promise<RefundSubject> {
  const [transactions, refunds] = await Promise.all([
    refundableOfSubject(db, query.purpose, query.subject_id),
    refundsOfSubject(db, query.purpose, query.subject_id),
  ]);
  return { transactions: transactions.map(toRefundable), refunds: refunds.map(toRefund) };
}

export async function getRefunds(
  db: Database,
  query: PageQuery & { status?: RefundStatus },
): Promise<RefundListResponse> {
  const { rows, total } = await pageOfRefunds(db, { status: query.status }, query);
  return toPagedList(rows.map(toRefund), total, query);
}

export async function getRefundDue(db: Database, query: PageQuery): Promise<RefundDueListResponse> {
  const { rows, total } = await pageOfRefundDue(db, query);
  return toPagedList(rows.map(toRefundable), total, query);
}

export async function getMyRefunds(
  db: Database,
  userId: string,
  query: PageQuery & { subject_id?: string },
): Promise<MyRefundListResponse> {
  const { rows, total } = await pageOfRefunds(db, { userId, subjectId: query.subject_id }, query);
  return toPagedList(rows.map(toMyRefund), total, query);
}

export async function getRefund(db: Database, id: string): Promise<Refund> {
  const row = await findRefund(db, id);
  if (!row) throw notFound('Refund');
  return answer({ db }, id);
}

/** A credit note's PDF: the customer's own (`userId`), or any for staff (null). */
export async function creditNotePdf(
  db: Database,
  id: string,
  userId: string | null,
): Promise<{ fileName: string; pdf: Uint8Array }> {
  const row = await findCreditNote(db, id, userId);
  if (!row) throw notFound('Credit note');
  return {
    fileName: `${row.number.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`,
    pdf: await renderCreditNotePdf(row),
  };
}

const EXPORT_PAGE = 500;

/** The credit notes of Kampala days [date_from, date_to] as CSV, read a page at a time. */
export async function* exportCreditNotes(
  db: Database,
  query: CreditNoteExportQuery,
  now: Date = new Date(),
): AsyncGenerator<string> {
  const dateTo = query.date_to ?? kampalaIsoDate(now);
  const dateFrom = query.date_from ?? `${dateTo.slice(0, 8)}01`;
  const from = kampalaDayStart(dateFrom);
  const to = new Date(kampalaDayStart(dateTo).getTime() + 24 * 60 * MINUTE_MS);
  yield `${CREDIT_NOTE_CSV_HEADER}\r\n`;
  let after: string | null = null;
  for (;;) {
    const rows = await creditNotesBetween(db, from, to, after, EXPORT_PAGE);
    if (rows.length === 0) return;
    yield rows
      .map((row) =>
        csvLine([
          row.number,
          iso(row.issued_at),
          row.amount,
          'UGX',
          row.refund_id,
          row.subject_label,
          row.transaction_reference,
          row.provider,
          row.reason,
          row.customer_email,
        ]),
      )
      .join('');
    const last = rows[rows.length - 1];
    if (!last || rows.length < EXPORT_PAGE) return;
    after = last.number;
  }
}
