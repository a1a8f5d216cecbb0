import { STOCK_REASONS } from '@shop/contract/stock';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { productVariants } from './catalog';
import { orders } from './orders';

/**
 * The stock ledger (migration `0020_stock_ledger`): one row per change of a size's stock, with
 * the stock right after it. Written in the transaction that changes the stock, so a size's
 * deltas always sum to its stock. A size created with stock gets an "Opening balance" row from
 * a trigger on `product_variants`, whichever path inserted it.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    variantId: integer()
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    delta: integer().notNull(),
    stockAfter: integer().notNull(),
    reason: text({ enum: STOCK_REASONS }).notNull(),
    note: text(),
    orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    /** The hamper this part was sold (or given back) in, with the order (migration 0052). */
    hamperVariantId: integer().references(() => productVariants.id, { onDelete: 'set null' }),
    /** No foreign key: a movement outlives the account that made it. Null for the shop's own. */
    actorId: uuid(),
    actorName: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('stock_movements_variant_idx').on(table.variantId, table.createdAt.desc(), table.id.desc()),
    index('stock_movements_order_idx').on(table.orderId).where(sql`${table.orderId} IS NOT NULL`),
    index('stock_movements_hamper_idx')
      .on(table.hamperVariantId)
      .where(sql`${table.hamperVariantId} IS NOT NULL`),
    check(
      'stock_movements_reason_check',
      sql`${table.reason} IN ('received', 'count_correction', 'breakage', 'returned', 'sold', 'released')`,
    ),
    check('stock_movements_delta_check', sql`${table.delta} <> 0`),
    check('stock_movements_stock_after_check', sql`${table.stockAfter} >= 0`),
  ],
);
