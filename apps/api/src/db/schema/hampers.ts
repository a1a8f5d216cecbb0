import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { productVariants } from './catalog';

/**
 * A hamper's parts (migration 0052, decision 0035): a hamper is a product whose size has parts,
 * each a size of another product and how many of it. The hamper size's `stock` is derived by
 * triggers (the least, over its parts, of the part's stock divided by its quantity); selling one
 * takes its parts from stock, with ledger rows naming the hamper and the order.
 */
export const hamperParts = pgTable(
  'hamper_parts',
  {
    hamperVariantId: integer()
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    partVariantId: integer()
      .notNull()
      .references(() => productVariants.id, { onDelete: 'restrict' }),
    quantity: integer().notNull(),
    /** The order staff listed the parts in (the product page lists them so). */
    position: integer().notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.hamperVariantId, table.partVariantId] }),
    index('hamper_parts_part_idx').on(table.partVariantId),
    check('hamper_parts_quantity_check', sql`${table.quantity} BETWEEN 1 AND 99`),
    check('hamper_parts_not_itself_check', sql`${table.hamperVariantId} <> ${table.partVariantId}`),
  ],
);
