import type { DeliveryInstructions } from '@shop/contract/delivery';
import { DELIVERY_STATUSES } from '@shop/contract/delivery';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
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
    expected: integer().notNull(),
    amount: integer().notNull(),
    recordedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    collectedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cash_collections_order_key').on(table.orderId),
    check('cash_collections_amount_check', sql`${table.amount} >= 0 and ${table.expected} >= 0`),
  ],
);
