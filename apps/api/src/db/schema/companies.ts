import { COMPANY_STATUSES } from '@shop/contract/companies';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity';

export const companyStatusEnum = pgEnum('company_status', COMPANY_STATUSES);

/**
 * Company accounts (issue 39, migration 0049): a company's name and TIN (its tax invoices are
 * made out to them) and its billing contact. A customer asks for one; staff decide. One account
 * per TIN, so a second request for the same company is refused rather than doubled.
 */
export const companies = pgTable(
  'companies',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** Uganda TIN, 10 digits. */
    tin: text().notNull(),
    billingAddress: text().notNull(),
    billingContactName: text().notNull(),
    /** E.164, +2567XXXXXXXX. */
    billingContactPhone: text().notNull(),
    billingEmail: text().notNull(),
    status: companyStatusEnum().notNull().default('pending'),
    requestedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    /** Paying on account (decision 0042): the most its unpaid on-account invoices may total, UGX; null: not allowed. */
    creditLimit: integer(),
    /** Days from an on-account invoice's issue to its due date; set with the credit limit. */
    paymentTermsDays: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('companies_tin_key').on(table.tin),
    index('companies_status_created_idx').on(table.status, table.createdAt.desc(), table.id.desc()),
    index('companies_created_idx').on(table.createdAt.desc(), table.id.desc()),
    check(
      'companies_on_account_check',
      sql`(${table.creditLimit} is null) = (${table.paymentTermsDays} is null) and (${table.creditLimit} is null or ${table.creditLimit} >= 0) and (${table.paymentTermsDays} is null or ${table.paymentTermsDays} between 1 and 120)`,
    ),
  ],
);

/** The people who may order on a company's behalf. */
export const companyBuyers = pgTable(
  'company_buyers',
  {
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.userId] }),
    index('company_buyers_user_idx').on(table.userId),
  ],
);
