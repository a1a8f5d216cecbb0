import type { DeliveryStatus } from '@shop/contract/delivery';
import type { OrderStatus, PaymentStatus } from '@shop/contract/orders';
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/transaction';

/** The recipients' lists (decision 0036): the list row and its child orders, read in one query each. */

export type ListSizeRow = {
  variant_id: number;
  variant_name: string;
  sku: string;
  price: number;
  stock: number;
  product_id: number;
  product_name: string;
  product_slug: string;
  image: string | null;
  is_available: boolean;
};

/**
 * The sizes a list names, by SKU, in one query. With `lock`, their rows are locked in size id
 * order (checkout's one lock order, so a list and a checkout never deadlock).
 */
export async function sizesBySku(db: Executor, skus: string[], lock: boolean): Promise<ListSizeRow[]> {
  if (skus.length === 0) return [];
  const result = await db.execute<ListSizeRow>(sql`
    SELECT v.id AS variant_id, v.name AS variant_name, v.sku, v.price, v.stock, p.id AS product_id,
           p.name AS product_name, p.slug AS product_slug,
           (SELECT i.url FROM product_images i WHERE i.product_id = p.id
              ORDER BY (i.url LIKE '/media/gen/%'), i.sort_order, i.id LIMIT 1) AS image,
           (p.is_active AND c.is_active) AS is_available
    FROM product_variants v
    JOIN products p ON p.id = v.product_id
    JOIN categories c ON c.id = p.category_id
    WHERE v.sku = ANY(${sql.param(skus)}::text[])
    ORDER BY v.id
    ${lock ? sql`FOR NO KEY UPDATE OF v` : sql``}`);
  return result.rows;
}

export type ListRow = {
  id: string;
  user_id: string;
  company_id: string;
  request_hash: string;
  lpo_number: string | null;
  delivery_count: number;
  total: number;
  created_at: Date;
};

const LIST_COLUMNS = sql`id, user_id, company_id, request_hash, lpo_number, delivery_count, total, created_at`;

export async function findListByKey(db: Executor, userId: string, key: string): Promise<ListRow | undefined> {
  const result = await db.execute<ListRow>(
    sql`SELECT ${LIST_COLUMNS} FROM order_lists WHERE user_id = ${userId} AND idempotency_key = ${key}`,
  );
  return result.rows[0];
}

export async function findList(db: Executor, id: string): Promise<ListRow | undefined> {
  const result = await db.execute<ListRow>(sql`SELECT ${LIST_COLUMNS} FROM order_lists WHERE id = ${id}`);
  return result.rows[0];
}

export async function insertList(
  tx: Tx,
  list: {
    userId: string;
    companyId: string;
    idempotencyKey: string;
    requestHash: string;
    deliveryCount: number;
    total: number;
    lpoNumber: string | null;
  },
): Promise<string> {
  const result = await tx.execute<{ id: string }>(sql`
    INSERT INTO order_lists (user_id, company_id, idempotency_key, request_hash, delivery_count, total, lpo_number)
    VALUES (${list.userId}, ${list.companyId}, ${list.idempotencyKey}, ${list.requestHash}, ${list.deliveryCount},
            ${list.total}, ${list.lpoNumber})
    RETURNING id`);
  return result.rows[0]!.id;
}

/** Serialises uploads of one key (a double click, a retry) until the first commits. */
export async function lockListKey(tx: Tx, userId: string, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order_list:${userId}:${key}`}, 0))`);
}

export type ListDeliveryRow = {
  order_id: string;
  order_number: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  payment_due_at: Date | null;
  total: number;
  delivery_zone_name: string | null;
  recipient_name: string;
  recipient_phone: string;
  delivery_date: string;
  delivery_status: DeliveryStatus | null;
  dispatched_at: Date | null;
  delivered_at: Date | null;
};

/** A list's deliveries in upload order (their keys end in the CSV line, zero-padded), with their recipient and delivery state, in one query. */
export async function listDeliveries(db: Executor, listId: string): Promise<ListDeliveryRow[]> {
  const result = await db.execute<ListDeliveryRow>(sql`
    SELECT o.id AS order_id, o.order_number, o.status, o.payment_status, o.payment_due_at, o.total,
           o.delivery_zone_name, g.recipient_name, g.recipient_phone, g.delivery_date::text AS delivery_date,
           d.status AS delivery_status, d.dispatched_at, d.delivered_at
    FROM orders o
    JOIN gift_recipients g ON g.order_id = o.id
    LEFT JOIN deliveries d ON d.order_id = o.id
    WHERE o.order_list_id = ${listId}
    ORDER BY o.idempotency_key`);
  return result.rows;
}

/** The child orders' ids, locked in id order (payment and cancellation take them in one order). */
export async function lockListOrderIds(tx: Tx, listId: string): Promise<string[]> {
  const result = await tx.execute<{ id: string }>(
    sql`SELECT id FROM orders WHERE order_list_id = ${listId} ORDER BY id FOR NO KEY UPDATE`,
  );
  return result.rows.map((row) => row.id);
}
