import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * The consent ledger (issue 40, migration 0036): append-only, see modules/consents. A trigger
 * refuses updates and deletes (the foreign key's SET NULL alone passes).
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** For the newsletter's double opt-in, which is by address (lower-cased). */
    email: text(),
    /** ConsentPurpose of @shop/contract/consents. */
    purpose: text().notNull(),
    /** given | withdrawn | requested */
    action: text().notNull(),
    /** The exact words the person agreed to (or withdrew). */
    shownText: text().notNull(),
    /** ConsentSource of @shop/contract/consents: the form or link it came through. */
    source: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('consent_records_user_purpose_idx').on(table.userId, table.purpose, table.createdAt, table.id),
    index('consent_records_email_idx').on(sql`lower(${table.email})`),
    check('consent_records_action_check', sql`${table.action} in ('given','withdrawn','requested')`),
  ],
);
