import type { Order } from '@shop/contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  CHECKOUT,
  type Customer,
  checkoutBody,
  signedInCustomer,
  staffMember,
  stockedProduct,
  zoneBySlug,
} from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { csvCell } from '../../lib/csv';
import { invoicesCsv, ordersCsv } from './exports';

/** The accountant's CSV exports: what they hold, their filters, and that they stream in batches. */

let harness: TestApp;
let staff: Customer;
let central: Awaited<ReturnType<typeof zoneBySlug>>;

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  staff = await staffMember(harness.app);
  central = await zoneBySlug(harness.database.pool);
});
afterAll(() => harness?.close());

const ORDERS_CSV = '/api/v1/admin/exports/orders.csv';
const INVOICES_CSV = '/api/v1/admin/exports/invoices.csv';
const pool = () => harness.database.pool;

/** Splits a CSV answer into rows of cells (cells here hold no commas or quotes but the names). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split('\r\n')) {
    if (line === '') continue;
    const cells: string[] = [];
    for (const match of line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)) {
      const cell = match[1]!;
      cells.push(cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);
      if (match[2] === '') break;
    }
    rows.push(cells);
  }
  return rows;
}

async function place(buyer: Customer, name: string, overrides: Record<string, unknown> = {}): Promise<Order> {
  const product = await stockedProduct(pool(), { name: `Export ${name}`, price: 75_000 });
  await addToCart(buyer.client, product.id, product.variantIds[0]!, 2);
  const response = await buyer.client.post(
    CHECKOUT,
    checkoutBody(central.id, { contact_name: name, ...overrides }),
  );
  if (response.statusCode !== 201)
    throw new Error(`checkout failed: ${response.statusCode} ${response.body}`);
  return response.json() as Order;
}

async function get(path: string) {
  const response = await staff.client.get(path);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe('the orders export', () => {
  it('holds the filtered orders, oldest first, with their amounts, customer and invoice', async () => {
    const buyer = await signedInCustomer(harness.app, 'Nakato Export');
    const first = await place(buyer, 'Nakato, "the buyer"');
    const second = await place(buyer, '=HYPERLINK("x")', {
      fulfilment: 'pickup',
      delivery_zone: undefined,
      street: undefined,
      delivery_instructions: undefined,
    });
    await pool().query(`UPDATE orders SET created_at = now() - interval '3 days' WHERE id = $1`, [first.id]);

    const response = await get(`${ORDERS_CSV}?q=${encodeURIComponent(buyer.email)}`);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-start-to-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual([
      'order_number',
      'placed_at',
      'status',
      'payment_status',
      'payment_method',
      'fulfilment',
      'zone',
      'customer_name',
      'customer_email',
      'contact_name',
      'contact_phone',
      'item_count',
      'subtotal',
      'delivery_fee',
      'discount',
      'discount_code',
      'total',
      'currency',
      'paid_at',
      'invoice_number',
    ]);
    const invoices = await pool().query<{ order_id: string; invoice_number: string }>(
      'SELECT order_id, invoice_number FROM invoices WHERE order_id = ANY($1::uuid[])',
      [[first.id, second.id]],
    );
    const invoiceOf = (id: string) => invoices.rows.find((row) => row.order_id === id)!.invoice_number;
    expect(rows.slice(1)).toEqual([
      [
        first.order_number,
        expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        'confirmed',
        'pending',
        'cash_on_delivery',
        'delivery',
        central.name,
        'Nakato Export',
        buyer.email,
        'Nakato, "the buyer"',
        '+256772123456',
        '2',
        '150000',
        String(first.delivery_fee),
        '0',
        '',
        String(first.total),
        'UGX',
        '',
        invoiceOf(first.id),
      ],
      [
        second.order_number,
        expect.any(String),
        'confirmed',
        'pending',
        'cash_on_delivery',
        'pickup',
        '',
        'Nakato Export',
        buyer.email,
        `'=HYPERLINK("x")`,
        '+256772123456',
        '2',
        '150000',
        '0',
        '0',
        '',
        '150000',
        'UGX',
        '',
        invoiceOf(second.id),
      ],
    ]);

    // The list's filters and the date range (Kampala days, both ends included).
    const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
    const onlyToday = parseCsv(
      (await get(`${ORDERS_CSV}?q=${encodeURIComponent(buyer.email)}&date_from=${today}`)).body,
    );
    expect(onlyToday.slice(1).map((row) => row[0])).toEqual([second.order_number]);
    expect(
      (await get(`${ORDERS_CSV}?q=${encodeURIComponent(buyer.email)}&date_from=${today}&date_to=${today}`))
        .headers['content-disposition'],
    ).toBe(`attachment; filename="orders-${today}-to-${today}.csv"`);
    const pickups = parseCsv(
      (await get(`${ORDERS_CSV}?q=${encodeURIComponent(buyer.email)}&fulfilment=pickup`)).body,
    );
    expect(pickups.slice(1).map((row) => row[0])).toEqual([second.order_number]);
    const cancelled = parseCsv((await get(`${ORDERS_CSV}?status=cancelled`)).body);
    expect(cancelled).toHaveLength(1);
  });

  it('names the bad field of a filter with 422 and exports nothing', async () => {
    const response = await staff.client.get(`${ORDERS_CSV}?date_from=2026-11-20&date_to=2026-11-01`);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fields).toEqual([
      { field: 'date_to', message: 'must be on or after date_from' },
    ]);
    const badDay = await staff.client.get(`${INVOICES_CSV}?date_from=2026-02-30`);
    expect(badDay.statusCode).toBe(422);
    expect(badDay.json().error.fields).toEqual([
      { field: 'date_from', message: 'must be a date as YYYY-MM-DD' },
    ]);
  });

  it('keeps a spreadsheet from running a customer’s text as a formula, and quotes commas and quotes', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+256772123456')).toBe('+256772123456');
    expect(csvCell('Nakato, "the buyer"')).toBe('"Nakato, ""the buyer"""');
    expect(csvCell(null)).toBe('');
    expect(csvCell(150_000)).toBe('150000');
  });
});

describe('streaming many rows', () => {
  /**
   * Adds `count` orders in one statement (as the bench's seeding does), 100 µs apart: ten share
   * each millisecond, so a cursor kept to the millisecond would lose or double some.
   */
  async function manyOrders(count: number, userId: string) {
    await pool().query(
      `INSERT INTO orders (order_number, user_id, idempotency_key, request_hash, status, payment_status,
         payment_method, fulfilment, item_count, subtotal, delivery_fee, total, contact_name, contact_phone,
         created_at)
       SELECT 'ORD-BULK-' || lpad(g::text, 6, '0'), $2, 'bulk-' || g, 'bulk', 'delivered', 'paid',
              'cash_on_delivery', 'pickup', 1, 1000 * g, 0, 1000 * g, 'Bulk buyer', '+256700000000',
              timestamptz '2026-01-01 00:00:00+03' + make_interval(secs => 0.0001 * g)
       FROM generate_series(1, $1::int) g`,
      [count, userId],
    );
  }

  it('reads 2,500 orders in batches, each written out before the next is read, none lost or doubled', async () => {
    const buyer = await signedInCustomer(harness.app, 'Bulk buyer');
    await manyOrders(2_500, buyer.userId);
    const query = { q: undefined, date_from: '2026-01-01', date_to: '2026-01-01' };

    // The generator yields the header, then one chunk per batch: never more than a batch at once.
    const chunks: string[] = [];
    const reads: number[] = [];
    const counting = {
      execute: async (...args: Parameters<typeof harness.app.db.execute>) => {
        reads.push(chunks.length);
        return harness.app.db.execute(...args);
      },
    } as unknown as typeof harness.app.db;
    for await (const chunk of ordersCsv(counting, query, 400)) chunks.push(chunk);
    const lineCounts = chunks.map((chunk) => chunk.split('\r\n').length - 1);
    expect(lineCounts).toEqual([1, 400, 400, 400, 400, 400, 400, 100]);
    // Each read happened after the previous batch had been handed on (lazy: a batch per read).
    expect(reads).toEqual([1, 2, 3, 4, 5, 6, 7]);

    // Through the endpoint: every order once, in the order placed, the amounts exact.
    const rows = parseCsv((await get(`${ORDERS_CSV}?date_from=2026-01-01&date_to=2026-01-01`)).body).slice(1);
    expect(rows).toHaveLength(2_500);
    expect(rows.map((row) => row[0])).toEqual(
      Array.from({ length: 2_500 }, (_, index) => `ORD-BULK-${String(index + 1).padStart(6, '0')}`),
    );
    expect(rows.reduce((sum, row) => sum + Number(row[16]), 0)).toBe((1000 * 2_500 * 2_501) / 2);
  });
});

describe('the invoices export', () => {
  it('holds the invoices issued in the range, in the order issued, with their status', async () => {
    const buyer = await signedInCustomer(harness.app, 'Invoice Buyer');
    const order = await place(buyer, 'Invoice Buyer');
    const invoice = (
      await pool().query<{ invoice_number: string; id: number }>(
        'SELECT invoice_number, id FROM invoices WHERE order_id = $1',
        [order.id],
      )
    ).rows[0]!;
    const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
    const rows = parseCsv((await get(`${INVOICES_CSV}?date_from=${today}&date_to=${today}`)).body);
    expect(rows[0]).toEqual([
      'invoice_number',
      'issued_at',
      'status',
      'order_number',
      'customer_name',
      'customer_email',
      'subtotal',
      'delivery_fee',
      'discount',
      'total',
      'currency',
      'paid_at',
      'voided_at',
    ]);
    expect(rows.slice(1)).toContainEqual([
      invoice.invoice_number,
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      'issued',
      order.order_number,
      'Invoice Buyer',
      buyer.email,
      '150000',
      String(order.delivery_fee),
      '0',
      String(order.total),
      'UGX',
      '',
      '',
    ]);
    const numbers = rows.slice(1).map((row) => row[0]!);
    expect(numbers).toEqual([...numbers].sort());
    // Another range holds none of them; a status filter keeps only that status.
    expect(parseCsv((await get(`${INVOICES_CSV}?date_to=2020-01-01`)).body)).toHaveLength(1);
    const paid = parseCsv((await get(`${INVOICES_CSV}?status=paid`)).body).slice(1);
    expect(paid.every((row) => row[2] === 'paid')).toBe(true);
    expect(paid.map((row) => row[0])).not.toContain(invoice.invoice_number);

    // Batches of 1 read every invoice once.
    const chunks: string[] = [];
    for await (const chunk of invoicesCsv(harness.app.db, { date_from: today, date_to: today }, 1))
      chunks.push(chunk);
    expect(chunks.slice(1).map((chunk) => chunk.split(',')[0])).toEqual(numbers);
  });
});
