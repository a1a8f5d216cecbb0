import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The back office's audit trail (migration `0017_audit_trail`): one row per staff or admin
 * action, with what the subject looked like before and after. Append-only: the database refuses
 * UPDATE and DELETE. The actor is kept by id and name without a foreign key, so an entry
 * outlives the account that made it.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: uuid(),
    actorName: text().notNull(),
    actorRole: text().notNull(),
    /** What was done, `<subject>.<verb>`: `product.update`, `stock.adjust`, `settings.update`… */
    kind: text().notNull(),
    subjectType: text().notNull(),
    subjectId: text().notNull(),
    summary: text().notNull().default(''),
    before: jsonb(),
    after: jsonb(),
  },
  (table) => [
    index('audit_entries_time_idx').on(table.occurredAt.desc(), table.id.desc()),
    index('audit_entries_subject_idx').on(
      table.subjectType,
      table.subjectId,
      table.occurredAt.desc(),
      table.id.desc(),
    ),
    index('audit_entries_actor_idx').on(table.actorId, table.occurredAt.desc(), table.id.desc()),
    index('audit_entries_kind_idx').on(table.kind, table.occurredAt.desc(), table.id.desc()),
  ],
);
