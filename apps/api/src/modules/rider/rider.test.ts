import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { dashboardSchema } from '@shop/contract/dashboard';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { plusCodeOf } from '@shop/contract/location';
import { orderSchema } from '@shop/contract/orders';
import { DEFAULT_RETENTION } from '@shop/contract/privacy';
import { refundDueListResponseSchema, refundSubjectSchema } from '@shop/contract/refunds';
import {
  handoverCodeSchema,
  keptFeeReason,
  type RefusalReason,
  riderActionResultSchema,
  riderCashReportSchema,
  riderRunSchema,
} from '@shop/contract/rider';
import { DEFAULT_SHOP_SETTINGS } from '@shop/contract/settings';
import { staffOrderDetailSchema } from '@shop/contract/staff-orders';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
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
import { composedHamper, ledgerOf, sizedProduct } from '../hampers/testing';
import { TestBrowser } from '../identity/testing';
import { applyRetentionNow } from '../privacy/privacy.service';
import { orderLinesForRestock } from '../refunds/refunds.repository';
import { PROOF_PHOTO_WIDTH } from './proof-photo';

let harness: TestApp;
let central: Awaited<ReturnType<typeof zoneBySlug>>;
let staff: Customer;
let admin: Customer;

/** Every line the app logged, requests included: no proof photo or position may be in them. */
const logLines: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  harness = await createTestApp(
    { AUTH_TEST_FAST_HASHING: 'true', LOG_LEVEL: 'info', LOG_REQUESTS: 'true' },
    undefined,
    logStream,
  );
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
      proof: null,
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
      proof: null,
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

  it('a refused order of two hampers sharing a part brings their parts back, naming hamper and order', async () => {
    const pool = harness.database.pool;
    const okello = await rider();
    const champagne = await sizedProduct(pool, `Door Champagne ${unique()}`, 6);
    const flutes = await sizedProduct(pool, `Door Flutes ${unique()}`, 6);
    const single = await composedHamper(pool, staff, `Door Hamper One ${unique()}`, [
      { variant_id: champagne.variantId, quantity: 1 },
      { variant_id: flutes.variantId, quantity: 1 },
    ]);
    const double = await composedHamper(pool, staff, `Door Hamper Two ${unique()}`, [
      { variant_id: champagne.variantId, quantity: 2 },
    ]);
    const buyer = await signedInCustomer(harness.app, 'Namara Kisakye');
    await addToCart(buyer.client, single.id, single.variantId, 1);
    await addToCart(buyer.client, double.id, double.variantId, 2);
    const placed = await buyer.client.post(CHECKOUT, checkoutBody(central.id));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());
    expect(await stockOf(champagne.variantId)).toBe(1);
    expect(await stockOf(flutes.variantId)).toBe(5);
    for (const status of ['processing', 'ready_for_delivery']) {
      expect((await staff.client.post(`${STAFF}/${order.id}/status/`, { status })).statusCode).toBe(200);
    }
    const assigned = await staff.client.post(`${STAFF}/${order.id}/rider-account/`, {
      rider_id: okello.userId,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await goOut(okello, order.id);
    expect((await act(okello, { kind: 'refuse', order_id: order.id, reason: 'no_id' })).statusCode).toBe(200);
    expect(await stockOf(champagne.variantId)).toBe(1);

    const back = await staff.client.post(`${STAFF}/${order.id}/bottles-back/`, {});
    expect(back.statusCode, back.body).toBe(204);
    expect(await stockOf(champagne.variantId)).toBe(6);
    expect(await stockOf(flutes.variantId)).toBe(6);
    expect(await stockOf(single.variantId)).toBe(6);
    expect(await stockOf(double.variantId)).toBe(3);
    const returned = async (variantId: number) =>
      (await ledgerOf(pool, variantId)).filter((row) => row.reason === 'returned');
    expect(await returned(champagne.variantId)).toEqual([
      {
        delta: 1,
        stock_after: 2,
        reason: 'returned',
        order_id: order.id,
        hamper_variant_id: single.variantId,
      },
      {
        delta: 4,
        stock_after: 6,
        reason: 'returned',
        order_id: order.id,
        hamper_variant_id: double.variantId,
      },
    ]);
    expect(await returned(flutes.variantId)).toEqual([
      {
        delta: 1,
        stock_after: 6,
        reason: 'returned',
        order_id: order.id,
        hamper_variant_id: single.variantId,
      },
    ]);
    // The hampers' own sizes have no ledger (0035): nothing was written to them.
    expect(await ledgerOf(pool, single.variantId)).toEqual([]);
    expect(await ledgerOf(pool, double.variantId)).toEqual([]);
    // Credited to the member of staff who confirmed them back.
    const credited = await pool.query(
      `SELECT DISTINCT note, actor_id FROM stock_movements WHERE order_id = $1 AND reason = 'returned'`,
      [order.id],
    );
    expect(credited.rows).toEqual([{ note: 'Refused at the door', actor_id: staff.userId }]);
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
    // Paid through the sandbox (its charge is what a refund goes back against).
    const charge = await harness.database.pool.query<{ id: string }>(
      `INSERT INTO sandbox_charges (reference, amount, currency, network, phone, email, fullname, redirect_url, status)
       VALUES ($1, $2, 'UGX', 'MTN', '+256772123456', 'payer@example.ug', 'Payer', 'https://shop.example.ug', 'successful')
       RETURNING id::text`,
      [`REF-${randomUUID().slice(0, 10)}`, order.total],
    );
    await harness.database.pool.query(
      `INSERT INTO payment_transactions (purpose, subject_id, subject_label, user_id, reference, provider,
         provider_transaction_id, network, phone, phone_masked, amount, status, paid_at)
       SELECT 'order', $1::text, o.order_number, o.user_id, c.reference, 'sandbox', c.id::text, 'MTN',
              '+256772123456', '+256 77* *** 456', o.total, 'successful', now()
       FROM orders o, sandbox_charges c WHERE o.id = $1::uuid AND c.id::text = $2`,
      [order.id, charge.rows[0]!.id],
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
  async function refusedPaid(reason: RefusalReason) {
    const okello = await rider(`Fee ${unique()}`);
    const { buyer, order } = await readyOrder(okello);
    await goOut(okello, order.id);
    await harness.database.pool.query(
      `UPDATE orders SET payment_status = 'paid', paid_at = now() WHERE id = $1`,
      [order.id],
    );
    // Paid through the sandbox (its charge is what a refund goes back against).
    const charge = await harness.database.pool.query<{ id: string }>(
      `INSERT INTO sandbox_charges (reference, amount, currency, network, phone, email, fullname, redirect_url, status)
       VALUES ($1, $2, 'UGX', 'MTN', '+256772123456', 'payer@example.ug', 'Payer', 'https://shop.example.ug', 'successful')
       RETURNING id::text`,
      [`REF-${randomUUID().slice(0, 10)}`, order.total],
    );
    await harness.database.pool.query(
      `INSERT INTO payment_transactions (purpose, subject_id, subject_label, user_id, reference, provider,
         provider_transaction_id, network, phone, phone_masked, amount, status, paid_at)
       SELECT 'order', $1::text, o.order_number, o.user_id, c.reference, 'sandbox', c.id::text, 'MTN',
              '+256772123456', '+256 77* *** 456', o.total, 'successful', now()
       FROM orders o, sandbox_charges c WHERE o.id = $1::uuid AND c.id::text = $2`,
      [order.id, charge.rows[0]!.id],
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
    // The customer's own order page says the same: what is kept and why, next to the refund due.
    const seen = await buyer.client.get(`/api/v1/orders/orders/${order.id}/`);
    expect(seen.statusCode, seen.body).toBe(200);
    return {
      buyer,
      order,
      payment: payment!,
      queued: queue.results.find((row) => row.subject_id === order.id),
      customerSees: orderSchema.parse(seen.json()).refund_withheld,
    };
  }

  it('"none": the whole payment is due back', async () => {
    await setShopSettings(harness.app, { refused_order_fee: 'none' });
    const { order, payment, queued, customerSees } = await refusedPaid('no_id');
    expect(payment).toMatchObject({
      refund_due: true,
      paid: order.total,
      withheld: 0,
      withheld_reason: null,
      refundable: order.total,
    });
    expect(queued?.refundable).toBe(order.total);
    expect(customerSees).toBeNull();
  });

  it('"the delivery fee": the payment less the delivery fee is due back, and no more can be refunded', async () => {
    await setShopSettings(harness.app, { refused_order_fee: 'delivery_fee' });
    const { buyer, order, payment, queued, customerSees } = await refusedPaid('customer_refused');
    expect(order.delivery_fee).toBeGreaterThan(0);
    const due = order.total - order.delivery_fee;
    const why = keptFeeReason('customer_refused');
    expect(payment).toMatchObject({
      refund_due: true,
      paid: order.total,
      withheld: order.delivery_fee,
      withheld_reason: why,
      refundable: due,
    });
    expect(queued).toMatchObject({ refundable: due, withheld: order.delivery_fee, withheld_reason: why });
    expect(customerSees).toEqual({ amount: order.delivery_fee, reason: why, refund_due: due });
    const tooMuch = await admin.client.post('/api/v1/admin/refunds/', {
      transaction_id: payment.id,
      amount: due + 1,
      reason: 'Refused at the door',
      idempotency_key: randomUUID(),
    });
    expect(tooMuch.statusCode, tooMuch.body).toBe(422);
    expect(envelope(tooMuch.body).fields?.[0]?.field).toBe('amount');
    const refunded = await admin.client.post('/api/v1/admin/refunds/', {
      transaction_id: payment.id,
      amount: due,
      reason: 'Refused at the door',
      idempotency_key: randomUUID(),
    });
    expect(refunded.statusCode, refunded.body).toBeLessThan(300);
    const after = orderSchema.parse((await buyer.client.get(`/api/v1/orders/orders/${order.id}/`)).json());
    expect(after.refund_withheld).toEqual({ amount: order.delivery_fee, reason: why, refund_due: 0 });
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

describe('proof of delivery', () => {
  /** A phone's photo: 2000×1500 stored sideways (EXIF orientation 6) with the phone's make in its EXIF. */
  const phonePhoto = async () =>
    (
      await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#7a1f2b' } })
        .jpeg({ quality: 70 })
        .withMetadata({ orientation: 6 })
        .withExif({ IFD0: { Make: 'KampalaPhone' } })
        .toBuffer()
    ).toString('base64');
  const KOLOLO = { latitude: 0.332614, longitude: 32.590231, accuracy_m: 18.4 };

  async function handedOver(okello: Customer) {
    const { buyer, order } = await readyOrder(okello);
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
    return order;
  }
  const proofRows = async (orderId: string) =>
    (
      await harness.database.pool.query(
        'SELECT p.* FROM delivery_proofs p JOIN deliveries d ON d.id = p.delivery_id WHERE d.order_id = $1',
        [orderId],
      )
    ).rows;

  it('keeps the photo upright, smaller and without metadata, and the position, once; staff see them', async () => {
    const okello = await rider(`Proof ${unique()}`);
    const order = await handedOver(okello);
    const photo = await phonePhoto();
    const action = { action_id: randomUUID(), kind: 'proof', order_id: order.id, photo, position: KOLOLO };
    const first = await okello.client.post('/api/v1/rider/actions/', action);
    expect(first.statusCode, first.body).toBe(200);
    expect(riderActionResultSchema.parse(first.json())).toMatchObject({ replayed: false });
    // Sent again from the phone's queue (the answer was lost): the same proof, not a second one.
    const again = await okello.client.post('/api/v1/rider/actions/', action);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ replayed: true });
    const rows = await proofRows(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ latitude: KOLOLO.latitude, longitude: KOLOLO.longitude, accuracy_m: 18 });

    const run = riderRunSchema.parse((await okello.client.get('/api/v1/rider/run/')).json());
    expect(run.stops.find((stop) => stop.order_id === order.id)?.proof_taken).toBe(true);

    const detail = staffOrderDetailSchema.parse(
      (await staff.client.get(`${STAFF}/${order.id}/detail/`)).json(),
    );
    expect(detail.door?.proof).toMatchObject({
      photo_url: `${STAFF}/${order.id}/proof-photo.jpg`,
      position: { latitude: KOLOLO.latitude, longitude: KOLOLO.longitude, accuracy_m: 18 },
    });
    const served = await staff.client.get(`${STAFF}/${order.id}/proof-photo.jpg`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('no-store');
    const kept = await sharp(served.rawPayload).metadata();
    expect(kept).toMatchObject({ format: 'jpeg', width: 960, height: PROOF_PHOTO_WIDTH });
    expect(kept.exif).toBeUndefined();
    expect(kept.orientation).toBeUndefined();

    // Neither the photo nor the position is ever written to the logs.
    const logs = logLines.join('');
    expect(logs).toContain('/api/v1/rider/actions/');
    for (const needle of [
      photo.slice(0, 40),
      photo.slice(-40),
      String(KOLOLO.latitude),
      String(KOLOLO.longitude),
    ]) {
      expect(logs.includes(needle), `the logs hold ${needle}`).toBe(false);
    }
  });

  it('refuses bad proofs with 422 naming the field, and changes nothing', async () => {
    const okello = await rider(`Proof ${unique()}`);
    const order = await handedOver(okello);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'photo'],
      [{ photo: null, position: null }, 'photo'],
      [{ photo: 'not base64 at all!' }, 'photo'],
      [{ photo: Buffer.from('a letter, not a photo').toString('base64') }, 'photo'],
      [{ photo: 'A'.repeat(Math.ceil(2_000_000 / 3) * 4 + 4) }, 'photo'],
      [{ position: { ...KOLOLO, latitude: 95 } }, 'position.latitude'],
      [{ position: { latitude: 0.3, longitude: 'east' } }, 'position.longitude'],
      [{ position: { ...KOLOLO, accuracy_m: -1 } }, 'position.accuracy_m'],
    ];
    for (const [body, field] of cases) {
      const refused = await act(okello, { kind: 'proof', order_id: order.id, ...body });
      expect(refused.statusCode, `${JSON.stringify(body).slice(0, 80)}: ${refused.body}`).toBe(422);
      expect(envelope(refused.body).fields?.map((error) => error.field)).toContain(field);
    }
    expect(await proofRows(order.id)).toHaveLength(0);
  });

  it('is only for the rider’s own order, once handed over, once; the photo only for staff', async () => {
    const okello = await rider(`Proof ${unique()}`);
    const other = await rider(`Other ${unique()}`);
    const order = await handedOver(okello);
    const notYours = await act(other, { kind: 'proof', order_id: order.id, position: KOLOLO });
    expect(notYours.statusCode, notYours.body).toBe(404);
    const { order: notOut } = await readyOrder(okello);
    const early = await act(okello, { kind: 'proof', order_id: notOut.id, position: KOLOLO });
    expect(early.statusCode, early.body).toBe(409);
    expect((await act(staff, { kind: 'proof', order_id: order.id, position: KOLOLO })).statusCode).toBe(403);
    expect((await act(okello, { kind: 'proof', order_id: order.id, position: KOLOLO })).statusCode).toBe(200);
    const second = await act(okello, { kind: 'proof', order_id: order.id, photo: await phonePhoto() });
    expect(second.statusCode, second.body).toBe(409);
    expect(await proofRows(order.id)).toHaveLength(1);
    // No photo was taken: there is none to serve.
    expect((await staff.client.get(`${STAFF}/${order.id}/proof-photo.jpg`)).statusCode).toBe(404);
    const buyer = await signedInCustomer(harness.app, 'Curious Customer');
    for (const who of [okello, buyer]) {
      expect((await who.client.get(`${STAFF}/${order.id}/proof-photo.jpg`)).statusCode).toBe(403);
    }
    expect(
      (await harness.app.inject({ method: 'GET', url: `${STAFF}/${order.id}/proof-photo.jpg` })).statusCode,
    ).toBe(401);
  });

  it('is deleted by the retention job after the shop’s period, and not before', async () => {
    const okello = await rider(`Proof ${unique()}`);
    const old = await handedOver(okello);
    const recent = await handedOver(okello);
    for (const order of [old, recent]) {
      expect(
        (await act(okello, { kind: 'proof', order_id: order.id, photo: await phonePhoto() })).statusCode,
      ).toBe(200);
    }
    await harness.database.pool.query(
      `UPDATE delivery_proofs SET taken_at = now() - make_interval(days => $2)
       WHERE delivery_id = (SELECT id FROM deliveries WHERE order_id = $1)`,
      [old.id, DEFAULT_RETENTION.delivery_proofs + 1],
    );
    await applyRetentionNow(harness.app.db, new Date());
    expect(await proofRows(old.id)).toHaveLength(0);
    expect(await proofRows(recent.id)).toHaveLength(1);
    expect((await staff.client.get(`${STAFF}/${old.id}/proof-photo.jpg`)).statusCode).toBe(404);
    const detail = staffOrderDetailSchema.parse(
      (await staff.client.get(`${STAFF}/${old.id}/detail/`)).json(),
    );
    expect(detail.door?.proof).toBeNull();
  });
});

describe('the customer’s pin (a plus code)', () => {
  /** Kololo, the plus code of a gate there. */
  const GATE = '6GGJ8JQ2+5V';

  it('is refused at checkout and on the tracking page when it is not a full plus code, naming the field', async () => {
    const buyer = await signedInCustomer(harness.app, 'Namara Kisakye');
    const red = await stockedProduct(harness.database.pool, { name: `Pin Red ${unique()}`, price: 60_000 });
    await addToCart(buyer.client, red.id, red.variantIds[0]!, 1);
    for (const plus_code of ['8JQ2+5V', 'not a code', '6GGJ8JQ2+5VXXXXXXXXXXX']) {
      const refused = await buyer.client.post(
        CHECKOUT,
        checkoutBody(central.id, {
          delivery_instructions: { preferred_delivery_time: 'evening', plus_code },
        }),
      );
      expect(refused.statusCode, refused.body).toBe(422);
      expect(envelope(refused.body).fields?.map((field) => field.field)).toContain(
        'delivery_instructions.plus_code',
      );
    }
    const placed = await buyer.client.post(CHECKOUT, checkoutBody(central.id));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());
    const tracking = '/api/v1/orders/delivery-tracking/deliverable_orders/';
    const bad = await buyer.client.post(tracking, {
      order_id: order.id,
      preferred_delivery_time: 'evening',
      plus_code: 'ZZZZ',
    });
    expect(bad.statusCode, bad.body).toBe(422);
    expect(envelope(bad.body).fields?.map((field) => field.field)).toContain('plus_code');
    const good = await buyer.client.post(tracking, {
      order_id: order.id,
      preferred_delivery_time: 'evening',
      plus_code: ' 6ggj8jq2+5v ',
    });
    expect(good.statusCode, good.body).toBeLessThan(300);
    const saved = await harness.database.pool.query(
      `SELECT delivery_instructions->>'plus_code' AS code FROM orders WHERE id = $1`,
      [order.id],
    );
    expect(saved.rows[0].code).toBe(GATE);
  });

  it('is on the assigned rider’s stop with a link that opens it in a maps app, and on nobody else’s', async () => {
    const okello = await rider(`Pin ${unique()}`);
    const other = await rider(`Other ${unique()}`);
    const buyer = await signedInCustomer(harness.app, 'Namara Kisakye');
    const red = await stockedProduct(harness.database.pool, { name: `Pin Red ${unique()}`, price: 60_000 });
    await addToCart(buyer.client, red.id, red.variantIds[0]!, 1);
    const placed = await buyer.client.post(
      CHECKOUT,
      checkoutBody(central.id, {
        delivery_instructions: { preferred_delivery_time: 'evening', plus_code: GATE },
      }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());
    for (const status of ['processing', 'ready_for_delivery']) {
      expect((await staff.client.post(`${STAFF}/${order.id}/status/`, { status })).statusCode).toBe(200);
    }
    expect(
      (await staff.client.post(`${STAFF}/${order.id}/rider-account/`, { rider_id: okello.userId }))
        .statusCode,
    ).toBe(200);
    const run = riderRunSchema.parse((await okello.client.get('/api/v1/rider/run/')).json());
    const pin = run.stops.find((stop) => stop.order_id === order.id)?.pin;
    expect(pin?.plus_code).toBe(GATE);
    const query = new URL(pin!.map_url).searchParams.get('query')!;
    const [latitude, longitude] = query.split(',').map(Number);
    // The centre of the code's 14 m square, in Kampala, which is that code again.
    expect(latitude).toBeGreaterThan(0.2);
    expect(latitude).toBeLessThan(0.45);
    expect(longitude).toBeCloseTo(32.602187, 5);
    expect(plusCodeOf({ latitude: latitude!, longitude: longitude! })).toBe(GATE);
    const theirs = riderRunSchema.parse((await other.client.get('/api/v1/rider/run/')).json());
    expect(theirs.stops.map((stop) => stop.order_id)).not.toContain(order.id);
  });
});
