import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  invoiceListResponseSchema,
  orderListResponseSchema,
  orderSchema,
  orderStatsSchema,
} from '@shop/contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  CHECKOUT,
  type Customer,
  checkoutBody,
  INVOICES,
  ORDERS,
  signedInCustomer,
  staffMember,
  stockedProduct,
  zoneBySlug,
} from '../../../test/fixtures/orders';
import { pdfText } from '../../../test/pdf-text';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser } from '../identity/testing';
import { changeOrderStatus, markOrderPaid } from './order-lifecycle';

let harness: TestApp;
let zoneId: number;
let alice: Customer;
let bob: Customer;
const aliceOrders: string[] = [];
let bobOrder: string;

const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;

async function order(
  customer: Customer,
  options: { price: number; quantity: number; name?: string; mobile?: boolean },
) {
  const product = await stockedProduct(harness.database.pool, {
    price: options.price,
    stock: 50,
    ...(options.name ? { name: options.name } : {}),
  });
  await addToCart(customer.client, product.id, product.variantIds[0]!, options.quantity);
  const body = options.mobile
    ? checkoutBody(zoneId, {
        payment_method: 'mobile_money',
        mobile_money_network: 'MTN',
        payment_phone: '0772 555000',
      })
    : checkoutBody(zoneId);
  const response = await customer.client.post(CHECKOUT, body);
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  zoneId = (await zoneBySlug(harness.database.pool)).id;
  alice = await signedInCustomer(harness.app, 'Alice Auma');
  bob = await signedInCustomer(harness.app, 'Bob Okello');
  // Alice: three orders (one paid and delivered, one pending mobile money, one confirmed).
  aliceOrders.push(await order(alice, { price: 400_000, quantity: 1, name: 'Vergelegen V' }));
  aliceOrders.push(await order(alice, { price: 150_000, quantity: 2, mobile: true }));
  aliceOrders.push(
    await order(alice, { price: 1_200_000, quantity: 1, name: 'Château Léoville-Las Cases 2016' }),
  );
  for (const step of ['processing', 'ready_for_delivery', 'out_for_delivery', 'delivered'] as const) {
    await harness.app.db.transaction((tx) => changeOrderStatus(tx, aliceOrders[0]!, step));
  }
  bobOrder = await order(bob, { price: 90_000, quantity: 1 });
});
afterAll(() => harness?.close());

describe('GET /orders/orders/ and my_orders', () => {
  it('lists the customer’s own orders, newest first, paged', async () => {
    for (const path of [`${ORDERS}/`, `${ORDERS}/my_orders/`]) {
      const response = await alice.client.get(`${path}?page_size=2`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const page = orderListResponseSchema.parse(response.json());
      expect(page).toMatchObject({ count: 3, total_pages: 2, next: 2 });
      expect(page.results.map((row) => row.id)).toEqual([aliceOrders[2], aliceOrders[1]]);
      expect(page.results[0]).toEqual({
        id: aliceOrders[2],
        order_number: expect.stringMatching(/^ORD-/),
        status: 'confirmed',
        payment_status: 'pending',
        payment_method: 'cash_on_delivery',
        fulfilment: 'delivery',
        item_count: 1,
        total: 1_200_000,
        created_at: expect.any(String),
      });
      const second = orderListResponseSchema.parse(
        (await alice.client.get(`${path}?page_size=2&page=2`)).json(),
      );
      expect(second.results.map((row) => row.id)).toEqual([aliceOrders[0]]);
      expect(second.next).toBeNull();
    }
  });

  it('filters by status, and names a bad query', async () => {
    const delivered = orderListResponseSchema.parse(
      (await alice.client.get(`${ORDERS}/?status=delivered`)).json(),
    );
    expect(delivered.results.map((row) => row.id)).toEqual([aliceOrders[0]]);
    const pending = orderListResponseSchema.parse(
      (await alice.client.get(`${ORDERS}/my_orders/?status=pending`)).json(),
    );
    expect(pending.results.map((row) => row.id)).toEqual([aliceOrders[1]]);

    for (const [query, field] of [
      ['status=lost', 'status'],
      ['page=0', 'page'],
      ['page_size=500', 'page_size'],
    ] as const) {
      const response = await alice.client.get(`${ORDERS}/?${query}`);
      expect(response.statusCode).toBe(422);
      expect(envelope(response.body).fields?.map((item) => item.field)).toEqual([field]);
    }
  });

  it('shows staff every order, and customers only their own', async () => {
    const staff = await staffMember(harness.app);
    const all = orderListResponseSchema.parse((await staff.client.get(`${ORDERS}/?page_size=100`)).json());
    expect(all.results.map((row) => row.id)).toEqual(expect.arrayContaining([...aliceOrders, bobOrder]));
    const confirmed = orderListResponseSchema.parse(
      (await staff.client.get(`${ORDERS}/?status=confirmed`)).json(),
    );
    expect(confirmed.results.every((row) => row.status === 'confirmed')).toBe(true);
    expect(confirmed.results.map((row) => row.id)).toEqual(
      expect.arrayContaining([aliceOrders[2], bobOrder]),
    );
    // my_orders is a staff member's own (none).
    expect(orderListResponseSchema.parse((await staff.client.get(`${ORDERS}/my_orders/`)).json()).count).toBe(
      0,
    );

    const bobs = orderListResponseSchema.parse((await bob.client.get(`${ORDERS}/`)).json());
    expect(bobs.results.map((row) => row.id)).toEqual([bobOrder]);
  });

  it('needs a signed-in customer', async () => {
    const visitor = new TestBrowser(harness.app);
    await visitor.startVisit();
    for (const path of [`${ORDERS}/`, `${ORDERS}/my_orders/`, `${ORDERS}/order_stats/`, `${INVOICES}/`]) {
      expect((await visitor.get(path)).statusCode).toBe(401);
    }
  });
});

describe('GET /orders/orders/{id}/', () => {
  it('answers the customer’s own order, and 404 for anyone else’s', async () => {
    const own = await alice.client.get(`${ORDERS}/${aliceOrders[2]}/`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    expect(orderSchema.parse(own.json()).items[0]?.product_name).toBe('Château Léoville-Las Cases 2016');

    const foreign = await bob.client.get(`${ORDERS}/${aliceOrders[2]}/`);
    expect(foreign.statusCode).toBe(404);
    expect(envelope(foreign.body)).toEqual({ code: 'not_found', message: 'Order was not found.' });
    expect((await alice.client.get(`${ORDERS}/00000000-0000-4000-8000-000000000000/`)).statusCode).toBe(404);
    const malformed = await alice.client.get(`${ORDERS}/42/`);
    expect(malformed.statusCode).toBe(422);
    expect(envelope(malformed.body).fields).toEqual([{ field: 'id', message: 'Order id must be a UUID' }]);
  });

  it('lets staff read any order', async () => {
    const staff = await staffMember(harness.app, 'admin');
    const response = await staff.client.get(`${ORDERS}/${bobOrder}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json().contact_name).toBe('Namara Kisakye');
  });
});

describe('GET /orders/orders/order_stats/', () => {
  it('counts the customer’s orders by status (every status present) and what they paid', async () => {
    const response = await alice.client.get(`${ORDERS}/order_stats/`);
    expect(response.statusCode).toBe(200);
    expect(orderStatsSchema.parse(response.json())).toEqual({
      total_orders: 3,
      // Only the delivered (cash collected) order is paid so far.
      total_spent: 410_000,
      by_status: {
        pending: 1,
        confirmed: 1,
        processing: 0,
        ready_for_delivery: 0,
        out_for_delivery: 0,
        delivered: 1,
        cancelled: 0,
        refunded: 0,
      },
    });
    const bobs = orderStatsSchema.parse((await bob.client.get(`${ORDERS}/order_stats/`)).json());
    expect(bobs).toMatchObject({ total_orders: 1, total_spent: 0 });
    expect(bobs.by_status.confirmed).toBe(1);
  });

  it('answers each customer their own stats when many ask at the same moment (one batched statement)', async () => {
    // Asked together, these reads share one statement: each answer must still be its customer's.
    const asked = [alice, bob, alice, bob, alice];
    const answers = await Promise.all(asked.map((customer) => customer.client.get(`${ORDERS}/order_stats/`)));
    const totals = answers.map((response) => orderStatsSchema.parse(response.json()));
    expect(totals.map((stats) => [stats.total_orders, stats.total_spent])).toEqual([
      [3, 410_000],
      [1, 0],
      [3, 410_000],
      [1, 0],
      [3, 410_000],
    ]);
    expect(totals[0]!.by_status).toMatchObject({ pending: 1, confirmed: 1, delivered: 1 });
  });
});

describe('invoices', () => {
  it('lists the customer’s invoices, numbered without gaps, newest first', async () => {
    const response = await alice.client.get(`${INVOICES}/`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const page = invoiceListResponseSchema.parse(response.json());
    expect(page.count).toBe(3);
    expect(page.results.map((invoice) => invoice.order)).toEqual([...aliceOrders].reverse());
    expect(page.results.map((invoice) => invoice.invoice_number)).toEqual([
      'INV-000003',
      'INV-000002',
      'INV-000001',
    ]);
    expect(page.results[2]).toMatchObject({
      status: 'paid',
      subtotal: 400_000,
      delivery_fee: 10_000,
      total: 410_000,
      currency: 'UGX',
      pdf_url: `/api/v1/orders/invoices/${page.results[2]!.id}/pdf/`,
    });
    expect(page.results[2]!.paid_at).not.toBeNull();
    expect(page.results[1]).toMatchObject({ status: 'issued', paid_at: null });
    // The Shs 1,200,000 order went free.
    expect(page.results[0]).toMatchObject({ delivery_fee: 0, total: 1_200_000 });

    const bobs = invoiceListResponseSchema.parse((await bob.client.get(`${INVOICES}/?page_size=1`)).json());
    expect(bobs.results.map((invoice) => invoice.invoice_number)).toEqual(['INV-000004']);
  });

  it('downloads the customer’s own invoice as a PDF with the shop, the lines, the fee and the total', async () => {
    const page = invoiceListResponseSchema.parse((await alice.client.get(`${INVOICES}/`)).json());
    const invoice = page.results[2]!;
    const response = await alice.client.get(invoice.pdf_url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="INV-000001.pdf"');
    expect(response.headers['cache-control']).toBe('no-store');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'Kampala Cellars',
      'INVOICE',
      'INV-000001',
      'PAID',
      'Plot 14, Acacia Avenue, Kololo, Kampala',
      'BILLED TO',
      'Namara Kisakye',
      '+256772123456',
      alice.email,
      'Landmark: Opposite Shell Kololo',
      'Central Kampala',
      'Vergelegen V',
      '750 ml bottle',
      'Shs 400,000',
      'Delivery (Central Kampala)',
      'Shs 10,000',
      'Total (UGX)',
      'Shs 410,000',
      'Cash on delivery',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(bob.email);

    // The free delivery is said so, and accents survive.
    const freeResponse = await alice.client.get(page.results[0]!.pdf_url);
    expect(freeResponse.statusCode, freeResponse.body.slice(0, 200)).toBe(200);
    const free = pdfText(freeResponse.rawPayload);
    expect(free).toContain('Château Léoville-Las Cases 2016');
    expect(free).toContain('Delivery: free on orders of Shs 1,000,000 or more');
    expect(free).toContain('Shs 1,200,000');
  });

  it('answers 404 for another customer’s invoice PDF; staff may fetch any; bearer tokens work', async () => {
    const alicesInvoice = invoiceListResponseSchema.parse((await alice.client.get(`${INVOICES}/`)).json())
      .results[0]!;
    const response = await bob.client.get(alicesInvoice.pdf_url);
    expect(response.statusCode).toBe(404);
    expect(envelope(response.body)).toEqual({ code: 'not_found', message: 'Invoice was not found.' });
    expect((await bob.client.get(`${INVOICES}/2000000000/pdf/`)).statusCode).toBe(404);
    expect((await bob.client.get(`${INVOICES}/abc/pdf/`)).statusCode).toBe(422);

    const staff = await staffMember(harness.app);
    expect((await staff.client.get(alicesInvoice.pdf_url)).statusCode).toBe(200);

    // The storefront fetches it with its bearer token, no cookie.
    const token = (await alice.client.session())?.session.token;
    const bearer = new TestBrowser(harness.app);
    bearer.bearer = token ?? null;
    const viaBearer = await bearer.get(alicesInvoice.pdf_url);
    expect(viaBearer.statusCode).toBe(200);
    expect(viaBearer.headers['content-type']).toBe('application/pdf');
  });

  it('marks the invoice paid when the order is paid, and void when it is cancelled', async () => {
    const pending = aliceOrders[1]!;
    await harness.app.db.transaction((tx) => markOrderPaid(tx, pending));
    const page = invoiceListResponseSchema.parse((await alice.client.get(`${INVOICES}/`)).json());
    expect(page.results.find((invoice) => invoice.order === pending)?.status).toBe('paid');

    const cancelled = await order(bob, { price: 50_000, quantity: 1, mobile: true });
    await harness.app.db.transaction((tx) =>
      changeOrderStatus(tx, cancelled, 'cancelled', { note: 'Out of area' }),
    );
    const bobs = invoiceListResponseSchema.parse((await bob.client.get(`${INVOICES}/`)).json());
    const voided = bobs.results.find((invoice) => invoice.order === cancelled)!;
    expect(voided.status).toBe('void');
    const text = pdfText((await bob.client.get(voided.pdf_url)).rawPayload);
    expect(text).toContain('VOID (order cancelled)');
    expect(text).toContain('Order cancelled: Out of area');
  });
});

describe('the OpenAPI document', () => {
  it('describes every cart, checkout, order, invoice and delivery-zone call', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      paths: Record<
        string,
        Record<string, { summary?: string; tags?: string[]; responses?: Record<string, unknown> }>
      >;
    };
    const expected: Array<[string, string, string]> = [
      ['/api/v1/orders/cart/my_cart/', 'get', 'cart'],
      ['/api/v1/orders/cart/add_item/', 'post', 'cart'],
      ['/api/v1/orders/cart/update_item/', 'post', 'cart'],
      ['/api/v1/orders/cart/remove_item/', 'post', 'cart'],
      ['/api/v1/orders/cart/clear/', 'post', 'cart'],
      ['/api/v1/orders/cart/checkout/', 'post', 'orders'],
      ['/api/v1/orders/orders/', 'get', 'orders'],
      ['/api/v1/orders/orders/my_orders/', 'get', 'orders'],
      ['/api/v1/orders/orders/order_stats/', 'get', 'orders'],
      ['/api/v1/orders/orders/{id}/', 'get', 'orders'],
      ['/api/v1/orders/invoices/', 'get', 'invoices'],
      ['/api/v1/orders/invoices/{id}/pdf/', 'get', 'invoices'],
      ['/api/v1/orders/delivery-zones/', 'get', 'delivery'],
      ['/api/v1/orders/delivery-zones/', 'post', 'delivery'],
      ['/api/v1/orders/delivery-zones/{id}/', 'patch', 'delivery'],
    ];
    for (const [path, method, tag] of expected) {
      const operation = document.paths[path]?.[method];
      expect([path, method, operation?.tags?.includes(tag), Boolean(operation?.summary)]).toEqual([
        path,
        method,
        true,
        true,
      ]);
    }
    expect(JSON.stringify(document.paths['/api/v1/orders/invoices/{id}/pdf/']?.get?.responses)).toContain(
      'application/pdf',
    );
  });
});
