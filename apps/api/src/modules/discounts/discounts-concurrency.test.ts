import { discountMessages } from '@shop/contract/discounts';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  CART,
  CHECKOUT,
  type Customer,
  checkoutBody,
  secondInstance,
  signedInCustomer,
  staffMember,
  stockedProduct,
  stockOf,
  zoneBySlug,
} from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { TestBrowser } from '../identity/testing';
import { cancelUnpaidOrder } from '../orders/order-lifecycle';

/**
 * A code's limits under load, through two API instances sharing one database (as in production):
 * checkouts with the same code take turns on its row lock, so a code limited to 10 uses is on
 * exactly 10 orders, and a cancelled order's use comes back exactly once.
 */

let harness: TestApp;
let other: Awaited<ReturnType<typeof secondInstance>>;
let staff: Customer;
let zoneId: number;

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  other = await secondInstance(harness, { poolSize: 20 });
  staff = await staffMember(harness.app);
  zoneId = (await zoneBySlug(harness.database.pool)).id;
});
afterAll(async () => {
  await other?.close();
  await harness?.close();
});

const pool = () => harness.database.pool;

/** The same signed-in browser, talking to another instance. */
function through(app: App, customer: Customer): TestBrowser {
  const browser = new TestBrowser(app, { ip: customer.client.ip });
  for (const [name, cookie] of customer.client.cookies) browser.cookies.set(name, cookie);
  return browser;
}

async function customers(count: number): Promise<Customer[]> {
  const made: Customer[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Math.min(10, count - start);
    made.push(...(await Promise.all(Array.from({ length: batch }, () => signedInCustomer(harness.app)))));
  }
  return made;
}

/**
 * A checkout as the storefront sends it: a 503 (the database briefly out of reach, e.g. no free
 * connection within 5 s on this shared machine) is retried with the same idempotency key, as the
 * web client does, so a repeat can only ever answer the same order.
 */
async function placeRetrying(browser: TestBrowser, body: ReturnType<typeof checkoutBody>) {
  for (let attempt = 1; ; attempt++) {
    const answer = await browser.post(CHECKOUT, body);
    if (answer.statusCode !== 503 || attempt === 5) return answer;
    await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
  }
}

async function createCode(code: string, body: Record<string, unknown>): Promise<number> {
  const response = await staff.client.post('/api/v1/admin/discount-codes/', {
    code,
    kind: 'percentage',
    value: 10,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

async function codeState(id: number) {
  const result = await pool().query<{ uses: number; orders: number; held: number }>(
    `SELECT d.uses,
            (SELECT count(*)::int FROM orders o WHERE o.discount_code = d.code) AS orders,
            (SELECT count(*)::int FROM discount_redemptions r WHERE r.code_id = d.id AND r.released_at IS NULL) AS held
     FROM discount_codes d WHERE d.id = $1`,
    [id],
  );
  return result.rows[0]!;
}

describe('a discount code under load', () => {
  it('is on exactly 10 orders when 100 customers check out with a code limited to 10 uses', async () => {
    const codeId = await createCode('RUSH10', { max_uses: 10 });
    const wine = await stockedProduct(pool(), { name: 'Meerlust Rubicon', price: 150_000, stock: 500 });
    const variantId = wine.variantIds[0]!;
    const buyers = await customers(100);
    for (const buyer of buyers) await addToCart(buyer.client, wine.id, variantId, 1);

    const answers = await Promise.all(
      buyers.map((buyer, index) =>
        placeRetrying(
          index % 2 === 0 ? buyer.client : through(other.app, buyer),
          checkoutBody(zoneId, { discount_code: 'rush10' }),
        ),
      ),
    );

    const statuses = answers.map((answer) => answer.statusCode);
    // Anything else (a 500) would be a bug: shown with its body.
    const others = answers.filter((answer) => answer.statusCode !== 201 && answer.statusCode !== 422);
    expect(others.map((answer) => `${answer.statusCode} ${answer.body}`).slice(0, 3)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 422)).toHaveLength(90);
    for (const placed of answers.filter((answer) => answer.statusCode === 201)) {
      expect(placed.json()).toMatchObject({ discount_code: 'RUSH10', discount: 15_000, subtotal: 150_000 });
    }
    // Refused, never placed at full price: the ninety still hold their bottle and have no order.
    for (const refused of answers.filter((answer) => answer.statusCode === 422)) {
      expect(errorEnvelopeSchema.parse(refused.json()).error).toEqual({
        code: 'validation_failed',
        message: discountMessages.usedUp,
        fields: [{ field: 'discount_code', message: discountMessages.usedUp }],
      });
    }
    expect(await codeState(codeId)).toEqual({ uses: 10, orders: 10, held: 10 });
    const placedOrders = await pool().query<{ count: number }>(
      'SELECT count(*)::int AS count FROM order_items WHERE variant_id = $1',
      [variantId],
    );
    expect(placedOrders.rows[0]!.count).toBe(10);
    expect(await stockOf(pool(), variantId)).toBe(490);
    const carts = await Promise.all(buyers.map((buyer) => buyer.client.get(`${CART}/my_cart/`)));
    for (const [index, answer] of answers.entries()) {
      expect([answer.statusCode, carts[index]!.json().item_count]).toEqual(
        answer.statusCode === 201 ? [201, 0] : [422, 1],
      );
    }
  }, 180_000);

  it('keeps the limit while cancelled orders give their uses back and others check out', async () => {
    const codeId = await createCode('SWAP5', { max_uses: 5 });
    const wine = await stockedProduct(pool(), { price: 100_000, stock: 500 });
    const buyers = await customers(20);
    for (const buyer of buyers) await addToCart(buyer.client, wine.id, wine.variantIds[0]!, 1);
    const mobileMoney = {
      payment_method: 'mobile_money' as const,
      mobile_money_network: 'MTN' as const,
      payment_phone: '0772 123456',
    };
    // Five unpaid orders take every use.
    const firstFive = await Promise.all(
      buyers
        .slice(0, 5)
        .map((buyer) =>
          buyer.client.post(CHECKOUT, checkoutBody(zoneId, { discount_code: 'SWAP5', ...mobileMoney })),
        ),
    );
    expect(firstFive.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect((await codeState(codeId)).uses).toBe(5);

    // Three of them are cancelled (each twice, from both instances) while fifteen others try the code.
    const cancelled = firstFive.slice(0, 3).map((answer) => answer.json().id as string);
    const cancellations = cancelled.flatMap((orderId) =>
      [harness.app, other.app].map((app) =>
        app.db.transaction((tx) =>
          cancelUnpaidOrder(tx, orderId, 'Payment not received in time', { by: 'expiry' }),
        ),
      ),
    );
    const attempts = buyers
      .slice(5)
      .map((buyer, index) =>
        placeRetrying(
          index % 2 === 0 ? buyer.client : through(other.app, buyer),
          checkoutBody(zoneId, { discount_code: 'SWAP5' }),
        ),
      );
    const [cancelOutcomes, answers] = await Promise.all([Promise.all(cancellations), Promise.all(attempts)]);
    expect(cancelOutcomes.filter(Boolean)).toHaveLength(3);

    const state = await codeState(codeId);
    // Never more than five orders hold the code at once; every use counted is an order holding it.
    expect(state.uses).toBe(state.held);
    expect(state.uses).toBeLessThanOrEqual(5);
    const placed = answers.filter((answer) => answer.statusCode === 201).length;
    expect(placed).toBeLessThanOrEqual(3);
    expect(state.uses).toBe(2 + placed);
    expect(answers.filter((answer) => answer.statusCode === 422)).toHaveLength(15 - placed);
  }, 180_000);
});
