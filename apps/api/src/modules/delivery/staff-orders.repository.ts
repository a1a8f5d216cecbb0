import type { DeliveryInstructions, DeliveryStatus } from '@shop/contract/delivery';
import type { Fulfilment, OrderStatus, PaymentMethod, PaymentStatus } from '@shop/contract/orders';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';

/** The staff's view of orders: every customer's, with the delivery and its rider (one join). */

export type StaffOrderRow = {
  id: string;
  order_number: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  payment_method: PaymentMethod;
  fulfilment: Fulfilment;
  item_count: number;
  total: number;
  created_at: Date;
  contact_name: string;
  contact_phone: string;
  delivery_zone_name: string | null;
  street: string | null;
  customer_note: string | null;
  cancel_reason: string | null;
  estimated_delivery_time: Date | null;
  delivery_instructions: DeliveryInstructions | null;
  delivery_id: number | null;
  delivery_status: DeliveryStatus | null;
  rider_name: string | null;
  rider_phone: string | null;
};

const COLUMNS = sql`
  o.id, o.order_number, o.status, o.payment_status, o.payment_method, o.fulfilment, o.item_count, o.total,
  o.created_at, o.contact_name, o.contact_phone, o.delivery_zone_name, o.street, o.customer_note, o.cancel_reason,
  o.estimated_delivery_time, o.delivery_instructions, d.id AS delivery_id, d.status AS delivery_status,
  d.rider_name, d.rider_phone`;

const withDates = (row: StaffOrderRow): StaffOrderRow => ({
  ...row,
  created_at: new Date(row.created_at),
  estimated_delivery_time:
    row.estimated_delivery_time === null ? null : new Date(row.estimated_delivery_time),
});

/** A page of orders, newest first (index `orders_status_created_idx` or `orders_created_idx`). */
export async function listStaffOrders(
  db: Executor,
  filter: { status?: OrderStatus | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: StaffOrderRow[]; count: number }> {
  const where: SQL = filter.status ? sql`WHERE o.status = ${filter.status}` : sql``;
  const [rows, count] = await Promise.all([
    db.execute<StaffOrderRow>(sql`
      SELECT ${COLUMNS}
      FROM orders o LEFT JOIN deliveries d ON d.order_id = o.id
      ${where}
      ORDER BY o.created_at DESC, o.id DESC
      LIMIT ${page.limit} OFFSET ${page.offset}`),
    db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM orders o ${where}`),
  ]);
  return { rows: rows.rows.map(withDates), count: count.rows[0]?.count ?? 0 };
}

export async function findStaffOrder(db: Executor, orderId: string): Promise<StaffOrderRow | undefined> {
  const result = await db.execute<StaffOrderRow>(sql`
    SELECT ${COLUMNS} FROM orders o LEFT JOIN deliveries d ON d.order_id = o.id WHERE o.id = ${orderId}`);
  const row = result.rows[0];
  return row && withDates(row);
}

export async function orderStatusCounts(
  db: Executor,
): Promise<Array<{ status: OrderStatus; count: number }>> {
  const result = await db.execute<{ status: OrderStatus; count: number }>(
    sql`SELECT status, count(*)::int AS count FROM orders GROUP BY status`,
  );
  return result.rows;
}
