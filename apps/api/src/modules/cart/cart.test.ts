import { cartSchema, EMPTY_CART, MAX_CART_ITEM_QUANTITY, MAX_CART_LINES } from '@shop/contract/cart';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  anonymousVisitor,
  CART,
  type Customer,
  setStock,
  signedInCustomer,
  stockedProduct,
  stockOf,
} from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Executor } from '../../db/transaction';
import { TestBrowser } from '../identity/testing';
import { addToCart as addLine } from './cart.repository';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
});
afterAll(() => harness?.close());

const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;
const fieldsOf = (body: string) => envelope(body).fields?.map((field) => field.field);

async function cartOf(client: TestBrowser) {
  const response = await client.get(`${CART}/my_cart/`);
  expect(response.statusCode).toBe(200);
  return cartSchema.parse(response.json());
}

async function product(input: Parameters<typeof stockedProduct>[1] = {}) {
  return stockedProduct(harness.database.pool, { price: 150_000, stock: 10, ...input });
}

describe('the cart of a session', () => {
  it('answers 401 without a session, and the empty cart for a new visitor', async () => {
    const nobody = new TestBrowser(harness.app);
    expect((await nobody.get(`${CART}/my_cart/`)).statusCode).toBe(401);
    expect((await nobody.post(`${CART}/add_item/`, { product: 1 })).statusCode).toBe(401);

    const { client } = await anonymousVisitor(harness.app);
    const response = await client.get(`${CART}/my_cart/`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual(EMPTY_CART);
  });

  it('lets an anonymous visitor add the default size, then more of it, at the catalog’s price', async () => {
    const wine = await product({ name: 'Château Margaux 2015', price: 1_450_000, originalPrice: 1_600_000 });
    const { client } = await anonymousVisitor(harness.app);

    const first = await client.post(`${CART}/add_item/`, { product: wine.id });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const cart = cartSchema.parse(first.json());
    expect(cart.items).toEqual([
      expect.objectContaining({
        product: wine.id,
        product_name: 'Château Margaux 2015',
        product_slug: wine.slug,
        variant: wine.variantIds[0],
        variant_name: '750 ml bottle',
        quantity: 1,
        unit_price: 1_450_000,
        original_price: 1_600_000,
        subtotal: 1_450_000,
        total_price: 1_450_000,
        stock: 10,
        in_stock: true,
        is_available: true,
      }),
    ]);
    expect(cart.items[0]!.image).toMatch(/^\/media\//);

    const second = cartSchema.parse(
      (
        await client.post(`${CART}/add_item/`, { product: wine.id, variant: wine.variantIds[0], quantity: 2 })
      ).json(),
    );
    expect(second.items).toHaveLength(1);
    expect(second).toMatchObject({
      item_count: 3,
      line_count: 1,
      subtotal: 4_350_000,
      total: 4_350_000,
      free_delivery_threshold: 1_000_000,
      free_delivery_remaining: 0,
      can_checkout: true,
    });
  });

  it('never takes a price from the client, and always shows the current one', async () => {
    const wine = await product({ price: 200_000 });
    const { client } = await signedInCustomer(harness.app);
    const response = await client.post(`${CART}/add_item/`, {
      product: wine.id,
      quantity: 2,
      unit_price: 1,
      price: 1,
      subtotal: 2,
    });
    expect(response.json().subtotal).toBe(400_000);
    await harness.database.pool.query('UPDATE product_variants SET price = 180000 WHERE id = $1', [
      wine.variantIds[0],
    ]);
    const cart = await cartOf(client);
    expect(cart.items[0]).toMatchObject({ unit_price: 180_000, subtotal: 360_000 });
    expect(cart.free_delivery_remaining).toBe(640_000);
  });
});

describe('refusals of add_item change nothing', () => {
  it.each([
    [{ quantity: 0 }, 'quantity', 'Quantity must be at least 1'],
    [{ quantity: -3 }, 'quantity', 'Quantity must be at least 1'],
    [{ quantity: 1.5 }, 'quantity', 'Quantity must be a whole number'],
    [{ quantity: '2' }, 'quantity', 'Quantity must be a whole number'],
    [
      { quantity: MAX_CART_ITEM_QUANTITY + 1 },
      'quantity',
      `Quantity must be at most ${MAX_CART_ITEM_QUANTITY}`,
    ],
    [{ quantity: 1e12 }, 'quantity', `Quantity must be at most ${MAX_CART_ITEM_QUANTITY}`],
    [{ product: 'abc' }, 'product', 'Product must be a whole number'],
    [{ product: -1 }, 'product', 'Product must be a positive id'],
    [{ product: 2 ** 40 }, 'product', 'Product is not a known id'],
    [{ variant: 0 }, 'variant', 'Size must be a positive id'],
  ])('%j is a 422 naming %s', async (change, field, message) => {
    const wine = await product();
    const { client } = await signedInCustomer(harness.app);
    await addToCart(client, wine.id, wine.variantIds[0]!, 1);
    const response = await client.post(`${CART}/add_item/`, { product: wine.id, quantity: 1, ...change });
    expect(response.statusCode).toBe(422);
    expect(envelope(response.body).fields).toEqual([{ field, message }]);
    expect((await cartOf(client)).item_count).toBe(1);
  });

  it('refuses an unknown, withdrawn or sizeless product with 404, and a missing product with 422', async () => {
    const { client } = await signedInCustomer(harness.app);
    const unknown = await client.post(`${CART}/add_item/`, { product: 2_000_000_000 });
    expect(unknown.statusCode).toBe(404);
    expect(envelope(unknown.body)).toEqual({
      code: 'not_found',
      message: 'Product was not found.',
      fields: [{ field: 'product', message: 'No product has this id' }],
    });

    const withdrawn = await product({ isActive: false });
    const refused = await client.post(`${CART}/add_item/`, { product: withdrawn.id });
    expect(refused.statusCode).toBe(404);
    expect(envelope(refused.body).fields).toEqual([
      { field: 'product', message: 'This product is no longer available' },
    ]);

    const hidden = await product();
    await harness.database.pool.query(
      'UPDATE categories SET is_active = false WHERE id = (SELECT category_id FROM products WHERE id = $1)',
      [hidden.id],
    );
    try {
      expect((await client.post(`${CART}/add_item/`, { product: hidden.id })).statusCode).toBe(404);
    } finally {
      await harness.database.pool.query(
        'UPDATE categories SET is_active = true WHERE id = (SELECT category_id FROM products WHERE id = $1)',
        [hidden.id],
      );
    }

    const sizeless = await product({ variants: [] });
    const noSize = await client.post(`${CART}/add_item/`, { product: sizeless.id });
    expect(noSize.statusCode).toBe(404);
    expect(envelope(noSize.body).fields).toEqual([
      { field: 'product', message: 'This product has no size on sale' },
    ]);

    const missing = await client.post(`${CART}/add_item/`, { quantity: 1 });
    expect(missing.statusCode).toBe(422);
    expect(fieldsOf(missing.body)).toEqual(['product']);
    expect(await cartOf(client)).toEqual(EMPTY_CART);
  });

  it('refuses an unknown size (404) and a size of another product (422)', async () => {
    const wine = await product();
    const other = await product();
    const { client } = await signedInCustomer(harness.app);
    const unknown = await client.post(`${CART}/add_item/`, { product: wine.id, variant: 2_000_000_000 });
    expect(unknown.statusCode).toBe(404);
    expect(envelope(unknown.body).fields).toEqual([{ field: 'variant', message: 'No size has this id' }]);

    const foreign = await client.post(`${CART}/add_item/`, {
      product: wine.id,
      variant: other.variantIds[0],
    });
    expect(foreign.statusCode).toBe(422);
    expect(envelope(foreign.body).fields).toEqual([
      { field: 'variant', message: "This size is not one of the product's sizes" },
    ]);
    expect(await cartOf(client)).toEqual(EMPTY_CART);
  });

  it('refuses more than the stock with 409 out_of_stock naming what is left', async () => {
    const wine = await product({ name: 'Opus One 2018', stock: 3 });
    const { client } = await signedInCustomer(harness.app);
    const tooMany = await client.post(`${CART}/add_item/`, { product: wine.id, quantity: 4 });
    expect(tooMany.statusCode).toBe(409);
    expect(envelope(tooMany.body)).toEqual({
      code: 'out_of_stock',
      message: 'Only 3 bottles of Opus One 2018 (750 ml bottle) are left.',
      fields: [{ field: 'quantity', message: 'Only 3 left in stock' }],
    });

    await addToCart(client, wine.id, wine.variantIds[0]!, 2);
    const more = await client.post(`${CART}/add_item/`, { product: wine.id, quantity: 2 });
    expect(more.statusCode).toBe(409);
    expect(envelope(more.body).message).toBe(
      'Only 3 bottles of Opus One 2018 (750 ml bottle) are left, and your cart already holds 2.',
    );
    expect((await cartOf(client)).item_count).toBe(2);

    await setStock(harness.database.pool, wine.variantIds[0]!, 0);
    const none = await client.post(`${CART}/add_item/`, { product: wine.id });
    expect(envelope(none.body)).toMatchObject({
      code: 'out_of_stock',
      message: 'Opus One 2018 (750 ml bottle) is out of stock.',
    });
  });

  it('counts cases for a size sold by the case', async () => {
    const wine = await product({
      name: 'Meerlust Rubicon',
      variants: [
        { price: 200_000, stock: 5, isDefault: true },
        { name: 'Case of 6 × 750 ml', packSize: 6, price: 1_100_000, stock: 1 },
      ],
    });
    const { client } = await signedInCustomer(harness.app);
    const response = await client.post(`${CART}/add_item/`, {
      product: wine.id,
      variant: wine.variantIds[1],
      quantity: 2,
    });
    expect(envelope(response.body).message).toBe(
      'Only 1 case of Meerlust Rubicon (Case of 6 × 750 ml) is left.',
    );
  });

  it(`keeps a size to ${MAX_CART_ITEM_QUANTITY} bottles and a cart to ${MAX_CART_LINES} lines`, async () => {
    const wine = await product({ stock: 500 });
    const { client } = await signedInCustomer(harness.app);
    await addToCart(client, wine.id, wine.variantIds[0]!, 95);
    const over = await client.post(`${CART}/add_item/`, { product: wine.id, quantity: 5 });
    expect(over.statusCode).toBe(422);
    expect(envelope(over.body).fields).toEqual([
      {
        field: 'quantity',
        message: 'You can have at most 99 of one size in your cart (you already have 95)',
      },
    ]);

    for (let line = 1; line < MAX_CART_LINES; line++) {
      const other = await product({ images: [] });
      await addToCart(client, other.id, other.variantIds[0]!);
    }
    expect((await cartOf(client)).line_count).toBe(MAX_CART_LINES);
    const extra = await product({ images: [] });
    const full = await client.post(`${CART}/add_item/`, { product: extra.id });
    expect(full.statusCode).toBe(409);
    expect(envelope(full.body)).toMatchObject({
      code: 'conflict',
      message: 'Your cart can hold at most 50 different items.',
    });
    // More of a size already in the cart is still fine.
    expect((await client.post(`${CART}/add_item/`, { product: wine.id, quantity: 4 })).statusCode).toBe(200);
  });
});

describe('update_item, remove_item and clear', () => {
  async function cartWithTwoSizes() {
    const wine = await product({
      name: 'Kanonkop Pinotage',
      variants: [
        { price: 120_000, stock: 10, isDefault: true },
        { name: 'Magnum 1.5 l', volumeMl: 1500, price: 260_000, stock: 4 },
      ],
    });
    const customer = await signedInCustomer(harness.app);
    const cart = await addToCart(customer.client, wine.id, wine.variantIds[0]!, 2);
    return { wine, customer, itemId: cart.items[0].id as number };
  }

  it('sets a quantity (not an increment) and answers the whole cart', async () => {
    const { customer, itemId } = await cartWithTwoSizes();
    const response = await customer.client.post(`${CART}/update_item/`, { item_id: itemId, quantity: 5 });
    expect(response.statusCode).toBe(200);
    expect(cartSchema.parse(response.json())).toMatchObject({ item_count: 5, subtotal: 600_000 });
  });

  it('moves a line to another size, joining the line of that size when there is one', async () => {
    const { wine, customer, itemId } = await cartWithTwoSizes();
    const moved = cartSchema.parse(
      (
        await customer.client.post(`${CART}/update_item/`, { item_id: itemId, variant: wine.variantIds[1] })
      ).json(),
    );
    expect(moved.items).toEqual([
      expect.objectContaining({ id: itemId, variant: wine.variantIds[1], quantity: 2, unit_price: 260_000 }),
    ]);

    const other = await addToCart(customer.client, wine.id, wine.variantIds[0]!, 1);
    const otherId = other.items.find((item: { variant: number }) => item.variant === wine.variantIds[0]).id;
    const joined = cartSchema.parse(
      (
        await customer.client.post(`${CART}/update_item/`, { item_id: otherId, variant: wine.variantIds[1] })
      ).json(),
    );
    expect(joined.items).toEqual([
      expect.objectContaining({ id: itemId, variant: wine.variantIds[1], quantity: 3 }),
    ]);

    const short = await customer.client.post(`${CART}/update_item/`, { item_id: itemId, quantity: 5 });
    expect(short.statusCode).toBe(409);
    expect(envelope(short.body).message).toBe('Only 4 bottles of Kanonkop Pinotage (Magnum 1.5 l) are left.');
  });

  it('refuses bad input to update_item and remove_item, sizes of other products and more than the stock, changing nothing', async () => {
    const { customer, itemId } = await cartWithTwoSizes();
    const other = await product();
    const before = await cartOf(customer.client);
    const cases: Array<[unknown, number, string[]]> = [
      [{ item_id: itemId }, 422, ['quantity']],
      [{ item_id: itemId, quantity: 0 }, 422, ['quantity']],
      [{ item_id: itemId, quantity: 2.5 }, 422, ['quantity']],
      [{ item_id: itemId, quantity: -2 }, 422, ['quantity']],
      [{ item_id: itemId, quantity: 1e9 }, 422, ['quantity']],
      [{ item_id: itemId, quantity: '3' }, 422, ['quantity']],
      [{ item_id: -1, quantity: 1 }, 422, ['item_id']],
      [{ item_id: 'x', quantity: 1 }, 422, ['item_id']],
      [{ item_id: itemId, quantity: 11 }, 409, ['quantity']],
      [{ item_id: itemId, variant: other.variantIds[0] }, 422, ['variant']],
      [{ item_id: itemId, variant: 2_000_000_000 }, 404, ['variant']],
      [{ item_id: 2_000_000_000, quantity: 1 }, 404, ['item_id']],
    ];
    for (const [body, status, fields] of cases) {
      const response = await customer.client.post(`${CART}/update_item/`, body);
      expect([JSON.stringify(body), response.statusCode]).toEqual([JSON.stringify(body), status]);
      expect(fieldsOf(response.body)).toEqual(fields);
    }
    for (const [body, field] of [
      [{}, 'item_id'],
      [{ item_id: 'x' }, 'item_id'],
      [{ item_id: 0 }, 'item_id'],
      [{ item_id: 2 ** 40 }, 'item_id'],
    ] as const) {
      const response = await customer.client.post(`${CART}/remove_item/`, body);
      expect([JSON.stringify(body), response.statusCode]).toEqual([JSON.stringify(body), 422]);
      expect(fieldsOf(response.body)).toEqual([field]);
    }
    expect(await cartOf(customer.client)).toEqual(before);
  });

  it('refuses to change a line whose product was withdrawn, but lets it be removed', async () => {
    const { wine, customer, itemId } = await cartWithTwoSizes();
    await harness.database.pool.query('UPDATE products SET is_active = false WHERE id = $1', [wine.id]);
    const cart = await cartOf(customer.client);
    expect(cart.items[0]).toMatchObject({ is_available: false });
    expect(cart.can_checkout).toBe(false);
    const change = await customer.client.post(`${CART}/update_item/`, { item_id: itemId, quantity: 1 });
    expect(change.statusCode).toBe(409);
    expect(envelope(change.body).message).toBe(
      'Kanonkop Pinotage is no longer available. Remove it from your cart.',
    );
    const removed = await customer.client.post(`${CART}/remove_item/`, { item_id: itemId });
    expect(removed.json()).toEqual(EMPTY_CART);
  });

  it('shows a line the stock no longer covers as not in stock, and the cart as not ready to check out', async () => {
    const { wine, customer } = await cartWithTwoSizes();
    await setStock(harness.database.pool, wine.variantIds[0]!, 1);
    const cart = await cartOf(customer.client);
    expect(cart.items[0]).toMatchObject({ quantity: 2, stock: 1, in_stock: false });
    expect(cart.can_checkout).toBe(false);
  });

  it('removes one line, and clears every line', async () => {
    const { wine, customer, itemId } = await cartWithTwoSizes();
    await addToCart(customer.client, wine.id, wine.variantIds[1]!, 1);
    const removed = cartSchema.parse(
      (await customer.client.post(`${CART}/remove_item/`, { item_id: itemId })).json(),
    );
    expect(removed.items.map((item) => item.variant)).toEqual([wine.variantIds[1]]);
    expect((await customer.client.post(`${CART}/remove_item/`, { item_id: itemId })).statusCode).toBe(404);

    const cleared = await customer.client.post(`${CART}/clear/`);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual(EMPTY_CART);
    expect((await customer.client.post(`${CART}/clear/`)).json()).toEqual(EMPTY_CART);
  });

  it('drops a line whose size leaves the catalog', async () => {
    const { wine, customer } = await cartWithTwoSizes();
    await harness.database.pool.query('DELETE FROM product_variants WHERE id = $1', [wine.variantIds[0]]);
    expect(await cartOf(customer.client)).toEqual(EMPTY_CART);
  });
});

describe('ownership', () => {
  it("never lets a customer read or change another customer's cart lines", async () => {
    const wine = await product({ stock: 20 });
    const alice: Customer = await signedInCustomer(harness.app, 'Alice Auma');
    const bob: Customer = await signedInCustomer(harness.app, 'Bob Okello');
    const bobsCart = await addToCart(bob.client, wine.id, wine.variantIds[0]!, 3);
    const bobsItem = bobsCart.items[0].id as number;
    await addToCart(alice.client, wine.id, wine.variantIds[0]!, 1);

    const update = await alice.client.post(`${CART}/update_item/`, { item_id: bobsItem, quantity: 9 });
    expect(update.statusCode).toBe(404);
    expect(envelope(update.body).message).toBe('Cart item was not found.');
    const remove = await alice.client.post(`${CART}/remove_item/`, { item_id: bobsItem });
    expect(remove.statusCode).toBe(404);
    const move = await alice.client.post(`${CART}/update_item/`, {
      item_id: bobsItem,
      variant: wine.variantIds[0],
    });
    expect(move.statusCode).toBe(404);
    await alice.client.post(`${CART}/clear/`);

    expect(await cartOf(bob.client)).toEqual(bobsCart);
    expect((await cartOf(alice.client)).items).toEqual([]);
    // A visitor without an account cannot reach it either.
    const visitor = await anonymousVisitor(harness.app);
    expect((await visitor.client.post(`${CART}/remove_item/`, { item_id: bobsItem })).statusCode).toBe(404);
    expect(await cartOf(bob.client)).toEqual(bobsCart);
  });

  it('keeps the stock untouched: a cart is not a reservation', async () => {
    const wine = await product({ stock: 4 });
    const { client } = await signedInCustomer(harness.app);
    await addToCart(client, wine.id, wine.variantIds[0]!, 4);
    expect(await stockOf(harness.database.pool, wine.variantIds[0]!)).toBe(4);
  });

  it('keeps the cart consistent under concurrent adds from two tabs', async () => {
    const wine = await product({ stock: 50 });
    const { client } = await signedInCustomer(harness.app);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => client.post(`${CART}/add_item/`, { product: wine.id, quantity: 3 })),
    );
    const ok = results.filter((response) => response.statusCode === 200).length;
    expect(ok).toBe(16);
    expect(results.filter((response) => response.statusCode === 409)).toHaveLength(4);
    expect((await cartOf(client)).item_count).toBe(48);
  });
});

describe('durability of cart lines', () => {
  it('commits an added line without waiting for its WAL flush, and only that transaction', async () => {
    const wine = await product();
    const { userId } = await anonymousVisitor(harness.app);
    const input = { userId, productId: wine.id, variantId: null, quantity: 1, maxQuantity: 99, maxLines: 50 };
    const settingOf = async (db: Executor) =>
      (await db.execute<{ setting: string }>(sql`SELECT current_setting('synchronous_commit') AS setting`))
        .rows[0]?.setting;

    await harness.app.db.transaction(async (tx) => {
      expect(await settingOf(tx)).toBe('on');
      expect((await addLine(tx, input))?.written).toBe(1);
      expect(await settingOf(tx)).toBe('off');
    });
    // The next transaction, on any connection, is durable again.
    expect(await settingOf(harness.app.db)).toBe('on');
    await harness.app.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      expect(await settingOf(tx)).toBe('on');
    });
  });
});
