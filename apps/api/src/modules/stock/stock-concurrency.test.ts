import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
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

/**
 * Stock that is never wrong, under load: checkouts and staff movements on one size at once,
 * through two API instances sharing the database (as in production). Every change is a delta
 * applied in SQL with its ledger row, so none is lost and the ledger sums to the stock.
 */

let harness: TestApp;
let other: Awaited<ReturnType<typeof secondInstance>>;
let third: Awaited<ReturnType<typeof secondInstance>>;
let zoneId: number;

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  // Two instances with pools of their own share the load (the harness's pool is small).
  other = await secondInstance(harness, { poolSize: 20 });
  third = await secondInstance(harness, { poolSize: 20 });
  zoneId = (await zoneBySlug(harness.database.pool)).id;
});
afterAll(async () => {
  await other?.close();
  await third?.close();
  await harness?.close();
});

function through(app: App, customer: Customer): TestBrowser {
  const browser = new TestBrowser(app, { ip: customer.client.ip });
  for (const [name, cookie] of customer.client.cookies) browser.cookies.set(name, cookie);
  return browser;
}

/**
 * Posts until answered by the shop rather than by a full pool (503: the machine is loaded). A
 * checkout repeated with its idempotency key answers the order it placed, as a retrying
 * storefront would see; a staff movement answers 503 only before its transaction starts.
 */
async function answered(browser: TestBrowser, url: string, body: unknown) {
  for (let attempt = 0; ; attempt++) {
    const response = await browser.post(url, body);
    if (response.statusCode !== 503 || attempt >= 10) return response;
    await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 300));
  }
}

async function customers(count: number): Promise<Customer[]> {
  const made: Customer[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Math.min(10, count - start);
    made.push(...(await Promise.all(Array.from({ length: batch }, () => signedInCustomer(harness.app)))));
  }
  return made;
}

describe('stock under load', () => {
  it('keeps stock = start + adjustments − sold through 100 checkouts and 20 adjustments at once', async () => {
    const pool = harness.database.pool;
    const START = 30;
    const wine = await stockedProduct(pool, { name: 'Tignanello 2020', price: 620_000, stock: START });
    const variantId = wine.variantIds[0]!;
    const buyers = await customers(100);
    for (const [index, buyer] of buyers.entries())
      await addToCart(buyer.client, wine.id, variantId, 1 + (index % 2));
    const staff = await staffMember(harness.app);

    // 10 deliveries of 6 and 10 breakages or corrections of 1–2, mixed in with the checkouts.
    const adjustments = Array.from({ length: 20 }, (_, index) =>
      index % 2 === 0
        ? { delta: 6, reason: 'received' }
        : {
            delta: -(1 + (index % 3 === 0 ? 1 : 0)),
            reason: index % 4 === 1 ? 'breakage' : 'count_correction',
          },
    );
    const url = `/api/v1/admin/catalog/variants/${variantId}/stock-movements/`;
    const checkouts = buyers.map((buyer, index) =>
      answered(through(index % 2 === 0 ? other.app : third.app, buyer), CHECKOUT, checkoutBody(zoneId)),
    );
    const moves = adjustments.map((body, index) =>
      answered(through(index % 2 === 0 ? other.app : third.app, staff), url, body),
    );
    const [checkoutAnswers, moveAnswers] = await Promise.all([Promise.all(checkouts), Promise.all(moves)]);

    // Each checkout is placed (201, or 200 for a retry that finds it placed) or refused for want
    // of stock; each adjustment applied or refused below zero.
    const placed = checkoutAnswers.filter((answer) => [200, 201].includes(answer.statusCode));
    const unexpected = [...checkoutAnswers, ...moveAnswers].filter(
      (answer) => ![200, 201, 409].includes(answer.statusCode),
    );
    expect(unexpected.map((answer) => `${answer.statusCode} ${answer.body}`)).toEqual([]);
    expect(placed.length).toBeGreaterThan(0);
    const applied = moveAnswers.filter((answer) => answer.statusCode === 201);
    expect(applied.length).toBeGreaterThan(0);
    const adjusted = moveAnswers.reduce(
      (sum, answer, index) => (answer.statusCode === 201 ? sum + adjustments[index]!.delta : sum),
      0,
    );
    const sold = placed.reduce((sum, answer) => sum + (answer.json().item_count as number), 0);

    const stock = await stockOf(pool, variantId);
    expect(stock).toBe(START + adjusted - sold);
    expect(stock).toBeGreaterThanOrEqual(0);

    const ledger = await pool.query<{ reason: string; rows: number; total: number }>(
      `SELECT reason, count(*)::int AS rows, sum(delta)::int AS total FROM stock_movements
       WHERE variant_id = $1 GROUP BY reason ORDER BY reason`,
      [variantId],
    );
    const byReason = Object.fromEntries(ledger.rows.map((row) => [row.reason, row]));
    expect(ledger.rows.reduce((sum, row) => sum + row.total, 0)).toBe(stock);
    expect(byReason.sold).toEqual({ reason: 'sold', rows: placed.length, total: -sold });
    expect((byReason.received?.rows ?? 0) + (byReason.breakage?.rows ?? 0)).toBeLessThanOrEqual(
      applied.length,
    );
    const orders = await pool.query<{ count: number }>(
      `SELECT count(DISTINCT order_id)::int AS count FROM stock_movements WHERE variant_id = $1 AND reason = 'sold'`,
      [variantId],
    );
    expect(orders.rows[0]!.count).toBe(placed.length);
    const buyerIds = buyers.map((buyer) => buyer.userId);
    const allOrders = await pool.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM orders WHERE user_id = ANY($1::uuid[])',
      [buyerIds],
    );
    expect(allOrders.rows[0]!.count).toBe(placed.length);
    const staffRows = await pool.query<{ count: number; total: number }>(
      `SELECT count(*)::int AS count, coalesce(sum(delta), 0)::int AS total FROM stock_movements
       WHERE variant_id = $1 AND actor_id = $2`,
      [variantId, staff.userId],
    );
    expect(staffRows.rows[0]).toEqual({ count: applied.length, total: adjusted });

    // No movement ever left the stock below zero.
    const lowest = await pool.query<{ lowest: number }>(
      'SELECT min(stock_after)::int AS lowest FROM stock_movements WHERE variant_id = $1',
      [variantId],
    );
    expect(lowest.rows[0]!.lowest).toBeGreaterThanOrEqual(0);
  }, 180_000);
});
