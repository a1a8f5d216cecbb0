import { errorEnvelopeSchema } from '@shop/contract/errors';
import { type CheckoutRequest, orderSchema } from '@shop/contract/orders';
import {
  cashReportSchema,
  staffOrderDetailSchema,
  staffOrderListResponseSchema,
  staffOrderSchema,
} from '@shop/contract/staff-orders';
import { sql } from 'drizzle-orm';
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
import { pdfText } from '../../../test/pdf-text';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser } from '../identity/testing';
import { staffOrderDedupeKey } from '../notifications/staff-order-alerts';
import { markOrderPaid } from '../orders/order-lifecycle';
import { phoneDigits } from './staff-orders.repository';

let harness: TestApp;
let central: Awaited<ReturnType<typeof zoneBySlug>>;
let staff: Customer;

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  central = await zoneBySlug(harness.database.pool);
  staff = await staffMember(harness.app);
});
afterAll(() => harness?.close());

const STAFF = '/api/v1/orders/admin/orders';
const CASH = '/api/v1/orders/admin/cash/';
const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;
const unique = () => Math.random().toString(36).slice(2, 8);

/** An order placed through the real checkout: two lines (2 × 120,000 and 1 × 45,000). */
async function placeOrder(overrides: Partial<CheckoutRequest> = {}, name = 'Namara Kisakye') {
  const buyer = await signedInCustomer(harness.app, name);
  const red = await stockedProduct(harness.database.pool, { name: `Kololo Red ${unique()}`, price: 120_000 });
  const white = await stockedProduct(harness.database.pool, {
    name: `Entebbe White ${unique()}`,
    price: 45_000,
  });
  await addToCart(buyer.client, red.id, red.variantIds[0]!, 2);
  await addToCart(buyer.client, white.id, white.variantIds[0]!, 1);
  const response = await buyer.client.post(CHECKOUT, checkoutBody(central.id, overrides));
  if (response.statusCode !== 201)
    throw new Error(`checkout failed: ${response.statusCode} ${response.body}`);
  return { customer: buyer, order: orderSchema.parse(response.json()), red, white };
}

const list = async (query: string) => {
  const response = await staff.client.get(`${STAFF}/?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return staffOrderListResponseSchema.parse(response.json());
};
const ids = (page: { results: Array<{ id: string }> }) => page.results.map((order) => order.id);
const move = (orderId: string, body: Record<string, unknown>) =>
  staff.client.post(`${STAFF}/${orderId}/status/`, body);
async function moveOk(orderId: string, body: Record<string, unknown>) {
  const response = await move(orderId, body);
  expect(response.statusCode, response.body).toBe(200);
  return staffOrderSchema.parse(response.json());
}
const detailOf = async (orderId: string) => {
  const response = await staff.client.get(`${STAFF}/${orderId}/detail/`);
  expect(response.statusCode, response.body).toBe(200);
  return staffOrderDetailSchema.parse(response.json());
};

describe('who may use the new staff calls', () => {
  it('answers visitors 401 and customers 403 on every one of them', async () => {
    const { customer, order } = await placeOrder();
    const visitor = new TestBrowser(harness.app);
    await visitor.startVisit();
    const calls = [
      `${STAFF}/?q=Namara`,
      `${STAFF}/${order.id}/detail/`,
      `${STAFF}/${order.id}/packing-slip.pdf`,
      CASH,
    ];
    for (const path of calls) {
      expect((await visitor.get(path)).statusCode, path).toBe(401);
      expect((await customer.client.get(path)).statusCode, path).toBe(403);
      expect((await staff.client.get(path)).statusCode, path).toBe(200);
    }
    expect(
      (
        await customer.client.post(`${STAFF}/${order.id}/status/`, {
          status: 'processing',
          cash_collected: 1,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('finding orders', () => {
  it('finds an order by its number, the customer’s name, e-mail or phone (typed either way)', async () => {
    const name = `Atim Lanyero ${unique()}`;
    const phone = `0701 ${String(Math.floor(100_000 + Math.random() * 899_999))}`;
    const { customer, order } = await placeOrder({ contact_name: name, contact_phone: phone });
    const other = await placeOrder();

    for (const q of [
      order.order_number,
      order.order_number.slice(-5).toLowerCase(),
      name.split(' ')[2]!,
      name.toUpperCase(),
      customer.email,
      customer.email.split('@')[0]!,
      phone,
      phone.replace(/\s/g, '').replace(/^0/, '+256'),
      phone.replace(/\s/g, '').slice(-6),
    ]) {
      const found = await list(`q=${encodeURIComponent(q)}`);
      expect(ids(found), q).toContain(order.id);
      expect(ids(found), q).not.toContain(other.order.id);
    }
    expect((await list(`q=${encodeURIComponent('no such order 123')}`)).count).toBe(0);
    // Wildcards are searched as themselves.
    expect((await list('q=%25')).count).toBe(0);
  });

  it('turns a local phone number into the stored one', () => {
    expect(phoneDigits('0772 123456')).toBe('256772123456');
    expect(phoneDigits('+256 772 123456')).toBe('256772123456');
    expect(phoneDigits('Namara')).toBeNull();
  });

  it('filters by status, payment status and method, delivery or pick-up, zone and Kampala days', async () => {
    const tag = `Filter ${unique()}`;
    const delivery = await placeOrder({ contact_name: `${tag} delivery` });
    const pickup = await placeOrder({
      contact_name: `${tag} pickup`,
      fulfilment: 'pickup',
      delivery_zone: null,
      delivery_instructions: null,
      street: null,
    });
    const mobile = await placeOrder({
      contact_name: `${tag} mobile`,
      payment_method: 'mobile_money',
      mobile_money_network: 'MTN',
      payment_phone: '0772 999888',
    });
    const q = `q=${encodeURIComponent(tag)}`;
    expect((await list(q)).count).toBe(3);
    expect(ids(await list(`${q}&status=pending`))).toEqual([mobile.order.id]);
    expect(ids(await list(`${q}&payment_method=mobile_money`))).toEqual([mobile.order.id]);
    expect(ids(await list(`${q}&payment_method=cash_on_delivery&sort=oldest`))).toEqual([
      delivery.order.id,
      pickup.order.id,
    ]);
    expect(ids(await list(`${q}&fulfilment=pickup`))).toEqual([pickup.order.id]);
    expect(new Set(ids(await list(`${q}&zone=${central.id}`)))).toEqual(
      new Set([delivery.order.id, mobile.order.id]),
    );

    await harness.app.events.transaction(harness.app.db, (tx, outbox) =>
      markOrderPaid(tx, mobile.order.id, { outbox }),
    );
    expect(ids(await list(`${q}&payment_status=paid`))).toEqual([mobile.order.id]);
    expect((await list(`${q}&payment_status=pending`)).count).toBe(2);

    // Kampala days: 23:30 in Kampala on 1 November is 20:30 UTC, still 1 November there.
    await harness.database.pool.query('UPDATE orders SET created_at = $2 WHERE id = $1', [
      pickup.order.id,
      '2026-11-01T20:30:00Z',
    ]);
    await harness.database.pool.query('UPDATE orders SET created_at = $2 WHERE id = $1', [
      delivery.order.id,
      '2026-11-01T21:30:00Z',
    ]);
    expect(ids(await list(`${q}&date_from=2026-11-01&date_to=2026-11-01`))).toEqual([pickup.order.id]);
    expect(ids(await list(`${q}&date_from=2026-11-02&date_to=2026-11-02`))).toEqual([delivery.order.id]);
    expect((await list(`${q}&date_to=2026-11-02`)).count).toBe(2);

    for (const [query, field] of [
      ['date_from=2026-11-05&date_to=2026-11-01', 'date_to'],
      ['sort=cheapest', 'sort'],
      ['date_from=2026-02-30', 'date_from'],
      ['date_to=2026-1-5', 'date_to'],
      ['zone=abc', 'zone'],
      ['payment_status=owed', 'payment_status'],
    ] as const) {
      const bad = await staff.client.get(`${STAFF}/?${query}`);
      expect(bad.statusCode, query).toBe(422);
      expect(envelope(bad.body).fields?.map((item) => item.field)).toEqual([field]);
    }
  });

  it('sorts and pages on the server, each card with its lines and quantities', async () => {
    const tag = `Paging ${unique()}`;
    const placed = [];
    for (let index = 0; index < 3; index += 1)
      placed.push(await placeOrder({ contact_name: `${tag} ${index}` }));
    const q = `q=${encodeURIComponent(tag)}`;
    const first = await list(`${q}&page_size=2`);
    expect(first).toMatchObject({ count: 3, total_pages: 2, next: 2 });
    expect(ids(first)).toEqual([placed[2]!.order.id, placed[1]!.order.id]);
    const second = await list(`${q}&page_size=2&page=2`);
    expect(ids(second)).toEqual([placed[0]!.order.id]);
    expect(second.next).toBeNull();

    const card = first.results[0]!;
    expect(card.lines.map((line) => [line.product_name, line.quantity])).toEqual([
      [placed[2]!.red.name, 2],
      [placed[2]!.white.name, 1],
    ]);
    expect(card.lines[0]!.variant_name).toBeTruthy();

    await harness.database.pool.query(
      'UPDATE orders SET total = total + 1000, subtotal = subtotal + 1000 WHERE id = $1',
      [placed[0]!.order.id],
    );
    expect(ids(await list(`${q}&sort=total_desc`))[0]).toBe(placed[0]!.order.id);
    expect(ids(await list(`${q}&sort=total_asc`))[2]).toBe(placed[0]!.order.id);
  });

  it('breaks a tie of totals by id, so paging by total neither repeats nor skips an order', async () => {
    const tag = `Tie ${unique()}`;
    const placed = [];
    for (let index = 0; index < 3; index += 1)
      placed.push(await placeOrder({ contact_name: `${tag} ${index}` }));
    // Same total for all three (the subtotal moves with it, as the amounts' check asks): only the
    // tie-breaker orders them.
    await harness.database.pool.query(
      'UPDATE orders SET subtotal = subtotal + (123456 - total), total = 123456 WHERE id = ANY($1::uuid[])',
      [placed.map((item) => item.order.id)],
    );
    const byId = placed.map((item) => item.order.id).sort();
    const q = `q=${encodeURIComponent(tag)}&page_size=2`;
    for (const [sort, expected] of [
      ['total_asc', byId],
      ['total_desc', [...byId].reverse()],
    ] as const) {
      const shown = [...ids(await list(`${q}&sort=${sort}`)), ...ids(await list(`${q}&sort=${sort}&page=2`))];
      expect(shown, sort).toEqual(expected);
    }
  });

  it('reads a page’s lines in one query, however many orders it shows', async () => {
    const statements: string[] = [];
    const original = harness.app.pool.query.bind(harness.app.pool);
    // Counted at the pool: every statement the list sends.
    harness.app.pool.query = ((...args: Parameters<typeof original>) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
      statements.push(text);
      return original(...args);
    }) as typeof original;
    try {
      await list('page_size=20');
    } finally {
      harness.app.pool.query = original;
    }
    const lineQueries = statements.filter((text) => /FROM order_items/i.test(text));
    expect(lineQueries).toHaveLength(1);
  });
});

describe('one order in full', () => {
  it('has its lines with totals, the customer, the amounts, payments and who changed its status', async () => {
    const { customer, order, red, white } = await placeOrder({
      delivery_instructions: {
        preferred_delivery_time: 'evening',
        landmark: 'Opposite Shell Kololo',
        contact_preference: 'whatsapp',
        access_instructions: 'Blue gate',
      },
    });
    await moveOk(order.id, { status: 'processing', note: 'Packing now' });
    const detail = await detailOf(order.id);
    expect(detail.items).toEqual([
      expect.objectContaining({
        product_name: red.name,
        quantity: 2,
        unit_price: 120_000,
        line_total: 240_000,
      }),
      expect.objectContaining({
        product_name: white.name,
        quantity: 1,
        unit_price: 45_000,
        line_total: 45_000,
      }),
    ]);
    expect(detail).toMatchObject({
      subtotal: 285_000,
      delivery_fee: order.delivery_fee,
      discount: 0,
      total: 285_000 + order.delivery_fee,
      customer: { id: customer.userId, email: customer.email, name: 'Namara Kisakye' },
      contact_phone: '+256772123456',
      street: 'Acacia Avenue 12',
      delivery_zone: 'Central Kampala',
      delivery_instructions: expect.objectContaining({
        landmark: 'Opposite Shell Kololo',
        contact_preference: 'whatsapp',
        access_instructions: 'Blue gate',
      }),
      invoice_number: order.invoice_number,
      payments: [],
      cash_collection: null,
      packing_slip_url: `/api/v1/orders/admin/orders/${order.id}/packing-slip.pdf`,
    });
    expect(detail.history.map((change) => [change.from_status, change.status, change.note])).toEqual([
      [null, 'pending', 'Order placed'],
      ['pending', 'confirmed', 'Cash on delivery: pay when your bottles arrive'],
      ['confirmed', 'processing', 'Packing now'],
    ]);
    // Placed by the customer at checkout, then moved by the staff member.
    expect(detail.history[0]!.changed_by).toMatchObject({ id: customer.userId, role: 'customer' });
    expect(detail.history[2]!.changed_by).toEqual({
      id: staff.userId,
      name: 'Grace Nansubuga',
      role: 'staff',
    });
    expect((await staff.client.get(`${STAFF}/00000000-0000-4000-8000-000000000000/detail/`)).statusCode).toBe(
      404,
    );
  });

  it('lists every payment of the order with its state', async () => {
    const { order } = await placeOrder({
      payment_method: 'mobile_money',
      mobile_money_network: 'MTN',
      payment_phone: '0772 999888',
    });
    await harness.database.pool.query(
      `INSERT INTO payment_transactions (reference, user_id, purpose, subject_id, subject_label, provider, amount,
         network, phone, phone_masked, status, failure_reason, refund_due)
       SELECT 'KC-T-1-' || $2, user_id, 'order', id::text, 'Order', 'sandbox', total, 'MTN', '+256772999888',
              '+256 77* *** 888', 'failed', 'Declined', false FROM orders WHERE id = $1`,
      [order.id, unique()],
    );
    await harness.database.pool.query(
      `INSERT INTO payment_transactions (reference, user_id, purpose, subject_id, subject_label, provider, amount,
         network, phone, phone_masked, status, failure_reason, refund_due, created_at)
       SELECT 'KC-T-2-' || $2, user_id, 'order', id::text, 'Order', 'sandbox', total, 'MTN', '+256772999888',
              '+256 77* *** 888', 'successful', null, true, now() + interval '1 second' FROM orders WHERE id = $1`,
      [order.id, unique()],
    );
    const detail = await detailOf(order.id);
    expect(
      detail.payments.map((payment) => [payment.status, payment.refund_due, payment.failure_reason]),
    ).toEqual([
      ['failed', false, 'Declined'],
      ['successful', true, null],
    ]);
    expect(detail.payments[0]).toMatchObject({ network: 'MTN', amount: order.total, provider: 'sandbox' });
  });

  it('prints a packing slip PDF with the items, quantities, landmark, contact and the cash to collect', async () => {
    const { order, red, white } = await placeOrder({
      delivery_instructions: {
        preferred_delivery_time: 'evening',
        landmark: 'Opposite Shell Kololo',
        contact_preference: 'whatsapp',
        delivery_notes: 'Call at the gate',
      },
    });
    const response = await staff.client.get(`${STAFF}/${order.id}/packing-slip.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`packing-slip-${order.order_number}.pdf`);
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    for (const expected of [
      order.order_number,
      red.name,
      white.name,
      'Landmark: Opposite Shell Kololo',
      'Contact by: WhatsApp',
      'Notes: Call at the gate',
      '3 bottles in total',
      `CASH TO COLLECT: Shs ${order.total.toLocaleString('en-US')}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The quantities, drawn in their column.
    expect(text.split('\n')).toEqual(expect.arrayContaining(['2', '1']));
    expect(
      (await staff.client.get(`${STAFF}/00000000-0000-4000-8000-000000000000/packing-slip.pdf`)).statusCode,
    ).toBe(404);
  });
});

describe('staff hear of new orders', () => {
  const alertsOf = async (orderId: string) =>
    (
      await harness.database.pool.query<{ user_id: string; title: string }>(
        'SELECT user_id, title FROM notifications WHERE dedupe_key = $1 ORDER BY user_id',
        [staffOrderDedupeKey(orderId)],
      )
    ).rows;

  it('notifies each staff member and admin once for a cash order, and once when a mobile-money order is paid', async () => {
    const admin = await staffMember(harness.app, 'admin');
    const { customer, order } = await placeOrder();
    const staffIds = (
      await harness.database.pool.query<{ id: string }>(
        "SELECT id FROM users WHERE role IN ('staff', 'admin') ORDER BY id",
      )
    ).rows.map((row) => row.id);
    expect(staffIds).toEqual(expect.arrayContaining([staff.userId, admin.userId]));
    const alerts = await alertsOf(order.id);
    expect(alerts.map((alert) => alert.user_id)).toEqual(staffIds);
    expect(alerts[0]!.title).toBe(`New order ${order.order_number} to prepare`);
    // The customer is no staff member.
    expect(alerts.map((alert) => alert.user_id)).not.toContain(customer.userId);

    const mobile = await placeOrder({
      payment_method: 'mobile_money',
      mobile_money_network: 'MTN',
      payment_phone: '0772 999888',
    });
    expect(await alertsOf(mobile.order.id)).toEqual([]);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await harness.app.events.transaction(harness.app.db, (tx, outbox) =>
        markOrderPaid(tx, mobile.order.id, { outbox }),
      );
    }
    // The event handled again (a retried dispatch) notifies nobody twice.
    await harness.app.events.publish('order.status_changed', {
      orderId: mobile.order.id,
      orderNumber: mobile.order.order_number,
      userId: mobile.customer.userId,
      from: 'pending',
      to: 'confirmed',
      paymentStatus: 'paid',
      fulfilment: 'delivery',
      note: null,
      changedBy: null,
      at: new Date(),
    });
    expect((await alertsOf(mobile.order.id)).map((alert) => alert.user_id)).toEqual(staffIds);
  });
});

describe('cash on delivery', () => {
  async function sendOut(orderId: string, rider = 'Musa Okello') {
    await moveOk(orderId, { status: 'processing' });
    await moveOk(orderId, { status: 'ready_for_delivery' });
    const assigned = await staff.client.post(`${STAFF}/${orderId}/rider/`, {
      rider_name: rider,
      rider_phone: '0772 000111',
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await moveOk(orderId, { status: 'out_for_delivery' });
  }

  it('records the cash collected when delivered (the total unless staff enter it), in the audit trail', async () => {
    const rider = `Rider ${unique()}`;
    const full = await placeOrder();
    const short = await placeOrder();
    await sendOut(full.order.id, rider);
    await sendOut(short.order.id, rider);

    await moveOk(full.order.id, { status: 'delivered' });
    expect((await detailOf(full.order.id)).cash_collection).toMatchObject({
      expected: full.order.total,
      amount: full.order.total,
      rider_name: rider,
      recorded_by: 'Grace Nansubuga',
    });

    const refused = await move(short.order.id, { status: 'delivered', cash_collected: -5 });
    expect(refused.statusCode).toBe(422);
    expect(envelope(refused.body).fields?.[0]?.field).toBe('cash_collected');
    await moveOk(short.order.id, { status: 'delivered', cash_collected: 200_000 });
    const detail = await detailOf(short.order.id);
    expect(detail.cash_collection?.amount).toBe(200_000);
    expect(detail.payment_status).toBe('paid');

    const audit = await harness.database.pool.query<{ kind: string; actor_id: string; summary: string }>(
      "SELECT kind, actor_id, summary FROM audit_entries WHERE subject_type = 'order' AND subject_id = $1 ORDER BY id",
      [short.order.id],
    );
    expect(audit.rows.map((row) => row.kind)).toEqual([
      'order.status',
      'order.status',
      'order.rider',
      'order.status',
      'order.status',
    ]);
    expect(audit.rows.every((row) => row.actor_id === staff.userId)).toBe(true);
    expect(audit.rows.at(-1)!.summary).toContain('cash collected Shs 200,000');

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Kampala' }).format(new Date());
    const response = await staff.client.get(`${CASH}?date_from=${today}&date_to=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    const report = cashReportSchema.parse(response.json());
    const row = report.rows.find((candidate) => candidate.rider_name === rider);
    const expected = full.order.total + short.order.total;
    expect(row).toEqual({
      day: today,
      rider_name: rider,
      rider_phone: '+256772000111',
      orders: 2,
      delivered: 2,
      expected,
      collected: full.order.total + 200_000,
      difference: 200_000 - short.order.total,
    });
    expect(report.totals.expected).toBeGreaterThanOrEqual(expected);
    const yesterday = await staff.client.get(`${CASH}?date_from=2026-01-01&date_to=2026-01-01`);
    expect(cashReportSchema.parse(yesterday.json()).rows).toEqual([]);
    expect((await staff.client.get(`${CASH}?date_from=2026-13-01`)).statusCode).toBe(422);
  });

  it('counts a rider’s cash order still on the road as expected, not yet collected', async () => {
    const rider = `Rider ${unique()}`;
    const { order } = await placeOrder();
    await sendOut(order.id, rider);
    const report = cashReportSchema.parse((await staff.client.get(CASH)).json());
    expect(report.rows.find((row) => row.rider_name === rider)).toMatchObject({
      orders: 1,
      delivered: 0,
      expected: order.total,
      collected: 0,
      difference: -order.total,
    });
  });

  it('takes no cash amount for a mobile-money order or another move, writing nothing', async () => {
    const { order } = await placeOrder();
    const early = await move(order.id, { status: 'processing', cash_collected: 1000 });
    expect(early.statusCode).toBe(422);
    expect((await detailOf(order.id)).status).toBe('confirmed');

    const mobile = await placeOrder({
      fulfilment: 'pickup',
      delivery_zone: null,
      delivery_instructions: null,
      street: null,
      payment_method: 'mobile_money',
      mobile_money_network: 'MTN',
      payment_phone: '0772 999888',
    });
    await harness.app.events.transaction(harness.app.db, (tx, outbox) =>
      markOrderPaid(tx, mobile.order.id, { outbox }),
    );
    await moveOk(mobile.order.id, { status: 'processing' });
    await moveOk(mobile.order.id, { status: 'ready_for_delivery' });
    const refused = await move(mobile.order.id, { status: 'delivered', cash_collected: 5000 });
    expect(refused.statusCode).toBe(422);
    const detail = await detailOf(mobile.order.id);
    expect(detail.status).toBe('ready_for_delivery');
    expect(detail.cash_collection).toBeNull();
    await moveOk(mobile.order.id, { status: 'delivered' });
    expect((await detailOf(mobile.order.id)).cash_collection).toBeNull();
    const rows = await harness.app.db.execute(
      sql`SELECT 1 FROM cash_collections WHERE order_id = ${mobile.order.id}`,
    );
    expect(rows.rows).toHaveLength(0);
  });
});
