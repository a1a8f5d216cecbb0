import crypto from 'node:crypto';
import { kampalaIsoDate } from '@shop/contract/kampala-time';
import type { MobileMoneyNetwork } from '@shop/contract/orders';
import { type PageQuery, pageOffset, toPagedList } from '@shop/contract/pagination';
import { classifyPaymentFailure, paymentAdvice } from '@shop/contract/payment-advice';
import {
  maskPhone,
  type PaymentPurpose,
  paymentMessages,
  phoneNetworkProblem,
  RESEND_PROMPT_AFTER_SECONDS,
  type Transaction,
  type TransactionListResponse,
  type TransactionStatus,
} from '@shop/contract/payments';
import type { Tx } from '../../db/transaction';
import { conflict, invalidInput, notFound } from '../../errors';
import type { DomainEventOutbox } from '../../lib/domain-events';
import type { PayableSubject } from './payable-registry';
import { inTransaction, type PaymentsContext } from './payments.context';
import {
  findOwnTransaction,
  findTransaction,
  insertTransaction,
  listSubjectTransactions,
  listUserTransactions,
  lockSubject,
  pendingTransactionsOf,
  type TransactionListRow,
  type TransactionRow,
  updateTransaction,
} from './payments.repository';
import { ProviderUnavailableError } from './providers/provider';
import { sandboxPageUrl } from './providers/sandbox.provider';
import { nextCheckAt, settleTransaction } from './settlement';

/**
 * Starting, checking and listing mobile-money payments. The settlement (./settlement.ts) alone
 * decides outcomes; this file asks providers and shapes answers.
 */

/** The customer's verify calls reach the provider at most this often per transaction. */
const VERIFY_THROTTLE_MS = 3_000;

/** `eventId`: for an RSVP's transaction, the event whose page shows the ticket (see `answerRows`). */
export function toTransaction(row: TransactionListRow, eventId: number | null = null): Transaction {
  return {
    id: row.id,
    reference: row.reference,
    purpose: row.purpose,
    subject_id: row.subjectId,
    subject_label: row.subjectLabel,
    order: row.purpose === 'order' ? row.subjectId : null,
    event: row.purpose === 'event_rsvp' ? eventId : null,
    provider: row.provider,
    payment_method: 'mobile_money',
    network: row.network,
    phone: row.phoneMasked,
    amount: row.amount,
    currency: 'UGX',
    status: row.status,
    failure_reason: row.failureReason,
    failure_advice:
      row.status === 'failed' || row.status === 'cancelled' || row.status === 'expired'
        ? paymentAdvice(classifyPaymentFailure(row.failureReason, row.status), row.network)
        : null,
    next_action: row.status === 'pending' ? (row.nextAction ?? null) : null,
    paid_at: row.paidAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Transactions as answered to the customer: an RSVP's carries its event, so the return page can
 * lead on to the ticket. Orders need no look-up (their id is the subject).
 */
async function answerRows(context: PaymentsContext, rows: TransactionListRow[]): Promise<Transaction[]> {
  const rsvpIds = rows.filter((row) => row.purpose === 'event_rsvp').map((row) => row.subjectId);
  const rsvps = context.payables.has('event_rsvp') ? context.payables.get('event_rsvp') : null;
  if (rsvpIds.length === 0 || !rsvps?.eventsOf) return rows.map((row) => toTransaction(row));
  // One query for the page, not one per row.
  const events = await rsvps.eventsOf(context.db, rsvpIds);
  return rows.map((row) =>
    toTransaction(row, row.purpose === 'event_rsvp' ? (events.get(row.subjectId) ?? null) : null),
  );
}

async function answerRow(context: PaymentsContext, row: TransactionRow): Promise<Transaction> {
  const [answer] = await answerRows(context, [row]);
  if (!answer) throw new Error('answerRows lost a row');
  return answer;
}

/**
 * "KCP-20261122-7KQ2MX9A4B": readable on a statement, unique (the database says so too). The day
 * is Kampala's, as in order numbers: a payment at 01:00 in Kampala is not dated the day before.
 */
export function newReference(now: Date = new Date()): string {
  const day = kampalaIsoDate(now).replaceAll('-', '');
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.randomBytes(10);
  let suffix = '';
  for (const byte of bytes) suffix += alphabet[byte % alphabet.length];
  return `KCP-${day}-${suffix}`;
}

const SUBJECT_NAMES: Record<PaymentPurpose, string> = {
  order: 'Order',
  event_rsvp: 'RSVP',
  order_list: 'List',
};

/** The phone must belong to the network chosen: a prompt sent to the wrong network never arrives. */
function checkNetwork(network: MobileMoneyNetwork, phone: string) {
  const problem = phoneNetworkProblem(network, phone);
  if (problem) throw invalidInput([{ field: 'phone', message: problem }]);
}

export type StartPayment = {
  userId: string;
  purpose: PaymentPurpose;
  subjectId: string;
  network: MobileMoneyNetwork;
  phone: string;
  /** Send a new prompt to the same number, replacing an unanswered one (not before RESEND_PROMPT_AFTER_SECONDS). */
  resend?: boolean | undefined;
};

/**
 * Charges a subject's amount to a mobile-money number:
 * 1. earlier attempts still pending are checked with their provider (one may have been paid);
 * 2. under a lock on the subject: the same number and network while one is pending answers that
 *    one (a double click, a reload), unless the customer asks to send the prompt again and the
 *    first has gone unanswered long enough for the network to take a new one; otherwise earlier
 *    pending attempts are cancelled and a new transaction is written, its amount taken from the
 *    subject;
 * 3. the provider is asked to charge. A refusal fails the transaction; no answer leaves it
 *    pending for the poll, which finds out from the provider whether the charge exists.
 */
export async function startPayment(context: PaymentsContext, input: StartPayment): Promise<Transaction> {
  checkNetwork(input.network, input.phone);
  const kind = context.payables.get(input.purpose);
  const what = SUBJECT_NAMES[input.purpose];

  // (1) A pending attempt may already be paid: find out before charging again.
  const earlier = await pendingTransactionsOf(context.db, input.purpose, input.subjectId);
  for (const row of earlier) {
    if (row.userId === input.userId) await checkWithProvider(context, row);
  }

  // (2)
  const reference = newReference();
  const prepared = await inTransaction(context, async (tx, outbox) => {
    // Locks in the settlement's order (transactions, then the subject), so the two never deadlock.
    await lockSubject(tx, input.purpose, input.subjectId);
    const pending = await pendingTransactionsOf(tx, input.purpose, input.subjectId, { lock: true });
    const subject = await kind.find(tx, input.subjectId, input.userId);
    if (!subject) throw notFound(what);
    refuseUnpayable(subject);
    const same = pending.find(
      (row) =>
        row.network === input.network &&
        row.phone === input.phone &&
        row.amount === subject.amount &&
        row.provider === context.providers.active.name,
    );
    if (same && !input.resend) return { row: same, subject, reused: true };
    if (same) {
      const waited = (Date.now() - same.createdAt.getTime()) / 1000;
      if (waited < RESEND_PROMPT_AFTER_SECONDS) {
        throw conflict(paymentMessages.resendTooSoon(Math.ceil(RESEND_PROMPT_AFTER_SECONDS - waited)));
      }
    }
    await cancelPendingAttempts(tx, outbox, pending, 'Replaced by a new attempt');
    const now = new Date();
    const provider = context.providers.active;
    const row = await insertTransaction(tx, {
      reference,
      userId: input.userId,
      purpose: input.purpose,
      subjectId: subject.id,
      subjectLabel: subject.label,
      provider: provider.name,
      amount: subject.amount,
      currency: subject.currency,
      network: input.network,
      phone: input.phone,
      phoneMasked: maskPhone(input.phone),
      status: 'pending',
      nextAction: {
        type: 'approve_on_phone',
        message: paymentMessages.approveOnPhone(input.network),
        sandbox_url: provider.name === 'sandbox' ? sandboxPageUrl(reference) : null,
      },
      // If this instance stops before the provider answers, the poll still finds the charge.
      nextCheckAt: new Date(now.getTime() + 60_000),
      createdAt: now,
      updatedAt: now,
    });
    return { row, subject, reused: false };
  });
  if (prepared.reused) return toTransaction(prepared.row, prepared.subject.eventId ?? null);

  // (3)
  const { row, subject } = prepared;
  const result = await context.providers.active.initiateCharge({
    reference: row.reference,
    amount: row.amount,
    currency: 'UGX',
    email: subject.customer.email,
    fullname: subject.customer.name,
    phone: row.phone,
    network: row.network,
    redirectUrl: `${context.config.publicUrl}/payment_return?tx_ref=${encodeURIComponent(row.reference)}`,
  });
  const now = new Date();
  if (result.kind === 'accepted') {
    const updated = await updateTransaction(context.db, row.id, {
      providerTransactionId: result.providerTransactionId,
      nextAction: result.nextAction,
      providerResponse: result.raw,
      nextCheckAt: nextCheckAt(row, now),
    });
    return toTransaction(updated, subject.eventId ?? null);
  }
  if (result.kind === 'refused') {
    context.log.warn({ transaction: row.id, reason: result.reason }, 'the provider refused a charge');
    const { row: closed } = await refuseCharge(context, row.id, result.reason, result.raw);
    return toTransaction(closed, subject.eventId ?? null);
  }
  context.log.warn({ transaction: row.id, reason: result.reason }, 'the provider did not answer a charge');
  const updated = await updateTransaction(context.db, row.id, {
    providerResponse: result.raw,
    // The prompt may or may not reach the phone: say so, and let the poll find out.
    nextAction: { type: 'approve_on_phone', message: paymentMessages.providerUnavailable, sandbox_url: null },
    nextCheckAt: new Date(now.getTime() + 20_000),
  });
  return toTransaction(updated, subject.eventId ?? null);
}

/**
 * Cancels attempts still pending (locked by the caller) that the customer gave up on. If the
 * provider later reports one of them paid, the settlement still records it (see settlement.ts).
 */
export async function cancelPendingAttempts(
  tx: Tx,
  outbox: DomainEventOutbox,
  rows: TransactionRow[],
  reason: string,
): Promise<void> {
  for (const row of rows) {
    await updateTransaction(tx, row.id, {
      status: 'cancelled',
      failureReason: reason,
      nextAction: null,
      nextCheckAt: null,
    });
    outbox.publish('payment.failed', {
      transactionId: row.id,
      reference: row.reference,
      userId: row.userId,
      purpose: row.purpose,
      subjectId: row.subjectId,
      subjectLabel: row.subjectLabel,
      status: 'cancelled',
      reason,
      network: row.network,
      refundDue: false,
    });
  }
}

/**
 * For the module that owns a subject, when its customer gives up paying it by mobile money (pays
 * another way, or cancels it). Their pending attempts are first checked with the provider: one
 * approved meanwhile pays the subject, which `change` then finds paid. Then, in one transaction,
 * under the settlement's locks (the transactions, then the subject: `change` locks the subject),
 * `change` runs; it cancels the attempts still pending with `cancelPending(reason)`.
 */
export async function abandonMobileMoney<T>(
  context: PaymentsContext,
  subject: { purpose: PaymentPurpose; subjectId: string; userId: string },
  change: (tx: Tx, outbox: DomainEventOutbox, cancelPending: (reason: string) => Promise<void>) => Promise<T>,
): Promise<T> {
  for (const row of await pendingTransactionsOf(context.db, subject.purpose, subject.subjectId)) {
    if (row.userId === subject.userId) await checkWithProvider(context, row);
  }
  return inTransaction(context, async (tx, outbox) => {
    await lockSubject(tx, subject.purpose, subject.subjectId);
    const pending = await pendingTransactionsOf(tx, subject.purpose, subject.subjectId, { lock: true });
    return change(tx, outbox, (reason) => cancelPendingAttempts(tx, outbox, pending, reason));
  });
}

function refuseUnpayable(subject: PayableSubject) {
  if (subject.state === 'paid') throw conflict(paymentMessages.alreadyPaid);
  if (subject.state !== 'payable') throw conflict(paymentMessages.notPayable);
}

/** A charge the provider refused outright never existed: the transaction fails at once. */
async function refuseCharge(context: PaymentsContext, id: string, reason: string, raw: unknown) {
  return inTransaction(context, async (tx, outbox) => {
    const current = await findTransaction(tx, id);
    if (!current) throw new Error(`payment transaction ${id} vanished`);
    if (current.status !== 'pending') return { row: current };
    const failureReason = `The payment service refused the charge: ${reason}`;
    const row = await updateTransaction(tx, id, {
      status: 'failed',
      failureReason,
      providerResponse: raw,
      nextAction: null,
      nextCheckAt: null,
    });
    outbox.publish('payment.failed', {
      transactionId: row.id,
      reference: row.reference,
      userId: row.userId,
      purpose: row.purpose,
      subjectId: row.subjectId,
      subjectLabel: row.subjectLabel,
      status: 'failed',
      reason: failureReason,
      network: row.network,
      refundDue: false,
    });
    return { row };
  });
}

/**
 * Asks the transaction's provider about it and settles what it says. A provider that cannot
 * answer changes nothing but the time of the next check.
 */
export async function checkWithProvider(
  context: PaymentsContext,
  row: TransactionRow,
  now: Date = new Date(),
): Promise<TransactionRow> {
  const provider = context.providers.get(row.provider);
  if (!provider) {
    context.log.warn({ transaction: row.id, provider: row.provider }, 'no such payment provider configured');
    return updateTransaction(context.db, row.id, { nextCheckAt: nextCheckAt(row, now), lastCheckedAt: now });
  }
  try {
    const verification = await provider.verify({
      providerTransactionId: row.providerTransactionId,
      reference: row.reference,
    });
    return (await settleTransaction(context, row.id, verification, now)).row;
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    context.log.warn(
      { transaction: row.id, err: error },
      'the payment provider could not verify; retrying later',
    );
    return updateTransaction(context.db, row.id, {
      lastCheckedAt: now,
      checkAttempts: row.checkAttempts + 1,
      nextCheckAt: nextCheckAt(row, now),
    });
  }
}

/**
 * `POST /payments/transactions/{id}/verify_payment/`: the customer's own transaction, checked
 * with the provider when it is not yet successful (at most every few seconds), then answered.
 */
export async function verifyOwnTransaction(
  context: PaymentsContext,
  userId: string,
  idOrReference: string,
): Promise<Transaction> {
  const row = await findOwnTransaction(context.db, userId, idOrReference);
  if (!row) throw notFound('Transaction');
  if (row.status === 'successful') return answerRow(context, row);
  const recentlyChecked =
    row.lastCheckedAt !== null && Date.now() - row.lastCheckedAt.getTime() < VERIFY_THROTTLE_MS;
  // A closed transaction is checked again too: a late success must still be found.
  if (recentlyChecked || (row.status !== 'pending' && row.providerTransactionId === null)) {
    return answerRow(context, row);
  }
  return answerRow(context, await checkWithProvider(context, row));
}

/**
 * Sends a pending payment's prompt again, to the same number and network: the customer missed the
 * first or it expired on the phone. Not before RESEND_PROMPT_AFTER_SECONDS (the networks refuse a
 * second prompt while the first is live); the pending attempt is checked with the provider first,
 * then replaced (`startPayment` with `resend`).
 */
export async function resendPrompt(
  context: PaymentsContext,
  userId: string,
  id: string,
): Promise<Transaction> {
  const row = await findOwnTransaction(context.db, userId, id);
  if (!row) throw notFound('Transaction');
  if (row.status !== 'pending') throw conflict(paymentMessages.notWaiting);
  return startPayment(context, {
    userId,
    purpose: row.purpose,
    subjectId: row.subjectId,
    network: row.network,
    phone: row.phone,
    resend: true,
  });
}

export async function listMyTransactions(
  context: PaymentsContext,
  userId: string,
  query: PageQuery,
): Promise<TransactionListResponse> {
  const { rows, total } = await listUserTransactions(context.db, userId, {
    limit: query.page_size,
    offset: pageOffset(query),
  });
  return toPagedList(await answerRows(context, rows), total, query);
}

/**
 * `GET /payments/transactions/by_order/`: a customer's transactions for one of their orders.
 * Another customer's order answers 404, exactly like an order that does not exist.
 */
export async function listOrderTransactions(
  context: PaymentsContext,
  userId: string,
  query: PageQuery & { order_id: string; status: TransactionStatus | 'any' },
): Promise<TransactionListResponse> {
  const subject = await context.db.transaction((tx) =>
    context.payables.get('order').find(tx, query.order_id, userId),
  );
  if (!subject) throw notFound('Order');
  const { rows, total } = await listSubjectTransactions(
    context.db,
    { userId, purpose: 'order', subjectId: query.order_id, status: query.status },
    { limit: query.page_size, offset: pageOffset(query) },
  );
  return toPagedList(await answerRows(context, rows), total, query);
}
