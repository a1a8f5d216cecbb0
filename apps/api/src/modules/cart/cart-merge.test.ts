import { cartSchema, EMPTY_CART, MAX_CART_ITEM_QUANTITY } from '@shop/contract/cart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, CART, setStock, stockedProduct } from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser, uniqueEmail } from '../identity/testing';
import { mergeCarts } from './cart.service';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
});
afterAll(() => harness?.close());

async function cartOf(client: TestBrowser) {
  const response = await client.get(`${CART}/my_cart/`);
  expect(response.statusCode).toBe(200);
  return cartSchema.parse(response.json());
}

const quantities = (cart: { items: Array<{ variant: number; quantity: number }> }) =>
  Object.fromEntries(cart.items.map((item) => [item.variant, item.quantity]));

async function cartRows(userId: string) {
  const result = await harness.database.pool.query(
    'SELECT ci.variant_id FROM cart_items ci JOIN carts c ON c.id = ci.cart_id WHERE c.user_id = $1',
    [userId],
  );
  return result.rows;
}

describe("the visitor's cart on sign-in (identity.account_linked)", () => {
  it('comes along when a visitor registers and signs in from their anonymous session', async () => {
    const red = await stockedProduct(harness.database.pool, { price: 90_000, stock: 12 });
    const white = await stockedProduct(harness.database.pool, { price: 70_000, stock: 6 });
    const browser = new TestBrowser(harness.app);
    const visit = await browser.startVisit();
    const anonymousUserId = visit.json().user.id as string;
    await addToCart(browser, red.id, red.variantIds[0]!, 2);
    await addToCart(browser, white.id, white.variantIds[0]!, 1);

    await browser.register(uniqueEmail('visitor'));
    const session = await browser.session();
    expect(session?.user.isAnonymous).toBe(false);

    const cart = await cartOf(browser);
    expect(quantities(cart)).toEqual({ [red.variantIds[0]!]: 2, [white.variantIds[0]!]: 1 });
    expect(cart.subtotal).toBe(250_000);
    // The visitor's own rows are gone with it.
    expect(await cartRows(anonymousUserId)).toEqual([]);
  });

  it('adds quantities of one size, capped by the stock and the per-size limit, never lowering the account’s own', async () => {
    const pool = harness.database.pool;
    const shared = await stockedProduct(pool, { stock: 6 });
    const plenty = await stockedProduct(pool, { stock: 500 });
    const gone = await stockedProduct(pool, { stock: 3 });
    const over = await stockedProduct(pool, { stock: 10 });
    const email = uniqueEmail('returning');

    // The account's own cart, from an earlier visit.
    const earlier = new TestBrowser(harness.app);
    await earlier.register(email);
    await addToCart(earlier, shared.id, shared.variantIds[0]!, 4);
    await addToCart(earlier, plenty.id, plenty.variantIds[0]!, 90);
    await addToCart(earlier, over.id, over.variantIds[0]!, 8);

    // Today, anonymously on another device.
    const today = new TestBrowser(harness.app);
    await today.startVisit();
    await addToCart(today, shared.id, shared.variantIds[0]!, 5);
    await addToCart(today, plenty.id, plenty.variantIds[0]!, 20);
    await addToCart(today, gone.id, gone.variantIds[0]!, 2);
    await addToCart(today, over.id, over.variantIds[0]!, 1);
    // Meanwhile the stock moves: one size sells out, another falls below the account's line.
    await setStock(pool, gone.variantIds[0]!, 0);
    await setStock(pool, over.variantIds[0]!, 5);

    const signIn = await today.signIn(email);
    expect(signIn.statusCode).toBe(200);
    const cart = await cartOf(today);
    expect(quantities(cart)).toEqual({
      [shared.variantIds[0]!]: 6,
      [plenty.variantIds[0]!]: MAX_CART_ITEM_QUANTITY,
      [over.variantIds[0]!]: 8,
    });
    // Both devices now see the same cart.
    expect(await cartOf(earlier)).toEqual(cart);
  });

  it('leaves the account’s cart as it is when the visitor’s is empty', async () => {
    const wine = await stockedProduct(harness.database.pool, { stock: 5 });
    const email = uniqueEmail('empty');
    const first = new TestBrowser(harness.app);
    await first.register(email);
    const before = await addToCart(first, wine.id, wine.variantIds[0]!, 2);

    const second = new TestBrowser(harness.app);
    await second.startVisit();
    expect(await cartOf(second)).toEqual(EMPTY_CART);
    await second.signIn(email);
    expect(await cartOf(second)).toEqual(before);
  });

  it('merges in one transaction, and twice is harmless', async () => {
    const pool = harness.database.pool;
    const wine = await stockedProduct(pool, { stock: 20 });
    const visitor = new TestBrowser(harness.app);
    const visitorId = (await visitor.startVisit()).json().user.id as string;
    await addToCart(visitor, wine.id, wine.variantIds[0]!, 3);
    const account = new TestBrowser(harness.app);
    const accountId = (await account.register(uniqueEmail('twice'))).json().user.id as string;

    const results = await Promise.all([
      mergeCarts(harness.app.db, visitorId, accountId),
      mergeCarts(harness.app.db, visitorId, accountId),
    ]);
    expect(results.map((result) => result.moved).sort()).toEqual([0, 1]);
    expect(quantities(await cartOf(account))).toEqual({ [wine.variantIds[0]!]: 3 });
    expect(await cartRows(visitorId)).toEqual([]);
  });
});
