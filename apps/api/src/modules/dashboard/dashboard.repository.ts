import type { DashboardPaymentMethod } from '@shop/contract/dashboard';
import type { OrderStatus } from '@shop/contract/orders';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';

/**
 * The SQL behind the day's figures. Every amount is summed in PostgreSQL as integers; the
 * indexes of 0026 serve each range read, so 30 days of a 100,000-order shop stay fast.
 */

export type Range = { from: Date; before: Date };

export const PICKUP_ZONE = 'Pick-up at the shop';

export type MoneyRow = {
  day: string;
  method: DashboardPaymentMethod;
  zone: string;
  paid_orders: number;
  gross: number;
  refunds: number;
};

/**
 * The money of the range by Kampala day, payment method and zone. Two kinds of movement:
 *
 * - An order paid: when its money gave value (a mobile-money payment settled, or the cash taken
 *   on delivery or at the counter), at its total. The order's `paid_at` is written in the same
 *   transaction that settles a payment as giving value, and that payment is for the order's
 *   total (a shorter one gives none and is `refund_due`), so the orders' own columns are the
 *   payments' money, read from one covering index (0026) instead of joining 100,000 orders.
 *   A `refund_due` payment never paid its order, so it is never counted.
 * - A refund that succeeded, of a payment that gave value, on the day it settled. Refunds of
 *   `refund_due` payments return money that never was revenue.
 */
export async function moneyByDayMethodZone(db: Executor, range: Range): Promise<MoneyRow[]> {
  const from = range.from.toISOString();
  const before = range.before.toISOString();
  const result = await db.execute<MoneyRow>(sql`
    WITH movements AS (
      SELECT o.paid_at AS at, o.payment_method, o.fulfilment, o.delivery_zone_name, o.total AS gross, 0 AS refund
      FROM orders o
      WHERE o.paid_at >= ${from} AND o.paid_at < ${before}
      UNION ALL
      SELECT r.settled_at, o.payment_method, o.fulfilment, o.delivery_zone_name, 0, r.amount
      FROM payment_refunds r
      JOIN payment_transactions t ON t.id = r.transaction_id
      JOIN orders o ON o.id = t.subject_id::uuid
      WHERE r.status = 'succeeded' AND r.purpose = 'order' AND t.status = 'successful' AND NOT t.refund_due
        AND r.settled_at >= ${from} AND r.settled_at < ${before}
    ),
    -- The Kampala day as a number (UTC+3 all year, no daylight saving): grouping 30 days of a
    -- busy shop by it costs a third of formatting every row's date first.
    grouped AS (
      SELECT (floor(extract(epoch FROM at))::bigint + 3 * 3600) / 86400 AS day_number, payment_method, fulfilment,
             delivery_zone_name, count(*) FILTER (WHERE gross > 0)::int AS paid_orders,
             coalesce(sum(gross), 0)::bigint AS gross, coalesce(sum(refund), 0)::bigint AS refunds
      FROM movements
      GROUP BY 1, 2, 3, 4
    )
    SELECT to_char(to_timestamp(day_number * 86400) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
           CASE WHEN payment_method = 'mobile_money' THEN 'mobile_money'
                WHEN fulfilment = 'pickup' THEN 'cash_on_collection'
                ELSE 'cash_on_delivery' END AS method,
           CASE WHEN fulfilment = 'pickup' THEN ${PICKUP_ZONE} ELSE coalesce(delivery_zone_name, '?') END AS zone,
           sum(paid_orders)::int AS paid_orders, sum(gross)::bigint AS gross, sum(refunds)::bigint AS refunds
    FROM grouped
    GROUP BY 1, 2, 3`);
  // bigint sums arrive as strings: no sum of shillings comes near 2^53.
  return result.rows.map((row) => ({ ...row, gross: Number(row.gross), refunds: Number(row.refunds) }));
}

export type TopProductRow = { product_id: number; product_name: string; bottles: number; revenue: number };

/**
 * The products with most bottles in orders paid in the range (their line totals). Each paid
 * order's lines are read through the covering index of 0026 (a nested loop of index-only
 * scans: OFFSET 0 keeps the planner from hashing every order line of the shop instead); the
 * name is the latest snapshot of the ten products kept.
 */
export async function topProducts(db: Executor, range: Range, limit: number): Promise<TopProductRow[]> {
  const result = await db.execute<TopProductRow>(sql`
    WITH sold AS (
      SELECT i.product_id, sum(i.quantity)::int AS bottles, sum(i.subtotal)::bigint AS revenue
      FROM orders o
      CROSS JOIN LATERAL (
        SELECT product_id, quantity, subtotal FROM order_items WHERE order_id = o.id OFFSET 0) i
      WHERE o.paid_at >= ${range.from.toISOString()} AND o.paid_at < ${range.before.toISOString()}
      GROUP BY i.product_id
      ORDER BY bottles DESC, revenue DESC, i.product_id
      LIMIT ${limit})
    SELECT s.product_id, s.bottles, s.revenue,
           (SELECT n.product_name FROM order_items n WHERE n.product_id = s.product_id
            ORDER BY n.id DESC LIMIT 1) AS product_name
    FROM sold s
    ORDER BY s.bottles DESC, s.revenue DESC, s.product_id`);
  return result.rows.map((row) => ({
    product_id: row.product_id,
    product_name: row.product_name,
    bottles: row.bottles,
    revenue: Number(row.revenue),
  }));
}

export async function ordersByStatus(
  db: Executor,
  range: Range,
): Promise<Array<{ status: OrderStatus; orders: number }>> {
  const result = await db.execute<{ status: OrderStatus; orders: number }>(sql`
    SELECT status, count(*)::int AS orders FROM orders
    WHERE created_at >= ${range.from.toISOString()} AND created_at < ${range.before.toISOString()}
    GROUP BY status`);
  return result.rows;
}

export async function newCustomers(db: Executor, range: Range): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`
    SELECT count(*)::int AS count FROM users
    WHERE NOT is_anonymous AND role = 'customer'
      AND created_at >= ${range.from.toISOString()} AND created_at < ${range.before.toISOString()}`);
  return result.rows[0]?.count ?? 0;
}

// Pending work: now, whatever the period. Each is a count and the first few, oldest first.

export type PrepareRow = {
  id: string;
  order_number: string;
  contact_name: string;
  status: OrderStatus;
  total: number;
  created_at: Date | string;
};

/** Orders confirmed or being prepared, oldest first (index orders_status_created_idx). */
export async function ordersToPrepare(
  db: Executor,
  limit: number,
): Promise<{ rows: PrepareRow[]; count: number }> {
  const [rows, count] = await Promise.all([
    db.execute<PrepareRow>(sql`
      SELECT id, order_number, contact_name, status, total, created_at
      FROM orders WHERE status IN ('confirmed', 'processing')
      ORDER BY created_at, id
      LIMIT ${limit}`),
    countOrdersToPrepare(db),
  ]);
  return { rows: rows.rows, count };
}

/** How many orders wait to be packed (confirmed or being prepared): the dashboard's and the frame's count. */
export async function countOrdersToPrepare(db: Executor): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`
    SELECT count(*)::int AS count FROM orders WHERE status IN ('confirmed', 'processing')`);
  return result.rows[0]?.count ?? 0;
}

export type PendingPaymentRow = {
  id: string;
  reference: string;
  purpose: string;
  subject_id: string;
  subject_label: string;
  amount: number;
  created_at: Date | string;
};

export async function paymentsPendingSince(
  db: Executor,
  startedBefore: Date,
  limit: number,
): Promise<{ rows: PendingPaymentRow[]; count: number }> {
  const [rows, count] = await Promise.all([
    db.execute<PendingPaymentRow>(sql`
      SELECT id, reference, purpose, subject_id, subject_label, amount, created_at
      FROM payment_transactions
      WHERE status = 'pending' AND created_at < ${startedBefore.toISOString()}
      ORDER BY created_at, id
      LIMIT ${limit}`),
    db.execute<{ count: number }>(sql`
      SELECT count(*)::int AS count FROM payment_transactions
      WHERE status = 'pending' AND created_at < ${startedBefore.toISOString()}`),
  ]);
  return { rows: rows.rows, count: count.rows[0]?.count ?? 0 };
}

export type RefundDueRow = {
  id: string;
  reference: string;
  purpose: string;
  subject_id: string;
  subject_label: string;
  amount: number;
  paid_at: Date | string | null;
};

/**
 * Payments to give back (paid twice, short, wrong currency) with what is still owed: the amount
 * less refunds that succeeded or are under way. Fully refunded ones are no longer work.
 */
export async function refundsDue(
  db: Executor,
  limit: number,
): Promise<{ rows: RefundDueRow[]; count: number; amount: number }> {
  const [rows, totals] = await Promise.all([
    db.execute<RefundDueRow>(sql`
      SELECT id, reference, purpose, subject_id, subject_label, amount, paid_at
      FROM (${owedPayments}) owed WHERE amount > 0
      ORDER BY created_at, id
      LIMIT ${limit}`),
    refundsDueTotals(db),
  ]);
  return { rows: rows.rows, ...totals };
}

const owedPayments = sql`
  SELECT t.id, t.reference, t.purpose::text AS purpose, t.subject_id, t.subject_label, t.paid_at,
         t.created_at,
         t.amount - t.refund_withheld - coalesce((SELECT sum(r.amount) FROM payment_refunds r
                              WHERE r.transaction_id = t.id AND r.status <> 'failed'), 0)::int AS amount
  FROM payment_transactions t
  WHERE t.status = 'successful' AND t.refund_due`;

/** How many payments are still owed back, and how much: the dashboard's and the frame's count. */
export async function refundsDueTotals(db: Executor): Promise<{ count: number; amount: number }> {
  const result = await db.execute<{ count: number; amount: number }>(sql`
    SELECT count(*)::int AS count, coalesce(sum(amount), 0)::bigint AS amount
    FROM (${owedPayments}) owed WHERE amount > 0`);
  const total = result.rows[0];
  return { count: total?.count ?? 0, amount: Number(total?.amount ?? 0) };
}

export type LowStockRow = {
  variant_id: number;
  product_id: number;
  product_name: string;
  variant_name: string;
  sku: string;
  stock: number;
  low_stock_threshold: number;
  count: number;
};

/** Sizes of products on sale at or below their threshold, emptiest first (as /admin/stock). */
export async function lowStock(db: Executor, limit: number): Promise<{ rows: LowStockRow[]; count: number }> {
  const where = sql`p.is_active AND v.stock <= v.low_stock_threshold`;
  const [rows, count] = await Promise.all([
    db.execute<LowStockRow>(sql`
      SELECT v.id AS variant_id, p.id AS product_id, p.name AS product_name, v.name AS variant_name, v.sku,
             v.stock, v.low_stock_threshold
      FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE ${where}
      ORDER BY v.stock, p.name, v.sort_order, v.id
      LIMIT ${limit}`),
    db.execute<{ count: number }>(sql`
      SELECT count(*)::int AS count FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE ${where}`),
  ]);
  return { rows: rows.rows, count: count.rows[0]?.count ?? 0 };
}
