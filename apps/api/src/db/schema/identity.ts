import type { UserRole } from '@shop/contract/identity';
import { USER_ROLES } from '@shop/contract/identity';
import type { DeliveryAddress } from '@shop/contract/profile';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Accounts and sessions. The first five tables are better-auth's core schema (user, session,
 * account, verification, rateLimit; https://www.better-auth.com/docs/concepts/database), written
 * by hand: the Drizzle property names are better-auth's field names (the adapter addresses
 * columns by them), the SQL names are snake_case. IDs are UUIDs made by PostgreSQL.
 *
 * `users` also carries the anonymous plugin's `isAnonymous` and the shop's own fields, declared
 * to better-auth as `user.additionalFields` in src/modules/identity/auth.ts.
 */

export const userRoleEnum = pgEnum('user_role', USER_ROLES);

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** Lower-cased by better-auth before it is stored. */
    email: text().notNull().unique(),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Anonymous visitors (better-auth anonymous plugin): a placeholder e-mail, no credentials. */
    isAnonymous: boolean().notNull().default(false),
    /** Never set by a client: staff and admins are made with `npm run admin`. */
    role: userRoleEnum().$type<UserRole>().notNull().default('customer'),
    /** YYYY-MM-DD. Null for accounts made with Google or OpenID Connect until the customer sets it. */
    dateOfBirth: date({ mode: 'string' }),
    /** E.164, +2567XXXXXXXX. */
    phone: text(),
    defaultDeliveryAddress: jsonb().$type<DeliveryAddress>(),
    newsletterOptIn: boolean().notNull().default(false),
    /** Set by an admin (0028): sign-in is refused and the account has no sessions while set. */
    disabledAt: timestamp({ withTimezone: true }),
    disabledReason: text(),
    /** A one-time password from `npm run admin -- create` (0028): choose a new one before anything else. */
    mustChangePassword: boolean().notNull().default(false),
  },
  (table) => [
    index('users_anonymous_created_idx').on(table.isAnonymous, table.createdAt),
    // The staff's order search by part of the customer's e-mail (0023).
    index('users_email_trgm_idx').using('gin', sql`${table.email} gin_trgm_ops`),
    // The back office's customer list and search (0028).
    index('users_people_created_idx')
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`not ${table.isAnonymous}`),
    index('users_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    index('users_phone_trgm_idx').using('gin', sql`${table.phone} gin_trgm_ops`),
    index('users_staff_role_idx').on(table.role, table.name).where(sql`${table.role} <> 'customer'`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** 32 characters from a 62-letter alphabet drawn with crypto.getRandomValues (~190 bits). */
    token: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ipAddress: text(),
    userAgent: text(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

export const accounts = pgTable(
  'accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The user's id at the provider; for the password ("credential") account, the user's own id. */
    accountId: text().notNull(),
    /** "credential", "google", "oidc", … */
    providerId: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    /** argon2id PHC string (m=19456 KiB, t=2, p=1). */
    password: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('accounts_user_id_idx').on(table.userId),
    uniqueIndex('accounts_provider_account_uidx').on(table.providerId, table.accountId),
  ],
);

/** Single-use tokens: password reset, OAuth state. */
export const verifications = pgTable(
  'verifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

/** better-auth's rate limiter (`storage: 'database'`), shared by every API instance. */
export const rateLimits = pgTable('rate_limits', {
  id: uuid().primaryKey().defaultRandom(),
  key: text().notNull().unique(),
  count: integer().notNull(),
  /** Milliseconds since the epoch. */
  lastRequest: bigint({ mode: 'number' }).notNull(),
});

/**
 * The shop's own counters on top of better-auth's rate limits: failed sign-ins per account and
 * address, and password-reset e-mails per account. One row per key, in a fixed window.
 */
export const authAttempts = pgTable('auth_attempts', {
  key: text().primaryKey(),
  count: integer().notNull(),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  lastAt: timestamp({ withTimezone: true }).notNull(),
});

/** Devices (user agent and address) a customer has signed in from, for new-device notices. */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the user agent and IP address. */
    fingerprint: text().notNull(),
    userAgent: text(),
    ipAddress: text(),
    firstSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.fingerprint] })],
);
