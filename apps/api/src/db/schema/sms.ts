import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity';

/** SMS to customers (issue 19, migration 0031): see modules/sms. */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** SmsKind of @shop/contract/sms. */
    kind: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** E.164. */
    phone: text().notNull(),
    body: text().notNull(),
    /** queued | sent | delivered | failed | unsent */
    state: text().notNull(),
    /** "<kind>:<subject>": one event gives one SMS. */
    idempotencyKey: text().notNull().unique(),
    provider: text(),
    providerMessageId: text(),
    /** The provider's last word (Success, Rejected, InvalidPhoneNumber, …). */
    providerStatus: text(),
    /** As the provider answers it, e.g. "UGX 30.0000". */
    cost: text(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sms_messages_state_created_idx').on(table.state, table.createdAt),
    index('sms_messages_user_created_idx').on(table.userId, table.createdAt),
    uniqueIndex('sms_messages_provider_message_id_uidx')
      .on(table.providerMessageId)
      .where(sql`provider_message_id IS NOT NULL`),
    check('sms_messages_state_check', sql`${table.state} in ('queued','sent','delivered','failed','unsent')`),
  ],
);

export const smsPreferences = pgTable('sms_preferences', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  verifiedPhone: text(),
  phoneVerifiedAt: timestamp({ withTimezone: true }),
  orderUpdates: boolean().notNull().default(true),
  eventUpdates: boolean().notNull().default(true),
  marketing: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const smsPhoneCodes = pgTable(
  'sms_phone_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sms_phone_codes_phone_created_idx').on(table.phone, table.createdAt),
    index('sms_phone_codes_user_created_idx').on(table.userId, table.createdAt),
  ],
);
