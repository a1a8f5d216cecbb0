import crypto from 'node:crypto';
import { type Dashboard, dashboardSchema } from '@shop/contract/dashboard';
import { kampalaIsoDate } from '@shop/contract/kampala-time';
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
import { TestBrowser } from '../identity/testing';
import { findTransaction } from '../payments/payments.repository';
import { settleTransaction } from '../payments/settlement';
import { ageTransaction, startPayment, verifyUrl, waitFor } from '../payments/testing';
import { PICKUP_ZONE } from './dashboard.repository';

/**
 * The day's figures against orders placed, paid, cancelled and refunded through the real calls:
 * every figure is compared with the amount it must be, to the shilling.
 */

let harness: TestApp;
let staff: Customer;
let central: Awaited<ReturnType<typeof zoneBySlug>>;

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  staff = await staffMember(harness.app);
  central = await zoneBySlug(harness.database.pool);
});
afterAll(() => harness?.close());

const DASHBOARD = '/api/v1/admin/dashboard/';
const STAFF_ORDERS = '/api/v1/orders/admin/orders';
const DAY_MS = 24 * 60 * 60 * 1000;
const pool = () => harness.database.pool;

async function dashboard(period: 'today' | '7d' | '30d'): Promise<Dashboard> {
  const response = await staff.client.get(`${DASHBOARD}?period=${period}`);
  expect(response.statusCode, response.body).toBe(200);
  return dashboardSchema.parse(response.json());
}

/** Places an order through the real cart and checkout. */
async function place(
  buyer: Customer,
  lines: Array<{ product: { id: number; variantIds: number[] }; quantity: number }>,
  options: { fulfilment: 'pickup' | 'delivery'; method: 'mobile_money' | 'cash_on_delivery' },
): Promise<Order> {
  for (const line of lines)
    await addToCart(buyer.client, line.product.id, line.product.variantIds[0]!, line.quantity);
  const body = checkoutBody(central.id, {
    payment_method: options.method,
    ...(options.method === 'mobile_money'
      ? { mobile_money_network: 'MTN', payment_phone: '0772 123456' }
      : {}),
    ...(options.fulfilment === 'pickup'
      ? {
          fulfilment: 'pickup',
          delivery_zone: undefined,
          street: undefined,
          delivery_instructions: undefined,
        }
      : {}),
  });
  const response = await buyer.client.post(CHECKOUT, body);
  if (response.statusCode !== 201)
    throw new Error(`checkout failed: ${response.statusCode} ${response.body}`);
  return response.json() as Order;
}

async function move(orderId: string, body: Record<string, unknown>) {
  const response = await staff.client.post(`${STAFF_ORDERS}/${orderId}/status/`, body);
  expect(response.statusCode, response.body).toBe(200);
}

/** Staff take a cash order from confirmed to delivered (a delivery goes out with a rider). */
async function deliverCash(order: Order) {
  await move(order.id, { status: 'processing' });
  await move(order.id, { status: 'ready_for_delivery' });
  if (order.fulfilment === 'delivery') {
    const rider = await staff.client.post(`${STAFF_ORDERS}/${order.id}/rider/`, {
      rider_name: 'Okello Rider',
      rider_phone: '0700 111222',
    });
    expect(rider.statusCode, rider.body).toBe(200);
    await move(order.id, { status: 'out_for_delivery' });
  }
  await move(order.id, { status: 'delivered' });
}

/** Pays an order by mobile money through the sandbox: the charge, the phone's approval, settled. */
async function payBySandbox(buyer: Customer, order: Order) {
  const transaction = await startPayment(buyer.client, order.id);
  const approved = await buyer.client.post(
    `/api/v1/payments/sandbox/charges/${encodeURIComponent(transaction.reference)}/approve/`,
    { pin: '12345' },
  );
  expect(approved.statusCode, approved.body).toBe(200);
  await waitFor(async () => {
    const response = await buyer.client.post(verifyUrl(transaction.id));
    return (response.json() as { status: string }).status === 'successful';
  }, 'the payment to settle');
  return transaction.id;
}

/** A refund as the refunds module records it (the agreed table), settled at `settledAt`. */
async function refund(
  transactionId: string,
  amount: number,
  status: 'pending' | 'succeeded' | 'failed',
  settledAt: Date | null = status === 'pending' ? null : new Date(),
) {
  const row = await findTransaction(harness.app.db, transactionId);
  if (!row) throw new Error('no such transaction');
  await pool().query(
    `INSERT INTO payment_refunds (transaction_id, purpose, subject_id, amount, reason, status, idempotency_key, settled_at)
     VALUES ($1, $2, $3, $4, 'Test refund', $5, $6, $7)`,
    [transactionId, row.purpose, row.subjectId, amount, status, crypto.randomUUID(), settledAt],
  );
}

/** Moves an order (and its payments) back in time by whole days, as if placed and paid then. */
async function backdate(orderId: string, days: number) {
  const interval = `${days} days`;
  await pool().query(
    `UPDATE orders SET created_at = created_at - $2::interval, paid_at = paid_at - $2::interval WHERE id = $1`,
    [orderId, interval],
  );
  await pool().query(
    `UPDATE payment_transactions SET created_at = created_at - $2::interval, paid_at = paid_at - $2::interval
     WHERE purpose = 'order' AND subject_id = $1::text`,
    [orderId, interval],
  );
}

describe('who may see the figures and exports', () => {
  it('answers visitors 401 and customers 403 on every endpoint, and staff and admins 200', async () => {
    const visitor = new TestBrowser(harness.app);
    await visitor.startVisit();
    const customer = await signedInCustomer(harness.app);
    const admin = await staffMember(harness.app, 'admin');
    for (const path of [
      DASHBOARD,
      `${DASHBOARD}?period=30d`,
      '/api/v1/admin/exports/orders.csv',
      '/api/v1/admin/exports/invoices.csv',
    ]) {
      expect((await harness.app.inject({ method: 'GET', url: path })).statusCode, path).toBe(401);
      expect((await visitor.get(path)).statusCode, path).toBe(401);
      expect((await customer.client.get(path)).statusCode, path).toBe(403);
      expect((await staff.client.get(path)).statusCode, path).toBe(200);
      expect((await admin.client.get(path)).statusCode, path).toBe(200);
    }
  });

  it('refuses an unknown period with 422 naming the field', async () => {
    const response = await staff.client.get(`${DASHBOARD}?period=year`);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fields).toEqual([
      { field: 'period', message: 'must be one of today, 7d, 30d' },
    ]);
  });
});

describe('the day’s figures', () => {
  it('counts revenue net of refunds, orders, customers, methods, zones, days, statuses and products exactly', async () => {
    // Figures before this test's orders: the earlier test made accounts (staff, one customer).
    const before = await dashboard('30d');
    expect(before.figures).toEqual({
      revenue: 0,
      gross_revenue: 0,
      refunds: 0,
      orders: 0,
      paid_orders: 0,
      average_order_value: 0,
      new_customers: 1,
    });

    const wine = await stockedProduct(pool(), { name: 'Kololo Red', price: 100_000, stock: 100 });
    const gin = await stockedProduct(pool(), { name: 'Nile Gin', price: 40_000, stock: 100 });
    const amara = await signedInCustomer(harness.app, 'Amara');
    const brian = await signedInCustomer(harness.app, 'Brian');
    const carol = await signedInCustomer(harness.app, 'Carol');
    // An anonymous visitor is no customer; Carol joined 10 days ago.
    await new TestBrowser(harness.app).startVisit();
    await pool().query(`UPDATE users SET created_at = now() - interval '10 days' WHERE id = $1`, [
      carol.userId,
    ]);

    // 1. Amara: 2 wine by mobile money, picked up: 200,000 paid; refunds of 50,000 (succeeded),
    //    30,000 (failed) and 10,000 (still pending): only the 50,000 is subtracted.
    const o1 = await place(amara, [{ product: wine, quantity: 2 }], {
      fulfilment: 'pickup',
      method: 'mobile_money',
    });
    expect(o1.total).toBe(200_000);
    const t1 = await payBySandbox(amara, o1);
    await refund(t1, 50_000, 'succeeded');
    await refund(t1, 30_000, 'failed');
    await refund(t1, 10_000, 'pending');

    // 2. Amara: 1 gin cash, collected at the counter: 40,000 when delivered.
    const o2 = await place(amara, [{ product: gin, quantity: 1 }], {
      fulfilment: 'pickup',
      method: 'cash_on_delivery',
    });
    await deliverCash(o2);

    // 3. Brian: 1 wine + 1 gin delivered to Central Kampala, cash on delivery: the total with the fee.
    const o3 = await place(
      brian,
      [
        { product: wine, quantity: 1 },
        { product: gin, quantity: 1 },
      ],
      {
        fulfilment: 'delivery',
        method: 'cash_on_delivery',
      },
    );
    expect(o3.total).toBe(140_000 + central.fee);
    await deliverCash(o3);

    // 4. Brian: 1 gin by mobile money, never paid, cancelled by staff: an order, no money.
    const o4 = await place(brian, [{ product: gin, quantity: 1 }], {
      fulfilment: 'pickup',
      method: 'mobile_money',
    });
    await move(o4.id, { status: 'cancelled', note: 'Customer changed their mind' });

    // 5. Brian: 1 wine by mobile money; the order is cancelled, then the money arrives anyway:
    //    refund_due, never revenue. A refund of 30,000 of it leaves 70,000 to give back, and is
    //    not subtracted from revenue (that money never was revenue).
    const o5 = await place(brian, [{ product: wine, quantity: 1 }], {
      fulfilment: 'pickup',
      method: 'mobile_money',
    });
    const t5 = await startPayment(brian.client, o5.id);
    const cancelled = await brian.client.post('/api/v1/payments/transactions/cancel_unpaid_order/', {
      order_id: o5.id,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const row5 = (await findTransaction(harness.app.db, t5.id))!;
    const settled = await settleTransaction(harness.app.payments, t5.id, {
      kind: 'found',
      charge: {
        providerTransactionId: row5.providerTransactionId ?? '1',
        reference: row5.reference,
        status: 'successful',
        amount: 100_000,
        currency: 'UGX',
        processorResponse: 'Approved',
        raw: { status: 'success' },
      },
    });
    expect(settled.outcome).toBe('refund_due');
    await refund(t5.id, 30_000, 'succeeded');

    // 6. Carol: 1 gin by mobile money, payment waiting for 31 minutes: pending work.
    const o6 = await place(carol, [{ product: gin, quantity: 1 }], {
      fulfilment: 'pickup',
      method: 'mobile_money',
    });
    const t6 = await startPayment(carol.client, o6.id);
    await ageTransaction(harness, t6.id, 31);

    // 7. Carol: 3 wine by mobile money, paid 3 days ago (only in 7 and 30 days); 20,000 of it
    //    refunded today (subtracted today, where it settled).
    const o7 = await place(carol, [{ product: wine, quantity: 3 }], {
      fulfilment: 'pickup',
      method: 'mobile_money',
    });
    const t7 = await payBySandbox(carol, o7);
    await backdate(o7.id, 3);
    await refund(t7, 20_000, 'succeeded');

    // 8. Carol: 2 gin cash, collected 12 days ago (only in 30 days), to Central Kampala.
    const o8 = await place(carol, [{ product: gin, quantity: 2 }], {
      fulfilment: 'delivery',
      method: 'cash_on_delivery',
    });
    await deliverCash(o8);
    await backdate(o8.id, 12);

    // A size running low (2 left, threshold 5) and one of a retired product (not listed).
    const cognac = await stockedProduct(pool(), { name: 'Rare Cognac', price: 900_000, stock: 2 });
    const retired = await stockedProduct(pool(), {
      name: 'Old Brandy',
      price: 90_000,
      stock: 0,
      isActive: false,
    });
    await pool().query('UPDATE product_variants SET low_stock_threshold = 5 WHERE id = ANY($1::int[])', [
      [cognac.variantIds[0], retired.variantIds[0]],
    ]);

    const fee = central.fee;
    const pickupZone = PICKUP_ZONE;
    const centralZone = central.name;
    const day = (daysBack: number) => kampalaIsoDate(Date.now() - daysBack * DAY_MS);
    const byRevenue = (rows: Array<{ zone: string; paid_orders: number; revenue: number }>) =>
      [...rows].sort((a, b) => b.revenue - a.revenue || a.zone.localeCompare(b.zone));
    const statuses = (counts: Record<string, number>) =>
      [
        'pending',
        'confirmed',
        'processing',
        'ready_for_delivery',
        'out_for_delivery',
        'delivered',
        'cancelled',
        'refunded',
      ].map((status) => ({ status, orders: counts[status] ?? 0 }));
    const perDay = (days: number, amounts: Record<number, number>) =>
      Array.from({ length: days }, (_, index) => {
        const back = days - 1 - index;
        return { day: day(back), revenue: amounts[back] ?? 0 };
      });

    // Today: o1 (200,000 − its 50,000 refund), o2 (40,000), o3 (140,000 + fee), and o7's
    // 20,000 refund, settled today though o7 was paid 3 days ago.
    const todayRevenue = 200_000 - 50_000 + 40_000 + (140_000 + fee) - 20_000;
    const today = await dashboard('today');
    expect(today.date_from).toBe(day(0));
    expect(today.date_to).toBe(day(0));
    expect(today.figures).toEqual({
      revenue: todayRevenue,
      gross_revenue: 200_000 + 40_000 + 140_000 + fee,
      refunds: 70_000,
      orders: 6,
      paid_orders: 3,
      average_order_value: Math.round(todayRevenue / 3),
      new_customers: before.figures.new_customers + 2,
    });
    expect(today.by_payment_method).toEqual([
      { method: 'mobile_money', paid_orders: 1, revenue: 200_000 - 50_000 - 20_000 },
      { method: 'cash_on_delivery', paid_orders: 1, revenue: 140_000 + fee },
      { method: 'cash_on_collection', paid_orders: 1, revenue: 40_000 },
    ]);
    expect(today.by_zone).toEqual(
      byRevenue([
        { zone: pickupZone, paid_orders: 2, revenue: 200_000 - 50_000 + 40_000 - 20_000 },
        { zone: centralZone, paid_orders: 1, revenue: 140_000 + fee },
      ]),
    );
    expect(today.revenue_per_day).toEqual(perDay(1, { 0: todayRevenue }));
    expect(today.orders_by_status).toEqual(
      statuses({ pending: 1, confirmed: 1, delivered: 2, cancelled: 2 }),
    );
    expect(today.top_products).toEqual([
      { product_id: wine.id, product_name: 'Kololo Red', bottles: 3, revenue: 300_000 },
      { product_id: gin.id, product_name: 'Nile Gin', bottles: 2, revenue: 80_000 },
    ]);
    // Pending work is now, whatever the period: o7 (paid 3 days ago) and o1 wait to be prepared.
    expect(today.pending.orders_to_prepare).toEqual({
      count: 2,
      items: [
        expect.objectContaining({
          id: o7.id,
          order_number: o7.order_number,
          status: 'confirmed',
          total: 300_000,
        }),
        expect.objectContaining({
          id: o1.id,
          order_number: o1.order_number,
          status: 'confirmed',
          total: 200_000,
        }),
      ],
    });
    expect(today.pending.payments_pending).toEqual({
      count: 1,
      items: [expect.objectContaining({ id: t6.id, purpose: 'order', subject_id: o6.id, amount: 40_000 })],
    });
    expect(today.pending.refund_due).toEqual({
      count: 1,
      amount: 70_000,
      items: [expect.objectContaining({ id: t5.id, purpose: 'order', subject_id: o5.id, amount: 70_000 })],
    });
    expect(today.pending.low_stock).toEqual({
      count: 1,
      items: [
        expect.objectContaining({
          variant_id: cognac.variantIds[0],
          product_name: 'Rare Cognac',
          stock: 2,
          low_stock_threshold: 5,
        }),
      ],
    });

    // Seven days add o7: 300,000 paid 3 days ago, and its order.
    const weekRevenue = todayRevenue + 300_000;
    const week = await dashboard('7d');
    expect(week.date_from).toBe(day(6));
    expect(week.date_to).toBe(day(0));
    expect(week.figures).toEqual({
      revenue: weekRevenue,
      gross_revenue: 200_000 + 40_000 + 140_000 + fee + 300_000,
      refunds: 70_000,
      orders: 7,
      paid_orders: 4,
      average_order_value: Math.round(weekRevenue / 4),
      new_customers: before.figures.new_customers + 2,
    });
    expect(week.by_payment_method).toEqual([
      { method: 'mobile_money', paid_orders: 2, revenue: 200_000 - 50_000 + 300_000 - 20_000 },
      { method: 'cash_on_delivery', paid_orders: 1, revenue: 140_000 + fee },
      { method: 'cash_on_collection', paid_orders: 1, revenue: 40_000 },
    ]);
    expect(week.by_zone).toEqual(
      byRevenue([
        { zone: pickupZone, paid_orders: 3, revenue: 200_000 - 50_000 + 40_000 + 300_000 - 20_000 },
        { zone: centralZone, paid_orders: 1, revenue: 140_000 + fee },
      ]),
    );
    expect(week.revenue_per_day).toEqual(perDay(7, { 0: todayRevenue, 3: 300_000 }));
    expect(week.orders_by_status).toEqual(statuses({ pending: 1, confirmed: 2, delivered: 2, cancelled: 2 }));
    expect(week.top_products).toEqual([
      { product_id: wine.id, product_name: 'Kololo Red', bottles: 6, revenue: 600_000 },
      { product_id: gin.id, product_name: 'Nile Gin', bottles: 2, revenue: 80_000 },
    ]);

    // Thirty days add o8: 80,000 + fee collected 12 days ago, and Carol, who joined 10 days ago.
    const monthRevenue = weekRevenue + 80_000 + fee;
    const month = await dashboard('30d');
    expect(month.date_from).toBe(day(29));
    expect(month.figures).toEqual({
      revenue: monthRevenue,
      gross_revenue: 200_000 + 40_000 + 140_000 + fee + 300_000 + 80_000 + fee,
      refunds: 70_000,
      orders: 8,
      paid_orders: 5,
      average_order_value: Math.round(monthRevenue / 5),
      new_customers: before.figures.new_customers + 3,
    });
    expect(month.by_payment_method).toEqual([
      { method: 'mobile_money', paid_orders: 2, revenue: 200_000 - 50_000 + 300_000 - 20_000 },
      { method: 'cash_on_delivery', paid_orders: 2, revenue: 140_000 + fee + 80_000 + fee },
      { method: 'cash_on_collection', paid_orders: 1, revenue: 40_000 },
    ]);
    expect(month.by_zone).toEqual(
      byRevenue([
        { zone: pickupZone, paid_orders: 3, revenue: 200_000 - 50_000 + 40_000 + 300_000 - 20_000 },
        { zone: centralZone, paid_orders: 2, revenue: 140_000 + fee + 80_000 + fee },
      ]),
    );
    expect(month.revenue_per_day).toEqual(perDay(30, { 0: todayRevenue, 3: 300_000, 12: 80_000 + fee }));
    expect(month.orders_by_status).toEqual(
      statuses({ pending: 1, confirmed: 2, delivered: 3, cancelled: 2 }),
    );
    expect(month.top_products).toEqual([
      { product_id: wine.id, product_name: 'Kololo Red', bottles: 6, revenue: 600_000 },
      { product_id: gin.id, product_name: 'Nile Gin', bottles: 4, revenue: 160_000 },
    ]);
    // The figures add up: the days to the revenue, the methods to the revenue and paid orders.
    for (const figures of [today, week, month]) {
      expect(figures.revenue_per_day.reduce((sum, row) => sum + row.revenue, 0)).toBe(
        figures.figures.revenue,
      );
      expect(figures.by_payment_method.reduce((sum, row) => sum + row.revenue, 0)).toBe(
        figures.figures.revenue,
      );
      expect(figures.by_zone.reduce((sum, row) => sum + row.paid_orders, 0)).toBe(
        figures.figures.paid_orders,
      );
    }
  });
});
