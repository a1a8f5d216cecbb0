import {
  EVENT_STATUSES,
  EVENT_TYPES,
  MAX_GUESTS_PER_RSVP,
  RSVP_CANCEL_REASONS,
  RSVP_STATUSES,
} from '@shop/contract/events';
import { relations, sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { users } from './identity';
import { paymentTransactions } from './payments';

/**
 * Events and RSVPs (src/modules/events).
 *
 * `events.seats_booked` is the sum of the guests of the event's seat-holding RSVPs (pending
 * payment, confirmed, attended, no-show). It is only changed by the events service, in the same
 * transaction as the RSVP, with the event row locked (`SELECT … FOR UPDATE`), so concurrent
 * RSVPs queue on that row; the check constraint is the last guard against overselling.
 */

export const eventTypeEnum = pgEnum('event_type', EVENT_TYPES);
export const eventStatusEnum = pgEnum('event_status', EVENT_STATUSES);
export const rsvpStatusEnum = pgEnum('rsvp_status', RSVP_STATUSES);
export const rsvpCancelReasonEnum = pgEnum('rsvp_cancel_reason', RSVP_CANCEL_REASONS);

export const events = pgTable(
  'events',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    slug: text().notNull().unique(),
    title: text().notNull(),
    type: eventTypeEnum().notNull(),
    summary: text().notNull(),
    description: text().notNull(),
    foodPairing: text(),
    dressCode: text(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    venueName: text().notNull(),
    venueAddress: text().notNull(),
    mapUrl: text(),
    image: text(),
    capacity: integer().notNull(),
    /** Seats booked outside the shop (phone bookings, partners), set by staff. */
    reservedSeats: integer().notNull().default(0),
    /** Seats held by RSVPs (see above). */
    seatsBooked: integer().notNull().default(0),
    /** Per guest, whole UGX; 0 is a free event. */
    price: integer().notNull().default(0),
    minimumAge: smallint().notNull().default(21),
    status: eventStatusEnum().notNull().default('draft'),
    publishedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The public list: published and completed events by time.
    index('events_public_starts_idx')
      .on(table.startsAt, table.id)
      .where(sql`status in ('published', 'completed')`),
    index('events_public_ends_idx')
      .on(table.endsAt, table.id)
      .where(sql`status in ('published', 'completed')`),
    index('events_status_starts_idx').on(table.status, table.startsAt),
    check('events_capacity_check', sql`${table.capacity} between 1 and 5000`),
    check('events_reserved_seats_check', sql`${table.reservedSeats} >= 0`),
    check('events_seats_booked_check', sql`${table.seatsBooked} >= 0`),
    check(
      'events_not_oversold_check',
      sql`${table.reservedSeats} + ${table.seatsBooked} <= ${table.capacity}`,
    ),
    check('events_price_check', sql`${table.price} >= 0`),
    check('events_times_check', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/** The wines poured at an event, in order; a product removed from the catalog drops out. */
export const eventFeaturedWines = pgTable(
  'event_featured_wines',
  {
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sortOrder: integer().notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.productId] }),
    index('event_featured_wines_product_idx').on(table.productId),
  ],
);

export const rsvps = pgTable(
  'rsvps',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: rsvpStatusEnum().notNull(),
    /** Seats, the customer included. */
    guests: smallint().notNull(),
    guestNames: text().array().notNull().default(sql`'{}'::text[]`),
    dietaryNeeds: text(),
    note: text(),
    /** price × guests when booked (or last changed), whole UGX. */
    amount: integer().notNull().default(0),
    /** 10 characters of Crockford base 32; a new one when a cancelled RSVP is reopened. */
    ticketCode: text().notNull().unique(),
    /** pending_payment: the seats are released after this time. */
    holdExpiresAt: timestamp({ withTimezone: true }),
    /** waitlisted: the place in the queue (earliest first). */
    waitlistedAt: timestamp({ withTimezone: true }),
    confirmedAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: rsvpCancelReasonEnum(),
    checkedInAt: timestamp({ withTimezone: true }),
    checkedInBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One RSVP per customer per event; a cancelled one is reopened rather than duplicated.
    uniqueIndex('rsvps_event_user_uidx').on(table.eventId, table.userId),
    index('rsvps_user_created_idx').on(table.userId, table.createdAt.desc(), table.id),
    index('rsvps_event_status_idx').on(table.eventId, table.status, table.createdAt),
    index('rsvps_waitlist_idx')
      .on(table.eventId, table.waitlistedAt, table.id)
      .where(sql`status = 'waitlisted'`),
    index('rsvps_holds_idx').on(table.holdExpiresAt).where(sql`status = 'pending_payment'`),
    check('rsvps_guests_check', sql`${table.guests} between 1 and ${sql.raw(String(MAX_GUESTS_PER_RSVP))}`),
    check('rsvps_amount_check', sql`${table.amount} >= 0`),
  ],
);

/**
 * A paid ticket's tax invoice (migration 0051, decision 0034): one per successful RSVP payment,
 * numbered from the same `invoice` counter as orders' invoices (one unbroken INV- series), with
 * the shop's TIN and VAT as they were when it was issued. The amount paid includes VAT.
 */
export const ticketInvoices = pgTable(
  'ticket_invoices',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    invoiceNumber: text().notNull(),
    rsvpId: uuid()
      .notNull()
      .references(() => rsvps.id, { onDelete: 'restrict' }),
    transactionId: uuid()
      .notNull()
      .references(() => paymentTransactions.id),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    ticketCode: text().notNull(),
    guests: smallint().notNull(),
    unitPrice: integer().notNull(),
    total: integer().notNull(),
    shopTin: text(),
    vatTotal: integer(),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ticket_invoices_number_key').on(table.invoiceNumber),
    uniqueIndex('ticket_invoices_transaction_key').on(table.transactionId),
    index('ticket_invoices_rsvp_idx').on(table.rsvpId, table.issuedAt.desc()),
    index('ticket_invoices_user_idx').on(table.userId, table.issuedAt.desc()),
    check(
      'ticket_invoices_amounts_check',
      sql`${table.total} = ${table.unitPrice} * ${table.guests} and ${table.total} > 0`,
    ),
    check('ticket_invoices_vat_check', sql`(${table.shopTin} is null) = (${table.vatTotal} is null)`),
  ],
);

export const eventsRelations = relations(events, ({ many }) => ({
  featuredWines: many(eventFeaturedWines),
  rsvps: many(rsvps),
}));

export const eventFeaturedWinesRelations = relations(eventFeaturedWines, ({ one }) => ({
  event: one(events, { fields: [eventFeaturedWines.eventId], references: [events.id] }),
  product: one(products, { fields: [eventFeaturedWines.productId], references: [products.id] }),
}));

export const rsvpsRelations = relations(rsvps, ({ one }) => ({
  event: one(events, { fields: [rsvps.eventId], references: [events.id] }),
  user: one(users, { fields: [rsvps.userId], references: [users.id] }),
}));
