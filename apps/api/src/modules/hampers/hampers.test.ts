import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  CHECKOUT,
  type Customer,
  checkoutBody,
  secondInstance,
  signedInCustomer,
  staffMember,
  stockOf,
  zoneBySlug,
} from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { TestBrowser } from '../identity/testing';
import { cancelUnpaidOrder } from '../orders/order-lifecycle';
import { giveBackStockOfOrder } from '../stock/stock.repository';
import { composedHamper, hamperUrl, ledgerOf, sizedProduct } from './testing';

/**
 * Hampers (decision 0035): a size whose stock is what its parts allow; selling one takes its
 * parts in the checkout's transaction with ledger rows naming the hamper and the order;
 * cancelling gives them back; two hampers sharing a part never oversell it.
 */

let harness: TestApp;
let other: Awaited<ReturnType<typeof secondInstance>>;
let zoneId: number;
let staff: Customer;

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  other = await secondInstance(harness, { poolSize: 20 });
  zoneId = (await zoneBySlug(harness.database.pool)).id;
  staff = await staffMember(harness.app);
});
afterAll(async () => {
  await other?.close();
  await harness?.close();
});

const product = (name: string, stock: number, price?: number) =>
  sizedProduct(harness.database.pool, name, stock, price);
const hamper = (name: string, parts: Array<{ variant_id: number; quantity: number }>) =>
  composedHamper(harness.database.pool, staff, name, parts);
const ledger = (variantId: number) => ledgerOf(harness.database.pool, variantId);
/** Paid by mobile money: the order waits for the payment, so it can be cancelled unpaid. */
const MOBILE_MONEY = {
  payment_method: 'mobile_money',
  mobile_money_network: 'MTN',
  payment_phone: '0772 555000',
} as const;

function through(app: App, customer: Customer): TestBrowser {
  const browser = new TestBrowser(app, { ip: customer.client.ip });
  for (const [name, cookie] of customer.client.cookies) browser.cookies.set(name, cookie);
  return browser;
}

async function answered(browser: TestBrowser, url: string, body: unknown) {
  for (let attempt = 0; ; attempt++) {
    const response = await browser.post(url, body);
    if (response.statusCode !== 503 || attempt >= 10) return response;
    await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 300));
  }
}

describe('a hamper', () => {
  it('has the stock its parts allow, kept as they move, and refuses a movement of its own', async () => {
    const wine = await product('Hamper Test Merlot', 7);
    const glass = await product('Hamper Test Glass', 10);
    const gift = await hamper('Hamper Test Two Merlots', [
      { variant_id: wine.variantId, quantity: 2 },
      { variant_id: glass.variantId, quantity: 2 },
    ]);
    const read = await staff.client.get(hamperUrl(gift.variantId));
    expect(read.json()).toMatchObject({
      stock: 3,
      parts: [
        { variant_id: wine.variantId, quantity: 2, stock: 7, sku: expect.any(String) },
        { variant_id: glass.variantId, quantity: 2, stock: 10 },
      ],
    });
    // A part received by hand: the hamper follows in the same transaction.
    const received = await staff.client.post(
      `/api/v1/admin/catalog/variants/${wine.variantId}/stock-movements/`,
      { delta: 5, reason: 'received' },
    );
    expect(received.statusCode).toBe(201);
    expect(await stockOf(harness.database.pool, gift.variantId)).toBe(5);
    // Its own stock is derived: a movement on it is refused, nothing written.
    const refused = await staff.client.post(
      `/api/v1/admin/catalog/variants/${gift.variantId}/stock-movements/`,
      { delta: 5, reason: 'received' },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.fields).toEqual([
      { field: 'delta', message: expect.stringContaining('parts') },
    ]);
    expect(await ledger(gift.variantId)).toEqual([]);
    // The Stock screen's list says it is a hamper (shown read-only there), its wine is not.
    await harness.database.pool.query(
      'UPDATE product_variants SET low_stock_threshold = 20 WHERE id = ANY($1)',
      [[gift.variantId, wine.variantId]],
    );
    const low = await staff.client.get(
      `/api/v1/admin/catalog/stock/low/?q=${encodeURIComponent('Hamper Test')}`,
    );
    const flags = new Map(
      low
        .json()
        .results.map((row: { variant_id: number; is_hamper: boolean }) => [row.variant_id, row.is_hamper]),
    );
    expect(flags.get(gift.variantId)).toBe(true);
    expect(flags.get(wine.variantId)).toBe(false);
    // Written straight to the table (an import, a script), it stays derived.
    await harness.database.pool.query('UPDATE product_variants SET stock = 99 WHERE id = $1', [
      gift.variantId,
    ]);
    expect(await stockOf(harness.database.pool, gift.variantId)).toBe(5);
  });

  it('is listed and searched with its stock, and updates when a part is sold alone', async () => {
    const rum = await product('Hamper Test Zacapa Rum', 1);
    const gift = await hamper('Kabaka Zacapa Hamper', [{ variant_id: rum.variantId, quantity: 1 }]);
    const search = async () =>
      (
        await harness.app.inject({ method: 'GET', url: '/api/v1/products/products/?search=kabaka%20zacapa' })
      ).json();
    expect((await search()).results).toEqual([expect.objectContaining({ id: gift.id, in_stock: true })]);
    const page = await harness.app.inject({ method: 'GET', url: `/api/v1/products/products/${gift.slug}/` });
    expect(page.json().variants[0]).toMatchObject({ id: gift.variantId, stock: 1, in_stock: true });
    expect(page.json().variants[0].hamper_parts).toEqual([
      {
        quantity: 1,
        product_name: 'Hamper Test Zacapa Rum',
        product_slug: rum.slug,
        variant_name: expect.any(String),
      },
    ]);
    const part = await harness.app.inject({ method: 'GET', url: `/api/v1/products/products/${rum.slug}/` });
    expect(part.json().variants[0]).not.toHaveProperty('hamper_parts');

    const buyer = await signedInCustomer(harness.app);
    await addToCart(buyer.client, rum.id, rum.variantId, 1);
    expect((await buyer.client.post(CHECKOUT, checkoutBody(zoneId))).statusCode).toBe(201);
    expect((await search()).results).toEqual([expect.objectContaining({ id: gift.id, in_stock: false })]);
    const sold = await harness.app.inject({ method: 'GET', url: `/api/v1/products/products/${gift.slug}/` });
    expect(sold.json().variants[0]).toMatchObject({ stock: 0, in_stock: false });
  });

  it('takes its parts at checkout (ledger names hamper and order) and gives them back on cancel', async () => {
    const wine = await product('Hamper Test Shiraz', 9);
    const chocolate = await product('Hamper Test Chocolates', 4);
    const gift = await hamper('Hamper Test Shiraz Box', [
      { variant_id: wine.variantId, quantity: 2 },
      { variant_id: chocolate.variantId, quantity: 1 },
    ]);
    const buyer = await signedInCustomer(harness.app);
    // The same wine alone beside the hamper: three ledger rows for two lines.
    await addToCart(buyer.client, gift.id, gift.variantId, 2);
    await addToCart(buyer.client, wine.id, wine.variantId, 1);
    const placed = await buyer.client.post(CHECKOUT, checkoutBody(zoneId, MOBILE_MONEY));
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().id as string;
    expect(await stockOf(harness.database.pool, wine.variantId)).toBe(4);
    expect(await stockOf(harness.database.pool, chocolate.variantId)).toBe(2);
    expect(await stockOf(harness.database.pool, gift.variantId)).toBe(2);
    expect(await ledger(wine.variantId)).toEqual([
      { delta: 9, stock_after: 9, reason: 'count_correction', order_id: null, hamper_variant_id: null },
      { delta: -1, stock_after: 8, reason: 'sold', order_id: orderId, hamper_variant_id: null },
      { delta: -4, stock_after: 4, reason: 'sold', order_id: orderId, hamper_variant_id: gift.variantId },
    ]);
    expect(await ledger(chocolate.variantId)).toEqual([
      expect.objectContaining({ delta: 4 }),
      { delta: -2, stock_after: 2, reason: 'sold', order_id: orderId, hamper_variant_id: gift.variantId },
    ]);

    // Parts changed after the sale: the cancel gives back what the sale took.
    await staff.client.put(hamperUrl(gift.variantId), {
      parts: [{ variant_id: wine.variantId, quantity: 1 }],
    });
    expect(await harness.app.db.transaction((tx) => cancelUnpaidOrder(tx, orderId, 'Changed my mind'))).toBe(
      true,
    );
    expect(await stockOf(harness.database.pool, wine.variantId)).toBe(9);
    expect(await stockOf(harness.database.pool, chocolate.variantId)).toBe(4);
    expect((await ledger(wine.variantId)).slice(3)).toEqual([
      { delta: 1, stock_after: 5, reason: 'released', order_id: orderId, hamper_variant_id: null },
      { delta: 4, stock_after: 9, reason: 'released', order_id: orderId, hamper_variant_id: gift.variantId },
    ]);
    expect((await ledger(chocolate.variantId)).slice(2)).toEqual([
      { delta: 2, stock_after: 4, reason: 'released', order_id: orderId, hamper_variant_id: gift.variantId },
    ]);
    expect(await stockOf(harness.database.pool, gift.variantId)).toBe(9);
  });

  it('gives back on cancel the parts of two hampers sharing a part, once, and never more than taken', async () => {
    const pool = harness.database.pool;
    const whisky = await product('Hamper Test Back Whisky', 10);
    const chocolate = await product('Hamper Test Back Chocolates', 10);
    const glass = await product('Hamper Test Back Glass', 10);
    const small = await hamper('Hamper Test Back Small', [
      { variant_id: whisky.variantId, quantity: 1 },
      { variant_id: chocolate.variantId, quantity: 1 },
    ]);
    const large = await hamper('Hamper Test Back Large', [
      { variant_id: whisky.variantId, quantity: 2 },
      { variant_id: glass.variantId, quantity: 1 },
    ]);
    const buyer = await signedInCustomer(harness.app);
    await addToCart(buyer.client, small.id, small.variantId, 2);
    await addToCart(buyer.client, large.id, large.variantId, 1);
    await addToCart(buyer.client, whisky.id, whisky.variantId, 1);
    const placed = await buyer.client.post(CHECKOUT, checkoutBody(zoneId, MOBILE_MONEY));
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().id as string;
    expect(await stockOf(pool, whisky.variantId)).toBe(5);

    const cancel = () =>
      harness.app.db.transaction((tx) => cancelUnpaidOrder(tx, orderId, 'Changed my mind'));
    expect(await cancel()).toBe(true);
    expect(await cancel()).toBe(false);
    expect(await stockOf(pool, whisky.variantId)).toBe(10);
    expect(await stockOf(pool, chocolate.variantId)).toBe(10);
    expect(await stockOf(pool, glass.variantId)).toBe(10);
    expect(await stockOf(pool, small.variantId)).toBe(10);
    expect(await stockOf(pool, large.variantId)).toBe(5);
    const released = (rows: Awaited<ReturnType<typeof ledger>>) =>
      rows.filter((row) => row.reason === 'released');
    expect(released(await ledger(whisky.variantId))).toEqual([
      { delta: 1, stock_after: 6, reason: 'released', order_id: orderId, hamper_variant_id: null },
      { delta: 2, stock_after: 8, reason: 'released', order_id: orderId, hamper_variant_id: small.variantId },
      {
        delta: 2,
        stock_after: 10,
        reason: 'released',
        order_id: orderId,
        hamper_variant_id: large.variantId,
      },
    ]);
    expect(released(await ledger(chocolate.variantId))).toEqual([
      {
        delta: 2,
        stock_after: 10,
        reason: 'released',
        order_id: orderId,
        hamper_variant_id: small.variantId,
      },
    ]);
    expect(released(await ledger(glass.variantId))).toEqual([
      {
        delta: 1,
        stock_after: 10,
        reason: 'released',
        order_id: orderId,
        hamper_variant_id: large.variantId,
      },
    ]);
    // A later give-back of the same lines (a refund's restock settling after the cancel) finds
    // everything back already: nothing more comes back, nothing is written.
    const lines = await pool.query<{ id: number; quantity: number }>(
      'SELECT id, quantity FROM order_items WHERE order_id = $1',
      [orderId],
    );
    await harness.app.db.transaction((tx) =>
      giveBackStockOfOrder(tx, orderId, {
        reason: 'returned',
        lines: lines.rows.map((line) => ({ lineId: line.id, quantity: line.quantity })),
      }),
    );
    expect(await stockOf(pool, whisky.variantId)).toBe(10);
    expect((await ledger(whisky.variantId)).filter((row) => row.reason === 'returned')).toEqual([]);
  });

  it('refuses two hampers that fit one by one but not together (a shared part), nothing taken', async () => {
    const whisky = await product('Hamper Test Shared Whisky', 3);
    const first = await hamper('Hamper Test Whisky One', [{ variant_id: whisky.variantId, quantity: 2 }]);
    const second = await hamper('Hamper Test Whisky Two', [{ variant_id: whisky.variantId, quantity: 2 }]);
    const buyer = await signedInCustomer(harness.app);
    await addToCart(buyer.client, first.id, first.variantId, 1);
    await addToCart(buyer.client, second.id, second.variantId, 1);
    const refused = await buyer.client.post(CHECKOUT, checkoutBody(zoneId));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.fields.map((field: { field: string }) => field.field)).toEqual([
      'items.0.quantity',
      'items.1.quantity',
    ]);
    expect(await stockOf(harness.database.pool, whisky.variantId)).toBe(3);
    expect(await ledger(whisky.variantId)).toHaveLength(1);
  });

  it('never oversells a part shared by two hampers under 20 checkouts at once', async () => {
    const pool = harness.database.pool;
    const START = 13;
    const shared = await product('Hamper Test Shared Champagne', START);
    const glass = await product('Hamper Test Flute', 100);
    const single = await hamper('Hamper Test One Champagne', [
      { variant_id: shared.variantId, quantity: 1 },
      { variant_id: glass.variantId, quantity: 2 },
    ]);
    const double = await hamper('Hamper Test Two Champagnes', [
      { variant_id: shared.variantId, quantity: 2 },
    ]);
    const buyers: Customer[] = [];
    for (let index = 0; index < 20; index++) buyers.push(await signedInCustomer(harness.app));
    for (const [index, buyer] of buyers.entries()) {
      const gift = index % 2 === 0 ? single : double;
      await addToCart(buyer.client, gift.id, gift.variantId, 1);
    }
    const answers = await Promise.all(
      buyers.map((buyer, index) =>
        answered(through(index % 2 === 0 ? harness.app : other.app, buyer), CHECKOUT, checkoutBody(zoneId)),
      ),
    );
    const unexpected = answers.filter((answer) => ![201, 409].includes(answer.statusCode));
    expect(unexpected.map((answer) => `${answer.statusCode} ${answer.body}`)).toEqual([]);
    const placed = answers.flatMap((answer, index) => (answer.statusCode === 201 ? [index] : []));
    const taken = placed.reduce((sum, index) => sum + (index % 2 === 0 ? 1 : 2), 0);
    expect(placed.length).toBeGreaterThan(0);
    expect(taken).toBeLessThanOrEqual(START);
    // Refused only for want of stock: what is left cannot make the cheaper hamper.
    expect(placed.length === 20 || START - taken < 2).toBe(true);

    const stock = await stockOf(pool, shared.variantId);
    expect(stock).toBe(START - taken);
    const rows = await ledger(shared.variantId);
    expect(rows.reduce((sum, row) => sum + row.delta, 0)).toBe(stock);
    expect(Math.min(...rows.map((row) => row.stock_after))).toBeGreaterThanOrEqual(0);
    const sold = rows.filter((row) => row.reason === 'sold');
    expect(new Set(sold.map((row) => row.order_id)).size).toBe(placed.length);
    expect(
      sold.every(
        (row) => row.hamper_variant_id === single.variantId || row.hamper_variant_id === double.variantId,
      ),
    ).toBe(true);
    expect(await stockOf(pool, single.variantId)).toBe(
      Math.min(stock, Math.floor((await stockOf(pool, glass.variantId)) / 2)),
    );
    expect(await stockOf(pool, double.variantId)).toBe(Math.floor(stock / 2));
  }, 120_000);
});

describe('the staff hamper endpoints', () => {
  it('answer 401 to a visitor, 403 to a customer, 404 for no such size', async () => {
    const wine = await product('Hamper Test Auth Wine', 3);
    const body = { parts: [{ variant_id: wine.variantId, quantity: 1 }] };
    const visitor = new TestBrowser(harness.app);
    expect((await visitor.get(hamperUrl(wine.variantId))).statusCode).toBe(401);
    expect((await visitor.put(hamperUrl(wine.variantId), body)).statusCode).toBe(401);
    const customer = await signedInCustomer(harness.app);
    expect((await customer.client.get(hamperUrl(wine.variantId))).statusCode).toBe(403);
    expect((await customer.client.put(hamperUrl(wine.variantId), body)).statusCode).toBe(403);
    expect((await staff.client.get(hamperUrl(99_999_999))).statusCode).toBe(404);
    expect((await staff.client.put(hamperUrl(99_999_999), body)).statusCode).toBe(404);
  });

  it('answer 422 naming the part, and write nothing', async () => {
    const wine = await product('Hamper Test Rules Wine', 3);
    const gift = await hamper('Hamper Test Rules Box', [{ variant_id: wine.variantId, quantity: 1 }]);
    const blank = await product('Hamper Test Rules Blank', 0);
    const cases: Array<[unknown, string, string]> = [
      [[{ variant_id: blank.variantId, quantity: 1 }], 'parts.0.variant_id', 'itself'],
      [
        [
          { variant_id: wine.variantId, quantity: 1 },
          { variant_id: 99_999_999, quantity: 1 },
        ],
        'parts.1.variant_id',
        'No such size',
      ],
      [[{ variant_id: gift.variantId, quantity: 1 }], 'parts.0.variant_id', 'another hamper'],
      [
        [
          { variant_id: wine.variantId, quantity: 1 },
          { variant_id: wine.variantId, quantity: 2 },
        ],
        'parts.1.variant_id',
        'already',
      ],
      [[{ variant_id: wine.variantId, quantity: 0 }], 'parts.0.quantity', 'at least 1'],
      [[{ variant_id: wine.variantId, quantity: 100 }], 'parts.0.quantity', 'at most 99'],
    ];
    for (const [parts, field, message] of cases) {
      const answer = await staff.client.put(hamperUrl(blank.variantId), { parts });
      expect(answer.statusCode, JSON.stringify(parts)).toBe(422);
      expect(answer.json().error.fields).toEqual(
        expect.arrayContaining([{ field, message: expect.stringContaining(message) }]),
      );
    }
    // A part of a hamper cannot become one.
    const partAsHamper = await staff.client.put(hamperUrl(wine.variantId), {
      parts: [{ variant_id: blank.variantId, quantity: 1 }],
    });
    expect(partAsHamper.statusCode).toBe(422);
    expect(partAsHamper.json().error.fields[0].field).toBe('parts');
    expect((await staff.client.get(hamperUrl(blank.variantId))).json().parts).toEqual([]);
    expect((await staff.client.get(hamperUrl(wine.variantId))).json().parts).toEqual([]);
  });
});
