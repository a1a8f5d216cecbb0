import {
  INVOICE_EXPORT_COLUMNS,
  type invoiceExportQuerySchema,
  ORDER_EXPORT_COLUMNS,
  type orderExportQuerySchema,
} from '@shop/contract/dashboard';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/transaction';
import { csvLine } from '../../lib/csv';
import { staffOrderConditions } from '../delivery/staff-orders.repository';

/**
 * The accountant's CSV exports, streamed: rows are read in batches by keyset (created or issued
 * time, then id: the order of an index), each batch written out before the next is read, so an
 * export of 100,000 orders never holds more than one batch in memory, and holds no connection
 * between batches.
 */

export const EXPORT_BATCH_SIZE = 1000;

const DAY_MS = 24 * 60 * 60 * 1000;
const kampalaDayStart = (day: string) => new Date(`${day}T00:00:00+03:00`);
const dayAfter = (day: string) => new Date(kampalaDayStart(day).getTime() + DAY_MS);

/** An instant as the accountant reads it: Kampala local time, `YYYY-MM-DD HH:MM:SS`. */
const kampalaTime = (column: SQL) =>
  sql`to_char(${column} AT TIME ZONE 'Africa/Kampala', 'YYYY-MM-DD HH24:MI:SS')`;

type Cursor = { at: string; id: string | number };

/**
 * Reads `query` batch by batch after the keyset cursor and yields each batch's CSV text. The
 * query gets the cursor condition and returns `cursor_at` (the key time as text, exact to the
 * microsecond) and `cursor_id`.
 */
async function* batches<
  Row extends Record<string, unknown> & { cursor_at: string; cursor_id: string | number },
>(
  db: Executor,
  read: (after: Cursor | null, limit: number) => SQL,
  toLine: (row: Row) => string,
  batchSize: number,
): AsyncGenerator<string> {
  let after: Cursor | null = null;
  for (;;) {
    const rows = (await db.execute<Row>(read(after, batchSize))).rows as Row[];
    if (rows.length === 0) return;
    yield rows.map(toLine).join('');
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.cursor_at, id: last.cursor_id };
  }
}

type OrderExportRow = Record<(typeof ORDER_EXPORT_COLUMNS)[number], string | number | null> & {
  cursor_at: string;
  cursor_id: string;
};

export type OrderExportFilter = z.output<typeof orderExportQuerySchema>;

/** The orders of the staff list's filters, oldest first, as CSV (header first). */
export async function* ordersCsv(
  db: Executor,
  query: OrderExportFilter,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<string> {
  yield csvLine([...ORDER_EXPORT_COLUMNS]);
  const conditions = staffOrderConditions({
    status: query.status,
    paymentStatus: query.payment_status,
    paymentMethod: query.payment_method,
    fulfilment: query.fulfilment,
    zoneId: query.zone,
    from: query.date_from ? kampalaDayStart(query.date_from) : undefined,
    before: query.date_to ? dayAfter(query.date_to) : undefined,
    search: query.q,
  });
  yield* batches<OrderExportRow>(
    db,
    (after, limit) => {
      const where = after
        ? [...conditions, sql`(o.created_at, o.id) > (${after.at}::timestamptz, ${after.id}::uuid)`]
        : conditions;
      return sql`
        SELECT o.order_number, ${kampalaTime(sql`o.created_at`)} AS placed_at, o.status, o.payment_status,
               o.payment_method, o.fulfilment, o.delivery_zone_name AS zone, u.name AS customer_name,
               u.email AS customer_email, o.contact_name, o.contact_phone, o.item_count, o.subtotal, o.delivery_fee, o.discount, o.discount_code, o.total,
               o.currency, ${kampalaTime(sql`o.paid_at`)} AS paid_at, i.invoice_number,
               o.created_at::text AS cursor_at, o.id AS cursor_id
        FROM orders o
        JOIN users u ON u.id = o.user_id
        LEFT JOIN invoices i ON i.order_id = o.id
        ${where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
        ORDER BY o.created_at ASC NULLS FIRST, o.id ASC NULLS FIRST
        LIMIT ${limit}`;
    },
    (row) => csvLine(ORDER_EXPORT_COLUMNS.map((column) => row[column])),
    batchSize,
  );
}

type InvoiceExportRow = Record<(typeof INVOICE_EXPORT_COLUMNS)[number], string | number | null> & {
  cursor_at: string;
  cursor_id: number;
};

export type InvoiceExportFilter = z.output<typeof invoiceExportQuerySchema>;

/** Invoices issued in the range, in the order they were issued, as CSV (header first). */
export async function* invoicesCsv(
  db: Executor,
  query: InvoiceExportFilter,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<string> {
  yield csvLine([...INVOICE_EXPORT_COLUMNS]);
  const conditions: SQL[] = [];
  if (query.status) conditions.push(sql`i.status = ${query.status}`);
  if (query.date_from) conditions.push(sql`i.issued_at >= ${kampalaDayStart(query.date_from).toISOString()}`);
  if (query.date_to) conditions.push(sql`i.issued_at < ${dayAfter(query.date_to).toISOString()}`);
  yield* batches<InvoiceExportRow>(
    db,
    (after, limit) => {
      const where = after
        ? [...conditions, sql`(i.issued_at, i.id) > (${after.at}::timestamptz, ${after.id}::int)`]
        : conditions;
      return sql`
        SELECT i.invoice_number, ${kampalaTime(sql`i.issued_at`)} AS issued_at, i.status, o.order_number,
               u.name AS customer_name, u.email AS customer_email, i.subtotal, i.delivery_fee, i.discount, i.total,
               i.currency, ${kampalaTime(sql`i.paid_at`)} AS paid_at, ${kampalaTime(sql`i.voided_at`)} AS voided_at,
               i.issued_at::text AS cursor_at, i.id AS cursor_id
        FROM invoices i
        JOIN orders o ON o.id = i.order_id
        JOIN users u ON u.id = i.user_id
        ${where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
        ORDER BY i.issued_at, i.id
        LIMIT ${limit}`;
    },
    (row) => csvLine(INVOICE_EXPORT_COLUMNS.map((column) => row[column])),
    batchSize,
  );
}
