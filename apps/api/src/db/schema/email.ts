import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * E-mails kept instead of sent: without SMTP_URL, every e-mail the shop writes lands here. Staff
 * read them in the outbox (/api/v1/admin/outbox/, every NODE_ENV); tests and development also
 * through /api/v1/dev/mailbox/ (never in production).
 */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    from: text().notNull(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dev_mailbox_to_idx').on(table.to)],
);
