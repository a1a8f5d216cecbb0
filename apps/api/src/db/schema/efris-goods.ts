import type { ExciseRate } from '@shop/contract/excise';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { categories, productVariants } from './catalog';
import { stockMovements } from './stock';

/**
 * EFRIS goods (issue 37, migration `0050_efris_goods`, decision 0033).
 *
 * URA's dictionaries, kept current daily: `efris_commodity_categories` (T124, the goods and
 * services categories) and `efris_excise_codes` (T125), searched by staff (trigram indexes).
 *
 * The mapping of a size to URA's codes: a category's (`efris_category_mappings`), overridden by a
 * size's own (`efris_variant_mappings`), else the settings' commodity code.
 *
 * `efris_goods` is the idempotency record of each size's registration (T130), one per size: what
 * is to be registered (`commodity_code`, `unit`, `excise_code`) and what URA holds
 * (`registered_*`); claimed like the documents. A changed mapping sets it `pending` again and it
 * is sent as a modification (`operationType` 102).
 *
 * `efris_stock_increases` is the record of each "received" stock movement reported (T131), one
 * per movement, claimed the same way.
 */
export const EFRIS_GOODS_STATES = ['pending', 'registered', 'failed'] as const;
export const efrisGoodsStateEnum = pgEnum('efris_goods_state', EFRIS_GOODS_STATES);
export const EFRIS_STOCK_STATES = ['pending', 'reported', 'failed'] as const;
export const efrisStockStateEnum = pgEnum('efris_stock_state', EFRIS_STOCK_STATES);

export const efrisCommodityCategories = pgTable(
  'efris_commodity_categories',
  {
    code: text().primaryKey(),
    name: text().notNull(),
    parentCode: text(),
    level: integer().notNull().default(0),
    /** Only a leaf category can be given to goods. */
    isLeaf: boolean().notNull().default(true),
    /** URA's VAT rate text as it answers it ("0.18", "0", "-"). */
    rate: text(),
    /** URA says goods of this category attract excise duty (T124 `excisable` 101): they need an excise code. */
    excisable: boolean().notNull().default(false),
    /** Seen in the last refresh; a code URA dropped is kept for the goods that name it. */
    refreshedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('efris_commodity_categories_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    index('efris_commodity_categories_code_pattern_idx').using('btree', sql`${table.code} text_pattern_ops`),
  ],
);

export const efrisExciseCodes = pgTable(
  'efris_excise_codes',
  {
    code: text().primaryKey(),
    name: text().notNull(),
    /** URA's rate as it states it (e.g. "60%", "UGX 2500 per litre"). */
    rateText: text().notNull().default(''),
    /** URA's unit of the duty, when per quantity. */
    unit: text(),
    /** T125's `exciseDutyDetailsList`, read into the rates invoices apply (decision 0043). */
    rates: jsonb().$type<ExciseRate[]>().notNull().default([]),
    refreshedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('efris_excise_codes_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    index('efris_excise_codes_code_pattern_idx').using('btree', sql`${table.code} text_pattern_ops`),
  ],
);

const mappingColumns = () => ({
  commodityCode: text().notNull(),
  /** URA's unit of measure code (its T115 rateUnit dictionary: 102 litre, 101 stick, …). */
  unit: text().notNull(),
  /** URA's excise duty code (T125); null for a good without excise. */
  exciseCode: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedById: uuid(),
});

export const efrisCategoryMappings = pgTable('efris_category_mappings', {
  categoryId: integer()
    .primaryKey()
    .references(() => categories.id, { onDelete: 'cascade' }),
  ...mappingColumns(),
});

export const efrisVariantMappings = pgTable('efris_variant_mappings', {
  variantId: integer()
    .primaryKey()
    .references(() => productVariants.id, { onDelete: 'cascade' }),
  ...mappingColumns(),
});

export const efrisGoods = pgTable(
  'efris_goods',
  {
    variantId: integer()
      .primaryKey()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    /** The size's SKU: URA's `goodsCode`, the same on every attempt. */
    goodsCode: text().notNull(),
    commodityCode: text().notNull(),
    unit: text().notNull(),
    exciseCode: text(),
    state: efrisGoodsStateEnum().notNull().default('pending'),
    /** What URA holds since the last registration (null: never registered). */
    registeredCommodityCode: text(),
    registeredUnit: text(),
    registeredExciseCode: text(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp({ withTimezone: true }),
    /** A T130 may have reached URA: a retry asks URA (T127) before sending again. */
    registrationStartedAt: timestamp({ withTimezone: true }),
    lastReturnCode: text(),
    lastError: text(),
    registeredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('efris_goods_state_idx').on(table.state, table.updatedAt, table.variantId),
    index('efris_goods_due_idx').on(table.nextAttemptAt).where(sql`${table.state} = 'pending'`),
  ],
);

export const efrisStockIncreases = pgTable(
  'efris_stock_increases',
  {
    movementId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => stockMovements.id, { onDelete: 'cascade' }),
    variantId: integer()
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    state: efrisStockStateEnum().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp({ withTimezone: true }),
    /** A T131 may have reached URA: EFRIS's stock (T127) before it, to tell afterwards. */
    reportStartedAt: timestamp({ withTimezone: true }),
    stockBefore: integer(),
    lastReturnCode: text(),
    lastError: text(),
    reportedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('efris_stock_increases_state_idx').on(table.state, table.createdAt, table.movementId),
    index('efris_stock_increases_due_idx').on(table.nextAttemptAt).where(sql`${table.state} = 'pending'`),
    index('efris_stock_increases_variant_idx').on(table.variantId, table.state),
    check('efris_stock_increases_quantity_check', sql`${table.quantity} > 0`),
  ],
);
