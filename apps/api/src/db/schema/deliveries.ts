import type { DeliveryInstructions } from '@shop/contract/delivery';
import { DELIVERY_STATUSES } from '@shop/contract/delivery';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity';
import { orderStatusChanges, orders } from './orders';

/**
 * Deliveries (issue 7): one per confirmed order that is not a pick-up, following the order's
 * status. The timeline copies the order's delivery-related status changes (each at most once:
 * `order_status_change_id` is unique) and adds the rider's assignment.
 *
 * The customer's last delivery instructions are kept per customer, to prefill the next ones;
 * an order's own instructions stay on the order (`orders.delivery_instructions`).
 */

export const deliveryStatusEnum = pgEnum('delivery_status', DELIVERY_STATUSES);

export const deliveries = pgTable(
  'deliveries',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: uuid()
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The order's customer, so that "my deliveries" needs no join. */
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: deliveryStatusEnum().notNull(),
    /** From the zone's delivery time: after confirmation, then from dispatch. */
    estimatedDeliveryTime: timestamp({ withTimezone: true }),
    riderName: text(),
    /** E.164, +2567XXXXXXXX. */
    riderPhone: text(),
    riderAssignedAt: timestamp({ withTimezone: true }),
    /** The shop's own rider (a `rider` account, 0041); null for an outside courier (name and phone only). */
    riderId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Wrong handover codes entered; at HANDOVER_MAX_ATTEMPTS the code is locked (staff verify by phone). */
    handoverAttempts: integer().notNull().default(0),
    handoverLockedAt: timestamp({ withTimezone: true }),
    /** How the customer was verified at the door: 'code', or 'staff_phone' (staff, with a reason, audited). */
    handoverVerifiedBy: text({ enum: ['code', 'staff_phone'] }),
    handoverVerifiedAt: timestamp({ withTimezone: true }),
    /** The age check: 'clearly_of_age' or 'id'; with an ID only its type and year of birth are kept. */
    ageCheck: text({ enum: ['clearly_of_age', 'id'] }),
    idType: text(),
    idBirthYear: integer(),
    /** A door that did not end in a handover: the last refusal or failure and what became of the order. */
    doorOutcome: text({ enum: ['returned_to_shop', 'failed_retry'] }),
    refusalReason: text(),
    doorOutcomeAt: timestamp({ withTimezone: true }),
    /** Staff confirmed the returned bottles back on the shelf (their `returned` stock rows were written). */
    bottlesBackAt: timestamp({ withTimezone: true }),
    dispatchedAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('deliveries_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('deliveries_user_status_idx').on(table.userId, table.status),
    index('deliveries_dispatched_idx').on(table.dispatchedAt).where(sql`dispatched_at is not null`),
    // The rider's run (0041): their open stops.
    index('deliveries_rider_idx').on(table.riderId, table.status).where(sql`rider_id is not null`),
    check('deliveries_handover_attempts_check', sql`${table.handoverAttempts} >= 0`),
    check(
      'deliveries_age_check_check',
      sql`(${table.ageCheck} = 'id') = (${table.idType} is not null and ${table.idBirthYear} is not null)`,
    ),
  ],
);

export const deliveryEvents = pgTable(
  'delivery_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    deliveryId: integer()
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    status: deliveryStatusEnum().notNull(),
    note: text(),
    /** The order's status change this entry copies; null for the rider's assignment. */
    orderStatusChangeId: bigint({ mode: 'number' })
      .unique()
      .references(() => orderStatusChanges.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('delivery_events_delivery_idx').on(table.deliveryId, table.createdAt, table.id)],
);

export const deliveryInstructionDefaults = pgTable('delivery_instruction_defaults', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  instructions: jsonb().$type<DeliveryInstructions>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * Cash on delivery (0023): what the rider (or the shop's counter, for a pick-up) took, recorded
 * in the transaction that marks the order delivered; once per order. `expected` is the order's
 * total then, so a short or over-paid delivery stays visible.
 */
export const cashCollections = pgTable(
  'cash_collections',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    deliveryId: integer().references(() => deliveries.id, { onDelete: 'set null' }),
    riderName: text(),
    riderPhone: text(),
    /** The shop's rider account that took the cash (0041); null for staff's "Mark delivered". */
    riderId: uuid().references(() => users.id, { onDelete: 'set null' }),
    expected: integer().notNull(),
    amount: integer().notNull(),
    /** What the customer handed over (0041), when the rider entered it: change = tendered − amount. */
    tendered: integer(),
    recordedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    collectedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cash_collections_order_key').on(table.orderId),
    index('cash_collections_rider_idx').on(table.riderId, table.collectedAt).where(sql`rider_id is not null`),
    check('cash_collections_amount_check', sql`${table.amount} >= 0 and ${table.expected} >= 0`),
  ],
);

/**
 * Rider actions (0041): every action of the rider's screen carries an id made on the phone, so an
 * action queued offline and sent twice (or retried after a lost answer) is done once; a replay
 * answers the stored result.
 */
export const riderActions = pgTable(
  'rider_actions',
  {
    actionId: uuid().primaryKey(),
    riderId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid().references(() => orders.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    /** The answer given the first time, given again to a replay. */
    result: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('rider_actions_rider_idx').on(table.riderId, table.createdAt)],
);

/**
 * Cash handed in (0041): at the end of a run a cashier (staff) counts the rider's cash; the rider
 * confirms the same amount on their screen. A difference from what the rider collected needs a reason.
 */
export const cashHandins = pgTable(
  'cash_handins',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    riderId: uuid()
      .notNull()
      .references(() => users.id),
    /** Kampala day of the run, YYYY-MM-DD. */
    day: text().notNull(),
    /** Cash the rider collected that day and had not handed in, when counted. */
    expected: integer().notNull(),
    amount: integer().notNull(),
    reason: text(),
    cashierId: uuid().references(() => users.id, { onDelete: 'set null' }),
    cashierName: text().notNull(),
    riderConfirmedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('cash_handins_rider_day_idx').on(table.riderId, table.day),
    index('cash_handins_day_idx').on(table.day),
    check('cash_handins_amount_check', sql`${table.amount} >= 0 and ${table.expected} >= 0`),
    check(
      'cash_handins_reason_check',
      sql`${table.amount} = ${table.expected} or ${table.reason} is not null`,
    ),
  ],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Proof of delivery (0048): the rider's photo at the door (re-encoded as one JPEG with no
 * metadata) and, where the rider allowed it, the phone's position, once per delivery. Personal
 * data: served to staff only, never cached or logged, deleted by the retention job after the
 * `delivery_proofs` period (`taken_at`).
 */
export const deliveryProofs = pgTable(
  'delivery_proofs',
  {
    deliveryId: integer()
      .primaryKey()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    photo: bytea(),
    photoWidth: integer(),
    photoHeight: integer(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    /** The phone's own estimate, in metres. */
    accuracyM: integer(),
    takenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('delivery_proofs_taken_idx').on(table.takenAt),
    check('delivery_proofs_position_check', sql`(${table.latitude} is null) = (${table.longitude} is null)`),
    check(
      'delivery_proofs_something_check',
      sql`${table.photo} is not null or ${table.latitude} is not null`,
    ),
  ],
);
