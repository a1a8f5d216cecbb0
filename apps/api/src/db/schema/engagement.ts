import { NEWSLETTER_STATUSES } from '@shop/contract/newsletter';
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
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products, productVariants } from './catalog';
import { users } from './identity';

/**
 * Engagement: the wishlist (and its alerts), reviews and the newsletter.
 *
 * Kept by triggers of the migration `0006_engagement_triggers` (never written by the app):
 * - `products.average_rating` and `review_count`: from the product's visible reviews, recounted
 *   under a row lock on the product, so concurrent reviews never lose one.
 * - `wishlist_alerts`: one row per wished bottle that goes on sale or comes back in stock.
 */

// ---------------------------------------------------------------------------------------------
// Wishlist
// ---------------------------------------------------------------------------------------------

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** A size of the product, or null for the bottle in any size. */
    variantId: integer().references(() => productVariants.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // "Adding twice is harmless": one entry per bottle and size (null counts as one size).
    unique('wishlist_items_entry_unique')
      .on(table.userId, table.productId, table.variantId)
      .nullsNotDistinct(),
    index('wishlist_items_user_newest_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('wishlist_items_product_idx').on(table.productId),
    index('wishlist_items_variant_idx').on(table.variantId).where(sql`${table.variantId} is not null`),
  ],
);

export const WISHLIST_ALERT_KINDS = ['on_sale', 'back_in_stock'] as const;
export type WishlistAlertKind = (typeof WISHLIST_ALERT_KINDS)[number];
export const wishlistAlertKindEnum = pgEnum('wishlist_alert_kind', WISHLIST_ALERT_KINDS);

/**
 * A wished bottle went on sale or came back in stock: written by the database, once per change,
 * for customers (not anonymous visitors). `delivered_at` is set once the domain event has been
 * handled by a subscriber (notifications); until then the row waits.
 */
export const wishlistAlerts = pgTable(
  'wishlist_alerts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The size that changed; null when the entry is for the bottle in any size. */
    variantId: integer().references(() => productVariants.id, { onDelete: 'cascade' }),
    kind: wishlistAlertKindEnum().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('wishlist_alerts_pending_idx').on(table.id).where(sql`${table.deliveredAt} is null`),
    index('wishlist_alerts_user_idx').on(table.userId, table.createdAt.desc()),
  ],
);

// ---------------------------------------------------------------------------------------------
// Reviews
// ---------------------------------------------------------------------------------------------

export const productReviews = pgTable(
  'product_reviews',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint().notNull(),
    title: text().notNull(),
    /** The review's text, as typed (trimmed). */
    body: text().notNull(),
    helpfulCount: integer().notNull().default(0),
    /** Customers who reported it (review_reports), kept for the moderation queue's order. */
    reportCount: integer().notNull().default(0),
    isHidden: boolean().notNull().default(false),
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    hiddenReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('product_reviews_one_per_customer').on(table.productId, table.userId),
    index('product_reviews_newest_idx')
      .on(table.productId, table.createdAt.desc(), table.id.desc())
      .where(sql`not ${table.isHidden}`),
    index('product_reviews_helpful_idx')
      .on(table.productId, table.helpfulCount.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`not ${table.isHidden}`),
    index('product_reviews_user_idx').on(table.userId),
    index('product_reviews_moderation_idx').on(
      sql`((${table.reportCount} > 0 AND NOT ${table.isHidden})) DESC`,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('product_reviews_reported_idx')
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`${table.reportCount} > 0`),
    index('product_reviews_hidden_idx')
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`${table.isHidden}`),
    check('product_reviews_rating_check', sql`${table.rating} between 1 and 5`),
    check('product_reviews_helpful_check', sql`${table.helpfulCount} >= 0`),
  ],
);

/** "Helpful" marks: one per customer per review. */
export const reviewHelpfulVotes = pgTable(
  'review_helpful_votes',
  {
    reviewId: integer()
      .notNull()
      .references(() => productReviews.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.reviewId, table.userId] }),
    index('review_helpful_votes_user_idx').on(table.userId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Newsletter
// ---------------------------------------------------------------------------------------------

export const newsletterStatusEnum = pgEnum('newsletter_status', NEWSLETTER_STATUSES);

/**
 * One row per address (lower-cased). Only `confirmed` rows receive the newsletter. The
 * confirmation token is stored as its SHA-256; the unsubscribe token is kept as is, since every
 * newsletter e-mail must carry it.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Lower-cased and trimmed. */
    email: text().notNull(),
    status: newsletterStatusEnum().notNull().default('pending'),
    confirmTokenHash: text(),
    confirmTokenExpiresAt: timestamp({ withTimezone: true }),
    unsubscribeToken: text().notNull(),
    /** Confirmation e-mails sent in the current window (per-address limit). */
    confirmationsSent: integer().notNull().default(0),
    confirmationWindowStartedAt: timestamp({ withTimezone: true }),
    subscribedIp: text(),
    confirmedIp: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('newsletter_subscribers_email_idx').on(sql`lower(${table.email})`),
    uniqueIndex('newsletter_subscribers_confirm_token_idx').on(table.confirmTokenHash),
    uniqueIndex('newsletter_subscribers_unsubscribe_token_idx').on(table.unsubscribeToken),
    index('newsletter_subscribers_confirmed_idx')
      .on(table.confirmedAt, table.id)
      .where(sql`${table.status} = 'confirmed'`),
    index('newsletter_subscribers_newest_idx').on(table.createdAt.desc(), table.id.desc()),
    index('newsletter_subscribers_status_idx').on(table.status, table.createdAt.desc(), table.id.desc()),
    index('newsletter_subscribers_email_trgm_idx').using('gin', sql`${table.email} gin_trgm_ops`),
    check('newsletter_subscribers_email_lower_check', sql`${table.email} = lower(${table.email})`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Review reports and newsletter campaigns (0029)
// ---------------------------------------------------------------------------------------------

/** One report per customer per review (docs/product.md: customers may report a review once each). */
export const reviewReports = pgTable(
  'review_reports',
  {
    reviewId: integer()
      .notNull()
      .references(() => productReviews.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text().notNull(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'review_reports_pkey', columns: [table.reviewId, table.userId] }),
    index('review_reports_user_idx').on(table.userId),
    check(
      'review_reports_reason_check',
      sql`${table.reason} in ('spam','offensive','off_topic','false_information','other')`,
    ),
  ],
);

/** A campaign: a draft until sent, then `sending` while its recipients are worked, then `sent`. */
export const newsletterCampaigns = pgTable(
  'newsletter_campaigns',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    subject: text().notNull(),
    blocks: jsonb().notNull().default([]),
    status: text().notNull().default('draft'),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sendStartedAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('newsletter_campaigns_newest_idx').on(table.createdAt.desc(), table.id.desc()),
    check('newsletter_campaigns_status_check', sql`${table.status} in ('draft','sending','sent')`),
  ],
);

/** One row per confirmed subscriber when the send starts; each is sent once. */
export const newsletterCampaignRecipients = pgTable(
  'newsletter_campaign_recipients',
  {
    campaignId: integer()
      .notNull()
      .references(() => newsletterCampaigns.id, { onDelete: 'cascade' }),
    subscriberId: integer()
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    state: text().notNull().default('pending'),
    error: text(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    primaryKey({
      name: 'newsletter_campaign_recipients_pkey',
      columns: [table.campaignId, table.subscriberId],
    }),
    index('newsletter_campaign_recipients_pending_idx')
      .on(table.campaignId, table.subscriberId)
      .where(sql`${table.state} = 'pending'`),
    index('newsletter_campaign_recipients_subscriber_idx').on(table.subscriberId),
    check(
      'newsletter_campaign_recipients_state_check',
      sql`${table.state} in ('pending','sent','failed','skipped')`,
    ),
  ],
);
