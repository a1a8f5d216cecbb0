import type { ShopSettingsFields } from '@shop/contract/settings';
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The shop's settings (migration `0030_shop_settings`): one row, id 1, versioned. The JSON holds
 * the fields of `@shop/contract/settings`, read over the defaults; writes NOTIFY
 * `settings_changed` (trigger). The admin who saved is kept by id and name without a foreign key.
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: smallint().primaryKey().default(1),
    settings: jsonb().$type<Partial<ShopSettingsFields>>().notNull(),
    version: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedById: uuid(),
    updatedByName: text(),
  },
  (table) => [
    check('shop_settings_single_row', sql`${table.id} = 1`),
    check('shop_settings_version_positive', sql`${table.version} > 0`),
  ],
);
