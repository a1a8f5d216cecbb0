import { type BackOfficeSearch, backOfficeSearchSchema } from '@shop/contract/back-office';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { createTestApp, type TestApp } from '../../../test/test-app';

const SEARCH = '/api/v1/admin/search/';

let harness: TestApp;
let staff: Customer;

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true', LOG_LEVEL: 'error' });
  staff = await staffMember(harness.app, 'staff');
});
afterAll(() => harness?.close());

async function search(q: string): Promise<BackOfficeSearch> {
  const response = await staff.client.get(`${SEARCH}?q=${encodeURIComponent(q)}`);
  expect(response.statusCode, response.body).toBe(200);
  return backOfficeSearchSchema.parse(response.json());
}

describe('GET /admin/search/ (issue 36: the frame’s search box)', () => {
  it('finds a product by name and by SKU, an order by number, a customer by name and e-mail', async () => {
    const tag = Math.random().toString(36).slice(2, 7).toUpperCase();
    const product = await stockedProduct(harness.database.pool, {
      name: `Zebrawood Reserve ${tag}`,
      variants: [{ sku: `ZW-${tag}-750`, price: 90_000, stock: 10, isDefault: true }],
    });
    const buyer = await signedInCustomer(harness.app, `Nakibuuka ${tag}`);
    await addToCart(buyer.client, product.id, product.variantIds[0]!, 1);
    const zone = await zoneBySlug(harness.database.pool);
    const placed = await buyer.client.post(
      CHECKOUT,
      checkoutBody(zone.id, { payment_method: 'cash_on_delivery' }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as { id: string; order_number: string };

    expect((await search(`zebrawood reserve ${tag}`)).products).toEqual([
      { id: product.id, name: `Zebrawood Reserve ${tag}`, sku: null },
    ]);
    expect((await search(`zw-${tag.toLowerCase()}`)).products).toEqual([
      { id: product.id, name: `Zebrawood Reserve ${tag}`, sku: `ZW-${tag}-750` },
    ]);
    expect((await search(order.order_number.slice(-5))).orders).toContainEqual({
      id: order.id,
      order_number: order.order_number,
      contact_name: expect.any(String),
    });
    const byName = (await search(`Nakibuuka ${tag}`)).customers;
    expect(byName).toEqual([{ id: buyer.userId, name: `Nakibuuka ${tag}`, email: buyer.email }]);
    expect((await search(buyer.email)).customers.map((hit) => hit.id)).toEqual([buyer.userId]);
    // Nothing else matches the text: every group answers empty.
    expect(await search(`nothing-${tag}-here`)).toEqual({ products: [], orders: [], customers: [] });
  });

  it('refuses no text and too long a text, naming the field', async () => {
    for (const q of ['', '   ', 'x'.repeat(101)]) {
      const response = await staff.client.get(`${SEARCH}?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, q).toBe(422);
      expect(JSON.stringify(response.json())).toContain('"q"');
    }
  });

  it('refuses visitors (401) and customers (403)', async () => {
    expect((await harness.app.inject({ method: 'GET', url: `${SEARCH}?q=a` })).statusCode).toBe(401);
    const shopper = await signedInCustomer(harness.app);
    expect((await shopper.client.get(`${SEARCH}?q=a`)).statusCode).toBe(403);
  });
});
