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
  stockedProduct,
  stockOf,
  zoneBySlug,
} from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { TestBrowser } from '../identity/testing';

/**
 * Checkout under load on the real PostgreSQL, through two API instances sharing one database
 * (as in production): no overselling, no lost or doubled order, invoice numbers without gaps.
 */

let harness: TestApp;
let other: Awaited<ReturnType<typeof secondInstance>>;
let zoneId: number;

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  other = await secondInstance(harness, { poolSize: 20 });
  zoneId = (await zoneBySlug(harness.database.pool)).id;
});
afterAll(async () => {
  await other?.close();
  await harness?.close();
});

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

async function invoiceNumbers(): Promise<number[]> {
  const result = await harness.database.pool.query<{ invoice_number: string }>(
    'SELECT invoice_number FROM invoices',
  );
  return result.rows.map((row) => Number(row.invoice_number.slice(4))).sort((a, b) => a - b);
}

describe('checkout under load', () => {
  it('sells exactly the 10 bottles in stock to 100 customers checking out at once', async () => {
    const pool = harness.database.pool;
    const wine = await stockedProduct(pool, { name: 'Sassicaia 2019', price: 950_000, stock: 10 });
    const variantId = wine.variantIds[0]!;
    const buyers = await customers(100);
    for (const buyer of buyers) await addToCart(buyer.client, wine.id, variantId, 1);

    // Watch the stock while the checkouts run: it must never be seen below zero.
    let lowest = Number.POSITIVE_INFINITY;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        lowest = Math.min(lowest, await stockOf(pool, variantId));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const answers = await Promise.all(
      buyers.map((buyer, index) => {
        const browser = index % 2 === 0 ? buyer.client : through(other.app, buyer);
        return browser.post(CHECKOUT, checkoutBody(zoneId));
      }),
    );
    watching = false;
    await watcher;

    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(90);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(errorEnvelopeSchema.parse(refused.json()).error).toEqual({
        code: 'out_of_stock',
        message: 'Sassicaia 2019 (750 ml bottle) is out of stock.',
        fields: [{ field: 'items.0.quantity', message: 'Out of stock' }],
      });
    }
    expect(await stockOf(pool, variantId)).toBe(0);
    expect(lowest).toBeGreaterThanOrEqual(0);

    const sold = await pool.query<{ orders: number; bottles: number }>(
      `SELECT count(DISTINCT order_id)::int AS orders, sum(quantity)::int AS bottles
       FROM order_items WHERE variant_id = $1`,
      [variantId],
    );
    expect(sold.rows[0]).toEqual({ orders: 10, bottles: 10 });

    // The ten buyers' carts are empty; the ninety others still hold their bottle.
    const carts = await Promise.all(buyers.map((buyer) => buyer.client.get(`${CART}/my_cart/`)));
    const counts = carts.map((cart) => cart.json().item_count as number);
    expect(counts.filter((count) => count === 0)).toHaveLength(10);
    expect(counts.filter((count) => count === 1)).toHaveLength(90);
    for (const [index, answer] of answers.entries()) {
      expect([answer.statusCode, counts[index]]).toEqual(answer.statusCode === 201 ? [201, 0] : [409, 1]);
    }
  }, 120_000);

  it('numbers invoices without gaps while checkouts succeed and fail side by side', async () => {
    const pool = harness.database.pool;
    const plenty = await stockedProduct(pool, { price: 40_000, stock: 1_000 });
    const scarce = await stockedProduct(pool, { price: 60_000, stock: 5 });
    const buyers = await customers(40);
    for (const [index, buyer] of buyers.entries()) {
      await addToCart(buyer.client, plenty.id, plenty.variantIds[0]!, 1 + (index % 3));
      // Every other buyer also wants the scarce wine: most of them fail and roll back.
      if (index % 2 === 1) await addToCart(buyer.client, scarce.id, scarce.variantIds[0]!, 1);
    }
    const answers = await Promise.all(
      buyers.map((buyer, index) =>
        (index % 2 === 0 ? buyer.client : through(other.app, buyer)).post(CHECKOUT, checkoutBody(zoneId)),
      ),
    );
    const placed = answers.filter((answer) => answer.statusCode === 201);
    expect(placed).toHaveLength(25);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(15);

    const numbers = await invoiceNumbers();
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, index) => index + 1));
    const orders = await pool.query<{ count: number }>('SELECT count(*)::int AS count FROM orders');
    expect(numbers).toHaveLength(orders.rows[0]!.count);
    expect(new Set(placed.map((answer) => answer.json().invoice_number)).size).toBe(25);
    expect(await stockOf(pool, scarce.variantIds[0]!)).toBe(0);
  }, 120_000);

  it('places one order when the same checkout reaches both instances at once', async () => {
    const pool = harness.database.pool;
    const wine = await stockedProduct(pool, { price: 75_000, stock: 8 });
    const [buyer] = await customers(1);
    await addToCart(buyer!.client, wine.id, wine.variantIds[0]!, 2);
    const body = checkoutBody(zoneId);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        (index % 2 === 0 ? buyer!.client : through(other.app, buyer!)).post(CHECKOUT, body),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    expect(await stockOf(pool, wine.variantIds[0]!)).toBe(6);
    const orders = await pool.query('SELECT id FROM orders WHERE user_id = $1', [buyer!.userId]);
    expect(orders.rows).toHaveLength(1);
  });
});
