import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** A copy of one's data (issue 40, migration 0037): see modules/data-exports. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** queued | ready | downloaded | expired */
    state: text().notNull().default('queued'),
    /** The ZIP while it may be downloaded; nulled after the download or expiry. */
    file: bytea(),
    fileBytes: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    downloadedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('data_exports_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    uniqueIndex('data_exports_one_queued_uidx').on(table.userId).where(sql`${table.state} = 'queued'`),
    index('data_exports_file_kept_idx').on(table.expiresAt).where(sql`${table.file} IS NOT NULL`),
    check('data_exports_state_check', sql`${table.state} in ('queued','ready','downloaded','expired')`),
  ],
);
