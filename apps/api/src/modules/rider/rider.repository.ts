import type { DeliveryInstructions } from '@shop/contract/delivery';
import type { OrderStatus, PaymentMethod, PaymentStatus } from '@shop/contract/orders';
import type { RefusalReason } from '@shop/contract/rider';
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/transaction';
import { giveBackStockOfOrder } from '../stock/stock.repository';

/** The rider module's SQL: a rider's run, their actions once each, the door's outcome, cash. */

export type StopRow = {
  delivery_id: number;
  order_id: string;
  order_number: string;
  status: OrderStatus;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  total: number;
  delivery_fee: number;
  contact_name: string;
  contact_phone: string;
  delivery_zone_name: string | null;
  street: string | null;
  delivery_instructions: DeliveryInstructions | null;
  estimated_delivery_time: string | null;
  rider_id: string | null;
  handover_attempts: number;
  handover_locked_at: string | null;
  handover_verified_by: 'code' | 'staff_phone' | null;
  door_outcome: 'returned_to_shop' | 'failed_retry' | null;
  refusal_reason: RefusalReason | null;
  delivered_at: string | null;
  bottles: number;
  cases: number;
  proof_taken: boolean;
};

const STOP = sql`
  SELECT d.id AS delivery_id, o.id AS order_id, o.order_number, o.status, o.payment_method, o.payment_status,
         o.total, o.delivery_fee, o.contact_name, o.contact_phone, o.delivery_zone_name, o.street, o.delivery_instructions,
         o.estimated_delivery_time, d.rider_id, d.handover_attempts, d.handover_locked_at,
         d.handover_verified_by, d.door_outcome, d.refusal_reason, d.delivered_at,
         (SELECT coalesce(sum(i.quantity), 0)::int FROM order_items i
           WHERE i.order_id = o.id AND i.variant_name !~* 'case') AS bottles,
         (SELECT coalesce(sum(i.quantity), 0)::int FROM order_items i
           WHERE i.order_id = o.id AND i.variant_name ~* 'case') AS cases,
         EXISTS (SELECT 1 FROM delivery_proofs p WHERE p.delivery_id = d.id) AS proof_taken
  FROM deliveries d JOIN orders o ON o.id = d.order_id`;

/**
 * The rider's run: open stops (ready, out) first by the time promised, then today's closed ones
 * (index `deliveries_rider_idx`).
 */
export async function runOf(db: Executor, riderId: string, dayStart: Date): Promise<StopRow[]> {
  const result = await db.execute<StopRow>(sql`
    ${STOP}
    WHERE d.rider_id = ${riderId}
      AND (d.status IN ('confirmed', 'processing', 'ready_for_delivery', 'out_for_delivery')
           OR d.updated_at >= ${dayStart.toISOString()}::timestamptz)
    ORDER BY (d.status IN ('delivered', 'cancelled')), o.estimated_delivery_time NULLS LAST, o.created_at
    LIMIT 200`);
  return result.rows;
}

/** The stop of an order, locked (delivery row) until the transaction ends. */
export async function lockStop(tx: Tx, orderId: string): Promise<StopRow | undefined> {
  const result = await tx.execute<StopRow>(sql`${STOP} WHERE d.order_id = ${orderId} FOR UPDATE OF d`);
  return result.rows[0];
}

export async function findAction(
  tx: Executor,
  actionId: string,
): Promise<{ rider_id: string; kind: string; result: StoredResult } | undefined> {
  const result = await tx.execute<{ rider_id: string; kind: string; result: StoredResult }>(sql`
    SELECT rider_id, kind, result FROM rider_actions WHERE action_id = ${actionId}`);
  return result.rows[0];
}

export type StoredResult = { status: number; body: unknown };

/** Claims the action id; false when another transaction already holds or made it. */
export async function insertAction(
  tx: Tx,
  row: { actionId: string; riderId: string; orderId: string | null; kind: string; result: StoredResult },
): Promise<boolean> {
  const result = await tx.execute(sql`
    INSERT INTO rider_actions (action_id, rider_id, order_id, kind, result)
    VALUES (${row.actionId}, ${row.riderId}, ${row.orderId}, ${row.kind}, ${JSON.stringify(row.result)}::jsonb)
    ON CONFLICT (action_id) DO NOTHING`);
  return (result.rowCount ?? 0) > 0;
}

export async function countWrongCode(tx: Tx, deliveryId: number, maxAttempts: number): Promise<number> {
  const result = await tx.execute<{ handover_attempts: number }>(sql`
    UPDATE deliveries SET handover_attempts = handover_attempts + 1,
      handover_locked_at = CASE WHEN handover_attempts + 1 >= ${maxAttempts} THEN now() ELSE handover_locked_at END,
      updated_at = now()
    WHERE id = ${deliveryId} RETURNING handover_attempts`);
  return result.rows[0]?.handover_attempts ?? maxAttempts;
}

export async function recordHandover(
  tx: Tx,
  deliveryId: number,
  check: {
    verifiedBy: 'code' | 'staff_phone';
    ageCheck: 'clearly_of_age' | 'id';
    idType: string | null;
    idBirthYear: number | null;
  },
): Promise<void> {
  await tx.execute(sql`
    UPDATE deliveries SET handover_verified_by = ${check.verifiedBy}, handover_verified_at = now(),
      age_check = ${check.ageCheck}, id_type = ${check.idType}, id_birth_year = ${check.idBirthYear},
      door_outcome = NULL, refusal_reason = NULL, updated_at = now()
    WHERE id = ${deliveryId}`);
}

export async function recordDoorOutcome(
  tx: Tx,
  deliveryId: number,
  outcome: 'returned_to_shop' | 'failed_retry',
  reason: RefusalReason,
): Promise<void> {
  await tx.execute(sql`
    UPDATE deliveries SET door_outcome = ${outcome}, refusal_reason = ${reason}, door_outcome_at = now(),
      updated_at = now()
    WHERE id = ${deliveryId}`);
}

/**
 * A paid order that came back goes to the refund queue: its successful payments are due for
 * refund, less `withheld` (the shop's fee for a refusal that was the customer's), never more than paid.
 */
export async function markPaymentsRefundDue(tx: Tx, orderId: string, withheld: number): Promise<number> {
  const result = await tx.execute(sql`
    UPDATE payment_transactions SET refund_due = true, refund_withheld = least(${withheld}::int, amount)
    WHERE purpose = 'order' AND subject_id = ${orderId} AND status = 'successful' AND NOT refund_due`);
  return result.rowCount ?? 0;
}

export async function insertRiderCash(
  tx: Tx,
  row: {
    orderId: string;
    deliveryId: number;
    riderId: string;
    riderName: string;
    riderPhone: string | null;
    expected: number;
    amount: number;
    tendered: number;
  },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO cash_collections (order_id, delivery_id, rider_id, rider_name, rider_phone, expected, amount, tendered, recorded_by)
    VALUES (${row.orderId}, ${row.deliveryId}, ${row.riderId}, ${row.riderName}, ${row.riderPhone}, ${row.expected},
            ${row.amount}, ${row.tendered}, ${row.riderId})
    ON CONFLICT (order_id) DO NOTHING`);
}

/**
 * Returned bottles back on the shelf, once: the delivery's `bottles_back_at` and the order's
 * `stock_released_at` are both claimed, then the order's lines come back as every give-back does
 * (`giveBackStockOfOrder`: a hamper's line brings back its parts), `returned` rows with the order.
 */
export async function returnBottles(
  tx: Tx,
  orderId: string,
  deliveryId: number,
  actor: { id: string },
): Promise<boolean> {
  const claimed = await tx.execute(sql`
    UPDATE deliveries SET bottles_back_at = now(), updated_at = now()
    WHERE id = ${deliveryId} AND door_outcome = 'returned_to_shop' AND bottles_back_at IS NULL`);
  if ((claimed.rowCount ?? 0) === 0) return false;
  const order = await tx.execute(sql`
    UPDATE orders SET stock_released_at = now() WHERE id = ${orderId} AND stock_released_at IS NULL`);
  if ((order.rowCount ?? 0) === 0) return false;
  await giveBackStockOfOrder(tx, orderId, {
    reason: 'returned',
    note: 'Refused at the door',
    actorId: actor.id,
  });
  return true;
}

export async function ridersList(
  db: Executor,
): Promise<Array<{ id: string; name: string; phone: string | null }>> {
  const result = await db.execute<{ id: string; name: string; phone: string | null }>(sql`
    SELECT id, name, phone FROM users WHERE role = 'rider' AND disabled_at IS NULL ORDER BY name, id LIMIT 500`);
  return result.rows;
}

export async function findRider(
  db: Executor,
  id: string,
): Promise<{ id: string; name: string; phone: string | null } | undefined> {
  const result = await db.execute<{ id: string; name: string; phone: string | null }>(sql`
    SELECT id, name, phone FROM users WHERE id = ${id} AND role = 'rider' AND disabled_at IS NULL`);
  return result.rows[0];
}

export async function assignRiderAccount(
  tx: Tx,
  deliveryId: number,
  rider: { id: string; name: string; phone: string | null },
): Promise<void> {
  await tx.execute(sql`
    UPDATE deliveries SET rider_id = ${rider.id}, rider_name = ${rider.name}, rider_phone = ${rider.phone},
      rider_assigned_at = now(), updated_at = now()
    WHERE id = ${deliveryId}`);
}

export async function staffVerify(tx: Tx, deliveryId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE deliveries SET handover_verified_by = 'staff_phone', handover_verified_at = now(), updated_at = now()
    WHERE id = ${deliveryId}`);
}

/** Cash a rider collected on a Kampala day and what was handed in (both confirmed) that day. */
export async function cashOfDay(
  db: Executor,
  riderId: string,
  from: Date,
  to: Date,
  day: string,
): Promise<{ collected: number; handed_in: number; counted: number }> {
  const result = await db.execute<{ collected: number; handed_in: number; counted: number }>(sql`
    SELECT
      (SELECT coalesce(sum(amount), 0)::int FROM cash_collections
        WHERE rider_id = ${riderId} AND collected_at >= ${from.toISOString()}::timestamptz
          AND collected_at < ${to.toISOString()}::timestamptz) AS collected,
      (SELECT coalesce(sum(amount), 0)::int FROM cash_handins
        WHERE rider_id = ${riderId} AND day = ${day} AND rider_confirmed_at IS NOT NULL) AS handed_in,
      (SELECT coalesce(sum(expected), 0)::int FROM cash_handins
        WHERE rider_id = ${riderId} AND day = ${day}) AS counted`);
  return result.rows[0] ?? { collected: 0, handed_in: 0, counted: 0 };
}

export type HandinRow = {
  id: number;
  rider_id: string;
  day: string;
  expected: number;
  amount: number;
  reason: string | null;
  cashier_name: string;
  rider_confirmed_at: string | null;
  created_at: string;
};

export async function handinsOf(db: Executor, riderId: string, day: string): Promise<HandinRow[]> {
  const result = await db.execute<HandinRow>(sql`
    SELECT id, rider_id, day, expected, amount, reason, cashier_name, rider_confirmed_at, created_at
    FROM cash_handins WHERE rider_id = ${riderId} AND day = ${day} ORDER BY id DESC LIMIT 50`);
  return result.rows;
}

export async function insertHandin(
  tx: Tx,
  row: {
    riderId: string;
    day: string;
    expected: number;
    amount: number;
    reason: string | null;
    cashierId: string;
    cashierName: string;
  },
): Promise<HandinRow> {
  const result = await tx.execute<HandinRow>(sql`
    INSERT INTO cash_handins (rider_id, day, expected, amount, reason, cashier_id, cashier_name)
    VALUES (${row.riderId}, ${row.day}, ${row.expected}, ${row.amount}, ${row.reason}, ${row.cashierId}, ${row.cashierName})
    RETURNING id, rider_id, day, expected, amount, reason, cashier_name, rider_confirmed_at, created_at`);
  const inserted = result.rows[0];
  if (!inserted) throw new Error('cash hand-in not inserted');
  return inserted;
}

export async function confirmHandin(tx: Tx, id: number, riderId: string): Promise<HandinRow | undefined> {
  const result = await tx.execute<HandinRow>(sql`
    UPDATE cash_handins SET rider_confirmed_at = coalesce(rider_confirmed_at, now())
    WHERE id = ${id} AND rider_id = ${riderId}
    RETURNING id, rider_id, day, expected, amount, reason, cashier_name, rider_confirmed_at, created_at`);
  return result.rows[0];
}

export type RiderCashDbRow = {
  day: string;
  rider_id: string;
  rider_name: string;
  expected: number;
  collected: number;
  handed_in: number;
};

/** Per rider and Kampala day: cash orders handed over, cash collected, cash handed in (confirmed). */
export async function riderCashPerDay(db: Executor, from: string, to: string): Promise<RiderCashDbRow[]> {
  const result = await db.execute<RiderCashDbRow>(sql`
    WITH collected AS (
      SELECT c.rider_id, to_char(c.collected_at AT TIME ZONE 'Africa/Kampala', 'YYYY-MM-DD') AS day,
             sum(c.expected)::int AS expected, sum(c.amount)::int AS collected
      FROM cash_collections c
      WHERE c.rider_id IS NOT NULL
        AND c.collected_at >= (${from}::date)::timestamp AT TIME ZONE 'Africa/Kampala'
        AND c.collected_at < ((${to}::date + 1)::timestamp AT TIME ZONE 'Africa/Kampala')
      GROUP BY 1, 2
    ), handed AS (
      SELECT rider_id, day, sum(amount)::int AS handed_in FROM cash_handins
      WHERE day >= ${from} AND day <= ${to} AND rider_confirmed_at IS NOT NULL
      GROUP BY 1, 2
    )
    SELECT coalesce(c.day, h.day) AS day, coalesce(c.rider_id, h.rider_id) AS rider_id, u.name AS rider_name,
           coalesce(c.expected, 0) AS expected, coalesce(c.collected, 0) AS collected,
           coalesce(h.handed_in, 0) AS handed_in
    FROM collected c FULL JOIN handed h ON h.rider_id = c.rider_id AND h.day = c.day
    JOIN users u ON u.id = coalesce(c.rider_id, h.rider_id)
    ORDER BY 1 DESC, u.name, 2`);
  return result.rows;
}

/** Keeps a delivery's proof; false when it has one already (one proof per delivery). */
export async function insertProof(
  tx: Tx,
  deliveryId: number,
  proof: {
    photo: { bytes: Buffer; width: number; height: number } | null;
    position: { latitude: number; longitude: number; accuracy_m: number | null } | null;
  },
): Promise<boolean> {
  const result = await tx.execute(sql`
    INSERT INTO delivery_proofs (delivery_id, photo, photo_width, photo_height, latitude, longitude, accuracy_m)
    VALUES (${deliveryId}, ${proof.photo?.bytes ?? null}, ${proof.photo?.width ?? null}, ${proof.photo?.height ?? null},
            ${proof.position?.latitude ?? null}, ${proof.position?.longitude ?? null},
            ${proof.position?.accuracy_m ?? null})
    ON CONFLICT (delivery_id) DO NOTHING`);
  return (result.rowCount ?? 0) > 0;
}

/** The proof photo's JPEG of an order, if it has one. */
export async function proofPhotoOfOrder(db: Executor, orderId: string): Promise<Buffer | undefined> {
  const result = await db.execute<{ photo: Buffer }>(sql`
    SELECT p.photo FROM delivery_proofs p JOIN deliveries d ON d.id = p.delivery_id
    WHERE d.order_id = ${orderId} AND p.photo IS NOT NULL`);
  return result.rows[0]?.photo;
}
