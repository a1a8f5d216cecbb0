import { cartSchema, EMPTY_CART } from '@shop/contract/cart';
import { expectedDeliveryTime } from '@shop/contract/delivery-promise';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { formatKampalaClock } from '@shop/contract/kampala-time';
import { type CheckoutRequest, orderSchema } from '@shop/contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  anonymousVisitor,
  CART,
  CHECKOUT,
  type Customer,
  checkoutBody,
  ORDERS,
  setStock,
  signedInCustomer,
  stockedProduct,
  stockOf,
  zoneBySlug,
} from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { DomainEventMap } from '../../lib/domain-events';
import { ORDER_NUMBER_PATTERN } from './order-number';

let harness: TestApp;
let central: Awaited<ReturnType<typeof zoneBySlug>>;
const placed: Array<DomainEventMap['order.placed']> = [];

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  central = await zoneBySlug(harness.database.pool);
  harness.app.events.subscribe('order.placed', (event) => {
    placed.push(event);
  });
});
afterAll(() => harness?.close());

const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;
const MINUTE = 60_000;

async function customerWith(
  lines: Array<{ price: number; stock?: number; quantity: number; name?: string }>,
) {
  const customer = await signedInCustomer(harness.app, 'Namara Kisakye');
  const products = [];
  for (const line of lines) {
    const product = await stockedProduct(harness.database.pool, {
      price: line.price,
      stock: line.stock ?? 10,
      ...(line.name ? { name: line.name } : {}),
    });
    await addToCart(customer.client, product.id, product.variantIds[0]!, line.quantity);
    products.push(product);
  }
  return { customer, products };
}

function checkout(customer: Customer, overrides: Partial<CheckoutRequest> = {}) {
  return customer.client.post(CHECKOUT, checkoutBody(central.id, overrides));
}

async function orderCount(userId: string): Promise<number> {
  const result = await harness.database.pool.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM orders WHERE user_id = $1',
    [userId],
  );
  return result.rows[0]!.count;
}

async function cartOf(customer: Customer) {
  return cartSchema.parse((await customer.client.get(`${CART}/my_cart/`)).json());
}

describe('checkout with cash on delivery', () => {
  it('places the cart as a confirmed order in one go: stock taken, snapshot kept, invoice issued, cart emptied', async () => {
    const { customer, products } = await customerWith([
      { price: 250_000, stock: 7, quantity: 2, name: 'Château Musar 2016' },
      { price: 95_000, stock: 3, quantity: 1, name: 'Kanonkop Pinotage' },
    ]);
    const before = Date.now();
    const response = await checkout(customer, { customer_note: '  Ring twice  ' });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const order = orderSchema.parse(response.json());
    expect(response.headers.location).toBe(`/api/v1/orders/orders/${order.id}/`);

    expect(order.order_number).toMatch(ORDER_NUMBER_PATTERN);
    expect(order).toMatchObject({
      status: 'confirmed',
      payment_status: 'pending',
      payment_method: 'cash_on_delivery',
      mobile_money_network: null,
      payment_phone: null,
      fulfilment: 'delivery',
      item_count: 3,
      subtotal: 595_000,
      delivery_fee: 10_000,
      total: 605_000,
      currency: 'UGX',
      contact_name: 'Namara Kisakye',
      contact_phone: '+256772123456',
      delivery_zone: { id: central.id, name: 'Central Kampala', delivery_time_label: '1–2 hours' },
      street: 'Acacia Avenue 12',
      customer_note: 'Ring twice',
      payment_due_at: null,
      cancel_reason: null,
      delivery_instructions: {
        preferred_delivery_time: 'evening',
        contact_preference: 'phone',
        leave_at_door: false,
        require_signature: true,
        delivery_notes: null,
        special_instructions: null,
        access_instructions: null,
        security_code: null,
        landmark: 'Opposite Shell Kololo',
      },
    });
    expect(order.invoice_number).toMatch(/^INV-\d{6}$/);
    expect(order.items).toEqual([
      expect.objectContaining({
        product: products[0]!.id,
        product_name: 'Château Musar 2016',
        product_slug: products[0]!.slug,
        variant: products[0]!.variantIds[0],
        variant_name: '750 ml bottle',
        quantity: 2,
        unit_price: 250_000,
        subtotal: 500_000,
        total_price: 500_000,
      }),
      expect.objectContaining({
        product: products[1]!.id,
        quantity: 1,
        unit_price: 95_000,
        subtotal: 95_000,
      }),
    ]);
    expect(order.history.map((change) => change.status)).toEqual(['pending', 'confirmed']);
    const estimated = new Date(order.estimated_delivery_time ?? 0).getTime();
    expect(estimated).toBeGreaterThanOrEqual(before + 120 * MINUTE - 5_000);
    // Inside the customer's evening window (Kampala time), never before the zone's lead time.
    const promised = expectedDeliveryTime({ from: new Date(), leadMinutes: 120, preferredTime: 'evening' });
    expect(estimated).toBeLessThanOrEqual(promised.getTime() + 5_000);
    expect(formatKampalaClock(estimated) >= '17:00' && formatKampalaClock(estimated) <= '20:00').toBe(true);

    expect(await stockOf(harness.database.pool, products[0]!.variantIds[0]!)).toBe(5);
    expect(await stockOf(harness.database.pool, products[1]!.variantIds[0]!)).toBe(2);
    expect(await cartOf(customer)).toEqual(EMPTY_CART);
    expect(placed.find((event) => event.orderId === order.id)).toMatchObject({
      orderNumber: order.order_number,
      userId: customer.userId,
      status: 'confirmed',
      paymentMethod: 'cash_on_delivery',
      total: 605_000,
      invoiceNumber: order.invoice_number,
      paymentDueAt: null,
    });

    // The snapshot stays when the catalog changes afterwards.
    await harness.database.pool.query('UPDATE products SET name = $2 WHERE id = $1', [
      products[0]!.id,
      'Renamed',
    ]);
    await harness.database.pool.query('UPDATE product_variants SET price = 1 WHERE id = $1', [
      products[0]!.variantIds[0],
    ]);
    const again = orderSchema.parse((await customer.client.get(`${ORDERS}/${order.id}/`)).json());
    expect(again.items[0]).toMatchObject({ product_name: 'Château Musar 2016', unit_price: 250_000 });
  });

  it('sends the order-confirmation e-mail to the account, once', async () => {
    const { customer } = await customerWith([
      { price: 120_000, quantity: 1, name: 'Rustenberg John X Merriman' },
    ]);
    const order = orderSchema.parse((await checkout(customer)).json());
    let mails: Array<{ subject: string; text: string; html: string }> = [];
    for (let attempt = 0; attempt < 100 && mails.length === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      mails = (
        await harness.database.pool.query('SELECT subject, text, html FROM dev_mailbox WHERE "to" = $1', [
          customer.email,
        ])
      ).rows;
    }
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your Kampala Cellars order ${order.order_number} is confirmed`);
    expect(mails[0]!.text).toContain('1 × Rustenberg John X Merriman (750 ml bottle): Shs 120,000');
    expect(mails[0]!.text).toContain('Total: Shs 130,000.');
    expect(mails[0]!.text).toContain(order.invoice_number);
    expect(mails[0]!.text).toContain(`/order-history/${order.id}`);
    expect(mails[0]!.html).toContain('Rustenberg John X Merriman');
    const sent = await harness.database.pool.query(
      'SELECT confirmation_email_sent_at IS NOT NULL AS sent FROM orders WHERE id = $1',
      [order.id],
    );
    expect(sent.rows[0].sent).toBe(true);
  });
});

describe('checkout with mobile money, pick-up and free delivery', () => {
  it('keeps a mobile-money order pending until paid, due after the unpaid timeout', async () => {
    const { customer } = await customerWith([{ price: 300_000, quantity: 1 }]);
    const response = await checkout(customer, {
      payment_method: 'mobile_money',
      mobile_money_network: 'AIRTEL',
      payment_phone: '0701 234567',
    });
    expect(response.statusCode).toBe(201);
    const order = orderSchema.parse(response.json());
    expect(order).toMatchObject({
      status: 'pending',
      payment_status: 'pending',
      payment_method: 'mobile_money',
      mobile_money_network: 'AIRTEL',
      payment_phone: '+256701234567',
      estimated_delivery_time: null,
      total: 310_000,
    });
    expect(order.history.map((change) => change.status)).toEqual(['pending']);
    const due = new Date(order.payment_due_at ?? 0).getTime() - new Date(order.created_at).getTime();
    expect(Math.abs(due - 30 * MINUTE)).toBeLessThan(1_000);
  });

  it('charges no delivery for pick-up, and keeps no address', async () => {
    const { customer } = await customerWith([{ price: 80_000, quantity: 2 }]);
    const order = orderSchema.parse(
      (
        await checkout(customer, {
          fulfilment: 'pickup',
          delivery_zone: central.id,
          street: 'Ignored Road',
          delivery_instructions: null,
        })
      ).json(),
    );
    expect(order).toMatchObject({
      fulfilment: 'pickup',
      delivery_fee: 0,
      total: 160_000,
      delivery_zone: null,
      street: null,
      delivery_instructions: null,
      estimated_delivery_time: null,
    });
  });

  it.each([
    [1_000_000, 1, 0],
    [500_000, 2, 0],
    [999_999, 1, 10_000],
  ])('delivers %i × %i with a fee of %i (free at Shs 1,000,000 or more)', async (price, quantity, fee) => {
    const { customer } = await customerWith([{ price, quantity }]);
    const order = orderSchema.parse((await checkout(customer)).json());
    expect(order.subtotal).toBe(price * quantity);
    expect(order.delivery_fee).toBe(fee);
    expect(order.total).toBe(price * quantity + fee);
  });

  it('charges the zone’s own fee, and always the catalog’s current price', async () => {
    const { customer, products } = await customerWith([{ price: 100_000, quantity: 2 }]);
    await harness.database.pool.query('UPDATE product_variants SET price = 110000 WHERE id = $1', [
      products[0]!.variantIds[0],
    ]);
    const entebbe = await zoneBySlug(harness.database.pool, 'entebbe-road');
    const order = orderSchema.parse(
      (
        await customer.client.post(CHECKOUT, checkoutBody(entebbe.id, { total: 1, subtotal: 1 } as never))
      ).json(),
    );
    expect(order).toMatchObject({ subtotal: 220_000, delivery_fee: 30_000, total: 250_000 });
    expect(order.delivery_zone?.name).toBe('Entebbe Road & Entebbe');
  });
});

describe('idempotency', () => {
  it('answers the same order for the same key (200), taking stock once', async () => {
    const { customer, products } = await customerWith([{ price: 90_000, stock: 5, quantity: 2 }]);
    const body = checkoutBody(central.id);
    const first = await customer.client.post(CHECKOUT, body);
    const second = await customer.client.post(CHECKOUT, body);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await stockOf(harness.database.pool, products[0]!.variantIds[0]!)).toBe(3);
    expect(await orderCount(customer.userId)).toBe(1);
  });

  it('places one order for a double click (the same key at the same moment)', async () => {
    const { customer, products } = await customerWith([{ price: 90_000, stock: 5, quantity: 1 }]);
    const body = checkoutBody(central.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => customer.client.post(CHECKOUT, body)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    expect(await orderCount(customer.userId)).toBe(1);
    expect(await stockOf(harness.database.pool, products[0]!.variantIds[0]!)).toBe(4);
  });

  it('refuses a key already used with other details, and keeps keys per customer', async () => {
    const { customer } = await customerWith([{ price: 90_000, quantity: 1 }]);
    const body = checkoutBody(central.id);
    const first = orderSchema.parse((await customer.client.post(CHECKOUT, body)).json());
    const changed = await customer.client.post(CHECKOUT, { ...body, contact_name: 'Someone Else' });
    expect(changed.statusCode).toBe(409);
    expect(envelope(changed.body)).toMatchObject({
      code: 'conflict',
      fields: [{ field: 'idempotency_key', message: 'Already used for another checkout' }],
    });
    expect(envelope(changed.body).message).toContain(first.order_number);

    // Another customer's identical key is theirs alone.
    const { customer: other } = await customerWith([{ price: 90_000, quantity: 1 }]);
    const theirs = await other.client.post(CHECKOUT, body);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(first.id);
  });
});

describe('refusals change nothing', () => {
  it('needs a signed-in customer', async () => {
    expect((await harness.app.inject({ method: 'POST', url: CHECKOUT, payload: {} })).statusCode).toBe(401);
    const { client } = await anonymousVisitor(harness.app);
    const product = await stockedProduct(harness.database.pool, { price: 50_000 });
    await addToCart(client, product.id, product.variantIds[0]!);
    const response = await client.post(CHECKOUT, checkoutBody(central.id));
    expect(response.statusCode).toBe(401);
    expect(envelope(response.body).message).toBe('Please sign in to continue.');
  });

  it('refuses an empty cart with 409', async () => {
    const customer = await signedInCustomer(harness.app);
    const response = await checkout(customer);
    expect(response.statusCode).toBe(409);
    expect(envelope(response.body)).toMatchObject({ code: 'conflict', message: 'Your cart is empty.' });
  });

  const bad: Array<[string, (zone: number) => Record<string, unknown>, string, string]> = [
    [
      'no idempotency key',
      () => ({ idempotency_key: undefined }),
      'idempotency_key',
      'idempotency_key is required',
    ],
    [
      'a short key',
      () => ({ idempotency_key: 'abc' }),
      'idempotency_key',
      'Use 16 to 100 letters, digits, - or _',
    ],
    ['no area', () => ({ delivery_zone: null }), 'delivery_zone', 'Choose a delivery area'],
    ['an unknown area', () => ({ delivery_zone: 999_999 }), 'delivery_zone', 'Choose a delivery area'],
    [
      'no delivery instructions',
      () => ({ delivery_instructions: null }),
      'delivery_instructions.preferred_delivery_time',
      'Preferred delivery time is required',
    ],
    [
      'no preferred time',
      () => ({ delivery_instructions: { landmark: 'Kololo' } }),
      'delivery_instructions.preferred_delivery_time',
      'Preferred delivery time is required',
    ],
    [
      'an unknown contact preference',
      () => ({ delivery_instructions: { preferred_delivery_time: 'asap', contact_preference: 'pigeon' } }),
      'delivery_instructions.contact_preference',
      'Contact preference is required',
    ],
    [
      'neither street nor landmark',
      () => ({ street: '  ', delivery_instructions: { preferred_delivery_time: 'asap' } }),
      'street',
      'Enter the street or a landmark, so that the rider can find you',
    ],
    [
      'a foreign phone',
      () => ({ contact_phone: '+254 712 345678' }),
      'contact_phone',
      'Enter a Ugandan mobile number, e.g. 0772 123456 or +256 772 123456',
    ],
    ['no contact name', () => ({ contact_name: '   ' }), 'contact_name', 'Contact name is required'],
    [
      'no payment method',
      () => ({ payment_method: undefined }),
      'payment_method',
      'Choose mobile money or cash on delivery',
    ],
    [
      'mobile money without a network',
      () => ({ payment_method: 'mobile_money', payment_phone: '0772 000111' }),
      'mobile_money_network',
      'Choose MTN or Airtel',
    ],
    [
      'mobile money without a number',
      () => ({ payment_method: 'mobile_money', mobile_money_network: 'MTN' }),
      'payment_phone',
      'Enter the mobile money number that will pay',
    ],
    ['an unknown fulfilment', () => ({ fulfilment: 'drone' }), 'fulfilment', 'Choose delivery or pick-up'],
    [
      'a long note',
      () => ({ customer_note: 'x'.repeat(501) }),
      'customer_note',
      'Use at most 500 characters',
    ],
  ];

  it.each(bad)('refuses %s with a 422 naming the field', async (_case, change, field, message) => {
    const { customer, products } = await customerWith([{ price: 60_000, stock: 4, quantity: 2 }]);
    const before = await cartOf(customer);
    const response = await customer.client.post(CHECKOUT, {
      ...checkoutBody(central.id),
      ...change(central.id),
    });
    expect(response.statusCode).toBe(422);
    expect(envelope(response.body).fields).toContainEqual({ field, message });
    expect(await cartOf(customer)).toEqual(before);
    expect(await stockOf(harness.database.pool, products[0]!.variantIds[0]!)).toBe(4);
    expect(await orderCount(customer.userId)).toBe(0);
  });

  it('refuses a withdrawn zone', async () => {
    const { customer } = await customerWith([{ price: 60_000, quantity: 1 }]);
    const zone = await zoneBySlug(harness.database.pool, 'wakiso-north');
    await harness.database.pool.query('UPDATE delivery_zones SET is_active = false WHERE id = $1', [zone.id]);
    try {
      const response = await customer.client.post(CHECKOUT, checkoutBody(zone.id));
      expect(response.statusCode).toBe(422);
      expect(envelope(response.body).fields).toEqual([
        { field: 'delivery_zone', message: 'Choose a delivery area' },
      ]);
    } finally {
      await harness.database.pool.query('UPDATE delivery_zones SET is_active = true WHERE id = $1', [
        zone.id,
      ]);
    }
  });

  it('refuses a cart the stock no longer covers (409 out_of_stock naming each short line)', async () => {
    const { customer, products } = await customerWith([
      { price: 60_000, stock: 5, quantity: 1, name: 'Plenty' },
      { price: 70_000, stock: 5, quantity: 3, name: 'Scarce Syrah' },
      { price: 80_000, stock: 5, quantity: 2, name: 'Gone Grenache' },
    ]);
    await setStock(harness.database.pool, products[1]!.variantIds[0]!, 2);
    await setStock(harness.database.pool, products[2]!.variantIds[0]!, 0);
    const before = await cartOf(customer);
    const response = await checkout(customer);
    expect(response.statusCode).toBe(409);
    expect(envelope(response.body)).toEqual({
      code: 'out_of_stock',
      message: 'Only 2 bottles of Scarce Syrah (750 ml bottle) are left.',
      fields: [
        { field: 'items.1.quantity', message: 'Only 2 left in stock' },
        { field: 'items.2.quantity', message: 'Out of stock' },
      ],
    });
    expect(await cartOf(customer)).toEqual(before);
    expect(await stockOf(harness.database.pool, products[0]!.variantIds[0]!)).toBe(5);
    expect(await orderCount(customer.userId)).toBe(0);
  });

  it('refuses a cart with a withdrawn product (409)', async () => {
    const { customer, products } = await customerWith([
      { price: 60_000, quantity: 1 },
      { price: 70_000, quantity: 1, name: 'Discontinued Cabernet' },
    ]);
    await harness.database.pool.query('UPDATE products SET is_active = false WHERE id = $1', [
      products[1]!.id,
    ]);
    const response = await checkout(customer);
    expect(response.statusCode).toBe(409);
    expect(envelope(response.body)).toEqual({
      code: 'conflict',
      message: 'Discontinued Cabernet is no longer available. Remove it from your cart to check out.',
      fields: [{ field: 'items.1.product', message: 'Discontinued Cabernet is no longer available' }],
    });
    expect(await orderCount(customer.userId)).toBe(0);
  });
});
