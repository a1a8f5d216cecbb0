import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders';

/**
 * Gifts (issue 39, migration 0042): the recipient of an order's delivery, its message and day.
 * One per order for now (`gift_recipients_order_key`); an order with many deliveries later has
 * one row per delivery, so nothing of the recipient sits on the order itself. The delivery
 * address is the order's (the checkout's address fields). The recipient's link is derived from
 * the server's secret; only its SHA-256 is kept, set when the first SMS carries it.
 */
export const giftRecipients = pgTable(
  'gift_recipients',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    recipientName: text().notNull(),
    /** E.164, +2567XXXXXXXX: the rider calls it; the recipient's SMS go to it. */
    recipientPhone: text().notNull(),
    /** Exactly as typed (GIFT_MESSAGE_MAX characters at most); null: no message. */
    message: text(),
    /** The Kampala day the buyer chose: the delivery promise counts from its start. */
    deliveryDate: date({ mode: 'string' }).notNull(),
    /** SHA-256 (hex) of the recipient's link token; null until the first SMS. */
    linkHash: text(),
    /** The recipient's note for the rider. */
    recipientInstructions: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('gift_recipients_order_key').on(table.orderId),
    uniqueIndex('gift_recipients_link_hash_key').on(table.linkHash),
    check('gift_recipients_message_length_check', sql`char_length(${table.message}) <= 300`),
    check(
      'gift_recipients_instructions_length_check',
      sql`char_length(${table.recipientInstructions}) <= 500`,
    ),
  ],
);
