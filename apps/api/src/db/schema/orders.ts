import type { DeliveryInstructions } from '@shop/contract/delivery';
import {
  FULFILMENT_METHODS,
  INVOICE_STATUSES,
  MOBILE_MONEY_NETWORKS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '@shop/contract/orders';
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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { productVariants } from './catalog';
import { companies } from './companies';
import { users } from './identity';

/**
 * Carts, delivery zones, orders and invoices (issue 5).
 *
 * - A cart belongs to one user (anonymous visitors included); its row is the lock that
 *   serialises every change of that cart and its checkout. Lines hold a size and a quantity
 *   only: prices are always read from the catalog.
 * - An order keeps a snapshot of everything it was placed with (names, sizes, prices, zone,
 *   address), so later catalog changes never rewrite it. Stock is taken at checkout and given
 *   back at most once (`stock_released_at`) when the order is cancelled.
 * - Invoice numbers come from `document_counters`, incremented in the transaction that writes
 *   the invoice, so a rolled-back checkout leaves no gap.
 */

export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES);
export const orderPaymentStatusEnum = pgEnum('order_payment_status', PAYMENT_STATUSES);
export const orderPaymentMethodEnum = pgEnum('order_payment_method', PAYMENT_METHODS);
export const orderMobileMoneyNetworkEnum = pgEnum('order_mobile_money_network', MOBILE_MONEY_NETWORKS);
export const fulfilmentMethodEnum = pgEnum('fulfilment_method', FULFILMENT_METHODS);
export const invoiceStatusEnum = pgEnum('invoice_status', INVOICE_STATUSES);

export const carts = pgTable('carts', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  userId: uuid()
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    cartId: integer()
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    /** The size; its product is the variant's. A size that is deleted leaves every cart. */
    variantId: integer()
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cart_items_cart_variant_key').on(table.cartId, table.variantId),
    index('cart_items_variant_idx').on(table.variantId),
    check('cart_items_quantity_check', sql`${table.quantity} >= 1`),
  ],
);

export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    slug: text().notNull().unique(),
    name: text().notNull(),
    /** Neighbourhoods covered, as customers know them. */
    areas: text().notNull(),
    /** Whole UGX; waived on orders of FREE_SHIPPING_THRESHOLD_UGX or more. */
    fee: integer().notNull(),
    deliveryTimeMinutes: integer().notNull(),
    deliveryTimeLabel: text().notNull(),
    sortOrder: integer().notNull().default(0),
    /** Withdrawn zones are no longer offered; orders placed with them keep them. */
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('delivery_zones_active_sort_idx').on(table.isActive, table.sortOrder, table.id),
    check('delivery_zones_fee_check', sql`${table.fee} >= 0`),
    check('delivery_zones_time_check', sql`${table.deliveryTimeMinutes} > 0`),
  ],
);

/**
 * A company's list of recipients (issue 39, decision 0036): one upload, one payment, one child
 * order per recipient (each an ordinary gift order: its own stock, zone fee, delivery, SMS and
 * rider stop). The list keeps the upload's idempotency key and the whole amount.
 */
export const orderLists = pgTable(
  'order_lists',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Who placed it: a buyer of the company, or staff on its behalf. */
    userId: uuid()
      .notNull()
      .references(() => users.id),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    idempotencyKey: text().notNull(),
    requestHash: text().notNull(),
    deliveryCount: integer().notNull(),
    /** The children's totals added up: what the one payment is. */
    total: integer().notNull(),
    lpoNumber: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('order_lists_user_idempotency_key').on(table.userId, table.idempotencyKey),
    index('order_lists_company_created_idx').on(table.companyId, table.createdAt.desc(), table.id.desc()),
    check('order_lists_amounts_check', sql`${table.deliveryCount} >= 1 and ${table.total} >= 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** ORD-YYYYMMDD-XXXXX (Kampala date, 5 characters of Crockford base32). */
    orderNumber: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    /** The client's key of the checkout attempt; the same key answers this order again. */
    idempotencyKey: text().notNull(),
    /** SHA-256 of the checkout request, to refuse a reused key with a different request. */
    requestHash: text().notNull(),
    status: orderStatusEnum().notNull(),
    paymentStatus: orderPaymentStatusEnum().notNull().default('pending'),
    paymentMethod: orderPaymentMethodEnum().notNull(),
    mobileMoneyNetwork: orderMobileMoneyNetworkEnum(),
    /** E.164, +2567XXXXXXXX. */
    paymentPhone: text(),
    fulfilment: fulfilmentMethodEnum().notNull(),
    itemCount: integer().notNull(),
    subtotal: integer().notNull(),
    deliveryFee: integer().notNull(),
    /** What a discount code took off the bottles (0: none); a snapshot, like the lines. */
    discount: integer().notNull().default(0),
    /** The discount code applied, as stored when the order was placed. */
    discountCode: text(),
    /** VAT added on top at checkout when the shop's prices exclude VAT (part of the total); else 0. */
    vatAdded: integer().notNull().default(0),
    /** A business's name and TIN for its VAT invoice, when the customer asked for one. */
    vatBusinessName: text(),
    vatBusinessTin: text(),
    /** The company the order was placed for by one of its buyers (its invoice names the company). */
    companyId: uuid().references(() => companies.id),
    /** The company's local purchase order number, as its buyer typed it. */
    lpoNumber: text(),
    /** The recipients' list this order is one delivery of (decision 0036); paid with the list. */
    orderListId: uuid().references(() => orderLists.id),
    total: integer().notNull(),
    currency: text().notNull().default('UGX'),
    contactName: text().notNull(),
    contactPhone: text().notNull(),
    deliveryZoneId: integer().references(() => deliveryZones.id),
    /** The zone's name and usual time when the order was placed. */
    deliveryZoneName: text(),
    deliveryTimeLabel: text(),
    street: text(),
    deliveryInstructions: jsonb().$type<DeliveryInstructions>(),
    customerNote: text(),
    estimatedDeliveryTime: timestamp({ withTimezone: true }),
    /** Unpaid mobile-money orders are cancelled after this time (null once confirmed). */
    paymentDueAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    confirmedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    /** Set once, by the change that gave the stock back: stock is never released twice. */
    stockReleasedAt: timestamp({ withTimezone: true }),
    /** Set by the job that sent the order-confirmation e-mail. */
    confirmationEmailSentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_order_number_key').on(table.orderNumber),
    uniqueIndex('orders_user_idempotency_key').on(table.userId, table.idempotencyKey),
    index('orders_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('orders_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('orders_status_created_idx').on(table.status, table.createdAt.desc(), table.id.desc()),
    // The staff's desk (0023): filters in newest-first order, totals, and search by part of a value.
    index('orders_payment_status_created_idx').on(
      table.paymentStatus,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('orders_zone_created_idx').on(table.deliveryZoneId, table.createdAt.desc(), table.id.desc()),
    index('orders_total_idx').on(table.total, table.id),
    index('orders_company_created_idx')
      .on(table.companyId, table.createdAt.desc(), table.id.desc())
      .where(sql`company_id is not null`),
    index('orders_order_list_idx').on(table.orderListId, table.id).where(sql`order_list_id is not null`),
    index('orders_order_number_trgm_idx').using('gin', sql`${table.orderNumber} gin_trgm_ops`),
    index('orders_contact_name_trgm_idx').using('gin', sql`${table.contactName} gin_trgm_ops`),
    index('orders_contact_phone_trgm_idx').using('gin', sql`${table.contactPhone} gin_trgm_ops`),
    // The day's figures (0026): paid orders by the time they were paid. The migration adds
    // INCLUDE (payment_method, fulfilment, delivery_zone_name, total), which Drizzle cannot say,
    // so the figures are read by an index-only scan.
    index('orders_paid_idx').on(table.paidAt).where(sql`paid_at is not null`),
    index('orders_payment_due_idx')
      .on(table.paymentDueAt)
      .where(sql`status = 'pending' and payment_due_at is not null`),
    check(
      'orders_amounts_check',
      sql`${table.subtotal} >= 0 and ${table.deliveryFee} >= 0 and ${table.discount} >= 0 and ${table.discount} <= ${table.subtotal} and ${table.vatAdded} >= 0 and ${table.total} = ${table.subtotal} + ${table.deliveryFee} - ${table.discount} + ${table.vatAdded}`,
    ),
    check(
      'orders_vat_business_check',
      sql`(${table.vatBusinessName} is null) = (${table.vatBusinessTin} is null)`,
    ),
    check('orders_lpo_company_check', sql`${table.lpoNumber} is null or ${table.companyId} is not null`),
    check('orders_item_count_check', sql`${table.itemCount} >= 1`),
    check('orders_currency_check', sql`${table.currency} = 'UGX'`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // No foreign keys to the catalog: the snapshot outlives a product or size that is removed.
    productId: integer().notNull(),
    variantId: integer().notNull(),
    productName: text().notNull(),
    productSlug: text().notNull(),
    image: text(),
    variantName: text().notNull(),
    sku: text().notNull(),
    quantity: integer().notNull(),
    unitPrice: integer().notNull(),
    subtotal: integer().notNull(),
  },
  (table) => [
    index('order_items_order_idx').on(table.orderId, table.id),
    // The day's top products (0026; the migration adds INCLUDE (product_id, quantity, subtotal)).
    index('order_items_order_products_idx').on(table.orderId),
    index('order_items_variant_idx').on(table.variantId),
    index('order_items_product_idx').on(table.productId),
    check('order_items_quantity_check', sql`${table.quantity} >= 1`),
    check('order_items_subtotal_check', sql`${table.subtotal} = ${table.unitPrice} * ${table.quantity}`),
  ],
);

export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: orderStatusEnum(),
    status: orderStatusEnum().notNull(),
    note: text(),
    /** The staff member or customer who made the change; null for the shop itself (jobs, payments). */
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_status_changes_order_idx').on(table.orderId, table.id)],
);

export const invoices = pgTable(
  'invoices',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** INV-000001: from `document_counters`, without gaps. */
    invoiceNumber: text().notNull(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    status: invoiceStatusEnum().notNull().default('issued'),
    subtotal: integer().notNull(),
    deliveryFee: integer().notNull(),
    discount: integer().notNull().default(0),
    total: integer().notNull(),
    /** VAT added on top of the prices (prices excluding VAT), part of the total; 0 otherwise. */
    vatAdded: integer().notNull().default(0),
    /** The shop's TIN when issued: set, this is a tax invoice; null, the shop was not registered. */
    shopTin: text(),
    /** Whether the prices included VAT when issued (the shop's setting then). */
    pricesIncludeVat: boolean().notNull().default(true),
    /** The VAT in the total, worked out per line (`@shop/contract/vat`); null without a TIN. */
    vatTotal: integer(),
    currency: text().notNull().default('UGX'),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp({ withTimezone: true }),
    voidedAt: timestamp({ withTimezone: true }),
    /** An on-account invoice's due date (issued + the company's terms, decision 0042); null when paid at order. */
    dueAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('invoices_invoice_number_key').on(table.invoiceNumber),
    uniqueIndex('invoices_order_key').on(table.orderId),
    index('invoices_user_issued_idx').on(table.userId, table.issuedAt.desc(), table.id.desc()),
    // The accountant's export, in the order invoices were issued (0026).
    index('invoices_issued_idx').on(table.issuedAt, table.id),
    // The overdue-reminder job's scan: on-account invoices still open.
    index('invoices_due_idx')
      .on(table.dueAt)
      .where(sql`due_at is not null and paid_at is null and voided_at is null`),
    check(
      'invoices_amounts_check',
      sql`${table.discount} >= 0 and ${table.discount} <= ${table.subtotal} and ${table.vatAdded} >= 0 and ${table.total} = ${table.subtotal} + ${table.deliveryFee} - ${table.discount} + ${table.vatAdded}`,
    ),
    check(
      'invoices_vat_check',
      sql`(${table.shopTin} is null) = (${table.vatTotal} is null) and (${table.shopTin} is not null or ${table.vatAdded} = 0)`,
    ),
  ],
);

/**
 * Gapless numbering of documents: one row per series ('invoice'), incremented by the transaction
 * that issues the document. The row lock is held until that transaction ends, so take it last.
 */
export const documentCounters = pgTable('document_counters', {
  name: text().primaryKey(),
  value: bigint({ mode: 'number' }).notNull().default(0),
});
