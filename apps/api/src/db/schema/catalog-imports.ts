import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * CSV imports started from the back office (migration `0022_catalog_bulk`): the file and its
 * preview (counts, row errors) before anything is written, then the background job's progress.
 * `batches_done` moves in the same transaction as each batch it counts, so a retried job resumes
 * after the last committed batch.
 */
export const catalogImports = pgTable(
  'catalog_imports',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    status: text({ enum: ['previewed', 'applying', 'done', 'failed'] })
      .notNull()
      .default('previewed'),
    fileName: text().notNull().default(''),
    fileText: text().notNull(),
    rowCount: integer().notNull().default(0),
    counts: jsonb().notNull().default({}),
    errors: jsonb().notNull().default([]),
    errorCount: integer().notNull().default(0),
    rowsDone: integer().notNull().default(0),
    batchesDone: integer().notNull().default(0),
    report: jsonb(),
    failure: text(),
    createdBy: uuid(),
    createdByName: text().notNull(),
    createdByRole: text().notNull(),
    appliedBy: uuid(),
    appliedByName: text(),
    appliedByRole: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('catalog_imports_created_idx').on(table.createdAt.desc(), table.id.desc()),
    check(
      'catalog_imports_status_check',
      sql`${table.status} IN ('previewed', 'applying', 'done', 'failed')`,
    ),
  ],
);

/** Each row's outcome: planned by the preview, then what applying did (the report). */
export const catalogImportRows = pgTable(
  'catalog_import_rows',
  {
    importId: integer()
      .notNull()
      .references(() => catalogImports.id, { onDelete: 'cascade' }),
    line: integer().notNull(),
    productSlug: text().notNull().default(''),
    sku: text().notNull().default(''),
    outcome: text().notNull(),
    message: text().notNull().default(''),
    /** An updated row's fields: `[{ field, before, after }]`, the preview's diff. */
    changes: jsonb().notNull().default([]),
    applied: boolean().notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.importId, table.line] })],
);
