import { expectedDeliveryTime } from '@shop/contract/delivery-promise';
import { kampalaDayStart } from '@shop/contract/gifts';
import { formatUGX } from '@shop/contract/money';
import {
  canTransition,
  type Fulfilment,
  type OrderStatus,
  orderStatusLabels,
  type PaymentMethod,
  type PaymentStatus,
} from '@shop/contract/orders';
import type { Database } from '../../db/client';
import type { Tx } from '../../db/transaction';
import { conflict, notFound } from '../../errors';
import type { DomainEventOutbox, DomainEvents } from '../../lib/domain-events';
import { releaseDiscountUse } from '../discounts/discounts.repository';
import type { MarkPaidResult } from '../payments/payable-registry';
import { deliveryScheduleNow } from '../settings/settings-snapshot';
import {
  findOverdueOrderIds,
  type LockedOrderRow,
  lockOrder,
  markInvoice,
  type OrderChanges,
  releaseStock,
  unrefundedMobileMoney,
  updateOrder,
} from './order-lifecycle.repository';
import { insertStatusChanges } from './orders.repository';

/**
 * An order's life after checkout, for what moves it: the order's payable (./order-payable.ts,
 * called by payments' settlement), the payment screen's choices (./order-payment-choice.service.ts),
 * staff (the delivery module's desk), the unpaid-order job. Each function runs inside **your**
 * transaction, locks the order row (`FOR UPDATE`) once before reading it, and is safe to call
 * twice.
 *
 * ```ts
 * // the settlement, through the order's payable: inside the transaction recording the payment
 * const outcome = await markOrderPaid(tx, orderId, { outbox, amountPaid: 250_000 });
 * // 'paid' | 'already_paid' | 'not_payable' (cancelled: refund) | 'amount_short' (refund)
 *
 * // a customer gives up an unpaid order from the payment screen
 * await cancelUnpaidOrder(tx, orderId, 'Cancelled at the payment screen', { outbox, by: 'customer' });
 *
 * // staff (issue 7): any move of ORDER_STATUS_TRANSITIONS; refused moves are a 409
 * await changeOrderStatus(tx, orderId, 'out_for_delivery', { note: 'With rider Musa', changedBy: staffId, outbox });
 * ```
 *
 * Pass the `outbox` of `app.events.transaction` so that `order.status_changed` and
 * `order.cancelled` go out after your commit (without it nothing is announced: notifications
 * and e-mails would miss the change).
 *
 * Rules kept here:
 * - Paying a pending order confirms it (status change "Paid by mobile money"), clears its
 *   payment deadline, estimates the delivery time, and marks the invoice paid.
 * - Cancelling gives the bottles back to stock exactly once (`stock_released_at`), gives the
 *   order's use of its discount code back once (the order keeps its discount), and voids an
 *   unpaid invoice; a paid order keeps its paid invoice (the money is refunded by staff).
 * - Delivering a cash-on-delivery order records the cash as paid.
 * - Refunding a paid order sets its payment status to refunded (no stock comes back: the
 *   bottles were delivered).
 */

export type LifecycleOptions = {
  /** The outbox of `app.events.transaction`: events go out after commit. */
  outbox?: DomainEventOutbox;
  /** The staff member or customer making the change (null: the shop itself). */
  changedBy?: string | null;
  /**
   * Cancelling an order whose bottles are still with a rider (refused at the door, issue 38):
   * nothing goes back to stock now; staff confirm the bottles back later (a `returned` row).
   */
  holdStock?: boolean;
};

/** What payments needs to charge an order, and whether it may be paid now. */
export type PayableOrder = {
  id: string;
  userId: string;
  orderNumber: string;
  /** Whole UGX, from the order (never from a client). */
  total: number;
  currency: 'UGX';
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
  fulfilment: Fulfilment;
  /** A pending order is cancelled at this time if still unpaid. */
  paymentDueAt: Date | null;
  customer: { email: string; name: string };
  /**
   * True while money may be taken for it: not cancelled, refunded or delivered, and not paid
   * yet (a failed attempt leaves it payable).
   */
  payable: boolean;
};

const CLOSED: readonly OrderStatus[] = ['cancelled', 'refunded', 'delivered'];

/** Money may be taken for it: not closed, and not paid yet (a failed attempt leaves it payable). */
export function isPayable(row: Pick<LockedOrderRow, 'status' | 'payment_status'>): boolean {
  return (
    !CLOSED.includes(row.status) && (row.payment_status === 'pending' || row.payment_status === 'failed')
  );
}

function toPayable(row: LockedOrderRow): PayableOrder {
  return {
    id: row.id,
    userId: row.user_id,
    orderNumber: row.order_number,
    total: row.total,
    currency: 'UGX',
    status: row.status,
    paymentStatus: row.payment_status,
    paymentMethod: row.payment_method,
    fulfilment: row.fulfilment,
    paymentDueAt: row.payment_due_at,
    customer: { email: row.customer_email, name: row.customer_name },
    payable: isPayable(row),
  };
}

/**
 * The order if it exists and belongs to `userId` (null for any owner: webhooks and jobs), else
 * null. `lock: true` holds its row until your transaction ends.
 */
export async function findPayableOrder(
  tx: Tx,
  orderId: string,
  userId: string | null,
  options: { lock?: boolean } = {},
): Promise<PayableOrder | null> {
  const row = await lockOrder(tx, orderId, { userId, lock: options.lock ?? false });
  return row ? toPayable(row) : null;
}

/** The delivery promised when an order is confirmed now; none for a pick-up. */
function confirmationEstimate(row: LockedOrderRow): Date | null {
  if (row.fulfilment !== 'delivery' || row.zone_minutes === null) return null;
  return expectedDeliveryTime({
    from: new Date(),
    leadMinutes: row.zone_minutes,
    preferredTime: row.preferred_delivery_time,
    schedule: deliveryScheduleNow(),
    notBefore: row.gift_delivery_date ? kampalaDayStart(row.gift_delivery_date) : null,
  });
}

/**
 * Records a verified payment of the whole order: payment paid, a pending order confirmed, the
 * invoice paid. Idempotent: a second call answers 'already_paid' and changes nothing. A
 * cancelled, refunded or unknown order is 'not_payable' (nothing changes; refund the money), and
 * so is a payment of `amountPaid` below the order's total as it stands ('amount_short').
 */
export async function markOrderPaid(
  tx: Tx,
  orderId: string,
  options: LifecycleOptions & { note?: string; amountPaid?: number } = {},
): Promise<MarkPaidResult> {
  const row = await lockOrder(tx, orderId);
  if (!row) return 'not_payable';
  if (row.payment_status !== 'paid' && options.amountPaid !== undefined && options.amountPaid < row.total) {
    return 'amount_short';
  }
  if (row.payment_status === 'paid') return 'already_paid';
  if (!isPayable(row)) return 'not_payable';

  const confirming = row.status === 'pending';
  await updateOrder(tx, orderId, {
    paymentStatus: 'paid',
    paid: true,
    clearPaymentDue: true,
    ...(confirming
      ? {
          status: 'confirmed',
          confirmed: true,
          estimatedDeliveryTime: confirmationEstimate(row),
        }
      : {}),
  });
  await markInvoice(tx, orderId, 'paid');
  announcePaid(options, row);
  if (confirming) {
    const note = options.note ?? 'Paid by mobile money';
    await insertStatusChanges(tx, orderId, [
      { from: 'pending', to: 'confirmed', note, changedBy: options.changedBy ?? null },
    ]);
    announceChange(options, row, 'confirmed', 'paid', note);
  }
  return 'paid';
}

/**
 * Cancels a pending, unpaid order and gives its stock back (once). Answers false, changing
 * nothing, when the order is not pending or already paid.
 */
export async function cancelUnpaidOrder(
  tx: Tx,
  orderId: string,
  reason: string,
  options: LifecycleOptions & { by?: 'expiry' | 'customer' | 'payment' | 'staff' } = {},
): Promise<boolean> {
  const row = await lockOrder(tx, orderId);
  if (row?.status !== 'pending' || row.payment_status === 'paid') return false;
  await cancelLockedOrder(tx, row, reason, options.by ?? 'payment', options);
  return true;
}

/** Cancels an order the caller has locked (`lockOrder`): stock back once, unpaid invoice void. */
export async function cancelLockedOrder(
  tx: Tx,
  row: LockedOrderRow,
  reason: string,
  by: 'expiry' | 'customer' | 'payment' | 'staff',
  options: LifecycleOptions,
): Promise<void> {
  const wasPaid = row.payment_status === 'paid';
  await updateOrder(tx, row.id, { status: 'cancelled', cancelReason: reason, clearPaymentDue: true });
  // Delivered orders cannot be cancelled (the transition table), so the bottles are still ours.
  const stockReleased = options.holdStock ? false : await releaseStock(tx, row.id);
  // A cancelled order no longer counts against its discount code's limits (after the sizes: the
  // lock order of checkout).
  await releaseDiscountUse(tx, row.id);
  if (!wasPaid) await markInvoice(tx, row.id, 'void');
  await insertStatusChanges(tx, row.id, [
    { from: row.status, to: 'cancelled', note: reason, changedBy: options.changedBy ?? null },
  ]);
  announceChange(options, row, 'cancelled', row.payment_status, reason);
  options.outbox?.publish('order.cancelled', {
    orderId: row.id,
    orderNumber: row.order_number,
    userId: row.user_id,
    reason,
    by,
    stockReleased,
    wasPaid,
    at: new Date(),
  });
}

function announcePaid(options: LifecycleOptions, row: LockedOrderRow) {
  options.outbox?.publish('order.paid', {
    orderId: row.id,
    paymentMethod: row.payment_method,
    amount: row.total,
    at: new Date(),
  });
}

function announceChange(
  options: LifecycleOptions,
  row: LockedOrderRow,
  to: OrderStatus,
  paymentStatus: PaymentStatus,
  note: string | null,
) {
  options.outbox?.publish('order.status_changed', {
    orderId: row.id,
    orderNumber: row.order_number,
    userId: row.user_id,
    from: row.status,
    to,
    paymentStatus,
    fulfilment: row.fulfilment,
    note,
    changedBy: options.changedBy ?? null,
    at: new Date(),
  });
}

export type StatusChangeResult = { orderId: string; from: OrderStatus; to: OrderStatus };

/**
 * Moves an order along ORDER_STATUS_TRANSITIONS (404 for an unknown order, 409 for a move the
 * table does not allow). Cancelling gives the stock back; confirming clears the payment
 * deadline; delivering a cash-on-delivery order records it as paid; refunding a paid order
 * marks the payment refunded.
 */
export async function changeOrderStatus(
  tx: Tx,
  orderId: string,
  to: OrderStatus,
  options: LifecycleOptions & { note?: string | null } = {},
): Promise<StatusChangeResult> {
  const row = await lockOrder(tx, orderId);
  if (!row) throw notFound('Order');
  if (!canTransition(row.status, to)) {
    throw conflict(
      `An order that is ${orderStatusLabels[row.status].toLowerCase()} cannot become ${orderStatusLabels[to].toLowerCase()}.`,
      'conflict',
      [{ field: 'status', message: `Not allowed from ${row.status}` }],
    );
  }
  const note = options.note?.trim() || null;
  if (to === 'cancelled') {
    await cancelLockedOrder(tx, row, note ?? 'Cancelled by the shop', 'staff', options);
    return { orderId, from: row.status, to };
  }
  return changeLockedOrderStatus(tx, row, to, { ...options, note });
}

/**
 * A pending mobile-money order the customer now pays cash on delivery (locked by the caller):
 * the method changes and the order is confirmed, as cash on delivery is at checkout.
 */
export async function switchLockedOrderToCashOnDelivery(
  tx: Tx,
  row: LockedOrderRow,
  options: LifecycleOptions & { note: string },
): Promise<void> {
  await updateOrder(tx, row.id, { paymentMethod: 'cash_on_delivery' });
  await changeLockedOrderStatus(tx, { ...row, payment_method: 'cash_on_delivery' }, 'confirmed', options);
}

/** A move the transition table allows, other than cancelling, of an order the caller locked. */
async function changeLockedOrderStatus(
  tx: Tx,
  row: LockedOrderRow,
  to: Exclude<OrderStatus, 'cancelled'>,
  options: LifecycleOptions & { note: string | null },
): Promise<StatusChangeResult> {
  const orderId = row.id;
  const { note } = options;

  const changes: OrderChanges = { status: to };
  let paymentStatus = row.payment_status;
  if (to === 'confirmed') {
    Object.assign(changes, {
      confirmed: true,
      clearPaymentDue: true,
      estimatedDeliveryTime: confirmationEstimate(row),
    });
  }
  if (to === 'delivered' && row.payment_method === 'cash_on_delivery' && row.payment_status !== 'paid') {
    // The rider (or the counter, for a pick-up) took the cash.
    Object.assign(changes, { paymentStatus: 'paid', paid: true });
    paymentStatus = 'paid';
  }
  if (to === 'refunded' && row.payment_status === 'paid') {
    // Mobile money goes back through the provider (the order's Refunds panel), so the status
    // follows the money; cash is handed back at the counter, and staff say so here.
    const unrefunded = row.payment_method === 'mobile_money' ? await unrefundedMobileMoney(tx, orderId) : 0;
    if (unrefunded > 0) {
      throw conflict(
        `Refund the money first: ${formatUGX(unrefunded)} of this order's mobile-money payment has not been refunded.`,
        'conflict',
        [{ field: 'status', message: 'The payment is not refunded in full yet' }],
      );
    }
    changes.paymentStatus = 'refunded';
    paymentStatus = 'refunded';
  }
  await updateOrder(tx, orderId, changes);
  if (paymentStatus === 'paid' && row.payment_status !== 'paid') {
    await markInvoice(tx, orderId, 'paid');
    announcePaid(options, row);
  }
  await insertStatusChanges(tx, orderId, [
    { from: row.status, to, note, changedBy: options.changedBy ?? null },
  ]);
  announceChange(options, row, to, paymentStatus, note);
  return { orderId, from: row.status, to };
}

/**
 * The unpaid-order job: cancels every pending order whose payment deadline is at or before
 * `now`, each in its own transaction, and gives its stock back. An order another transaction
 * holds (a payment being recorded) is skipped (`SKIP LOCKED`) and looked at again next time;
 * a run that meets one already cancelled or paid changes nothing. Safe to run on every
 * instance at once. Answers the ids it cancelled.
 */
export async function expireUnpaidOrders(
  db: Database,
  now: Date = new Date(),
  options: { events?: DomainEvents; batchSize?: number } = {},
): Promise<string[]> {
  const cancelled: string[] = [];
  const batchSize = options.batchSize ?? 200;
  for (;;) {
    const ids = await findOverdueOrderIds(db, now, batchSize);
    let changed = 0;
    for (const id of ids) {
      const work = async (tx: Tx, outbox?: DomainEventOutbox) => {
        const row = await lockOrder(tx, id, { skipLocked: true });
        if (row?.status !== 'pending' || row.payment_status === 'paid') return false;
        if (!row.payment_due_at || row.payment_due_at > now) return false;
        const minutes = Math.round((row.payment_due_at.getTime() - row.created_at.getTime()) / 60_000);
        await cancelLockedOrder(tx, row, `Not paid within ${minutes} minutes`, 'expiry', {
          ...(outbox ? { outbox } : {}),
        });
        return true;
      };
      const done = options.events
        ? await options.events.transaction(db, (tx: Tx, outbox) => work(tx, outbox))
        : await db.transaction((tx) => work(tx));
      if (done) {
        cancelled.push(id);
        changed += 1;
      }
    }
    // A full batch may hide more; a batch where nothing could change (all held elsewhere) waits.
    if (ids.length < batchSize || changed === 0) return cancelled;
  }
}
