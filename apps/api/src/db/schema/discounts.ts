import { DISCOUNT_KINDS, DISCOUNT_STATUSES } from '@shop/contract/discounts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { categories } from './catalog';
import { users } from './identity';
import { orders } from './orders';

/**
 * Discount codes (migration `0024_discount_codes`). `uses` counts the orders holding the code now:
 * checkout adds one under the code's row lock and a cancelled order gives it back, so the limits
 * are read from one locked row. The CHECK refuses a use past `max_uses` even if code forgot.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** In capitals; customers may type it in any case. */
    code: text().notNull(),
    description: text(),
    kind: text({ enum: DISCOUNT_KINDS }).notNull(),
    /** Percentage: 1 to 100; fixed: whole UGX. */
    value: integer().notNull(),
    minimumOrder: integer().notNull().default(0),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    maxUses: integer(),
    maxUsesPerCustomer: integer(),
    uses: integer().notNull().default(0),
    status: text({ enum: DISCOUNT_STATUSES }).notNull().default('active'),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('discount_codes_code_key').on(table.code),
    index('discount_codes_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('discount_codes_status_created_idx').on(table.status, table.createdAt.desc(), table.id.desc()),
    check('discount_codes_code_check', sql`${table.code} ~ '^[A-Z0-9_-]{3,32}$'`),
    check('discount_codes_kind_check', sql`${table.kind} IN ('percentage', 'fixed')`),
    check(
      'discount_codes_value_check',
      sql`${table.value} > 0 AND (${table.kind} = 'fixed' OR ${table.value} <= 100)`,
    ),
    check('discount_codes_minimum_check', sql`${table.minimumOrder} >= 0`),
    check(
      'discount_codes_period_check',
      sql`${table.startsAt} IS NULL OR ${table.endsAt} IS NULL OR ${table.endsAt} > ${table.startsAt}`,
    ),
    check(
      'discount_codes_limits_check',
      sql`(${table.maxUses} IS NULL OR ${table.maxUses} >= 1) AND (${table.maxUsesPerCustomer} IS NULL OR ${table.maxUsesPerCustomer} >= 1)`,
    ),
    check(
      'discount_codes_uses_check',
      sql`${table.uses} >= 0 AND (${table.maxUses} IS NULL OR ${table.uses} <= ${table.maxUses})`,
    ),
    check('discount_codes_status_check', sql`${table.status} IN ('active', 'paused', 'ended')`),
  ],
);

/** A code limited to categories applies to their bottles only; a code with none, to every bottle. */
export const discountCodeCategories = pgTable(
  'discount_code_categories',
  {
    codeId: integer()
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.codeId, table.categoryId] }),
    index('discount_code_categories_category_idx').on(table.categoryId),
  ],
);

/** One row per order that used a code; `releasedAt` once its cancellation gave the use back. */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    codeId: integer()
      .notNull()
      .references(() => discountCodes.id),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('discount_redemptions_order_key').on(table.orderId),
    index('discount_redemptions_code_user_idx')
      .on(table.codeId, table.userId)
      .where(sql`${table.releasedAt} IS NULL`),
    check('discount_redemptions_amount_check', sql`${table.amount} > 0`),
  ],
);
