import type { DeliveryInstructions, DeliveryStatus } from '@shop/contract/delivery';
import type { Fulfilment, OrderStatus } from '@shop/contract/orders';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executeNamed, sqlText } from '../../db/named-statement';
import { batchedPages, perDatabase } from '../../db/read-batcher';
import type { Executor, Tx } from '../../db/transaction';

/**
 * The deliveries' queries. Deliveries read their order's snapshot (number, zone, street,
 * instructions) with a join on the order's primary key; timelines of a page come in one query.
 * Every customer query is restricted to `user_id` (indexes `deliveries_user_*`).
 */

/** Raw SQL answers timestamps as text: make them Dates. */
function toDate(value: Date | string | null): Date | null {
  return value === null ? null : value instanceof Date ? value : new Date(value);
}
const toDates = <T extends Record<string, unknown>>(row: T, keys: Array<keyof T>): T => {
  const copy = { ...row };
  for (const key of keys) copy[key] = toDate(copy[key] as Date | string | null) as T[keyof T];
  return copy;
};

// ---------------------------------------------------------------------------------------------
// Following the order
// ---------------------------------------------------------------------------------------------

export type OrderForDelivery = {
  id: string;
  user_id: string;
  order_number: string;
  status: OrderStatus;
  fulfilment: Fulfilment;
  estimated_delivery_time: Date | null;
  confirmed_at: Date | null;
  zone_minutes: number | null;
  delivery_instructions: DeliveryInstructions | null;
};

export async function findOrderForDelivery(
  db: Executor,
  orderId: string,
): Promise<OrderForDelivery | undefined> {
  const result = await db.execute<OrderForDelivery>(sql`
    SELECT o.id, o.user_id, o.order_number, o.status, o.fulfilment, o.estimated_delivery_time, o.confirmed_at,
           z.delivery_time_minutes AS zone_minutes, o.delivery_instructions
    FROM orders o LEFT JOIN delivery_zones z ON z.id = o.delivery_zone_id
    WHERE o.id = ${orderId}`);
  const row = result.rows[0];
  return row && toDates(row, ['estimated_delivery_time', 'confirmed_at']);
}

export type DeliveryRow = {
  id: number;
  order_id: string;
  user_id: string;
  status: DeliveryStatus;
  estimated_delivery_time: Date | null;
  rider_name: string | null;
  rider_phone: string | null;
  dispatched_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

const DELIVERY_DATES: Array<keyof DeliveryRow> = [
  'estimated_delivery_time',
  'dispatched_at',
  'delivered_at',
  'created_at',
  'updated_at',
];

/** Creates the order's delivery unless it exists (several instances may try at once). */
export async function insertDeliveryIfMissing(
  tx: Tx,
  delivery: { orderId: string; userId: string; status: DeliveryStatus; estimatedDeliveryTime: Date | null },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO deliveries (order_id, user_id, status, estimated_delivery_time)
    VALUES (${delivery.orderId}, ${delivery.userId}, ${delivery.status}, ${delivery.estimatedDeliveryTime})
    ON CONFLICT (order_id) DO NOTHING`);
}

/** The order's delivery, locked until the transaction ends. */
export async function lockDelivery(tx: Tx, orderId: string): Promise<DeliveryRow | undefined> {
  const result = await tx.execute<DeliveryRow>(sql`
    SELECT id, order_id, user_id, status, estimated_delivery_time, rider_name, rider_phone, dispatched_at,
           delivered_at, created_at, updated_at
    FROM deliveries WHERE order_id = ${orderId} FOR UPDATE`);
  const row = result.rows[0];
  return row && toDates(row, DELIVERY_DATES);
}

/** Copies the order's delivery-related status changes into the timeline, each once. */
export async function copyOrderChanges(tx: Tx, deliveryId: number, orderId: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO delivery_events (delivery_id, status, note, order_status_change_id, created_at)
    SELECT ${deliveryId}, c.status::text::delivery_status, c.note, c.id, c.created_at
    FROM order_status_changes c
    WHERE c.order_id = ${orderId}
      AND c.status IN ('confirmed', 'processing', 'ready_for_delivery', 'out_for_delivery', 'delivered', 'cancelled')
    ON CONFLICT (order_status_change_id) DO NOTHING`);
}

/** When the order last reached `status` (from its history), or null. */
export async function statusReachedAt(tx: Tx, orderId: string, status: OrderStatus): Promise<Date | null> {
  const result = await tx.execute<{ at: Date | string | null }>(sql`
    SELECT max(created_at) AS at FROM order_status_changes WHERE order_id = ${orderId} AND status = ${status}`);
  return toDate(result.rows[0]?.at ?? null);
}

export type DeliveryChanges = {
  status: DeliveryStatus;
  estimatedDeliveryTime?: Date | null;
  dispatchedAt?: Date;
  deliveredAt?: Date;
  cancelledAt?: Date;
};

export async function updateDelivery(tx: Tx, id: number, changes: DeliveryChanges): Promise<void> {
  const sets: SQL[] = [sql`updated_at = now()`, sql`status = ${changes.status}`];
  if (changes.estimatedDeliveryTime !== undefined) {
    sets.push(sql`estimated_delivery_time = ${changes.estimatedDeliveryTime}`);
  }
  if (changes.dispatchedAt) sets.push(sql`dispatched_at = COALESCE(dispatched_at, ${changes.dispatchedAt})`);
  if (changes.deliveredAt) sets.push(sql`delivered_at = COALESCE(delivered_at, ${changes.deliveredAt})`);
  if (changes.cancelledAt) sets.push(sql`cancelled_at = COALESCE(cancelled_at, ${changes.cancelledAt})`);
  await tx.execute(sql`UPDATE deliveries SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
}

/** The order shows the same estimate as its delivery. */
export async function setOrderEstimate(tx: Tx, orderId: string, estimate: Date | null): Promise<void> {
  await tx.execute(sql`UPDATE orders SET estimated_delivery_time = ${estimate} WHERE id = ${orderId}`);
}

export async function assignRider(tx: Tx, id: number, name: string, phone: string): Promise<void> {
  await tx.execute(sql`
    UPDATE deliveries SET rider_name = ${name}, rider_phone = ${phone}, rider_id = NULL, rider_assigned_at = now(), updated_at = now()
    WHERE id = ${id}`);
}

export async function insertTimelineNote(
  tx: Tx,
  deliveryId: number,
  status: DeliveryStatus,
  note: string,
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO delivery_events (delivery_id, status, note) VALUES (${deliveryId}, ${status}, ${note})`,
  );
}

/**
 * Delivery orders whose delivery is missing or behind their status, changed more than a minute
 * ago (fresher ones are their event handlers' business): the reconciliation's work list.
 */
export async function findOutOfStepOrderIds(db: Executor, limit: number): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    SELECT o.id FROM orders o
    LEFT JOIN deliveries d ON d.order_id = o.id
    WHERE o.fulfilment = 'delivery'
      AND o.status IN ('confirmed', 'processing', 'ready_for_delivery', 'out_for_delivery', 'delivered', 'cancelled')
      AND o.updated_at < now() - interval '1 minute'
      AND ((d.id IS NULL AND o.status <> 'cancelled') OR d.status::text <> o.status::text)
    ORDER BY o.updated_at
    LIMIT ${limit}`);
  return result.rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// The customer's deliveries
// ---------------------------------------------------------------------------------------------

export type DeliveryViewRow = DeliveryRow & {
  order_number: string;
  delivery_zone_name: string | null;
  delivery_time_label: string | null;
  street: string | null;
  delivery_instructions: DeliveryInstructions | null;
  /** A gift's recipient and day (issue 39), for its buyer to follow; null: not a gift. */
  gift: { recipient_name: string; delivery_date: string } | null;
};

const VIEW_COLUMNS = sql`
  d.id, d.order_id, d.user_id, d.status, d.estimated_delivery_time, d.rider_name, d.rider_phone, d.dispatched_at,
  d.delivered_at, d.created_at, d.updated_at, o.order_number, o.delivery_zone_name, o.delivery_time_label, o.street,
  o.delivery_instructions,
  (SELECT json_build_object('recipient_name', g.recipient_name, 'delivery_date', g.delivery_date::text)
   FROM gift_recipients g WHERE g.order_id = d.order_id) AS gift`;

/**
 * The customer's deliveries: `active` (not yet delivered or cancelled, newest first) or
 * `delivered` since a moment (newest delivery first). Both filter on (user_id, status), which
 * deliveries_user_status_idx serves.
 */
export type DeliveryListFilter = { kind: 'active' } | { kind: 'delivered'; since: Date };

/**
 * A page of the customer's deliveries, each with its timeline (oldest entry first), and their
 * count: one named statement per filter (the count joined to the page, the timeline aggregated
 * per delivery), instead of a page, a count and a timelines query, each planned on every call.
 */
export async function listDeliveries(
  db: Executor,
  userId: string,
  filter: DeliveryListFilter,
  page: { limit: number; offset: number },
): Promise<DeliveryPage> {
  // The active deliveries (the account page's tracker): asked together with the other customers'
  // at the same moment (db/read-batcher.ts).
  if (filter.kind === 'active' && '$client' in db) return activeDeliveries(db).load({ userId, ...page });
  const where =
    filter.kind === 'active'
      ? sql`d.user_id = ${userId} AND d.status NOT IN ('delivered', 'cancelled')`
      : sql`d.user_id = ${userId} AND d.status = 'delivered' AND d.delivered_at >= ${filter.since.toISOString()}`;
  const order =
    filter.kind === 'active' ? sql`d.created_at DESC, d.id DESC` : sql`d.delivered_at DESC, d.id DESC`;
  const rows = await executeNamed<DeliveryPageRow>(
    db,
    filter.kind === 'active' ? 'deliveries_active_page' : 'deliveries_delivered_page',
    sql`
      SELECT c.list_count, p.*,
             (SELECT json_agg(json_build_object('delivery_id', e.delivery_id, 'status', e.status, 'note', e.note,
                                                'created_at', e.created_at) ORDER BY e.created_at, e.id)
              FROM delivery_events e WHERE e.delivery_id = p.id) AS timeline
      FROM (SELECT count(*)::int AS list_count FROM deliveries d WHERE ${where}) c
      LEFT JOIN LATERAL (
        SELECT ${VIEW_COLUMNS}
        FROM deliveries d JOIN orders o ON o.id = d.order_id
        WHERE ${where}
        ORDER BY ${order}
        LIMIT ${page.limit} OFFSET ${page.offset}
      ) p ON true`,
  );
  return toDeliveryPage(rows);
}

type DeliveryPage = { rows: Array<{ delivery: DeliveryViewRow; timeline: TimelineRow[] }>; count: number };

function toDeliveryPage(rows: DeliveryPageRow[]): DeliveryPage {
  return {
    count: rows[0]?.list_count ?? 0,
    rows: rows.flatMap(({ list_count: _count, timeline, ...row }) =>
      row.id === null
        ? []
        : [
            {
              delivery: toDates(row as DeliveryViewRow, DELIVERY_DATES),
              timeline: (timeline ?? []).map((entry) => toDates(entry, ['created_at'])),
            },
          ],
    ),
  };
}

/** `listDeliveries`' active statement for several customers at once, each row tagged with its caller. */
const activeDeliveries = perDatabase((db: Database) =>
  batchedPages<{ userId: string; limit: number; offset: number }, DeliveryPageRow, DeliveryPage>(
    db,
    'deliveries_active_pages',
    sqlText(sql`
      SELECT u.ord::int AS batch_position, c.list_count, p.*,
             (SELECT json_agg(json_build_object('delivery_id', e.delivery_id, 'status', e.status, 'note', e.note,
                                                'created_at', e.created_at) ORDER BY e.created_at, e.id)
              FROM delivery_events e WHERE e.delivery_id = p.id) AS timeline
      FROM unnest($1::uuid[], $2::bigint[], $3::bigint[]) WITH ORDINALITY AS u(user_id, lim, off, ord)
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS list_count FROM deliveries d
        WHERE d.user_id = u.user_id AND d.status NOT IN ('delivered', 'cancelled')
      ) c
      LEFT JOIN LATERAL (
        SELECT ${VIEW_COLUMNS}
        FROM deliveries d JOIN orders o ON o.id = d.order_id
        WHERE d.user_id = u.user_id AND d.status NOT IN ('delivered', 'cancelled')
        ORDER BY d.created_at DESC, d.id DESC
        LIMIT u.lim OFFSET u.off
      ) p ON true
      ORDER BY u.ord, p.created_at DESC, p.id DESC`),
    (inputs) => [
      inputs.map((input) => input.userId),
      inputs.map((input) => input.limit),
      inputs.map((input) => input.offset),
    ],
    toDeliveryPage,
  ),
);

/** A row of `listDeliveries`' statement: the count, and a delivery unless the page is empty (nulls). */
type DeliveryPageRow = Omit<DeliveryViewRow, 'id'> & {
  list_count: number;
  id: number | null;
  timeline: TimelineRow[] | null;
};

/** The customer's own delivery of that order number (undefined for anyone else's). */
export async function findDeliveryByOrderNumber(
  db: Executor,
  userId: string,
  orderNumber: string,
): Promise<DeliveryViewRow | undefined> {
  const result = await db.execute<DeliveryViewRow>(sql`
    SELECT ${VIEW_COLUMNS}
    FROM orders o JOIN deliveries d ON d.order_id = o.id
    WHERE o.order_number = ${orderNumber} AND o.user_id = ${userId}`);
  const row = result.rows[0];
  return row && toDates(row, DELIVERY_DATES);
}

/** The customer's own order of that number, whatever it is (for a precise 404 message). */
export async function findOwnOrderByNumber(
  db: Executor,
  userId: string,
  orderNumber: string,
): Promise<{ fulfilment: Fulfilment; status: OrderStatus } | undefined> {
  const result = await db.execute<{ fulfilment: Fulfilment; status: OrderStatus }>(sql`
    SELECT fulfilment, status FROM orders WHERE order_number = ${orderNumber} AND user_id = ${userId}`);
  return result.rows[0];
}

export type TimelineRow = {
  delivery_id: number;
  status: DeliveryStatus;
  note: string | null;
  created_at: Date;
};

/** The timelines of several deliveries, oldest entry first: one query for a whole page. */
export async function timelinesOf(db: Executor, deliveryIds: number[]): Promise<Map<number, TimelineRow[]>> {
  const timelines = new Map<number, TimelineRow[]>();
  if (deliveryIds.length === 0) return timelines;
  const result = await db.execute<TimelineRow>(sql`
    SELECT delivery_id, status, note, created_at FROM delivery_events
    WHERE delivery_id IN (${sql.join(
      deliveryIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    ORDER BY delivery_id, created_at, id`);
  for (const row of result.rows) {
    const list = timelines.get(row.delivery_id) ?? [];
    list.push(toDates(row, ['created_at']));
    timelines.set(row.delivery_id, list);
  }
  return timelines;
}

export async function deliveryCounts(
  db: Executor,
  userId: string,
): Promise<Array<{ status: DeliveryStatus; count: number }>> {
  const result = await db.execute<{ status: DeliveryStatus; count: number }>(sql`
    SELECT status, count(*)::int AS count FROM deliveries WHERE user_id = ${userId} GROUP BY status`);
  return result.rows;
}

// ---------------------------------------------------------------------------------------------
// Delivery instructions
// ---------------------------------------------------------------------------------------------

export type InstructableOrderRow = {
  id: string;
  order_number: string;
  status: OrderStatus;
  delivery_zone_name: string | null;
  street: string | null;
  delivery_instructions: DeliveryInstructions | null;
  created_at: Date;
};

const INSTRUCTABLE = sql`o.fulfilment = 'delivery' AND o.status IN ('pending', 'confirmed', 'processing', 'ready_for_delivery')`;

export async function listInstructableOrders(
  db: Executor,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: InstructableOrderRow[]; count: number }> {
  const [rows, count] = await Promise.all([
    db.execute<InstructableOrderRow>(sql`
      SELECT o.id, o.order_number, o.status, o.delivery_zone_name, o.street, o.delivery_instructions, o.created_at
      FROM orders o
      WHERE o.user_id = ${userId} AND ${INSTRUCTABLE}
      ORDER BY o.created_at DESC, o.id DESC
      LIMIT ${page.limit} OFFSET ${page.offset}`),
    db.execute<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM orders o WHERE o.user_id = ${userId} AND ${INSTRUCTABLE}`,
    ),
  ]);
  return { rows: rows.rows.map((row) => toDates(row, ['created_at'])), count: count.rows[0]?.count ?? 0 };
}

/** The customer's own order, locked; with whether it still takes instructions. */
export async function lockOwnOrder(
  tx: Tx,
  userId: string,
  orderId: string,
): Promise<(InstructableOrderRow & { fulfilment: Fulfilment }) | undefined> {
  const result = await tx.execute<InstructableOrderRow & { fulfilment: Fulfilment }>(sql`
    SELECT o.id, o.order_number, o.status, o.fulfilment, o.delivery_zone_name, o.street, o.delivery_instructions,
           o.created_at
    FROM orders o WHERE o.id = ${orderId} AND o.user_id = ${userId}
    FOR UPDATE`);
  const row = result.rows[0];
  return row && toDates(row, ['created_at']);
}

export async function saveOrderInstructions(
  tx: Tx,
  orderId: string,
  instructions: DeliveryInstructions,
): Promise<void> {
  await tx.execute(sql`
    UPDATE orders SET delivery_instructions = ${JSON.stringify(instructions)}::jsonb, updated_at = now()
    WHERE id = ${orderId}`);
}

export async function saveInstructionDefaults(
  db: Executor,
  userId: string,
  instructions: DeliveryInstructions,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO delivery_instruction_defaults (user_id, instructions, updated_at)
    VALUES (${userId}, ${JSON.stringify(instructions)}::jsonb, now())
    ON CONFLICT (user_id) DO UPDATE SET instructions = EXCLUDED.instructions, updated_at = EXCLUDED.updated_at`);
}

export async function findInstructionDefaults(
  db: Executor,
  userId: string,
): Promise<DeliveryInstructions | null> {
  const result = await db.execute<{ instructions: DeliveryInstructions }>(sql`
    SELECT instructions FROM delivery_instruction_defaults WHERE user_id = ${userId}`);
  return result.rows[0]?.instructions ?? null;
}
