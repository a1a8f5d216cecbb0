import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, placeOrder, productAt, startPayment } from '../src/modules/payments/testing';
import { createTestApp, type TestApp } from './test-app';

/**
 * A customer's own lists are read by every signed-in page, so each is one statement: the count
 * joined to the page (docs/decisions/0012-signed-in-reads.md). Two or three queries per read held
 * as many pooled connections and were each planned again on every call.
 */

let harness: TestApp;
beforeAll(async () => {
  // No background jobs here: the order's e-mail job reads and writes orders on the same pool.
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true', JOBS_ENABLED: 'false' });
});
afterAll(() => harness?.close());

/** The texts of the statements the pool ran while `run` went on. */
async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const pool = harness.app.db.$client;
  const original = pool.query;
  const texts: string[] = [];
  pool.query = ((...args: Parameters<typeof original>) => {
    const [query] = args as unknown[];
    texts.push(typeof query === 'string' ? query : String((query as { text?: unknown }).text ?? ''));
    return (original as (...a: unknown[]) => unknown).apply(pool, args);
  }) as typeof original;
  try {
    await run();
  } finally {
    pool.query = original;
  }
  return texts;
}

/** A delivery under way for the order (as the delivery module's order listener writes it). */
async function deliveryFor(userId: string, orderId: string) {
  await harness.database.pool.query(
    "INSERT INTO deliveries (order_id, user_id, status) VALUES ($1, $2, 'confirmed')",
    [orderId, userId],
  );
}

describe("a customer's lists", () => {
  it.each([
    ['/api/v1/orders/orders/my_orders/?page_size=10', /\borders\b/],
    ['/api/v1/payments/transactions/my_transactions/?page_size=12', /\bpayment_transactions\b/],
    ['/api/v1/orders/delivery-tracking/active_deliveries/', /\bdeliveries\b/],
    ['/api/v1/notifications/?page_size=10', /\bnotifications\b/],
  ])('%s reads its page and count in one statement', async (path, table) => {
    const buyer = await customer(harness);
    const product = await productAt(harness, 25_000);
    await placeOrder(buyer.client, product, { method: 'cash_on_delivery' });

    let status = 0;
    const statements = await statementsDuring(async () => {
      status = (await buyer.client.get(path)).statusCode;
    });

    expect(status).toBe(200);
    // Reads only: the order's confirmation e-mail job may write to it meanwhile on the same pool.
    const reads = statements.filter((text) => /^\s*select\b/i.test(text) && table.test(text));
    expect(reads, statements.join('\n---\n')).toHaveLength(1);
  });

  it.each([
    ['/api/v1/orders/orders/my_orders/', 1],
    ['/api/v1/payments/transactions/my_transactions/', 1],
    ['/api/v1/orders/delivery-tracking/active_deliveries/', 1],
  ])('%s counts the whole list on a page past its end', async (path, expected) => {
    const buyer = await customer(harness);
    const product = await productAt(harness, 25_000);
    const order = await placeOrder(buyer.client, product);
    if (path.includes('delivery')) await deliveryFor(buyer.userId, order.id);
    else if (path.includes('transactions')) await startPayment(buyer.client, order.id);

    const beyond = await buyer.client.get(`${path}?page_size=1&page=9`);

    expect(beyond.statusCode).toBe(200);
    expect(beyond.json()).toMatchObject({ count: expected, results: [], next: null });
  });
});
