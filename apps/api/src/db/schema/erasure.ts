import type { RetentionFields } from '@shop/contract/privacy';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * Requests to erase an account (issue 40, migration 0040, decision 0025): see modules/erasure.
 * The row outlives the erasure (it points at the anonymised user row) as the proof that the
 * request was made and carried out; it holds no personal data of its own.
 */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    /** pending | cancelled | erased */
    state: text().notNull().default('pending'),
    /** What becomes of the customer's reviews: kept under "A customer", or removed. */
    reviews: text().notNull(),
    /** customer (from the profile) | staff (asked by e-mail or phone) */
    channel: text().notNull(),
    /** The staff member who entered it, and why (the customer's own request has neither). */
    requestedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    staffReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** End of the cooling-off period: the erasure job runs from then. */
    dueAt: timestamp({ withTimezone: true }).notNull(),
    cancelledAt: timestamp({ withTimezone: true }),
    erasedAt: timestamp({ withTimezone: true }),
    /** The tax records kept after the erasure were deleted by the retention job. */
    taxRecordsPurgedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('erasure_requests_one_pending_uidx').on(table.userId).where(sql`${table.state} = 'pending'`),
    index('erasure_requests_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('erasure_requests_due_idx').on(table.dueAt).where(sql`${table.state} = 'pending'`),
    index('erasure_requests_tax_kept_idx')
      .on(table.erasedAt)
      .where(sql`${table.state} = 'erased' and ${table.taxRecordsPurgedAt} is null`),
    check('erasure_requests_state_check', sql`${table.state} in ('pending','cancelled','erased')`),
    check('erasure_requests_reviews_check', sql`${table.reviews} in ('anonymise','remove')`),
    check('erasure_requests_channel_check', sql`${table.channel} in ('customer','staff')`),
    check(
      'erasure_requests_staff_reason_check',
      sql`(${table.channel} = 'staff') = (${table.staffReason} is not null)`,
    ),
  ],
);

/** How long each kind of data is kept (one row, versioned; `@shop/contract/privacy`). */
export const retentionSettings = pgTable(
  'retention_settings',
  {
    id: smallint().primaryKey().default(1),
    settings: jsonb().$type<Partial<RetentionFields>>().notNull(),
    version: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedByName: text(),
  },
  (table) => [check('retention_settings_single_row', sql`${table.id} = 1`)],
);

/** The log of personal-data breaches (s.23 of the Act): what, when, whom the shop told. */
export const privacyBreaches = pgTable(
  'privacy_breaches',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    what: text().notNull(),
    dataAffected: text().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    discoveredAt: timestamp({ withTimezone: true }).notNull(),
    whoWasTold: text(),
    peopleToldAt: timestamp({ withTimezone: true }),
    pdpoToldAt: timestamp({ withTimezone: true }),
    recordedById: uuid(),
    recordedByName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('privacy_breaches_newest_idx').on(table.occurredAt.desc(), table.id.desc())],
);
