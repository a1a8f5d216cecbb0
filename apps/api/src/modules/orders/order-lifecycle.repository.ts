import type { PreferredDeliveryTime } from '@shop/contract/delivery-promise';
import type { Fulfilment, OrderStatus, PaymentMethod, PaymentStatus } from '@shop/contract/orders';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/transaction';
import { giveBackStockOfOrder } from '../stock/stock.repository';
import { toDate } from './orders.repository';

/** The queries of an order's life after checkout: locks, status and payment changes, stock given back. */

export type LockedOrderRow = {
  id: string;
  order_number: string;
  user_id: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  payment_method: PaymentMethod;
  fulfilment: Fulfilment;
  total: number;
  created_at: Date;
  payment_due_at: Date | null;
  stock_released_at: Date | null;
  zone_minutes: number | null;
  preferred_delivery_time: PreferredDeliveryTime | null;
  /** A gift's chosen day (YYYY-MM-DD): its promise counts from that day. */
  gift_delivery_date: string | null;
  customer_email: string;
  customer_name: string;
};

/**
 * The order, locked until the transaction ends (`skipLocked`: undefined when another
 * transaction holds it, instead of waiting). `userId` restricts it to that customer's.
 */
export async function lockOrder(
  tx: Tx,
  orderId: string,
  options: { userId?: string | null; skipLocked?: boolean; lock?: boolean } = {},
): Promise<LockedOrderRow | undefined> {
  const owner = options.userId ? sql`AND o.user_id = ${options.userId}` : sql``;
  const lock: SQL =
    options.lock === false
      ? sql``
      : options.skipLocked
        ? sql`FOR UPDATE OF o SKIP LOCKED`
        : sql`FOR UPDATE OF o`;
  const result = await tx.execute<LockedOrderRow>(sql`
    SELECT o.id, o.order_number, o.user_id, o.status, o.payment_status, o.payment_method, o.fulfilment, o.total,
           o.created_at, o.payment_due_at, o.stock_released_at, z.delivery_time_minutes AS zone_minutes,
           o.delivery_instructions->>'preferred_delivery_time' AS preferred_delivery_time,
           (SELECT g.delivery_date::text FROM gift_recipients g WHERE g.order_id = o.id) AS gift_delivery_date,
           u.email AS customer_email, u.name AS customer_name
    FROM orders o
    JOIN users u ON u.id = o.user_id
    LEFT JOIN delivery_zones z ON z.id = o.delivery_zone_id
    WHERE o.id = ${orderId} ${owner}
    ${lock}`);
  const row = result.rows[0];
  return (
    row && {
      ...row,
      created_at: toDate(row.created_at),
      payment_due_at: toDate(row.payment_due_at),
      stock_released_at: toDate(row.stock_released_at),
    }
  );
}

export type OrderChanges = {
  status?: OrderStatus;
  paymentStatus?: PaymentStatus;
  paymentMethod?: PaymentMethod;
  paid?: boolean;
  confirmed?: boolean;
  cancelReason?: string;
  clearPaymentDue?: boolean;
  /** The expected delivery time (set when a delivery order is confirmed). */
  estimatedDeliveryTime?: Date | null;
};

export async function updateOrder(tx: Tx, orderId: string, changes: OrderChanges): Promise<void> {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (changes.status) sets.push(sql`status = ${changes.status}`);
  if (changes.paymentStatus) sets.push(sql`payment_status = ${changes.paymentStatus}`);
  if (changes.paymentMethod) {
    sets.push(sql`payment_method = ${changes.paymentMethod}`);
    if (changes.paymentMethod === 'cash_on_delivery')
      sets.push(sql`mobile_money_network = NULL, payment_phone = NULL`);
  }
  if (changes.paid) sets.push(sql`paid_at = COALESCE(paid_at, now())`);
  if (changes.confirmed) sets.push(sql`confirmed_at = COALESCE(confirmed_at, now())`);
  if (changes.clearPaymentDue) sets.push(sql`payment_due_at = NULL`);
  if (changes.estimatedDeliveryTime) {
    sets.push(sql`estimated_delivery_time = ${changes.estimatedDeliveryTime}`);
  }
  if (changes.cancelReason !== undefined) {
    sets.push(sql`cancelled_at = now(), cancel_reason = ${changes.cancelReason}`);
  }
  await tx.execute(sql`UPDATE orders SET ${sql.join(sets, sql`, `)} WHERE id = ${orderId}`);
}

export async function markInvoice(tx: Tx, orderId: string, status: 'paid' | 'void'): Promise<void> {
  if (status === 'paid') {
    await tx.execute(sql`
      UPDATE invoices SET status = 'paid', paid_at = COALESCE(paid_at, now())
      WHERE order_id = ${orderId} AND status = 'issued'`);
  } else {
    await tx.execute(sql`
      UPDATE invoices SET status = 'void', voided_at = now() WHERE order_id = ${orderId} AND status = 'issued'`);
  }
}

/**
 * Gives the order's bottles back to stock, once: the first caller sets `stock_released_at` and
 * adds the quantities; any later caller finds it set and adds nothing. The lines come back as every
 * give-back does (`giveBackStockOfOrder`: locked in id order as checkout locks, a hamper's line
 * brings back its parts), with `released` rows. Answers whether stock was given back now.
 */
export async function releaseStock(tx: Tx, orderId: string): Promise<boolean> {
  const claimed = await tx.execute(sql`
    UPDATE orders SET stock_released_at = now() WHERE id = ${orderId} AND stock_released_at IS NULL`);
  if ((claimed.rowCount ?? 0) === 0) return false;
  await giveBackStockOfOrder(tx, orderId, { reason: 'released' });
  return true;
}

/** Unpaid orders whose time is up, oldest first (not locked: each is locked and re-checked alone). */
export async function findOverdueOrderIds(db: Executor, now: Date, limit: number): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    SELECT id FROM orders
    WHERE status = 'pending' AND payment_due_at IS NOT NULL AND payment_due_at <= ${now.toISOString()}::timestamptz
    ORDER BY payment_due_at
    LIMIT ${limit}`);
  return result.rows.map((row) => row.id);
}

/** Records that the order-confirmation e-mail went out; answers false when it was already recorded. */
export async function markConfirmationEmailSent(db: Executor, orderId: string): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE orders SET confirmation_email_sent_at = now()
    WHERE id = ${orderId} AND confirmation_email_sent_at IS NULL`);
  return (result.rowCount ?? 0) > 0;
}

export async function confirmationEmailSent(db: Executor, orderId: string): Promise<boolean> {
  const result = await db.execute<{ sent: boolean }>(sql`
    SELECT confirmation_email_sent_at IS NOT NULL AS sent FROM orders WHERE id = ${orderId}`);
  return result.rows[0]?.sent ?? true;
}

/**
 * What the order's value-giving mobile-money payment took and has not yet given back through a
 * succeeded refund (0 when it was not paid by mobile money).
 */
export async function unrefundedMobileMoney(db: Executor, orderId: string): Promise<number> {
  const result = await db.execute<{ unrefunded: string }>(sql`
    SELECT coalesce(sum(t.amount - coalesce((
      SELECT sum(r.amount) FROM payment_refunds r WHERE r.transaction_id = t.id AND r.status = 'succeeded'
    ), 0)), 0) AS unrefunded
    FROM payment_transactions t
    WHERE t.purpose = 'order' AND t.subject_id = ${orderId} AND t.status = 'successful' AND NOT t.refund_due`);
  return Number(result.rows[0]?.unrefunded ?? 0);
}
