import { randomUUID } from 'node:crypto';
import { dashboardSchema } from '@shop/contract/dashboard';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { orderSchema } from '@shop/contract/orders';
import { refundDueListResponseSchema, refundSubjectSchema } from '@shop/contract/refunds';
import {
  handoverCodeSchema,
  riderActionResultSchema,
  riderCashReportSchema,
  riderRunSchema,
} from '@shop/contract/rider';
import { DEFAULT_SHOP_SETTINGS } from '@shop/contract/settings';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
import { setShopSettings } from '../../../test/fixtures/settings';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { users } from '../../db/schema/identity';
import { TestBrowser } from '../identity/testing';
import { orderLinesForRestock } from '../refunds/refunds.repository';

let harness: TestApp;
let central: Awaited<ReturnType<typeof zoneBySlug>>;
let staff: Customer;
let admin: Customer;

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  central = await zoneBySlug(harness.database.pool);
  staff = await staffMember(harness.app);
  admin = await staffMember(harness.app, 'admin');
});
afterAll(() => harness?.close());

const STAFF = '/api/v1/orders/admin/orders';
const unique = () => Math.random().toString(36).slice(2, 8);
const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;

/** A rider made as an admin makes one: invited at /admin/staff, then signed in. */
async function rider(name = 'Okello Rider'): Promise<Customer> {
  const account = await signedInCustomer(harness.app, name);
  const invited = await admin.client.post('/api/v1/admin/staff/invitations/', {
    email: account.email,
    name,
    role: 'rider',
  });
  expect(invited.statusCode, invited.body).toBeLessThan(300);
  // The role change ended the rider's sessions: sign in again, as a rider does.
  const signedIn = await signedInCustomerAgain(account);
  await harness.app.db.update(users).set({ phone: '+256772000111' }).where(eq(users.id, account.userId));
  return signedIn;
}

async function signedInCustomerAgain(account: Customer): Promise<Customer> {
  const client = new TestBrowser(harness.app);
  await client.get('/api/v1/auth/csrf');
  const response = await client.signIn(account.email);
  expect(response.statusCode, response.body).toBe(200);
  return { ...account, client };
}

/** A cash order (3 bottles: 2 × 120,000 and 1 × 45,000, plus the zone's fee) ready to go out, given to `to`. */
async function readyOrder(to: Customer | null) {
  const buyer = await signedInCustomer(harness.app, 'Namara Kisakye');
  const red = await stockedProduct(harness.database.pool, { name: `Kololo Red ${unique()}`, price: 120_000 });
  const white = await stockedProduct(harness.database.pool, {
    name: `Entebbe White ${unique()}`,
    price: 45_000,
  });
  await addToCart(buyer.client, red.id, red.variantIds[0]!, 2);
  await addToCart(buyer.client, white.id, white.variantIds[0]!, 1);
  const placed = await buyer.client.post(CHECKOUT, checkoutBody(central.id));
  expect(placed.statusCode, placed.body).toBe(201);
  const order = orderSchema.parse(placed.json());
  for (const status of ['processing', 'ready_for_delivery']) {
    const moved = await staff.client.post(`${STAFF}/${order.id}/status/`, { status });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  if (to) {
    const assigned = await staff.client.post(`${STAFF}/${order.id}/rider-account/`, { rider_id: to.userId });
    expect(assigned.statusCode, assigned.body).toBe(200);
  }
  return { buyer, order, red, white };
}

const act = (who: Customer, body: Record<string, unknown>) =>
  who.client.post('/api/v1/rider/actions/', { action_id: randomUUID(), ...body });

async function codeOf(buyer: Customer, orderNumber: string) {
  const response = await buyer.client.get(`/api/v1/orders/delivery-tracking/${orderNumber}/handover-code/`);
  expect(response.statusCode, response.body).toBe(200);
  return handoverCodeSchema.parse(response.json());
}

async function goOut(who: Customer, orderId: string) {
  const response = await act(who, { kind: 'out_for_delivery', order_id: orderId });
  expect(response.statusCode, response.body).toBe(200);
}

const stockOf = async (variantId: number) =>
  (
    await harness.database.pool.query<{ stock: number }>('SELECT stock FROM product_variants WHERE id = $1', [
      variantId,
    ])
  ).rows[0]!.stock;

describe('who may do what', () => {
  it('a rider is refused every staff and admin call, and staff and customers are refused the rider’s', async () => {
    const okello = await rider();
    const { order } = await readyOrder(okello);
    const staffCalls = [
      `${STAFF}/`,
      `${STAFF}/${order.id}/detail/`,
      '/api/v1/orders/admin/cash/',
      '/api/v1/orders/admin/riders/',
      '/api/v1/orders/admin/riders/cash/',
      '/api/v1/orders/admin/riders/cash.csv',
      '/api/v1/admin/staff/',
      '/api/v1/admin/access/',
      '/api/v1/admin/settings/',
      '/api/v1/admin/dashboard/',
      '/api/v1/admin/audit/',
      '/api/v1/admin/customers/',
      '/api/v1/admin/refunds/',
      '/api/v1/admin/discount-codes/',
      '/api/v1/admin/reviews/',
      '/api/v1/admin/outbox/',
    ];
    for (const path of staffCalls) {
      // Each is a real call an admin may make, and the rider is refused it.
      expect((await admin.client.get(path)).statusCode, path).toBe(200);
      expect((await okello.client.get(path)).statusCode, path).toBe(403);
    }
    const posts: Array<[string, Record<string, unknown>]> = [
      [`${STAFF}/${order.id}/status/`, { status: 'out_for_delivery' }],
      [`${STAFF}/${order.id}/rider-account/`, { rider_id: okello.userId }],
      [`${STAFF}/${order.id}/verify-by-phone/`, { reason: 'Customer lost phone' }],
      [`${STAFF}/${order.id}/bottles-back/`, {}],
      [`/api/v1/orders/admin/riders/${okello.userId}/cash-handins/`, { amount: 0 }],
    ];
    for (const [path, body] of posts)
      expect((await okello.client.post(path, body)).statusCode, path).toBe(403);

    expect((await okello.client.get('/api/v1/rider/run/')).statusCode).toBe(200);
    const customer = await signedInCustomer(harness.app);
    expect((await customer.client.get('/api/v1/rider/run/')).statusCode).toBe(403);
    expect((await staff.client.get('/api/v1/rider/run/')).statusCode).toBe(403);
    expect(
      (
        await staff.client.post('/api/v1/rider/actions/', {
          kind: 'out_for_delivery',
          action_id: randomUUID(),
          order_id: order.id,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('a rider sees and acts on only the orders assigned to them', async () => {
    const okello = await rider('Okello');
    const akello = await rider('Akello');
    const mine = await readyOrder(okello);
    const theirs = await readyOrder(akello);
    const run = riderRunSchema.parse((await okello.client.get('/api/v1/rider/run/')).json());
    const numbers = run.stops.map((stop) => stop.order_number);
    expect(numbers).toContain(mine.order.order_number);
    expect(numbers).not.toContain(theirs.order.order_number);
    const stop = run.stops.find((entry) => entry.order_number === mine.order.order_number)!;
    expect(stop).toMatchObject({
      customer_name: 'Namara Kisakye',
      landmark: 'Opposite Shell Kololo',
      delivery_window: expect.any(String),
      collect: { cash: true, amount: mine.order.total },
      bottles: 3,
      cases: 0,
    });

    const other = await act(okello, { kind: 'out_for_delivery', order_id: theirs.order.id });
    expect(other.statusCode).toBe(404);
    const status = await harness.database.pool.query('SELECT status FROM orders WHERE id = $1', [
      theirs.order.id,
    ]);
    expect(status.rows[0].status).toBe('ready_for_delivery');
  });

  it('staff assign from the list of riders; an outside courier by name clears the rider account', async () => {
    const okello = await rider(`Listed ${unique()}`);
    const listed = await staff.client.get('/api/v1/orders/admin/riders/');
    expect(listed.json().results.map((entry: { id: string }) => entry.id)).toContain(okello.userId);
    const customer = await signedInCustomer(harness.app);
    const { order } = await readyOrder(null);
    const refused = await staff.client.post(`${STAFF}/${order.id}/rider-account/`, {
      rider_id: customer.userId,
    });
    expect(refused.statusCode).toBe(422);
    expect(envelope(refused.body).fields?.[0]?.field).toBe('rider_id');
    await staff.client.post(`${STAFF}/${order.id}/rider-account/`, { rider_id: okello.userId });
    const courier = await staff.client.post(`${STAFF}/${order.id}/rider/`, {
      rider_name: 'SafeBoda courier',
      rider_phone: '0701 222333',
    });
    expect(courier.statusCode, courier.body).toBe(200);
    const run = riderRunSchema.parse((await okello.client.get('/api/v1/rider/run/')).json());
    expect(run.stops.map((stop) => stop.order_id)).not.toContain(order.id);
  });
});

describe('out for delivery and the handover code', () => {
  it('going out from the rider’s screen tells the customer and shows the code; the right code hands over once', async () => {
    const okello = await rider();
    const { buyer, order } = await readyOrder(okello);
    expect((await codeOf(buyer, order.order_number)).code).toBeNull();
    await goOut(okello, order.id);
    const { code } = await codeOf(buyer, order.order_number);
    expect(code).toMatch(/^\d{6}$/);
    // The customer's notification of the order's move, as when staff send it out.
    await expect
      .poll(async () => {
        const rows = await harness.database.pool.query(
          `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND title = $2`,
          [buyer.userId, `Order ${order.order_number} is on its way`],
        );
        return rows.rows[0].n;
      })
      .toBeGreaterThan(0);
    // Another customer gets nothing of this order.
    const stranger = await signedInCustomer(harness.app);
    expect(
      (await stranger.client.get(`/api/v1/orders/delivery-tracking/${order.order_number}/handover-code/`))
        .statusCode,
    ).toBe(404);

    const body = {
      action_id: randomUUID(),
      kind: 'handover',
      order_id: order.id,
      code,
      age_check: 'clearly_of_age',
      cash_tendered: order.total + 3_500,
    };
    const first = await okello.client.post('/api/v1/rider/actions/', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(riderActionResultSchema.parse(first.json())).toMatchObject({ replayed: false, change_due: 3_500 });
    // The phone sends it again (it never saw the answer): nothing changes.
    const again = await okello.client.post('/api/v1/rider/actions/', body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ replayed: true, change_due: 3_500 });
    const cash = await harness.database.pool.query(
      'SELECT amount, tendered, rider_id FROM cash_collections WHERE order_id = $1',
      [order.id],
    );
    expect(cash.rows).toEqual([
      { amount: order.total, tendered: order.total + 3_500, rider_id: okello.userId },
    ]);
    const changes = await harness.database.pool.query(
      `SELECT count(*)::int AS n FROM order_status_changes WHERE order_id = $1 AND status = 'delivered'`,
      [order.id],
    );
    expect(changes.rows[0].n).toBe(1);
    const stored = await harness.database.pool.query(
      'SELECT handover_verified_by, age_check, id_type, id_birth_year FROM deliveries WHERE order_id = $1',
      [order.id],
    );
    expect(stored.rows[0]).toEqual({
      handover_verified_by: 'code',
      age_check: 'clearly_of_age',
      id_type: null,
      id_birth_year: null,
    });
    expect((await codeOf(buyer, order.order_number)).code).toBeNull();
  });

  it('wrong codes are limited to five, then staff verify by phone with a reason (audited)', async () => {
    const okello = await rider();
    const { buyer, order } = await readyOrder(okello);
    await goOut(okello, order.id);
    const { code } = await codeOf(buyer, order.order_number);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const attempt = (entered: string, actionId = randomUUID()) =>
      okello.client.post('/api/v1/rider/actions/', {
        action_id: actionId,
        kind: 'handover',
        order_id: order.id,
        code: entered,
        age_check: 'clearly_of_age',
        cash_tendered: order.total,
      });
    const firstId = randomUUID();
    expect((await attempt(wrong, firstId)).statusCode).toBe(422);
    // A replayed wrong attempt counts once.
    const replayed = await attempt(wrong, firstId);
    expect(replayed.statusCode).toBe(422);
    expect(envelope(replayed.body).message).toContain('4 tries left');
    for (let i = 0; i < 4; i++) expect((await attempt(wrong)).statusCode).toBe(422);
    const locked = await attempt(code!);
    expect(locked.statusCode).toBe(403);
    expect(envelope(locked.body).fields?.[0]?.field).toBe('code');
    expect(
      (await harness.database.pool.query('SELECT status FROM orders WHERE id = $1', [order.id])).rows[0]
        .status,
    ).toBe('out_for_delivery');

    const doorOf = async () =>
      (await staff.client.get(`${STAFF}/${order.id}/detail/`)).json().door as Record<string, unknown>;
    expect(await doorOf()).toEqual({
      handover_locked: true,
      door_outcome: null,
      bottles_back_pending: false,
    });

    const noReason = await staff.client.post(`${STAFF}/${order.id}/verify-by-phone/`, { reason: '' });
    expect(noReason.statusCode).toBe(422);
    const verified = await staff.client.post(`${STAFF}/${order.id}/verify-by-phone/`, {
      reason: 'Phone stolen; confirmed date of birth on a call',
    });
    expect(verified.statusCode, verified.body).toBe(204);
    const audit = await harness.database.pool.query(
      `SELECT summary FROM audit_entries WHERE kind = 'order.handover_verified' AND subject_id = $1`,
      [order.id],
    );
    expect(audit.rows[0].summary).toContain('Phone stolen');
    // Verified: the staff's page no longer asks for it.
    expect((await doorOf()).handover_locked).toBe(false);
    const handed = await okello.client.post('/api/v1/rider/actions/', {
      action_id: randomUUID(),
      kind: 'handover',
      order_id: order.id,
      age_check: 'id',
      id_type: 'national_id',
      id_birth_year: 1990,
      cash_tendered: order.total,
    });
    expect(handed.statusCode, handed.body).toBe(200);
    const stored = await harness.database.pool.query(
      'SELECT handover_verified_by, age_check, id_type, id_birth_year FROM deliveries WHERE order_id = $1',
      [order.id],
    );
    expect(stored.rows[0]).toEqual({
      handover_verified_by: 'staff_phone',
      age_check: 'id',
      id_type: 'national_id',
      id_birth_year: 1990,
    });
  });

  it('an ID that does not surely show the minimum age cannot hand over, and costs no code attempt', async () => {
    const okello = await rider();
    const { buyer, order } = await readyOrder(okello);
    await goOut(okello, order.id);
    const { code } = await codeOf(buyer, order.order_number);
    const year = new Date().getUTCFullYear();
    const young = await act(okello, {
      kind: 'handover',
      order_id: order.id,
      code,
      age_check: 'id',
      id_type: 'passport',
      id_birth_year: year - 18,
      cash_tendered: order.total,
    });
    expect(young.statusCode).toBe(422);
    expect(envelope(young.body).fields?.[0]).toMatchObject({ field: 'id_birth_year' });
    const noYear = await act(okello, {
      kind: 'handover',
      order_id: order.id,
      code,
      age_check: 'id',
      id_type: 'passport',
      cash_tendered: order.total,
    });
    expect(envelope(noYear.body).fields?.[0]?.field).toBe('id_birth_year');
    const short = await act(okello, {
      kind: 'handover',
      order_id: order.id,
      code,
      age_check: 'clearly_of_age',
      cash_tendered: order.total - 1,
    });
    expect(envelope(short.body).fields?.[0]?.field).toBe('cash_tendered');
    const row = await harness.database.pool.query(
      'SELECT handover_attempts, age_check FROM deliveries WHERE order_id = $1',
      [order.id],
    );
    expect(row.rows[0]).toEqual({ handover_attempts: 0, age_check: null });
  });
});

describe('refusals', () => {
  it('a refused order is returned to shop; staff confirm its bottles back to stock exactly once', async () => {
    const okello = await rider();
    const { buyer, order, red, white } = await readyOrder(okello);
    const redBefore = await stockOf(red.variantIds[0]!);
    await goOut(okello, order.id);
    const body = { action_id: randomUUID(), kind: 'refuse', order_id: order.id, reason: 'no_id' };
    expect((await okello.client.post('/api/v1/rider/actions/', body)).statusCode).toBe(200);
    expect((await okello.client.post('/api/v1/rider/actions/', body)).json()).toMatchObject({
      replayed: true,
    });
    const after = await harness.database.pool.query(
      'SELECT status, cancel_reason, stock_released_at FROM orders WHERE id = $1',
      [order.id],
    );
    expect(after.rows[0]).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Returned to shop: No ID',
      stock_released_at: null,
    });
    // Still on the bike: not back in stock until staff confirm.
    expect(await stockOf(red.variantIds[0]!)).toBe(redBefore);
    expect(await codeOf(buyer, order.order_number)).toEqual({
      code: null,
      door_outcome: 'returned_to_shop',
      refusal_reason: 'no_id',
    });

    const detail = async () => (await staff.client.get(`${STAFF}/${order.id}/detail/`)).json().door;
    expect(await detail()).toEqual({
      handover_locked: false,
      door_outcome: 'returned_to_shop',
      bottles_back_pending: true,
    });

    const back = await Promise.all([
      staff.client.post(`${STAFF}/${order.id}/bottles-back/`, {}),
      staff.client.post(`${STAFF}/${order.id}/bottles-back/`, {}),
    ]);
    expect(back.map((response) => response.statusCode).sort()).toEqual([204, 409]);
    expect((await detail()).bottles_back_pending).toBe(false);
    expect(await stockOf(red.variantIds[0]!)).toBe(redBefore + 2);
    const movements = await harness.database.pool.query(
      `SELECT variant_id, delta, reason FROM stock_movements WHERE order_id = $1 AND delta > 0 ORDER BY variant_id`,
      [order.id],
    );
    expect(movements.rows).toEqual(
      [
        { variant_id: red.variantIds[0], delta: 2, reason: 'returned' },
        { variant_id: white.variantIds[0], delta: 1, reason: 'returned' },
      ].sort((a, b) => a.variant_id! - b.variant_id!),
    );
  });

  it('nobody home: delivery failed, will retry; the order stays out and can be handed over later', async () => {
    const okello = await rider();
    const { buyer, order } = await readyOrder(okello);
    await goOut(okello, order.id);
    expect(
      (await act(okello, { kind: 'refuse', order_id: order.id, reason: 'nobody_home' })).statusCode,
    ).toBe(200);
    const seen = await codeOf(buyer, order.order_number);
    expect(seen).toMatchObject({ door_outcome: 'failed_retry', refusal_reason: 'nobody_home' });
    expect(seen.code).toMatch(/^\d{6}$/);
    const handed = await act(okello, {
      kind: 'handover',
      order_id: order.id,
      code: seen.code,
      age_check: 'clearly_of_age',
      cash_tendered: order.total,
    });
    expect(handed.statusCode, handed.body).toBe(200);
    expect((await staff.client.post(`${STAFF}/${order.id}/bottles-back/`, {})).statusCode).toBe(409);
  });

  it('a paid order that comes back goes to the refund queue', async () => {
    const okello = await rider();
    const { order } = await readyOrder(okello);
    await goOut(okello, order.id);
    // Paid before the door (a mobile-money payment taken for it).
    await harness.database.pool.query(
      `UPDATE orders SET payment_status = 'paid', paid_at = now() WHERE id = $1`,
      [order.id],
    );
    await harness.database.pool.query(
      `INSERT INTO payment_transactions (purpose, subject_id, subject_label, user_id, reference, provider, network, phone, phone_masked, amount, status, paid_at)
       SELECT 'order', $1::text, order_number, user_id, 'REF-' || substr(md5(random()::text), 1, 10), 'sandbox', 'MTN',
              '+256772123456', '+256 77* *** 456', total, 'successful', now()
       FROM orders WHERE id = $1::uuid`,
      [order.id],
    );
    expect((await act(okello, { kind: 'refuse', order_id: order.id, reason: 'under_age' })).statusCode).toBe(
      200,
    );
    const due = await harness.database.pool.query(
      `SELECT count(*)::int AS n FROM payment_transactions WHERE subject_id = $1 AND refund_due`,
      [order.id],
    );
    const payments = await harness.database.pool.query(
      `SELECT count(*)::int AS n FROM payment_transactions WHERE subject_id = $1`,
      [order.id],
    );
    expect(payments.rows[0].n).toBe(1);
    expect(due.rows[0].n).toBe(1);
    // Its refund restocks nothing more: the bottles come back through "bottles back" only.
    const lines = await harness.app.db.transaction((tx) => orderLinesForRestock(tx, order.id));
    expect(lines.every((line) => line.returned === line.quantity)).toBe(true);
    const queue = await admin.client.get('/api/v1/admin/refunds/due/');
    expect(queue.statusCode, queue.body).toBe(200);
    expect(JSON.stringify(queue.json())).toContain(order.id);
  });
});

describe('the fee for a refused order (the refused_order_fee setting)', () => {
  afterEach(() =>
    setShopSettings(harness.app, { refused_order_fee: DEFAULT_SHOP_SETTINGS.refused_order_fee }),
  );

  /** A paid order refused at the door for `reason`: what the refund queue says is due back. */
  async function refusedPaid(reason: string) {
    const okello = await rider(`Fee ${unique()}`);
    const { order } = await readyOrder(okello);
    await goOut(okello, order.id);
    await harness.database.pool.query(
      `UPDATE orders SET payment_status = 'paid', paid_at = now() WHERE id = $1`,
      [order.id],
    );
    await harness.database.pool.query(
      `INSERT INTO payment_transactions (purpose, subject_id, subject_label, user_id, reference, provider, network, phone, phone_masked, amount, status, paid_at)
       SELECT 'order', $1::text, order_number, user_id, 'REF-' || substr(md5(random()::text), 1, 10), 'sandbox', 'MTN',
              '+256772123456', '+256 77* *** 456', total, 'successful', now()
       FROM orders WHERE id = $1::uuid`,
      [order.id],
    );
    const refused = await act(okello, { kind: 'refuse', order_id: order.id, reason });
    expect(refused.statusCode, refused.body).toBe(200);
    const subject = await admin.client.get(
      `/api/v1/admin/refunds/subject/?purpose=order&subject_id=${order.id}`,
    );
    expect(subject.statusCode, subject.body).toBe(200);
    const [payment] = refundSubjectSchema.parse(subject.json()).transactions;
    const queue = refundDueListResponseSchema.parse(
      (await admin.client.get('/api/v1/admin/refunds/due/?page_size=100')).json(),
    );
    return { order, payment: payment!, queued: queue.results.find((row) => row.subject_id === order.id) };
  }

  it('"none": the whole payment is due back', async () => {
    await setShopSettings(harness.app, { refused_order_fee: 'none' });
    const { order, payment, queued } = await refusedPaid('no_id');
    expect(payment).toMatchObject({ refund_due: true, paid: order.total, refundable: order.total });
    expect(queued?.refundable).toBe(order.total);
  });

  it('"the delivery fee": the payment less the delivery fee is due back, and no more can be refunded', async () => {
    await setShopSettings(harness.app, { refused_order_fee: 'delivery_fee' });
    const { order, payment, queued } = await refusedPaid('customer_refused');
    expect(order.delivery_fee).toBeGreaterThan(0);
    const due = order.total - order.delivery_fee;
    expect(payment).toMatchObject({ refund_due: true, paid: order.total, refundable: due });
    expect(queued?.refundable).toBe(due);
    const tooMuch = await admin.client.post('/api/v1/admin/refunds/', {
      transaction_id: payment.id,
      amount: due + 1,
      reason: 'Refused at the door',
      idempotency_key: randomUUID(),
    });
    expect(tooMuch.statusCode, tooMuch.body).toBe(422);
    expect(envelope(tooMuch.body).fields?.[0]?.field).toBe('amount');
  });
});

describe('cash', () => {
  it('collected, handed in and confirmed add up to the shilling in the report and its CSV', async () => {
    const okello = await rider(`Cash ${unique()}`);
    const first = await readyOrder(okello);
    const second = await readyOrder(okello);
    let collected = 0;
    for (const { buyer, order } of [first, second]) {
      await goOut(okello, order.id);
      const { code } = await codeOf(buyer, order.order_number);
      const handed = await act(okello, {
        kind: 'handover',
        order_id: order.id,
        code,
        age_check: 'clearly_of_age',
        cash_tendered: order.total + 1_000,
      });
      expect(handed.statusCode, handed.body).toBe(200);
      collected += order.total;
    }
    const run = riderRunSchema.parse((await okello.client.get('/api/v1/rider/run/')).json());
    expect(run.cash).toEqual({ collected, handed_in: 0, on_hand: collected });

    const short = await staff.client.post(`/api/v1/orders/admin/riders/${okello.userId}/cash-handins/`, {
      amount: collected - 500,
    });
    expect(short.statusCode).toBe(422);
    expect(envelope(short.body).fields?.[0]?.field).toBe('reason');
    const counted = await staff.client.post(`/api/v1/orders/admin/riders/${okello.userId}/cash-handins/`, {
      amount: collected,
    });
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json()).toMatchObject({ expected: collected, amount: collected });
    // Not handed in until the rider confirms too.
    const before = riderCashReportSchema.parse(
      (await staff.client.get('/api/v1/orders/admin/riders/cash/')).json(),
    );
    expect(before.rows.find((row) => row.rider_id === okello.userId)?.handed_in).toBe(0);
    const confirm = await act(okello, { kind: 'confirm_handin', handin_id: counted.json().id });
    expect(confirm.statusCode, confirm.body).toBe(200);

    const report = riderCashReportSchema.parse(
      (await staff.client.get('/api/v1/orders/admin/riders/cash/')).json(),
    );
    const row = report.rows.find((entry) => entry.rider_id === okello.userId)!;
    expect(row).toMatchObject({ expected: collected, collected, handed_in: collected, difference: 0 });
    const sums = report.rows.reduce(
      (total, entry) => ({
        expected: total.expected + entry.expected,
        collected: total.collected + entry.collected,
        handed_in: total.handed_in + entry.handed_in,
        difference: total.difference + entry.difference,
      }),
      { expected: 0, collected: 0, handed_in: 0, difference: 0 },
    );
    expect(report.totals).toEqual(sums);
    const csv = await staff.client.get('/api/v1/orders/admin/riders/cash.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`${row.rider_name},${collected},${collected},${collected},0`);

    const other = await rider('Someone else');
    expect((await act(other, { kind: 'confirm_handin', handin_id: counted.json().id })).statusCode).toBe(404);
  });
});

describe('the dashboard’s riders’ cash', () => {
  const totalsOf = async (query: string) =>
    riderCashReportSchema.parse((await staff.client.get(`/api/v1/orders/admin/riders/cash/${query}`)).json())
      .totals;
  const dashboardCash = async (period: string) => {
    const response = await staff.client.get(`/api/v1/admin/dashboard/?period=${period}`);
    expect(response.statusCode, response.body).toBe(200);
    return dashboardSchema.parse(response.json());
  };

  it('equals the cash report’s totals for the same days after two cash orders, one handed in short', async () => {
    const today = (await dashboardCash('today')).date_to;
    const before = await totalsOf(`?date_from=${today}&date_to=${today}`);
    const okello = await rider(`Dash ${unique()}`);
    const orders = [await readyOrder(okello), await readyOrder(okello)];
    let collected = 0;
    for (const { buyer, order } of orders) {
      await goOut(okello, order.id);
      const { code } = await codeOf(buyer, order.order_number);
      const handed = await act(okello, {
        kind: 'handover',
        order_id: order.id,
        code,
        age_check: 'clearly_of_age',
        cash_tendered: order.total,
      });
      expect(handed.statusCode, handed.body).toBe(200);
      collected += order.total;
    }
    const counted = await staff.client.post(`/api/v1/orders/admin/riders/${okello.userId}/cash-handins/`, {
      amount: collected - 2_000,
      reason: 'Rider gave change from the float',
    });
    expect(counted.statusCode, counted.body).toBe(200);
    const confirm = await act(okello, { kind: 'confirm_handin', handin_id: counted.json().id });
    expect(confirm.statusCode, confirm.body).toBe(200);

    const dashboard = await dashboardCash('today');
    const report = await totalsOf(`?date_from=${today}&date_to=${today}`);
    expect(dashboard.rider_cash).toEqual(report);
    // The run itself moved the figures by exactly its amounts.
    expect({
      expected: dashboard.rider_cash.expected - before.expected,
      collected: dashboard.rider_cash.collected - before.collected,
      handed_in: dashboard.rider_cash.handed_in - before.handed_in,
      difference: dashboard.rider_cash.difference - before.difference,
    }).toEqual({ expected: collected, collected, handed_in: collected - 2_000, difference: -2_000 });
    // A longer period: the report's default week is the dashboard's 7 days.
    const week = await dashboardCash('7d');
    expect(week.rider_cash).toEqual(await totalsOf(`?date_from=${week.date_from}&date_to=${week.date_to}`));
  });
});

describe('action ids', () => {
  it('an action id reused for another action is refused', async () => {
    const okello = await rider();
    const { order } = await readyOrder(okello);
    const id = randomUUID();
    expect(
      (
        await okello.client.post('/api/v1/rider/actions/', {
          action_id: id,
          kind: 'out_for_delivery',
          order_id: order.id,
        })
      ).statusCode,
    ).toBe(200);
    const reused = await okello.client.post('/api/v1/rider/actions/', {
      action_id: id,
      kind: 'refuse',
      order_id: order.id,
      reason: 'no_id',
    });
    expect(reused.statusCode).toBe(409);
    expect(
      (await harness.database.pool.query('SELECT status FROM orders WHERE id = $1', [order.id])).rows[0]
        .status,
    ).toBe('out_for_delivery');
  });
});
