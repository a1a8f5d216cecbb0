import type { PaymentPurpose } from '@shop/contract/payments';
import type { Executor, Tx } from '../../db/transaction';
import type { DomainEventOutbox } from '../../lib/domain-events';

/**
 * What a transaction can pay for. The module that owns a kind of subject (orders, event RSVPs)
 * registers it once at start-up with `app.payables.register(...)`; payments then calls its
 * functions inside its own database transaction, so that "transaction successful" and "order
 * paid" commit together or not at all.
 */

export type PayableSubject = {
  id: string;
  userId: string;
  /** Whole UGX, from the server's own records. */
  amount: number;
  currency: 'UGX';
  /** Shown in lists and receipts, e.g. "Order ORD-20261122-7KQ2M". */
  label: string;
  customer: { email: string; name: string };
  /**
   * 'payable' while it may be paid by mobile money; otherwise why not (already paid, cancelled,
   * another payment method).
   */
  state: 'payable' | 'paid' | 'not_payable';
  /** Event RSVPs: the event whose page shows the ticket, where the customer goes once paid. */
  eventId?: number;
};

export type MarkPaidResult =
  /** Value given now. */
  | 'paid'
  /** Paid before (by this or another transaction): no value given twice. */
  | 'already_paid'
  /** Cancelled or otherwise closed: the money must be refunded. */
  | 'not_payable'
  /** The payment does not cover what the subject costs now: nothing given, the money refunded. */
  | 'amount_short';

export type PaymentFacts = { transactionId: string; reference: string; amount: number; paidAt: Date };

export type PayableKind = {
  purpose: PaymentPurpose;
  /** The subject if it exists and belongs to `userId` (pass null to skip the owner check). */
  find(tx: Tx, subjectId: string, userId: string | null): Promise<PayableSubject | null>;
  /**
   * Gives value for a verified payment; idempotent. Locks what it changes. Events it publishes
   * go to `outbox` (out after commit).
   */
  markPaid(
    tx: Tx,
    subjectId: string,
    payment: PaymentFacts,
    outbox: DomainEventOutbox,
  ): Promise<MarkPaidResult>;
  /**
   * Closes an unpaid subject (its hold on stock or seats is released); answers false when it
   * was not open and unpaid. Payments calls it only when the customer gives the subject up from
   * the payment screen, never because an attempt failed.
   */
  cancel(tx: Tx, subjectId: string, reason: string, outbox: DomainEventOutbox): Promise<boolean>;
  /**
   * For kinds that belong to an event (RSVPs): each subject's event, in one query for a whole
   * page of transactions. Subjects not found are left out.
   */
  eventsOf?(db: Executor, subjectIds: string[]): Promise<Map<string, number>>;
};

export class PayableRegistry {
  readonly #kinds = new Map<PaymentPurpose, PayableKind>();

  register(kind: PayableKind): void {
    if (this.#kinds.has(kind.purpose))
      throw new Error(`A payable kind "${kind.purpose}" is already registered`);
    this.#kinds.set(kind.purpose, kind);
  }

  get(purpose: PaymentPurpose): PayableKind {
    const kind = this.#kinds.get(purpose);
    if (!kind) throw new Error(`No payable kind "${purpose}" is registered`);
    return kind;
  }

  has(purpose: PaymentPurpose): boolean {
    return this.#kinds.has(purpose);
  }
}
