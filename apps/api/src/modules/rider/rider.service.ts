import { preferredDeliveryTimeLabels } from '@shop/contract/delivery';
import { kampalaIsoDate } from '@shop/contract/kampala-time';
import { mapLinkOf, positionOfPlusCode } from '@shop/contract/location';
import { formatUGX } from '@shop/contract/money';
import {
  CUSTOMER_REFUSAL_REASONS,
  changeDue,
  doorOutcomeLabels,
  HANDOVER_MAX_ATTEMPTS,
  type HandoverCode,
  type handinRequestSchema,
  type RiderActionResult,
  type RiderCashReport,
  type RiderRun,
  type RiderStop,
  refusalOutcome,
  refusalReasonLabels,
  type riderActionSchema,
  type riderCashQuerySchema,
  riderMessages,
  surelyOfAge,
} from '@shop/contract/rider';
import type { RefusedOrderFee } from '@shop/contract/settings';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Tx } from '../../db/transaction';
import { AppError, conflict, invalidInput, notFound } from '../../errors';
import type { DomainEventOutbox, DomainEvents } from '../../lib/domain-events';
import { type AuditActor, recordAudit } from '../audit/audit';
import { insertTimelineNote, lockDelivery } from '../delivery/delivery.repository';
import { syncDelivery } from '../delivery/delivery.service';
import { changeOrderStatus } from '../orders/order-lifecycle';
import type { HandoverCodes } from './handover-code';
import { type ProofPhoto, processProofPhoto } from './proof-photo';
import {
  assignRiderAccount,
  cashOfDay,
  confirmHandin,
  countWrongCode,
  findAction,
  findRider,
  handinsOf,
  insertAction,
  insertHandin,
  insertProof,
  insertRiderCash,
  lockStop,
  markPaymentsRefundDue,
  recordDoorOutcome,
  recordHandover,
  returnBottles,
  riderCashPerDay,
  runOf,
  type StopRow,
  type StoredResult,
  staffVerify,
} from './rider.repository';

/**
 * The rider's run and actions, and the staff's side of the door (decision 0026). Every rider
 * action runs in one transaction that also claims its action id: a replay finds the id and
 * answers the stored result, changing nothing.
 */

export type RiderDeps = {
  db: Database;
  events: DomainEvents;
  codes: HandoverCodes;
  minimumAge: () => Promise<number>;
  refusedOrderFee: () => Promise<RefusedOrderFee>;
};
export type Rider = { id: string; name: string; role: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const dayStart = (day: string) => new Date(`${day}T00:00:00+03:00`);
const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function toStop(row: StopRow): RiderStop {
  const instructions = row.delivery_instructions;
  const cash = row.payment_method === 'cash_on_delivery' && row.payment_status !== 'paid';
  return {
    order_id: row.order_id,
    order_number: row.order_number,
    status: row.status,
    customer_name: row.contact_name,
    phone: row.contact_phone,
    zone: row.delivery_zone_name,
    street: row.street,
    landmark: instructions?.landmark ?? null,
    pin: instructions?.plus_code
      ? {
          plus_code: instructions.plus_code,
          map_url: mapLinkOf(positionOfPlusCode(instructions.plus_code)),
        }
      : null,
    access_instructions: instructions?.access_instructions ?? null,
    delivery_window: instructions ? preferredDeliveryTimeLabels[instructions.preferred_delivery_time] : null,
    expected_at: iso(row.estimated_delivery_time),
    collect: { cash, amount: cash ? row.total : 0 },
    bottles: row.bottles,
    cases: row.cases,
    handover: {
      attempts_left: Math.max(0, HANDOVER_MAX_ATTEMPTS - row.handover_attempts),
      locked: row.handover_locked_at !== null,
      verified_by_staff: row.handover_verified_by === 'staff_phone',
    },
    door_outcome: row.door_outcome,
    refusal_reason: row.refusal_reason,
    delivered_at: iso(row.delivered_at),
    proof_taken: row.proof_taken,
  };
}

export async function getRun(db: Database, riderId: string, now = new Date()): Promise<RiderRun> {
  const day = kampalaIsoDate(now);
  const start = dayStart(day);
  const [rows, cash, handins] = await Promise.all([
    runOf(db, riderId, start),
    cashOfDay(db, riderId, start, new Date(start.getTime() + DAY_MS), day),
    handinsOf(db, riderId, day),
  ]);
  return {
    day,
    stops: rows.map(toStop),
    cash: { collected: cash.collected, handed_in: cash.handed_in, on_hand: cash.collected - cash.handed_in },
    handins: handins.map((row) => ({
      id: row.id,
      day: row.day,
      expected: row.expected,
      amount: row.amount,
      reason: row.reason,
      cashier_name: row.cashier_name,
      rider_confirmed: row.rider_confirmed_at !== null,
      created_at: new Date(row.created_at).toISOString(),
    })),
  };
}

type Action = z.output<typeof riderActionSchema>;

/** An answer kept with the action id: a replay gets the same status and body. */
class Answer extends Error {
  constructor(readonly stored: StoredResult) {
    super('answer');
  }
}

const ok = (action: Action, message: string, change: number | null = null): StoredResult => ({
  status: 200,
  body: {
    action_id: action.action_id,
    replayed: false,
    message,
    change_due: change,
  } satisfies RiderActionResult,
});

function errorOf(error: AppError): StoredResult {
  return {
    status: error.statusCode,
    body: {
      error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
    },
  };
}

/**
 * Does a rider action once. Answers `{ status, body }`: the stored answer for a replay. A wrong
 * code is an answer that changes something (the attempt is counted), so it is committed with its
 * action id; other refusals change nothing and keep no id, so the same action may be sent again.
 */
export async function doRiderAction(deps: RiderDeps, rider: Rider, action: Action): Promise<StoredResult> {
  const replay = await findAction(deps.db, action.action_id);
  if (replay) return replayOf(replay, rider, action);
  // A proof photo is checked and re-encoded before the transaction: no row is locked meanwhile.
  const photo = action.kind === 'proof' ? await proofPhotoOf(action) : null;
  try {
    return await deps.events.transaction<Tx, StoredResult>(deps.db, async (tx, outbox) => {
      const result = await perform(deps, tx, outbox, rider, action, photo);
      const orderId = 'order_id' in action ? action.order_id : null;
      if (
        !(await insertAction(tx, {
          actionId: action.action_id,
          riderId: rider.id,
          orderId,
          kind: action.kind,
          result,
        }))
      ) {
        // Sent twice at once: the other request holds the id; this one's work is rolled back.
        throw new Answer({ status: 0, body: null });
      }
      return result;
    });
  } catch (error) {
    if (error instanceof Answer) {
      const stored = await findAction(deps.db, action.action_id);
      if (stored) return replayOf(stored, rider, action);
      throw error;
    }
    throw error;
  }
}

function replayOf(
  stored: { rider_id: string; kind: string; result: StoredResult },
  rider: Rider,
  action: Action,
): StoredResult {
  if (stored.rider_id !== rider.id || stored.kind !== action.kind) {
    throw conflict(riderMessages.actionReused, 'conflict', [
      { field: 'action_id', message: riderMessages.actionReused },
    ]);
  }
  const body = stored.result.body as Record<string, unknown>;
  return {
    status: stored.result.status,
    body: stored.result.status === 200 ? { ...body, replayed: true } : body,
  };
}

async function proofPhotoOf(action: Extract<Action, { kind: 'proof' }>): Promise<ProofPhoto | null> {
  if (action.photo === null && action.position === null) {
    throw invalidInput([{ field: 'photo', message: riderMessages.proofEmpty }]);
  }
  return action.photo === null ? null : processProofPhoto(action.photo);
}

async function ownStop(tx: Tx, rider: Rider, orderId: string): Promise<StopRow> {
  const stop = await lockStop(tx, orderId);
  // Someone else's order is not found, not forbidden: a rider learns nothing of other orders.
  if (!stop || stop.rider_id !== rider.id) throw notFound('Order');
  return stop;
}

async function perform(
  deps: RiderDeps,
  tx: Tx,
  outbox: DomainEventOutbox,
  rider: Rider,
  action: Action,
  photo: ProofPhoto | null,
): Promise<StoredResult> {
  switch (action.kind) {
    case 'out_for_delivery': {
      const stop = await ownStop(tx, rider, action.order_id);
      if (stop.status !== 'ready_for_delivery') {
        throw conflict(riderMessages.notReady, 'conflict', [
          { field: 'order_id', message: riderMessages.notReady },
        ]);
      }
      // The order's own move: the customer's notification and SMS follow from it, as for staff.
      await changeOrderStatus(tx, stop.order_id, 'out_for_delivery', { changedBy: rider.id, outbox });
      await syncDelivery(tx, stop.order_id, outbox);
      return ok(action, `${stop.order_number} is out for delivery`);
    }
    case 'handover':
      return handOver(deps, tx, outbox, rider, action);
    case 'refuse': {
      const stop = await ownStop(tx, rider, action.order_id);
      if (stop.status !== 'out_for_delivery') {
        throw conflict(riderMessages.notOut, 'conflict', [
          { field: 'order_id', message: riderMessages.notOut },
        ]);
      }
      const outcome = refusalOutcome(action.reason);
      const label = refusalReasonLabels[action.reason];
      await recordDoorOutcome(tx, stop.delivery_id, outcome, action.reason);
      if (outcome === 'returned_to_shop') {
        // The bottles are still on the bike: stock waits for staff to confirm them back.
        await changeOrderStatus(tx, stop.order_id, 'cancelled', {
          note: `${doorOutcomeLabels.returned_to_shop}: ${label}`,
          changedBy: rider.id,
          outbox,
          holdStock: true,
        });
        await syncDelivery(tx, stop.order_id, outbox);
        if (stop.payment_status === 'paid') {
          const feeDue =
            CUSTOMER_REFUSAL_REASONS.includes(action.reason) &&
            (await deps.refusedOrderFee()) === 'delivery_fee';
          await markPaymentsRefundDue(tx, stop.order_id, feeDue ? stop.delivery_fee : 0);
        }
      } else {
        await insertTimelineNote(
          tx,
          stop.delivery_id,
          'out_for_delivery',
          `${doorOutcomeLabels.failed_retry}: ${label}`,
        );
      }
      return ok(
        action,
        `${stop.order_number}: ${doorOutcomeLabels[outcome].toLowerCase()} (${label.toLowerCase()})`,
      );
    }
    case 'proof': {
      const stop = await ownStop(tx, rider, action.order_id);
      if (stop.status !== 'delivered') {
        throw conflict(riderMessages.proofNotDelivered, 'conflict', [
          { field: 'order_id', message: riderMessages.proofNotDelivered },
        ]);
      }
      if (!(await insertProof(tx, stop.delivery_id, { photo, position: action.position }))) {
        throw conflict(riderMessages.proofTaken, 'conflict', [
          { field: 'order_id', message: riderMessages.proofTaken },
        ]);
      }
      const what = [photo ? 'photo' : null, action.position ? 'position' : null]
        .filter(Boolean)
        .join(' and ');
      return ok(action, `${stop.order_number}: ${what} kept as proof of delivery`);
    }
    case 'confirm_handin': {
      const handin = await confirmHandin(tx, action.handin_id, rider.id);
      if (!handin) throw notFound('Cash count');
      return ok(action, `You confirmed handing in ${formatUGX(handin.amount)}`);
    }
  }
}

async function handOver(
  deps: RiderDeps,
  tx: Tx,
  outbox: DomainEventOutbox,
  rider: Rider,
  action: Extract<Action, { kind: 'handover' }>,
): Promise<StoredResult> {
  const stop = await ownStop(tx, rider, action.order_id);
  if (stop.status !== 'out_for_delivery') {
    throw conflict(riderMessages.notOut, 'conflict', [{ field: 'order_id', message: riderMessages.notOut }]);
  }
  // The age check and the cash first: a mistake there costs no code attempt.
  if (action.age_check === 'id') {
    if (!action.id_type || action.id_birth_year === null) {
      throw invalidInput([
        { field: action.id_type ? 'id_birth_year' : 'id_type', message: riderMessages.idDetailsRequired },
      ]);
    }
    const minimumAge = await deps.minimumAge();
    if (!surelyOfAge(action.id_birth_year, minimumAge, Number(kampalaIsoDate(new Date()).slice(0, 4)))) {
      throw invalidInput([{ field: 'id_birth_year', message: riderMessages.underAge(minimumAge) }]);
    }
  }
  const cashDue =
    stop.payment_method === 'cash_on_delivery' && stop.payment_status !== 'paid' ? stop.total : null;
  if (cashDue !== null) {
    if (action.cash_tendered === null) {
      throw invalidInput([{ field: 'cash_tendered', message: riderMessages.cashRequired }]);
    }
    if (action.cash_tendered < cashDue) {
      throw invalidInput([{ field: 'cash_tendered', message: riderMessages.cashShort(formatUGX(cashDue)) }]);
    }
  }
  const byStaff = stop.handover_verified_by === 'staff_phone';
  if (!byStaff) {
    if (stop.handover_locked_at !== null) {
      throw new AppError('forbidden', riderMessages.codeLocked, [
        { field: 'code', message: riderMessages.codeLocked },
      ]);
    }
    if (!action.code) throw invalidInput([{ field: 'code', message: riderMessages.codeRequired }]);
    if (!deps.codes.matches(stop.delivery_id, action.code)) {
      const attempts = await countWrongCode(tx, stop.delivery_id, HANDOVER_MAX_ATTEMPTS);
      const left = HANDOVER_MAX_ATTEMPTS - attempts;
      const message = left > 0 ? `${riderMessages.codeWrong}: ${left} tries left` : riderMessages.codeLocked;
      // Kept with the action id and committed: the attempt counts, and a replay counts no second one.
      return errorOf(invalidInput([{ field: 'code', message }], message));
    }
  }
  await recordHandover(tx, stop.delivery_id, {
    verifiedBy: byStaff ? 'staff_phone' : 'code',
    ageCheck: action.age_check,
    idType: action.age_check === 'id' ? action.id_type : null,
    idBirthYear: action.age_check === 'id' ? action.id_birth_year : null,
  });
  await changeOrderStatus(tx, stop.order_id, 'delivered', { changedBy: rider.id, outbox });
  const delivery = await syncDelivery(tx, stop.order_id, outbox);
  let change: number | null = null;
  if (cashDue !== null && action.cash_tendered !== null) {
    change = changeDue(action.cash_tendered, cashDue);
    await insertRiderCash(tx, {
      orderId: stop.order_id,
      deliveryId: stop.delivery_id,
      riderId: rider.id,
      riderName: rider.name,
      riderPhone: delivery?.rider_phone ?? null,
      expected: cashDue,
      amount: cashDue,
      tendered: action.cash_tendered,
    });
  }
  return ok(
    action,
    change !== null
      ? `${stop.order_number} handed over: give ${formatUGX(change)} change`
      : `${stop.order_number} handed over`,
    change,
  );
}

// ---------------------------------------------------------------------------------------------
// Staff
// ---------------------------------------------------------------------------------------------

type StaffDeps = { db: Database; events: DomainEvents };

export async function assignRiderAccountTo(
  deps: StaffDeps,
  actor: AuditActor,
  orderId: string,
  riderId: string,
): Promise<void> {
  await deps.events.transaction(deps.db, async (tx, outbox) => {
    const rider = await findRider(tx, riderId);
    if (!rider) throw invalidInput([{ field: 'rider_id', message: riderMessages.notAnAssignableRider }]);
    await syncDelivery(tx, orderId, outbox);
    const delivery = await lockDelivery(tx, orderId);
    if (!delivery)
      throw conflict('This order has no delivery (it is collected at the shop, or not confirmed yet)');
    if (delivery.status === 'delivered' || delivery.status === 'cancelled') {
      throw conflict('This delivery is over: no rider can be assigned');
    }
    await assignRiderAccount(tx, delivery.id, rider);
    await insertTimelineNote(tx, delivery.id, delivery.status, `Rider ${rider.name} assigned`);
    await recordAudit(tx, actor, {
      kind: 'order.rider',
      subjectType: 'order',
      subjectId: orderId,
      summary: `Rider ${rider.name} (rider account) assigned`,
      before: { rider_name: delivery.rider_name },
      after: { rider_name: rider.name, rider_id: rider.id },
    });
  });
}

export async function verifyByPhone(deps: StaffDeps, actor: AuditActor, orderId: string, reason: string) {
  await deps.db.transaction(async (tx) => {
    const stop = await lockStop(tx, orderId);
    if (!stop) throw notFound('Order');
    if (stop.status !== 'out_for_delivery') throw conflict(riderMessages.notOut);
    await staffVerify(tx, stop.delivery_id);
    await recordAudit(tx, actor, {
      kind: 'order.handover_verified',
      subjectType: 'order',
      subjectId: orderId,
      summary: `${stop.order_number}: customer verified by phone (${reason})`,
      before: { attempts: stop.handover_attempts, locked: stop.handover_locked_at !== null },
      after: { verified_by: 'staff_phone', reason },
    });
  });
}

export async function confirmBottlesBack(
  deps: StaffDeps,
  actor: AuditActor & { id: string },
  orderId: string,
) {
  await deps.db.transaction(async (tx) => {
    const stop = await lockStop(tx, orderId);
    if (!stop) throw notFound('Order');
    if (!(await returnBottles(tx, orderId, stop.delivery_id, actor))) throw conflict(riderMessages.noReturn);
    await recordAudit(tx, actor, {
      kind: 'order.bottles_back',
      subjectType: 'order',
      subjectId: orderId,
      summary: `${stop.order_number}: returned bottles back in stock`,
      before: null,
      after: { bottles: stop.bottles + stop.cases },
    });
  });
}

/** A cashier counts a rider's cash in: what the rider collected today and has not yet handed in. */
export async function countCashIn(
  deps: StaffDeps,
  actor: AuditActor & { id: string },
  riderId: string,
  body: z.output<typeof handinRequestSchema>,
  now = new Date(),
) {
  return deps.db.transaction(async (tx) => {
    const rider = await findRider(tx, riderId);
    if (!rider) throw notFound('Rider');
    // One count at a time per rider: the rider's row is the lock.
    await tx.execute(sqlLockUser(riderId));
    const day = kampalaIsoDate(now);
    const start = dayStart(day);
    const cash = await cashOfDay(tx, riderId, start, new Date(start.getTime() + DAY_MS), day);
    const expected = cash.collected - cash.counted;
    if (body.amount !== expected && !body.reason) {
      throw invalidInput([
        {
          field: 'reason',
          message: `Counted ${formatUGX(body.amount)} of ${formatUGX(expected)}: give the reason`,
        },
      ]);
    }
    const row = await insertHandin(tx, {
      riderId,
      day,
      expected,
      amount: body.amount,
      reason: body.amount === expected ? null : body.reason,
      cashierId: actor.id,
      cashierName: actor.name,
    });
    await recordAudit(tx, actor, {
      kind: 'user.rider_cash_handin',
      subjectType: 'user',
      subjectId: riderId,
      summary: `${rider.name} handed in ${formatUGX(body.amount)} of ${formatUGX(expected)}`,
      before: null,
      after: { amount: body.amount, expected, reason: row.reason },
    });
    return { id: row.id, expected, amount: body.amount };
  });
}

const sqlLockUser = (id: string) => sql`SELECT id FROM users WHERE id = ${id} FOR UPDATE`;

export async function getRiderCashReport(
  db: Database,
  query: z.output<typeof riderCashQuerySchema>,
  now = new Date(),
): Promise<RiderCashReport> {
  const dateTo = query.date_to ?? kampalaIsoDate(now);
  const dateFrom = query.date_from ?? kampalaIsoDate(dayStart(dateTo).getTime() - 6 * DAY_MS);
  const rows = (await riderCashPerDay(db, dateFrom, dateTo)).map((row) => ({
    ...row,
    difference: row.handed_in - row.collected,
  }));
  const sum = (key: 'expected' | 'collected' | 'handed_in' | 'difference') =>
    rows.reduce((total, row) => total + row[key], 0);
  return {
    date_from: dateFrom,
    date_to: dateTo,
    rows,
    totals: {
      expected: sum('expected'),
      collected: sum('collected'),
      handed_in: sum('handed_in'),
      difference: sum('difference'),
    },
  };
}

/** What the customer's tracking page shows of the door: the code while out, or the outcome. */
export async function handoverOf(
  db: Database,
  codes: HandoverCodes,
  userId: string,
  orderNumber: string,
): Promise<HandoverCode> {
  const result = await db.execute<{
    delivery_id: number;
    status: string;
    door_outcome: HandoverCode['door_outcome'];
    refusal_reason: HandoverCode['refusal_reason'];
  }>(sql`
    SELECT d.id AS delivery_id, o.status, d.door_outcome, d.refusal_reason
    FROM orders o JOIN deliveries d ON d.order_id = o.id
    WHERE o.order_number = ${orderNumber} AND o.user_id = ${userId}`);
  const row = result.rows[0];
  if (!row) throw notFound('Order');
  return {
    code: row.status === 'out_for_delivery' ? codes.codeOf(row.delivery_id) : null,
    door_outcome: row.door_outcome,
    refusal_reason: row.refusal_reason,
  };
}
