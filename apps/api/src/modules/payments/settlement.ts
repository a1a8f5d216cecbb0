import { formatUGX } from '@shop/contract/money';
import { PENDING_PAYMENT_EXPIRY_MINUTES } from '@shop/contract/payments';
import type { Tx } from '../../db/transaction';
import type { DomainEventOutbox } from '../../lib/domain-events';
import type { MarkPaidResult } from './payable-registry';
import { inTransaction, type PaymentsContext } from './payments.context';
import { lockTransaction, type TransactionRow, updateTransaction } from './payments.repository';
import type { ProviderCharge, VerifyResult } from './providers/provider';

/**
 * The settlement: the one place where a provider's verified answer changes a transaction and,
 * for a verified successful payment, gives value. Whatever calls it (webhook job, return page,
 * the customer's verify, the poll) and however often, value is given at most once:
 *
 * - the transaction row is locked (`FOR UPDATE`) and its status read under the lock: a second
 *   caller waits, then finds it successful and changes nothing;
 * - the subject's `markPaid` locks the subject and is idempotent: two *different* transactions
 *   paying one order give value once, the other is recorded with `refund_due`;
 * - the unique indexes (reference, provider id, one value-giving payment per subject) refuse
 *   what the code might still get wrong.
 *
 * The provider's answer must name our reference, say `successful`, be in UGX and cover the
 * amount due; anything else gives nothing.
 */

export type SettleOutcome =
  | 'paid'
  | 'refund_due'
  | 'failed'
  | 'cancelled'
  | 'expired'
  | 'pending'
  | 'already_successful'
  | 'mismatch';

export type Settlement = { row: TransactionRow; outcome: SettleOutcome };

const MINUTE_MS = 60_000;

export function expiresAt(row: Pick<TransactionRow, 'createdAt'>): Date {
  return new Date(row.createdAt.getTime() + PENDING_PAYMENT_EXPIRY_MINUTES * MINUTE_MS);
}

/**
 * When to ask the provider again about a pending charge: 20 s, 40 s, 80 s … up to 5 minutes,
 * and never later than the moment it would expire (so that the expiry is decided on time).
 */
export function nextCheckAt(row: Pick<TransactionRow, 'createdAt' | 'checkAttempts'>, now: Date): Date {
  const delay = Math.min(20_000 * 2 ** Math.min(row.checkAttempts, 10), 5 * MINUTE_MS);
  const next = now.getTime() + delay;
  const expiry = expiresAt(row).getTime() + 5_000;
  return new Date(expiry > now.getTime() ? Math.min(next, expiry) : next);
}

/** Why a successful charge cannot give value, or null when it can. */
function shortfall(row: TransactionRow, charge: ProviderCharge): string | null {
  if (charge.currency.toUpperCase() !== row.currency) {
    return `Paid in ${charge.currency || 'an unknown currency'}, not ${row.currency}`;
  }
  if (!(charge.amount >= row.amount)) {
    return `Paid ${formatUGX(charge.amount)}, less than the ${formatUGX(row.amount)} due`;
  }
  return null;
}

export async function settleTransaction(
  context: PaymentsContext,
  transactionId: string,
  verification: VerifyResult,
  now: Date = new Date(),
): Promise<Settlement> {
  return inTransaction(context, async (tx, outbox) => {
    const row = await lockTransaction(tx, transactionId);
    if (!row) throw new Error(`payment transaction ${transactionId} does not exist`);
    if (row.status === 'successful') return { row, outcome: 'already_successful' as const };

    const checked = { lastCheckedAt: now, checkAttempts: row.checkAttempts + 1 };

    if (verification.kind === 'not_found') {
      if (row.status === 'pending' && now >= expiresAt(row)) {
        return close(tx, outbox, row, 'expired', 'The payment was never started with the provider', {
          ...checked,
          providerResponse: verification.raw,
        });
      }
      const updated = await updateTransaction(tx, row.id, {
        ...checked,
        nextCheckAt: row.status === 'pending' ? nextCheckAt(row, now) : null,
      });
      return { row: updated, outcome: statusOutcome(updated) };
    }

    const { charge } = verification;
    if (
      charge.reference !== row.reference ||
      (row.providerTransactionId !== null && charge.providerTransactionId !== row.providerTransactionId)
    ) {
      // The provider described another charge: it proves nothing about this one.
      context.log.warn(
        { transaction: row.id, reference: row.reference, answered: charge.reference },
        'a provider answer for another charge was ignored',
      );
      return { row, outcome: 'mismatch' as const };
    }

    const known = {
      ...checked,
      providerTransactionId: charge.providerTransactionId,
      providerResponse: charge.raw,
    };

    if (charge.status === 'successful') {
      const problem = shortfall(row, charge);
      if (problem) {
        // Money arrived but not what was due: nothing is given, staff refund it.
        if (row.refundDue) {
          const updated = await updateTransaction(tx, row.id, known);
          return { row: updated, outcome: statusOutcome(updated) };
        }
        return close(tx, outbox, row, 'failed', problem, { ...known, refundDue: true });
      }
      const paidAt = now;
      const kind = context.payables.get(row.purpose);
      const result = await kind.markPaid(
        tx,
        row.subjectId,
        { transactionId: row.id, reference: row.reference, amount: row.amount, paidAt },
        outbox,
      );
      const refundDue = result !== 'paid';
      const updated = await updateTransaction(tx, row.id, {
        ...known,
        status: 'successful',
        paidAt,
        refundDue,
        failureReason: refundDue ? refundReason(row.subjectLabel, result) : null,
        nextAction: null,
        nextCheckAt: null,
      });
      outbox.publish('payment.succeeded', {
        transactionId: updated.id,
        reference: updated.reference,
        userId: updated.userId,
        purpose: updated.purpose,
        subjectId: updated.subjectId,
        subjectLabel: updated.subjectLabel,
        amount: updated.amount,
        currency: 'UGX',
        network: updated.network,
        phoneMasked: updated.phoneMasked,
        provider: updated.provider,
        paidAt,
        refundDue,
      });
      return { row: updated, outcome: refundDue ? ('refund_due' as const) : ('paid' as const) };
    }

    if (charge.status === 'failed' || charge.status === 'cancelled') {
      if (row.status !== 'pending') {
        const updated = await updateTransaction(tx, row.id, known);
        return { row: updated, outcome: statusOutcome(updated) };
      }
      const reason =
        charge.processorResponse ??
        (charge.status === 'cancelled' ? 'The payment was cancelled' : 'The payment was declined');
      return close(tx, outbox, row, charge.status, reason, known);
    }

    // Still pending with the provider.
    if (row.status === 'pending' && now >= expiresAt(row)) {
      return close(
        tx,
        outbox,
        row,
        'expired',
        `Not approved within ${PENDING_PAYMENT_EXPIRY_MINUTES} minutes`,
        known,
      );
    }
    const updated = await updateTransaction(tx, row.id, {
      ...known,
      nextCheckAt: row.status === 'pending' ? nextCheckAt(row, now) : null,
    });
    return { row: updated, outcome: statusOutcome(updated) };
  });
}

/** Ends a pending (or earlier closed) transaction without value, and says so once. */
async function close(
  tx: Tx,
  outbox: DomainEventOutbox,
  row: TransactionRow,
  status: 'failed' | 'cancelled' | 'expired',
  reason: string,
  changes: Parameters<typeof updateTransaction>[2],
): Promise<Settlement> {
  const updated = await updateTransaction(tx, row.id, {
    ...changes,
    status,
    failureReason: reason,
    nextAction: null,
    nextCheckAt: null,
  });
  outbox.publish('payment.failed', {
    transactionId: updated.id,
    reference: updated.reference,
    userId: updated.userId,
    purpose: updated.purpose,
    subjectId: updated.subjectId,
    subjectLabel: updated.subjectLabel,
    status,
    reason,
    network: updated.network,
    refundDue: updated.refundDue,
  });
  return { row: updated, outcome: status };
}

/** Why a verified payment gave no value and is to be refunded. */
function refundReason(label: string, result: Exclude<MarkPaidResult, 'paid'>): string {
  switch (result) {
    case 'already_paid':
      return `${label} was already paid: this payment is to be refunded`;
    case 'amount_short':
      return `This payment does not cover the total of ${label}: it is to be refunded`;
    default:
      return `${label} could no longer be paid: this payment is to be refunded`;
  }
}

function statusOutcome(row: TransactionRow): SettleOutcome {
  switch (row.status) {
    case 'successful':
      return row.refundDue ? 'refund_due' : 'paid';
    case 'pending':
      return 'pending';
    default:
      return row.status;
  }
}
