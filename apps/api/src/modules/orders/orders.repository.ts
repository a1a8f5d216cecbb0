import type { DeliveryInstructions } from '@shop/contract/delivery';
import { expectedDeliveryTime } from '@shop/contract/delivery-promise';
import type {
  Fulfilment,
  InvoiceStatus,
  MobileMoneyNetwork,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
} from '@shop/contract/orders';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executeNamed, executePrepared } from '../../db/named-statement';
import { batchedPages, perDatabase } from '../../db/read-batcher';
import type { Executor, Tx } from '../../db/transaction';
import { deliveryScheduleNow } from '../settings/settings-snapshot';

/**
 * The orders' queries: checkout's writes, orders and invoices as the API answers them, lists
 * and statistics. Every list reads an index in its order (see src/db/schema/orders.ts); an order
 * with its lines, history and invoice is one query.
 */

/** Raw SQL answers timestamps as text (Drizzle's node-postgres parsers): make them Dates. */
export function toDate<T extends Date | string | null>(value: T): T extends null ? Date | null : Date {
  return (value === null ? null : value instanceof Date ? value : new Date(value)) as never;
}

function withDates<T extends Record<string, unknown>>(row: T, keys: Array<keyof T>): T {
  const copy = { ...row };
  for (const key of keys) copy[key] = toDate(copy[key] as Date | string | null) as T[keyof T];
  return copy;
}

// ---------------------------------------------------------------------------------------------
// Delivery zones
// ---------------------------------------------------------------------------------------------

export type ZoneRow = {
  id: number;
  slug: string;
  name: string;
  areas: string;
  fee: number;
  delivery_time_minutes: number;
  delivery_time_label: string;
  sort_order: number;
  is_active: boolean;
};

export async function listZones(
  db: Executor,
  options: { includeInactive?: boolean } = {},
): Promise<ZoneRow[]> {
  const where = options.includeInactive ? sql`` : sql`WHERE is_active`;
  const result = await db.execute<ZoneRow>(sql`
    SELECT id, slug, name, areas, fee, delivery_time_minutes, delivery_time_label, sort_order, is_active
    FROM delivery_zones ${where}
    ORDER BY sort_order, id`);
  return result.rows;
}

export async function findZone(db: Executor, id: number): Promise<ZoneRow | undefined> {
  const result = await db.execute<ZoneRow>(sql`
    SELECT id, slug, name, areas, fee, delivery_time_minutes, delivery_time_label, sort_order, is_active
    FROM delivery_zones WHERE id = ${id}`);
  return result.rows[0];
}

export type ZoneChanges = Partial<{
  slug: string;
  name: string;
  areas: string;
  fee: number;
  deliveryTimeMinutes: number;
  deliveryTimeLabel: string;
  sortOrder: number;
  isActive: boolean;
}>;

const zoneColumn: Record<keyof ZoneChanges, string> = {
  slug: 'slug',
  name: 'name',
  areas: 'areas',
  fee: 'fee',
  deliveryTimeMinutes: 'delivery_time_minutes',
  deliveryTimeLabel: 'delivery_time_label',
  sortOrder: 'sort_order',
  isActive: 'is_active',
};

export async function insertZone(db: Executor, zone: Required<ZoneChanges>): Promise<ZoneRow> {
  const result = await db.execute<ZoneRow>(sql`
    INSERT INTO delivery_zones (slug, name, areas, fee, delivery_time_minutes, delivery_time_label, sort_order, is_active)
    VALUES (${zone.slug}, ${zone.name}, ${zone.areas}, ${zone.fee}, ${zone.deliveryTimeMinutes},
            ${zone.deliveryTimeLabel}, ${zone.sortOrder}, ${zone.isActive})
    RETURNING id, slug, name, areas, fee, delivery_time_minutes, delivery_time_label, sort_order, is_active`);
  return result.rows[0]!;
}

export async function updateZone(
  db: Executor,
  id: number,
  changes: ZoneChanges,
): Promise<ZoneRow | undefined> {
  const sets = (Object.keys(changes) as Array<keyof ZoneChanges>)
    .filter((key) => changes[key] !== undefined)
    .map((key) => sql`${sql.identifier(zoneColumn[key])} = ${changes[key]}`);
  const result = await db.execute<ZoneRow>(sql`
    UPDATE delivery_zones SET ${sql.join([...sets, sql`updated_at = now()`], sql`, `)}
    WHERE id = ${id}
    RETURNING id, slug, name, areas, fee, delivery_time_minutes, delivery_time_label, sort_order, is_active`);
  return result.rows[0];
}

// ---------------------------------------------------------------------------------------------
// Checkout
// ---------------------------------------------------------------------------------------------

export async function findOrderByKey(
  db: Executor,
  userId: string,
  idempotencyKey: string,
): Promise<{ id: string; request_hash: string; order_number: string } | undefined> {
  const result = await db.execute<{ id: string; request_hash: string; order_number: string }>(sql`
    SELECT id, request_hash, order_number FROM orders
    WHERE user_id = ${userId} AND idempotency_key = ${idempotencyKey}`);
  return result.rows[0];
}

export type RecentDetailsRow = {
  contact_phone: string;
  delivery_zone_id: number | null;
  delivery_zone_name: string | null;
  street: string | null;
  landmark: string | null;
};

/** The contact and address of `userId`'s own last orders, newest first (that customer's only). */
export async function recentOrderDetails(
  db: Executor,
  userId: string,
  limit: number,
): Promise<RecentDetailsRow[]> {
  const result = await db.execute<RecentDetailsRow>(sql`
    SELECT contact_phone, delivery_zone_id, delivery_zone_name, street,
           delivery_instructions->>'landmark' AS landmark
    FROM orders
    WHERE user_id = ${userId}
    ORDER BY created_at DESC, id DESC
    LIMIT ${limit}`);
  return result.rows;
}

export type CheckoutLineRow = {
  item_id: number;
  quantity: number;
  variant_id: number;
  variant_name: string;
  sku: string;
  pack_size: number;
  price: number;
  stock: number;
  product_id: number;
  product_name: string;
  product_slug: string;
  image: string | null;
  is_available: boolean;
  category_id: number;
};

/**
 * The cart's lines with their sizes locked, in size id order: every transaction that takes
 * stock (or gives it back) locks sizes in that one order, so two of them never deadlock.
 * `NO KEY UPDATE` because stock is not a key: adding to a cart (a foreign key check on the size)
 * is not blocked by a checkout.
 */
export async function lockCheckoutLines(tx: Tx, cartId: number): Promise<CheckoutLineRow[]> {
  const result = await tx.execute<CheckoutLineRow>(sql`
    SELECT ci.id AS item_id, ci.quantity, v.id AS variant_id, v.name AS variant_name, v.sku, v.pack_size,
           v.price, v.stock, p.id AS product_id, p.name AS product_name, p.slug AS product_slug,
           (SELECT i.url FROM product_images i WHERE i.product_id = p.id
              ORDER BY (i.url LIKE '/media/gen/%'), i.sort_order, i.id LIMIT 1) AS image,
           (p.is_active AND c.is_active) AS is_available, p.category_id
    FROM cart_items ci
    JOIN product_variants v ON v.id = ci.variant_id
    JOIN products p ON p.id = v.product_id
    JOIN categories c ON c.id = p.category_id
    WHERE ci.cart_id = ${cartId}
    ORDER BY v.id
    FOR NO KEY UPDATE OF v`);
  return result.rows;
}

export type NewOrder = {
  orderNumber: string;
  userId: string;
  idempotencyKey: string;
  requestHash: string;
  status: 'pending' | 'confirmed';
  paymentMethod: PaymentMethod;
  mobileMoneyNetwork: MobileMoneyNetwork | null;
  paymentPhone: string | null;
  fulfilment: Fulfilment;
  itemCount: number;
  subtotal: number;
  deliveryFee: number;
  /** The discount code's saving on the bottles (0: none) and the code, as applied at checkout. */
  discount: number;
  discountCode: string | null;
  /** VAT added on top (the shop's prices exclude VAT); 0 when prices include it or no VAT applies. */
  vatAdded: number;
  /** The business a VAT invoice is made out to, when the customer asked for one. */
  vatInvoice: { businessName: string; tin: string } | null;
  /** The company it is placed for by one of its buyers, and the buyer's LPO number. */
  company: { id: string; lpoNumber: string | null } | null;
  /** The recipients' list it is one delivery of (decision 0036). */
  orderListId?: string | null;
  total: number;
  contactName: string;
  contactPhone: string;
  zone: { id: number; name: string; label: string; minutes: number } | null;
  street: string | null;
  deliveryInstructions: DeliveryInstructions | null;
  customerNote: string | null;
  /** Minutes from now until an unpaid order is cancelled; null when nothing is due. */
  paymentDueInMinutes: number | null;
};

export type NewOrderItem = {
  productId: number;
  variantId: number;
  productName: string;
  productSlug: string;
  image: string | null;
  variantName: string;
  sku: string;
  quantity: number;
  unitPrice: number;
};

/**
 * Writes the order with its lines (in the given order) and its first status changes, in one
 * statement; answers its id, or undefined when the order number is taken (the caller draws
 * another). Times come from the database clock, like every other time of the order, except the
 * expected delivery, which the shop's delivery hours and the customer's window decide.
 */
export async function insertOrder(
  tx: Tx,
  order: NewOrder,
  items: NewOrderItem[],
  history: StatusChange[],
): Promise<{ id: string; created_at: Date; payment_due_at: Date | null } | undefined> {
  const confirmed = order.status === 'confirmed';
  const estimated =
    confirmed && order.zone
      ? expectedDeliveryTime({
          from: new Date(),
          leadMinutes: order.zone.minutes,
          preferredTime: order.deliveryInstructions?.preferred_delivery_time,
          schedule: deliveryScheduleNow(),
        })
      : null;
  const due =
    order.paymentDueInMinutes === null
      ? sql`NULL`
      : sql`now() + make_interval(mins => ${order.paymentDueInMinutes})`;
  const column = <T>(pick: (item: NewOrderItem) => T) => sql.param(items.map(pick));
  const change = <T>(pick: (item: StatusChange) => T) => sql.param(history.map(pick));
  const result = await tx.execute<{ id: string; created_at: Date; payment_due_at: Date | null }>(sql`
    WITH placed AS (
      INSERT INTO orders (order_number, user_id, idempotency_key, request_hash, status, payment_method,
        mobile_money_network, payment_phone, fulfilment, item_count, subtotal, delivery_fee, discount, discount_code,
        vat_added, vat_business_name, vat_business_tin, company_id, lpo_number, order_list_id, total, contact_name, contact_phone, delivery_zone_id, delivery_zone_name, delivery_time_label, street, delivery_instructions,
        customer_note, estimated_delivery_time, payment_due_at, confirmed_at)
      VALUES (${order.orderNumber}, ${order.userId}, ${order.idempotencyKey}, ${order.requestHash}, ${order.status},
        ${order.paymentMethod}, ${order.mobileMoneyNetwork}, ${order.paymentPhone}, ${order.fulfilment},
        ${order.itemCount}, ${order.subtotal}, ${order.deliveryFee}, ${order.discount}, ${order.discountCode},
        ${order.vatAdded}, ${order.vatInvoice?.businessName ?? null}, ${order.vatInvoice?.tin ?? null},
        ${order.company?.id ?? null}, ${order.company?.lpoNumber ?? null}, ${order.orderListId ?? null}, ${order.total}, ${order.contactName},
        ${order.contactPhone}, ${order.zone?.id ?? null}, ${order.zone?.name ?? null}, ${order.zone?.label ?? null},
        ${order.street}, ${order.deliveryInstructions === null ? null : JSON.stringify(order.deliveryInstructions)}::jsonb,
        ${order.customerNote}, ${estimated}, ${due}, ${confirmed ? sql`now()` : sql`NULL`})
      ON CONFLICT (order_number) DO NOTHING
      RETURNING id, created_at, payment_due_at
    ),
    lines AS (
      INSERT INTO order_items (order_id, product_id, variant_id, product_name, product_slug, image, variant_name, sku,
        quantity, unit_price, subtotal)
      SELECT placed.id, x.product_id, x.variant_id, x.product_name, x.product_slug, x.image, x.variant_name, x.sku,
             x.quantity, x.unit_price, x.unit_price * x.quantity
      FROM placed, unnest(${column((item) => item.productId)}::int[], ${column((item) => item.variantId)}::int[],
        ${column((item) => item.productName)}::text[], ${column((item) => item.productSlug)}::text[],
        ${column((item) => item.image)}::text[], ${column((item) => item.variantName)}::text[],
        ${column((item) => item.sku)}::text[], ${column((item) => item.quantity)}::int[],
        ${column((item) => item.unitPrice)}::int[])
        WITH ORDINALITY AS x(product_id, variant_id, product_name, product_slug, image, variant_name, sku, quantity,
          unit_price, position)
      ORDER BY x.position
    ),
    history AS (
      INSERT INTO order_status_changes (order_id, from_status, status, note, changed_by)
      SELECT placed.id, h.from_status::order_status, h.status::order_status, h.note, h.changed_by::uuid
      FROM placed, unnest(${change((item) => item.from)}::text[], ${change((item) => item.to)}::text[],
        ${change((item) => item.note)}::text[], ${change((item) => item.changedBy)}::text[])
        WITH ORDINALITY AS h(from_status, status, note, changed_by, position)
      ORDER BY h.position
    )
    SELECT id, created_at, payment_due_at FROM placed`);
  const row = result.rows[0];
  return row && withDates(row, ['created_at', 'payment_due_at']);
}

export type StatusChange = {
  from: OrderStatus | null;
  to: OrderStatus;
  note: string | null;
  changedBy: string | null;
};

export async function insertStatusChanges(tx: Tx, orderId: string, changes: StatusChange[]): Promise<void> {
  const values = changes.map(
    (change) =>
      sql`(${orderId}, ${change.from}::order_status, ${change.to}::order_status, ${change.note}, ${change.changedBy}::uuid)`,
  );
  await tx.execute(sql`
    INSERT INTO order_status_changes (order_id, from_status, status, note, changed_by)
    VALUES ${sql.join(values, sql`, `)}`);
}

/**
 * Issues the order's invoice with the next number of the series. The counter row stays locked
 * until the transaction ends (that is what makes the numbering gapless), so this is the last
 * write of a checkout.
 */
export async function issueInvoice(
  tx: Tx,
  invoice: {
    orderId: string;
    userId: string;
    subtotal: number;
    deliveryFee: number;
    discount: number;
    vatAdded: number;
    total: number;
    /** Set for a VAT-registered shop: its TIN, its prices' VAT mode and the VAT in the total. */
    vat: { shopTin: string; pricesIncludeVat: boolean; vatTotal: number } | null;
    /** On account: the days from its issue to its due date (the company's terms). */
    dueInDays?: number | null;
  },
): Promise<string> {
  const result = await tx.execute<{ invoice_number: string }>(sql`
    WITH next AS (
      UPDATE document_counters SET value = value + 1 WHERE name = 'invoice' RETURNING value
    )
    INSERT INTO invoices (invoice_number, order_id, user_id, subtotal, delivery_fee, discount, vat_added, total,
      shop_tin, prices_include_vat, vat_total, due_at)
    SELECT 'INV-' || lpad(next.value::text, greatest(6, length(next.value::text)), '0'),
           ${invoice.orderId}, ${invoice.userId}, ${invoice.subtotal}, ${invoice.deliveryFee}, ${invoice.discount},
           ${invoice.vatAdded}, ${invoice.total}, ${invoice.vat?.shopTin ?? null},
           ${invoice.vat?.pricesIncludeVat ?? true}, ${invoice.vat?.vatTotal ?? null},
           now() + make_interval(days => ${invoice.dueInDays ?? null}::int)
    FROM next
    RETURNING invoice_number`);
  const row = result.rows[0];
  if (!row) throw new Error("The invoice counter row ('invoice' in document_counters) is missing");
  return row.invoice_number;
}

// ---------------------------------------------------------------------------------------------
// Reading orders
// ---------------------------------------------------------------------------------------------

export type OrderItemJson = {
  id: number;
  product_id: number;
  variant_id: number;
  product_name: string;
  product_slug: string;
  image: string | null;
  variant_name: string;
  sku: string;
  quantity: number;
  unit_price: number;
  subtotal: number;
};

export type OrderRow = {
  id: string;
  order_number: string;
  user_id: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  payment_method: PaymentMethod;
  mobile_money_network: MobileMoneyNetwork | null;
  payment_phone: string | null;
  fulfilment: Fulfilment;
  item_count: number;
  subtotal: number;
  delivery_fee: number;
  discount: number;
  discount_code: string | null;
  vat_added: number;
  vat_business_name: string | null;
  vat_business_tin: string | null;
  /** The company's LPO number, on an order placed for a company account. */
  lpo_number: string | null;
  total: number;
  contact_name: string;
  contact_phone: string;
  delivery_zone_id: number | null;
  delivery_zone_name: string | null;
  delivery_time_label: string | null;
  street: string | null;
  delivery_instructions: DeliveryInstructions | null;
  customer_note: string | null;
  estimated_delivery_time: Date | null;
  payment_due_at: Date | null;
  paid_at: Date | null;
  cancel_reason: string | null;
  created_at: Date;
  updated_at: Date;
  invoice_id: number | null;
  invoice_number: string | null;
  invoice_status: InvoiceStatus | null;
  invoice_issued_at: Date | null;
  invoice_paid_at: Date | null;
  /** An on-account invoice's due date (decision 0042); null when paid at the order. */
  invoice_due_at: Date | null;
  /** The shop's TIN on the invoice (a tax invoice) and its VAT, as issued; null otherwise. */
  invoice_shop_tin: string | null;
  invoice_prices_include_vat: boolean | null;
  invoice_vat_total: number | null;
  customer_email: string;
  customer_name: string;
  items: OrderItemJson[];
  history: Array<{ status: OrderStatus; note: string | null; created_at: string }>;
};

const orderSelect = sql`
  SELECT o.id, o.order_number, o.user_id, o.status, o.payment_status, o.payment_method, o.mobile_money_network,
         o.payment_phone, o.fulfilment, o.item_count, o.subtotal, o.delivery_fee, o.discount, o.discount_code,
         o.vat_added, o.vat_business_name, o.vat_business_tin, o.lpo_number, o.total, o.contact_name,
         o.contact_phone, o.delivery_zone_id, o.delivery_zone_name, o.delivery_time_label, o.street,
         o.delivery_instructions, o.customer_note, o.estimated_delivery_time, o.payment_due_at, o.paid_at,
         o.cancel_reason, o.created_at, o.updated_at,
         i.id AS invoice_id, i.invoice_number, i.status AS invoice_status, i.issued_at AS invoice_issued_at,
         i.paid_at AS invoice_paid_at, i.due_at AS invoice_due_at, i.shop_tin AS invoice_shop_tin,
         i.prices_include_vat AS invoice_prices_include_vat, i.vat_total AS invoice_vat_total, u.email AS customer_email, u.name AS customer_name,
         COALESCE((
           SELECT json_agg(json_build_object(
             'id', oi.id, 'product_id', oi.product_id, 'variant_id', oi.variant_id, 'product_name', oi.product_name,
             'product_slug', oi.product_slug, 'image', oi.image, 'variant_name', oi.variant_name, 'sku', oi.sku,
             'quantity', oi.quantity, 'unit_price', oi.unit_price, 'subtotal', oi.subtotal) ORDER BY oi.id)
           FROM order_items oi WHERE oi.order_id = o.id), '[]'::json) AS items,
         COALESCE((
           SELECT json_agg(json_build_object('status', s.status, 'note', s.note, 'created_at', s.created_at) ORDER BY s.id)
           FROM order_status_changes s WHERE s.order_id = o.id), '[]'::json) AS history
  FROM orders o
  JOIN users u ON u.id = o.user_id
  LEFT JOIN invoices i ON i.order_id = o.id`;

/** One order with its lines, history and invoice; `userId` restricts it to that customer's. */
export async function findOrder(
  db: Executor,
  orderId: string,
  userId: string | null,
): Promise<OrderRow | undefined> {
  const owner = userId === null ? sql`` : sql`AND o.user_id = ${userId}`;
  const result = await db.execute<OrderRow>(sql`${orderSelect} WHERE o.id = ${orderId} ${owner}`);
  const row = result.rows[0];
  return (
    row &&
    withDates(row, [
      'estimated_delivery_time',
      'payment_due_at',
      'paid_at',
      'created_at',
      'updated_at',
      'invoice_issued_at',
      'invoice_paid_at',
      'invoice_due_at',
    ])
  );
}

export type OrderSummaryRow = Pick<
  OrderRow,
  | 'id'
  | 'order_number'
  | 'status'
  | 'payment_status'
  | 'payment_method'
  | 'fulfilment'
  | 'item_count'
  | 'total'
  | 'created_at'
>;

/** A page of orders, newest first: one customer's (`userId`) or everyone's (null, for staff). */
export async function listOrders(
  db: Executor,
  filter: { userId: string | null; status?: OrderStatus | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: OrderSummaryRow[]; count: number }> {
  // A customer's own list (every account page): asked together with the other customers'
  // at the same moment, in one statement (db/read-batcher.ts).
  if (filter.userId !== null && !filter.status && '$client' in db) {
    return ownOrders(db).load({ userId: filter.userId, ...page });
  }
  const conditions: SQL[] = [];
  if (filter.userId !== null) conditions.push(sql`user_id = ${filter.userId}`);
  if (filter.status) conditions.push(sql`status = ${filter.status}`);
  const where = conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  // One prepared statement (the count joined to the page): one round trip and no planning per
  // call. The text varies only with which filters are set.
  const rows = await executePrepared<OrderPageRow>(
    db,
    sql`
      SELECT c.list_count, p.*
      FROM (SELECT count(*)::int AS list_count FROM orders ${where}) c
      LEFT JOIN LATERAL (
        SELECT id, order_number, status, payment_status, payment_method, fulfilment, item_count, total, created_at
        FROM orders ${where}
        ORDER BY created_at DESC, id DESC
        LIMIT ${page.limit} OFFSET ${page.offset}
      ) p ON true`,
  );
  return toOrderPage(rows);
}

function toOrderPage(rows: OrderPageRow[]): { rows: OrderSummaryRow[]; count: number } {
  return {
    rows: rows.flatMap(({ list_count: _count, id, created_at, ...row }) =>
      id === null ? [] : [{ ...row, id, created_at: toDate(created_at) }],
    ),
    count: rows[0]?.list_count ?? 0,
  };
}

/**
 * Pages of several customers' orders in one statement: each caller's count and page (the same
 * statement as `listOrders`'), tagged with its position in the batch.
 */
const ownOrders = perDatabase((db: Database) =>
  batchedPages<
    { userId: string; limit: number; offset: number },
    OrderPageRow,
    { rows: OrderSummaryRow[]; count: number }
  >(
    db,
    'orders_user_pages',
    `SELECT u.ord::int AS batch_position, c.list_count, p.*
     FROM unnest($1::uuid[], $2::bigint[], $3::bigint[]) WITH ORDINALITY AS u(user_id, lim, off, ord)
     CROSS JOIN LATERAL (SELECT count(*)::int AS list_count FROM orders o WHERE o.user_id = u.user_id) c
     LEFT JOIN LATERAL (
       SELECT id, order_number, status, payment_status, payment_method, fulfilment, item_count, total, created_at
       FROM orders o
       WHERE o.user_id = u.user_id
       ORDER BY o.created_at DESC, o.id DESC
       LIMIT u.lim OFFSET u.off
     ) p ON true
     ORDER BY u.ord, p.created_at DESC, p.id DESC`,
    (inputs) => [
      inputs.map((input) => input.userId),
      inputs.map((input) => input.limit),
      inputs.map((input) => input.offset),
    ],
    toOrderPage,
  ),
);

/** A row of `listOrders`' statement: the count, and an order unless the page is empty (nulls). */
type OrderPageRow = Omit<OrderSummaryRow, 'id' | 'created_at'> & {
  list_count: number;
  id: string | null;
  created_at: string;
};

type OrderStatsRow = { status: OrderStatus; count: number; paid: number };

/** A customer's orders counted by status, and what they paid (refunds excluded). */
export async function orderStats(db: Executor, userId: string): Promise<OrderStatsRow[]> {
  // Read on every account page: outside a transaction, the stats asked by many customers at the
  // same moment are one statement (db/read-batcher.ts), as their order pages are.
  if ('$client' in db) return ownOrderStats(db).load(userId);
  // A named statement: planned once per pooled connection.
  return executeNamed<OrderStatsRow>(
    db,
    'orders_user_stats',
    sql`
    SELECT status, count(*)::int AS count,
           COALESCE(sum(total) FILTER (WHERE payment_status = 'paid'), 0)::bigint AS paid
    FROM orders WHERE user_id = ${userId}
    GROUP BY status`,
  );
}

/** Several customers' stats in one statement, each caller's rows tagged with its position. */
const ownOrderStats = perDatabase((db: Database) =>
  batchedPages<string, OrderStatsRow, OrderStatsRow[]>(
    db,
    'orders_user_stats_batch',
    `SELECT u.ord::int AS batch_position, o.status, count(*)::int AS count,
            COALESCE(sum(o.total) FILTER (WHERE o.payment_status = 'paid'), 0)::bigint AS paid
     FROM unnest($1::uuid[]) WITH ORDINALITY AS u(user_id, ord)
     JOIN orders o ON o.user_id = u.user_id
     GROUP BY u.ord, o.status`,
    (inputs) => [inputs],
    (rows) => rows,
  ),
);

// ---------------------------------------------------------------------------------------------
// Invoices
// ---------------------------------------------------------------------------------------------

export type InvoiceRow = {
  id: number;
  invoice_number: string;
  order_id: string;
  order_number: string;
  status: InvoiceStatus;
  subtotal: number;
  delivery_fee: number;
  discount: number;
  total: number;
  issued_at: Date;
  paid_at: Date | null;
};

export async function listInvoices(
  db: Executor,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: InvoiceRow[]; count: number }> {
  const [rows, count] = await Promise.all([
    db.execute<InvoiceRow>(sql`
      SELECT i.id, i.invoice_number, i.order_id, o.order_number, i.status, i.subtotal, i.delivery_fee, i.discount,
             i.total,
             i.issued_at, i.paid_at
      FROM invoices i JOIN orders o ON o.id = i.order_id
      WHERE i.user_id = ${userId}
      ORDER BY i.issued_at DESC, i.id DESC
      LIMIT ${page.limit} OFFSET ${page.offset}`),
    db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM invoices WHERE user_id = ${userId}`),
  ]);
  return {
    rows: rows.rows.map((row) => withDates(row, ['issued_at', 'paid_at'])),
    count: count.rows[0]?.count ?? 0,
  };
}

/** The order an invoice belongs to; `userId` restricts it to that customer's. */
export async function findInvoiceOrderId(
  db: Executor,
  invoiceId: number,
  userId: string | null,
): Promise<string | undefined> {
  const owner = userId === null ? sql`` : sql`AND user_id = ${userId}`;
  const result = await db.execute<{ order_id: string }>(sql`
    SELECT order_id FROM invoices WHERE id = ${invoiceId} ${owner}`);
  return result.rows[0]?.order_id;
}

/**
 * The customer's orders with lines, history and invoice, oldest first, a page after `after` (keyset
 * on orders_user_created_idx): the copy of their data (modules/data-exports).
 */
export async function ordersOfUserAfter(
  db: Executor,
  userId: string,
  after: { created_at: Date; id: string } | null,
  limit: number,
): Promise<OrderRow[]> {
  const from =
    after === null
      ? sql``
      : sql`AND (o.created_at, o.id) > (${after.created_at.toISOString()}::timestamptz, ${after.id}::uuid)`;
  const result = await db.execute<OrderRow>(
    sql`${orderSelect} WHERE o.user_id = ${userId} ${from} ORDER BY o.created_at, o.id LIMIT ${limit}`,
  );
  return result.rows.map((row) =>
    withDates(row, [
      'estimated_delivery_time',
      'payment_due_at',
      'paid_at',
      'created_at',
      'updated_at',
      'invoice_issued_at',
      'invoice_paid_at',
      'invoice_due_at',
    ]),
  );
}
