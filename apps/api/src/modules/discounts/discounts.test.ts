import { adminDiscountCodeSchema, adminDiscountListSchema, discountMessages } from '@shop/contract/discounts';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { invoiceListResponseSchema, orderSchema } from '@shop/contract/orders';
import { staffOrderDetailSchema } from '@shop/contract/staff-orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../../test/fixtures/catalog';
import {
  addToCart,
  CHECKOUT,
  type Customer,
  checkoutBody,
  INVOICES,
  signedInCustomer,
  staffMember,
  stockedProduct,
  stockOf,
  zoneBySlug,
} from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { cancelUnpaidOrder } from '../orders/order-lifecycle';
import { orderConfirmationEmail } from '../orders/orders.emails';
import { findOrder } from '../orders/orders.repository';

const CODES = '/api/v1/admin/discount-codes/';
const CHECK = '/api/v1/orders/cart/discount-check/';

let harness: TestApp;
let staff: Customer;
let zone: { id: number; fee: number };

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  staff = await staffMember(harness.app);
  zone = await zoneBySlug(harness.database.pool);
});
afterAll(() => harness?.close());

const pool = () => harness.database.pool;
let codeCount = 0;
const freshCode = (prefix = 'TEST') => `${prefix}${++codeCount}`;

async function createCode(body: Record<string, unknown>) {
  const response = await staff.client.post(CODES, {
    code: freshCode(),
    kind: 'percentage',
    value: 10,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return adminDiscountCodeSchema.parse(response.json());
}

/** A signed-in customer with `quantity` bottles of a Shs 100,000 wine in the cart. */
async function customerWithCart(quantity = 2, price = 100_000) {
  const customer = await signedInCustomer(harness.app);
  const wine = await stockedProduct(pool(), { price, stock: 50 });
  await addToCart(customer.client, wine.id, wine.variantIds[0]!, quantity);
  return { customer, wine };
}

async function usesOf(id: number): Promise<number> {
  const result = await pool().query<{ uses: number }>('SELECT uses FROM discount_codes WHERE id = $1', [id]);
  return result.rows[0]!.uses;
}

async function ordersOf(userId: string): Promise<number> {
  const result = await pool().query<{ count: number }>(
    'SELECT count(*)::int AS count FROM orders WHERE user_id = $1',
    [userId],
  );
  return result.rows[0]!.count;
}

function expectRefusal(response: { statusCode: number; json: () => unknown }, message: string) {
  expect(response.statusCode).toBe(422);
  const body = errorEnvelopeSchema.parse(response.json()).error;
  expect(body.fields).toEqual([{ field: 'discount_code', message }]);
  expect(body.message).toBe(message);
}

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe('who may use the discount endpoints', () => {
  it('refuses a visitor (401) and a customer (403) on every staff endpoint', async () => {
    const code = await createCode({});
    const customer = await signedInCustomer(harness.app);
    const calls = [
      { method: 'GET' as const, url: CODES },
      { method: 'POST' as const, url: CODES, payload: { code: freshCode(), kind: 'fixed', value: 5_000 } },
      { method: 'GET' as const, url: `${CODES}${code.id}/` },
      { method: 'PATCH' as const, url: `${CODES}${code.id}/`, payload: { value: 50 } },
      { method: 'POST' as const, url: `${CODES}${code.id}/status/`, payload: { status: 'ended' } },
    ];
    for (const call of calls) {
      const visitor = await harness.app.inject(call);
      expect(visitor.statusCode, `${call.method} ${call.url}`).toBe(401);
      const asCustomer = await customer.client.request(call);
      expect(asCustomer.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
    // Nothing changed.
    const after = adminDiscountCodeSchema.parse((await staff.client.get(`${CODES}${code.id}/`)).json());
    expect(after).toMatchObject({ value: 10, status: 'active' });
  });

  it('refuses a visitor the check of a code (401)', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: CHECK,
      payload: { discount_code: 'ANY' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('staff keep discount codes', () => {
  it('creates a code in capitals with its categories, and lists it paged and filtered', async () => {
    const whisky = await createCategory(pool(), { name: 'Whisky' });
    const response = await staff.client.post(CODES, {
      code: ' welcome-5k ',
      description: 'New customers',
      kind: 'fixed',
      value: 5_000,
      minimum_order: 100_000,
      starts_at: '2026-01-01T00:00:00+03:00',
      ends_at: '2030-01-01T00:00:00+03:00',
      max_uses: 100,
      max_uses_per_customer: 1,
      category_ids: [whisky.id],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(adminDiscountCodeSchema.parse(response.json())).toMatchObject({
      code: 'WELCOME-5K',
      label: 'Shs 5,000 off',
      minimum_order: 100_000,
      starts_at: '2025-12-31T21:00:00.000Z',
      max_uses: 100,
      max_uses_per_customer: 1,
      uses: 0,
      status: 'active',
      categories: [{ id: whisky.id, name: 'Whisky' }],
    });

    const list = adminDiscountListSchema.parse(
      (await staff.client.get(`${CODES}?q=welcome&page_size=1`)).json(),
    );
    expect(list.count).toBe(1);
    expect(list.results[0]!.code).toBe('WELCOME-5K');
    const paused = adminDiscountListSchema.parse((await staff.client.get(`${CODES}?status=paused`)).json());
    expect(paused.results.map((code) => code.code)).not.toContain('WELCOME-5K');
    const page = adminDiscountListSchema.parse(
      (await staff.client.get(`${CODES}?page_size=1&page=1`)).json(),
    );
    expect(page.results).toHaveLength(1);
    expect(page.total_pages).toBe(page.count);
  });

  it('refuses bad codes with a 422 naming each field, and a taken code with a 409, writing nothing', async () => {
    const before = (await pool().query('SELECT count(*)::int AS count FROM discount_codes')).rows[0].count;
    const bad = await staff.client.post(CODES, {
      code: 'no',
      kind: 'percentage',
      value: 120,
      starts_at: '2026-12-10T00:00:00+03:00',
      ends_at: '2026-12-01T00:00:00+03:00',
      max_uses: 0,
    });
    expect(bad.statusCode).toBe(422);
    const fields = errorEnvelopeSchema.parse(bad.json()).error.fields ?? [];
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'code', message: 'Use 3 to 32 letters, digits, - or _' },
        { field: 'value', message: 'A percentage is at most 100' },
        { field: 'ends_at', message: 'The end must be after the start' },
        { field: 'max_uses', message: 'Total uses must be 1 or more (leave it empty for no limit)' },
      ]),
    );
    const unknownCategory = await staff.client.post(CODES, {
      code: freshCode(),
      kind: 'fixed',
      value: 1_000,
      category_ids: [987_654],
    });
    expect(unknownCategory.statusCode).toBe(422);
    expect(errorEnvelopeSchema.parse(unknownCategory.json()).error.fields).toEqual([
      { field: 'category_ids', message: '987654 is not a category' },
    ]);
    const taken = await createCode({});
    const again = await staff.client.post(CODES, { code: taken.code.toLowerCase(), kind: 'fixed', value: 1 });
    expect(again.statusCode).toBe(409);
    expect(errorEnvelopeSchema.parse(again.json()).error.fields?.[0]?.field).toBe('code');
    const after = (await pool().query('SELECT count(*)::int AS count FROM discount_codes')).rows[0].count;
    expect(after).toBe(before + 1);
  });

  it('records every change in the audit trail: create, edit, pause, resume, end; an ended code stays ended', async () => {
    const code = await createCode({ value: 15 });
    const edit = await staff.client.patch(`${CODES}${code.id}/`, { value: 20, max_uses: 50 });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(adminDiscountCodeSchema.parse(edit.json())).toMatchObject({
      value: 20,
      max_uses: 50,
      label: '20 % off',
    });
    for (const status of ['paused', 'active', 'ended']) {
      const response = await staff.client.post(`${CODES}${code.id}/status/`, { status });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().status).toBe(status);
    }
    const resume = await staff.client.post(`${CODES}${code.id}/status/`, { status: 'active' });
    expect(resume.statusCode).toBe(409);
    const change = await staff.client.patch(`${CODES}${code.id}/`, { value: 30 });
    expect(change.statusCode).toBe(409);

    const trail = await pool().query<{ kind: string; actor_id: string; before: unknown; after: unknown }>(
      "SELECT kind, actor_id, before, after FROM audit_entries WHERE subject_type = 'discount_code' AND subject_id = $1 ORDER BY id",
      [String(code.id)],
    );
    expect(trail.rows.map((row) => row.kind)).toEqual([
      'discount_code.create',
      'discount_code.update',
      'discount_code.pause',
      'discount_code.resume',
      'discount_code.end',
    ]);
    expect(trail.rows.every((row) => row.actor_id === staff.userId)).toBe(true);
    expect(trail.rows[1]).toMatchObject({
      before: { value: 15, max_uses: null },
      after: { value: 20, max_uses: 50 },
    });
  });

  it('refuses total uses below the orders already holding the code', async () => {
    const code = await createCode({ max_uses: 5 });
    for (const _ of [1, 2]) {
      const { customer } = await customerWithCart();
      const placed = await customer.client.post(
        CHECKOUT,
        checkoutBody(zone.id, { discount_code: code.code }),
      );
      expect(placed.statusCode, placed.body).toBe(201);
    }
    const belowUses = await staff.client.patch(`${CODES}${code.id}/`, { max_uses: 1 });
    expect(belowUses.statusCode).toBe(422);
    expect(errorEnvelopeSchema.parse(belowUses.json()).error.fields).toEqual([
      { field: 'max_uses', message: '2 orders already use this code: total uses cannot be below 2' },
    ]);
    const atUses = await staff.client.patch(`${CODES}${code.id}/`, { max_uses: 2 });
    expect(atUses.statusCode).toBe(200);
    expect(atUses.json()).toMatchObject({ max_uses: 2, uses: 2 });
  });
});

describe('a code at checkout', () => {
  it('takes the saving off the order, its invoice, the staff detail and the e-mail; the order keeps it', async () => {
    const code = await createCode({ kind: 'percentage', value: 10, description: 'Ten off' });
    const { customer, wine } = await customerWithCart(2, 125_000);

    const check = await customer.client.post(CHECK, { discount_code: code.code.toLowerCase() });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toEqual({
      code: code.code,
      description: 'Ten off',
      label: '10 % off',
      subtotal: 250_000,
      discount: 25_000,
    });

    const response = await customer.client.post(
      CHECKOUT,
      checkoutBody(zone.id, { discount_code: code.code }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const order = orderSchema.parse(response.json());
    expect(order).toMatchObject({
      subtotal: 250_000,
      delivery_fee: zone.fee,
      discount: 25_000,
      discount_code: code.code,
      total: 250_000 + zone.fee - 25_000,
    });
    expect(await usesOf(code.id)).toBe(1);
    expect(await stockOf(pool(), wine.variantIds[0]!)).toBe(48);

    const invoices = invoiceListResponseSchema.parse((await customer.client.get(`${INVOICES}/`)).json());
    expect(invoices.results[0]).toMatchObject({ discount: 25_000, total: order.total });

    const detail = staffOrderDetailSchema.parse(
      (await staff.client.get(`/api/v1/orders/admin/orders/${order.id}/detail/`)).json(),
    );
    expect(detail).toMatchObject({ discount: 25_000, discount_code: code.code, total: order.total });

    const row = await findOrder(harness.app.db, order.id, null);
    const email = orderConfirmationEmail({ order: row!, url: 'http://localhost/order' });
    expect(email.text).toContain(`Discount code ${code.code}: you save Shs 25,000.`);

    // Changing the code later changes no order.
    await staff.client.patch(`${CODES}${code.id}/`, { value: 50 });
    const again = orderSchema.parse((await customer.client.get(`/api/v1/orders/orders/${order.id}/`)).json());
    expect(again).toMatchObject({ discount: 25_000, total: order.total });
  });

  it('applies a fixed amount to the code’s categories only, never more than those bottles cost', async () => {
    const spirits = await createCategory(pool(), { name: 'Spirits' });
    const gin = await createProduct(pool(), { categoryId: spirits.id, price: 30_000, stock: 10 });
    const code = await createCode({ kind: 'fixed', value: 50_000, category_ids: [spirits.id] });
    const { customer } = await customerWithCart(1, 200_000);
    await addToCart(customer.client, gin.id, gin.variantIds[0]!, 1);
    const response = await customer.client.post(
      CHECKOUT,
      checkoutBody(zone.id, { discount_code: code.code, fulfilment: 'pickup', delivery_zone: null }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(orderSchema.parse(response.json())).toMatchObject({
      subtotal: 230_000,
      delivery_fee: 0,
      discount: 30_000,
      total: 200_000,
    });
  });

  it('says why a code does not apply, naming discount_code, and places nothing', async () => {
    const otherCategory = await createCategory(pool(), { name: 'Beer' });
    const cases: Array<[Record<string, unknown> | null, string]> = [
      [null, discountMessages.unknown],
      [{ starts_at: hoursFromNow(48) }, 'This discount code is valid from'],
      [{ starts_at: hoursFromNow(-48), ends_at: hoursFromNow(-1) }, discountMessages.expired],
      [{ minimum_order: 500_000 }, discountMessages.minimum(500_000)],
      [{ category_ids: [otherCategory.id] }, discountMessages.notForTheseBottles],
    ];
    const { customer, wine } = await customerWithCart();
    for (const [body, message] of cases) {
      const code = body ? (await createCode(body)).code : 'NOSUCHCODE';
      for (const url of [CHECK, CHECKOUT]) {
        const response = await customer.client.post(
          url,
          url === CHECK ? { discount_code: code } : checkoutBody(zone.id, { discount_code: code }),
        );
        expect(response.statusCode, `${code} ${url}`).toBe(422);
        const envelope = errorEnvelopeSchema.parse(response.json()).error;
        expect(envelope.fields?.[0]?.field).toBe('discount_code');
        expect(envelope.fields?.[0]?.message).toContain(message);
      }
    }
    expect(discountMessages.minimum(500_000)).toBe(
      'This discount code needs bottles worth at least Shs 500,000 (delivery not counted).',
    );
    const paused = await createCode({});
    await staff.client.post(`${CODES}${paused.id}/status/`, { status: 'paused' });
    expectRefusal(
      await customer.client.post(CHECKOUT, checkoutBody(zone.id, { discount_code: paused.code })),
      discountMessages.paused,
    );
    const ended = await createCode({});
    await staff.client.post(`${CODES}${ended.id}/status/`, { status: 'ended' });
    expectRefusal(
      await customer.client.post(CHECKOUT, checkoutBody(zone.id, { discount_code: ended.code })),
      discountMessages.ended,
    );
    expect(await ordersOf(customer.userId)).toBe(0);
    expect(await stockOf(pool(), wine.variantIds[0]!)).toBe(50);
  });

  it('refuses a used-up code and a second use by the same customer, never charging the full price instead', async () => {
    const once = await createCode({ max_uses_per_customer: 1 });
    const { customer, wine } = await customerWithCart();
    expect(
      (await customer.client.post(CHECKOUT, checkoutBody(zone.id, { discount_code: once.code }))).statusCode,
    ).toBe(201);
    await addToCart(customer.client, wine.id, wine.variantIds[0]!, 1);
    expectRefusal(
      await customer.client.post(CHECK, { discount_code: once.code }),
      discountMessages.alreadyUsed,
    );
    expectRefusal(
      await customer.client.post(CHECKOUT, checkoutBody(zone.id, { discount_code: once.code })),
      discountMessages.alreadyUsed,
    );
    expect(await ordersOf(customer.userId)).toBe(1);

    const single = await createCode({ max_uses: 1 });
    const first = await customerWithCart();
    const second = await customerWithCart();
    expect(
      (await first.customer.client.post(CHECKOUT, checkoutBody(zone.id, { discount_code: single.code })))
        .statusCode,
    ).toBe(201);
    expectRefusal(
      await second.customer.client.post(CHECKOUT, checkoutBody(zone.id, { discount_code: single.code })),
      discountMessages.usedUp,
    );
    expect(await ordersOf(second.customer.userId)).toBe(0);
  });

  it('answers the same order for the same idempotency key, using the code once', async () => {
    const code = await createCode({ max_uses: 3 });
    const { customer } = await customerWithCart();
    const body = checkoutBody(zone.id, { discount_code: code.code });
    const [first, second] = await Promise.all([
      customer.client.post(CHECKOUT, body),
      customer.client.post(CHECKOUT, body),
    ]);
    const answers = [first, second].map((response) => response.statusCode).sort();
    expect(answers).toEqual([200, 201]);
    expect(first.json().id).toBe(second.json().id);
    expect(first.json().discount).toBe(20_000);
    const third = await customer.client.post(CHECKOUT, body);
    expect(third.statusCode).toBe(200);
    expect(third.json().id).toBe(first.json().id);
    expect(await usesOf(code.id)).toBe(1);
  });

  it('gives the use back when an unpaid order is cancelled (the order keeps its discount)', async () => {
    const code = await createCode({ max_uses: 1, max_uses_per_customer: 1 });
    const { customer, wine } = await customerWithCart();
    const placed = await customer.client.post(
      CHECKOUT,
      checkoutBody(zone.id, {
        discount_code: code.code,
        payment_method: 'mobile_money',
        mobile_money_network: 'MTN',
        payment_phone: '0772 123456',
      }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await usesOf(code.id)).toBe(1);
    const orderId = placed.json().id as string;
    await harness.app.db.transaction(async (tx) => {
      expect(await cancelUnpaidOrder(tx, orderId, 'Payment not received in time', { by: 'expiry' })).toBe(
        true,
      );
    });
    // Twice is once.
    await harness.app.db.transaction((tx) => cancelUnpaidOrder(tx, orderId, 'again', { by: 'expiry' }));
    expect(await usesOf(code.id)).toBe(0);
    const cancelled = orderSchema.parse(
      (await customer.client.get(`/api/v1/orders/orders/${orderId}/`)).json(),
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', discount: 20_000, discount_code: code.code });

    await addToCart(customer.client, wine.id, wine.variantIds[0]!, 2);
    const again = await customer.client.post(CHECKOUT, checkoutBody(zone.id, { discount_code: code.code }));
    expect(again.statusCode, again.body).toBe(201);
    expect(await usesOf(code.id)).toBe(1);
  });

  it('refuses the check of an empty cart (409)', async () => {
    const code = await createCode({});
    const customer = await signedInCustomer(harness.app);
    const response = await customer.client.post(CHECK, { discount_code: code.code });
    expect(response.statusCode).toBe(409);
  });
});

describe('OpenAPI', () => {
  it('documents every discount endpoint', async () => {
    const document = (await harness.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const paths = Object.keys(document.paths);
    for (const path of [
      '/api/v1/admin/discount-codes/',
      '/api/v1/admin/discount-codes/{id}/',
      '/api/v1/admin/discount-codes/{id}/status/',
      '/api/v1/orders/cart/discount-check/',
    ]) {
      expect(paths).toContain(path);
    }
    expect(
      document.paths['/api/v1/orders/cart/checkout/'].post.requestBody.content['application/json'].schema
        .properties,
    ).toHaveProperty('discount_code');
  });
});
