import { DEFAULT_SHOP_SETTINGS } from '@shop/contract/settings';
import { vatBreakdown } from '@shop/contract/vat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  CART,
  CHECKOUT,
  type Customer,
  checkoutBody,
  INVOICES,
  signedInCustomer,
  stockedProduct,
  zoneBySlug,
} from '../../../test/fixtures/orders';
import { setShopSettings } from '../../../test/fixtures/settings';
import { pdfText } from '../../../test/pdf-text';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * VAT invoices (issue 19): a VAT-registered shop (its TIN in the shop settings) issues tax
 * invoices, for a business in its name when the customer asks; when its prices exclude VAT,
 * checkout adds the VAT to the total. The invoice keeps the TIN and mode it was issued under.
 */

let harness: TestApp;
let central: Awaited<ReturnType<typeof zoneBySlug>>;

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  central = await zoneBySlug(harness.database.pool);
});
afterAll(async () => {
  if (!harness) return;
  await setShopSettings(harness.app, {
    vat_tin: DEFAULT_SHOP_SETTINGS.vat_tin,
    prices_include_vat: DEFAULT_SHOP_SETTINGS.prices_include_vat,
  });
  await harness.close();
});

const SHOP_TIN = '1000123456';
const BUSINESS = { business_name: 'Acacia Lodge Ltd', tin: '1000 987 654' };

/** A customer with two lines in the cart: 3 × 185,000 and 1 × 129,000 (684,000 in all). */
async function customerWithCart(): Promise<Customer> {
  const customer = await signedInCustomer(harness.app, 'Namara Kisakye');
  for (const [price, quantity] of [
    [185_000, 3],
    [129_000, 1],
  ] as const) {
    const product = await stockedProduct(harness.database.pool, { price, stock: 10 });
    await addToCart(customer.client, product.id, product.variantIds[0]!, quantity);
  }
  return customer;
}

async function invoiceRow(orderId: string) {
  const result = await harness.database.pool.query<{
    id: number;
    shop_tin: string | null;
    prices_include_vat: boolean;
    vat_total: number | null;
    vat_added: number;
    total: number;
  }>(
    'SELECT id, shop_tin, prices_include_vat, vat_total, vat_added, total FROM invoices WHERE order_id = $1',
    [orderId],
  );
  return result.rows[0]!;
}

async function invoiceText(customer: Customer, invoiceId: number): Promise<string> {
  const response = await customer.client.get(`${INVOICES}/${invoiceId}/pdf/`);
  expect(response.statusCode).toBe(200);
  return pdfText(response.rawPayload);
}

const lineAmounts = (fee: number) => [185_000 * 3, 129_000, fee, 0];

describe('a shop without a TIN', () => {
  it('refuses a VAT invoice, naming the field, and places nothing', async () => {
    await setShopSettings(harness.app, { vat_tin: null });
    const customer = await customerWithCart();
    const refused = await customer.client.post(CHECKOUT, checkoutBody(central.id, { vat_invoice: BUSINESS }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual([
      {
        field: 'vat_invoice',
        message: 'The shop is not registered for VAT, so it cannot issue a VAT invoice',
      },
    ]);
    const cart = (await customer.client.get(`${CART}/my_cart/`)).json();
    expect(cart.item_count).toBe(4);

    const placed = await customer.client.post(CHECKOUT, checkoutBody(central.id));
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    expect(order).toMatchObject({ vat_added: 0, vat_invoice: null, total: 684_000 + central.fee });
    expect(await invoiceRow(order.id)).toMatchObject({ shop_tin: null, vat_total: null, vat_added: 0 });
  });
});

describe('a VAT-registered shop whose prices include VAT', () => {
  it('issues a tax invoice in the business’s name; the customer pays the shelf price', async () => {
    await setShopSettings(harness.app, { vat_tin: SHOP_TIN, prices_include_vat: true });
    const customer = await customerWithCart();
    const badTin = await customer.client.post(
      CHECKOUT,
      checkoutBody(central.id, { vat_invoice: { business_name: '', tin: '12345' } }),
    );
    expect(badTin.statusCode).toBe(422);
    expect(badTin.json().error.fields).toEqual([
      { field: 'vat_invoice.business_name', message: 'Business name is required' },
      { field: 'vat_invoice.tin', message: 'must be the 10 digits of a Uganda TIN' },
    ]);

    const placed = await customer.client.post(CHECKOUT, checkoutBody(central.id, { vat_invoice: BUSINESS }));
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    expect(order).toMatchObject({
      vat_added: 0,
      total: 684_000 + central.fee,
      vat_invoice: { business_name: 'Acacia Lodge Ltd', tin: '1000987654' },
    });
    const expected = vatBreakdown(lineAmounts(central.fee), true).total;
    const invoice = await invoiceRow(order.id);
    expect(invoice).toMatchObject({ shop_tin: SHOP_TIN, prices_include_vat: true, vat_total: expected.vat });
    expect(expected.net + expected.vat).toBe(invoice.total);

    const text = await invoiceText(customer, invoice.id);
    for (const part of [
      'TAX INVOICE',
      `TIN ${SHOP_TIN} · VAT registered`,
      'Acacia Lodge Ltd',
      'TIN 1000987654',
      'VAT ANALYSIS',
    ]) {
      expect(text).toContain(part);
    }
  });
});

describe('a VAT-registered shop whose prices exclude VAT', () => {
  it('adds the VAT to the total; the invoice keeps its TIN and mode when the settings change', async () => {
    await setShopSettings(harness.app, { vat_tin: SHOP_TIN, prices_include_vat: false });
    const customer = await customerWithCart();
    const placed = await customer.client.post(CHECKOUT, checkoutBody(central.id));
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    const expected = vatBreakdown(lineAmounts(central.fee), false).total;
    expect(expected.vat).toBeGreaterThan(0);
    expect(order).toMatchObject({
      subtotal: 684_000,
      delivery_fee: central.fee,
      vat_added: expected.vat,
      total: 684_000 + central.fee + expected.vat,
      vat_invoice: null,
    });
    const invoice = await invoiceRow(order.id);
    expect(invoice).toMatchObject({
      shop_tin: SHOP_TIN,
      prices_include_vat: false,
      vat_total: expected.vat,
      vat_added: expected.vat,
      total: expected.gross,
    });

    // The shop deregisters: the invoice already issued is unchanged.
    await setShopSettings(harness.app, { vat_tin: null, prices_include_vat: true });
    const text = await invoiceText(customer, invoice.id);
    expect(text).toContain(`TIN ${SHOP_TIN} · VAT registered`);
    expect(text).toContain('VAT 18% added');
    expect(text).toContain('Prices exclude VAT; VAT is added to the total.');
  });
});
