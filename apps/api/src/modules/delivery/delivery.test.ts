import type { AddressInfo } from 'node:net';
import { expectedDeliveryTime } from '@shop/contract/delivery-promise';
import {
  deliverableOrderListSchema,
  deliveryListResponseSchema,
  deliverySchema,
  deliveryStatsSchema,
  saveDeliveryInstructionsResponseSchema,
} from '@shop/contract/delivery-tracking';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { formatKampalaClock } from '@shop/contract/kampala-time';
import { type CheckoutRequest, orderSchema } from '@shop/contract/orders';
import { staffOrderListResponseSchema, staffOrderSchema } from '@shop/contract/staff-orders';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  CHECKOUT,
  type Customer,
  checkoutBody,
  ORDERS,
  signedInCustomer,
  staffMember,
  stockedProduct,
  zoneBySlug,
} from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { deliveries, deliveryEvents } from '../../db/schema/deliveries';
import { isNotification, TestSocket } from '../notifications/testing';
import { reconcileDeliveries } from './delivery.plugin';
import { findOutOfStepOrderIds } from './delivery.repository';
import { syncDelivery } from './delivery.service';

let harness: TestApp;
let central: Awaited<ReturnType<typeof zoneBySlug>>;
let staff: Customer;

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  central = await zoneBySlug(harness.database.pool);
  staff = await staffMember(harness.app);
});
afterAll(() => harness?.close());

const TRACKING = '/api/v1/orders/delivery-tracking';
const STAFF = '/api/v1/orders/admin/orders';
const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;
const MINUTE = 60_000;

/** A customer with an order placed through the real checkout (cash on delivery: confirmed at once). */
async function placeOrder(customer?: Customer, overrides: Partial<CheckoutRequest> = {}) {
  const buyer = customer ?? (await signedInCustomer(harness.app, 'Namara Kisakye'));
  const product = await stockedProduct(harness.database.pool, { price: 120_000, stock: 20 });
  await addToCart(buyer.client, product.id, product.variantIds[0]!, 2);
  const response = await buyer.client.post(CHECKOUT, checkoutBody(central.id, overrides));
  if (response.statusCode !== 201)
    throw new Error(`checkout failed: ${response.statusCode} ${response.body}`);
  return { customer: buyer, order: orderSchema.parse(response.json()) };
}

const move = (orderId: string, status: string, note?: string) =>
  staff.client.post(`${STAFF}/${orderId}/status/`, note === undefined ? { status } : { status, note });
const assign = (orderId: string, rider_name = 'Musa Okello', rider_phone = '0772 000111') =>
  staff.client.post(`${STAFF}/${orderId}/rider/`, { rider_name, rider_phone });
const track = (customer: Customer, orderNumber: string) =>
  customer.client.get(`${TRACKING}/track_by_order_number/?order_number=${encodeURIComponent(orderNumber)}`);
async function tracked(customer: Customer, orderNumber: string) {
  const response = await track(customer, orderNumber);
  expect(response.statusCode, response.body).toBe(200);
  return deliverySchema.parse(response.json());
}

describe('a delivery follows its order', () => {
  it('moves a late promise on, inside the customer’s window, on the order, the tracking and the desk', async () => {
    const { customer, order } = await placeOrder();
    const twoHoursAgo = new Date(Date.now() - 120 * MINUTE);
    await harness.database.pool.query('UPDATE orders SET estimated_delivery_time = $1 WHERE id = $2', [
      twoHoursAgo,
      order.id,
    ]);
    await harness.database.pool.query(
      'UPDATE deliveries SET estimated_delivery_time = $1 WHERE order_id = $2',
      [twoHoursAgo, order.id],
    );
    const seen = [
      orderSchema.parse((await customer.client.get(`${ORDERS}/${order.id}/`)).json()).estimated_delivery_time,
      (await tracked(customer, order.order_number)).estimated_delivery_time,
      staffOrderSchema.parse((await staff.client.get(`${STAFF}/${order.id}/`)).json())
        .estimated_delivery_time,
    ];
    for (const estimate of seen) {
      expect(new Date(estimate ?? 0).getTime()).toBeGreaterThan(Date.now());
      const clock = formatKampalaClock(estimate ?? 0);
      expect(clock >= '17:00' && clock <= '20:00', clock).toBe(true);
    }
  });

  it('is created with the confirmed order: 20 %, low, estimated from the zone, in the timeline', async () => {
    const { customer, order } = await placeOrder();
    const delivery = await tracked(customer, order.order_number);
    expect(delivery).toMatchObject({
      order_id: order.id,
      order_number: order.order_number,
      status: 'confirmed',
      progress: 20,
      progress_class: 'low',
      rider: null,
      delivery_zone: 'Central Kampala',
      delivery_time_label: '1–2 hours',
      street: 'Acacia Avenue 12',
      delivered_at: null,
      instructions: expect.objectContaining({
        preferred_delivery_time: 'evening',
        landmark: 'Opposite Shell Kololo',
      }),
    });
    expect(delivery.estimated_delivery_time).toBe(order.estimated_delivery_time);
    const eta = new Date(delivery.estimated_delivery_time ?? 0).getTime();
    expect(eta - new Date(order.created_at).getTime()).toBeGreaterThan(
      central.delivery_time_minutes * MINUTE - 5_000,
    );
    expect(delivery.timeline.map((entry) => entry.status)).toEqual(['confirmed']);
  });

  it('moves with the staff: progress and class at every step, the rider and a fresh estimate from dispatch', async () => {
    const { customer, order } = await placeOrder();
    const steps: Array<[string, number, string]> = [
      ['processing', 40, 'low'],
      ['ready_for_delivery', 60, 'medium'],
    ];
    for (const [status, progress, progressClass] of steps) {
      expect((await move(order.id, status)).statusCode).toBe(200);
      expect(await tracked(customer, order.order_number)).toMatchObject({
        status,
        progress,
        progress_class: progressClass,
      });
    }

    // No rider, no dispatch: the order stays where it was.
    const early = await move(order.id, 'out_for_delivery');
    expect(early.statusCode).toBe(409);
    expect(envelope(early.body).message).toBe('Assign a rider before the order goes out for delivery');
    expect((await tracked(customer, order.order_number)).status).toBe('ready_for_delivery');

    const assigned = await assign(order.id);
    expect(assigned.statusCode).toBe(200);
    expect(staffOrderSchema.parse(assigned.json()).delivery).toMatchObject({
      rider_name: 'Musa Okello',
      rider_phone: '+256772000111',
    });
    // Not shown to the customer before the rider leaves.
    expect((await tracked(customer, order.order_number)).rider).toBeNull();

    const before = Date.now();
    const dispatched = await move(order.id, 'out_for_delivery', 'With rider Musa');
    expect(dispatched.statusCode).toBe(200);
    const onTheRoad = await tracked(customer, order.order_number);
    expect(onTheRoad).toMatchObject({
      status: 'out_for_delivery',
      progress: 80,
      progress_class: 'high',
      rider: { name: 'Musa Okello', phone: '+256772000111' },
    });
    const eta = new Date(onTheRoad.estimated_delivery_time ?? 0).getTime();
    expect(eta).toBeGreaterThanOrEqual(before + central.delivery_time_minutes * MINUTE - 1_000);
    const promised = expectedDeliveryTime({
      from: new Date(),
      leadMinutes: central.delivery_time_minutes,
      preferredTime: 'evening',
    });
    expect(eta).toBeLessThanOrEqual(promised.getTime() + 1_000);
    // The order shows the same estimate.
    const orderNow = orderSchema.parse((await customer.client.get(`${ORDERS}/${order.id}/`)).json());
    expect(orderNow.estimated_delivery_time).toBe(onTheRoad.estimated_delivery_time);

    expect((await move(order.id, 'delivered')).statusCode).toBe(200);
    const done = await tracked(customer, order.order_number);
    expect(done).toMatchObject({ status: 'delivered', progress: 100, progress_class: 'high', rider: null });
    expect(done.delivered_at).not.toBeNull();
    expect(done.timeline.map((entry) => [entry.status, entry.note])).toEqual([
      ['confirmed', 'Cash on delivery: pay when your bottles arrive'],
      ['processing', null],
      ['ready_for_delivery', null],
      ['ready_for_delivery', 'Rider Musa Okello assigned'],
      ['out_for_delivery', 'With rider Musa'],
      ['delivered', null],
    ]);
    const active = deliveryListResponseSchema.parse(
      (await customer.client.get(`${TRACKING}/active_deliveries/`)).json(),
    );
    expect(active.results).toEqual([]);
  });

  it('is cancelled with its order (0 %), and the table refuses any further move', async () => {
    const { customer, order } = await placeOrder();
    const noReason = await move(order.id, 'cancelled');
    expect(noReason.statusCode).toBe(422);
    expect(envelope(noReason.body).fields).toEqual([
      { field: 'note', message: 'Give the reason for cancelling' },
    ]);

    expect((await move(order.id, 'cancelled', 'The customer asked us to')).statusCode).toBe(200);
    expect(await tracked(customer, order.order_number)).toMatchObject({
      status: 'cancelled',
      progress: 0,
      progress_class: 'low',
    });
    const again = await move(order.id, 'processing');
    expect(again.statusCode).toBe(409);
    expect(envelope(again.body).message).toBe('An order that is cancelled cannot become being prepared.');
    expect((await assign(order.id)).statusCode).toBe(409);
  });

  it('enforces the transition table on every move', async () => {
    const { order } = await placeOrder();
    for (const status of ['delivered', 'out_for_delivery', 'pending', 'refunded']) {
      const response = await move(order.id, status);
      expect(response.statusCode, status).toBe(409);
    }
    const unknown = await move(order.id, 'teleported');
    expect(unknown.statusCode).toBe(422);
    expect(envelope(unknown.body).fields).toEqual([{ field: 'status', message: 'Choose the next status' }]);
    const listed = staffOrderSchema.parse((await staff.client.get(`${STAFF}/${order.id}/`)).json());
    expect(listed).toMatchObject({ status: 'confirmed', allowed_transitions: ['processing', 'cancelled'] });
  });

  it('delivers a delivery order only from out for delivery; a pick-up is collected when ready', async () => {
    const { customer, order } = await placeOrder();
    await move(order.id, 'processing');
    await move(order.id, 'ready_for_delivery');
    const ready = staffOrderSchema.parse((await staff.client.get(`${STAFF}/${order.id}/`)).json());
    expect(ready.allowed_transitions).toEqual(['out_for_delivery', 'cancelled']);
    const skipped = await move(order.id, 'delivered');
    expect(skipped.statusCode).toBe(409);
    expect(envelope(skipped.body).fields).toEqual([
      {
        field: 'status',
        message: 'A delivery order is delivered by its rider: send it out for delivery first',
      },
    ]);
    // Rolled back whole: the order, its payment and its delivery are where they were.
    const after = staffOrderSchema.parse((await staff.client.get(`${STAFF}/${order.id}/`)).json());
    expect(after).toMatchObject({ status: 'ready_for_delivery', payment_status: 'pending' });
    expect((await tracked(customer, order.order_number)).status).toBe('ready_for_delivery');

    await assign(order.id);
    expect((await move(order.id, 'out_for_delivery')).statusCode).toBe(200);
    expect((await move(order.id, 'delivered')).statusCode).toBe(200);

    const pickup = await placeOrder(undefined, {
      fulfilment: 'pickup',
      delivery_zone: null,
      street: null,
      delivery_instructions: null,
    });
    await move(pickup.order.id, 'processing');
    await move(pickup.order.id, 'ready_for_delivery');
    const counter = staffOrderSchema.parse((await staff.client.get(`${STAFF}/${pickup.order.id}/`)).json());
    expect(counter.allowed_transitions).toEqual(['delivered', 'cancelled']);
    expect((await move(pickup.order.id, 'delivered')).statusCode).toBe(200);
  });

  it('lets exactly one of two staff members make the same move at once', async () => {
    const { customer, order } = await placeOrder();
    const other = await staffMember(harness.app);
    const answers = await Promise.all([
      move(order.id, 'processing'),
      other.client.post(`${STAFF}/${order.id}/status/`, { status: 'processing' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const delivery = await tracked(customer, order.order_number);
    expect(delivery.timeline.filter((entry) => entry.status === 'processing')).toHaveLength(1);
  });

  it('does not exist for a pick-up order, nor before an unpaid order is confirmed', async () => {
    const pickup = await placeOrder(undefined, {
      fulfilment: 'pickup',
      delivery_zone: null,
      street: null,
      delivery_instructions: null,
    });
    const pickupTrack = await track(pickup.customer, pickup.order.order_number);
    expect(pickupTrack.statusCode).toBe(404);
    expect(envelope(pickupTrack.body).message).toContain('collected at the shop');
    const pickupShip = await move(pickup.order.id, 'processing');
    expect(pickupShip.statusCode).toBe(200);
    await move(pickup.order.id, 'ready_for_delivery');
    const neverShips = await move(pickup.order.id, 'out_for_delivery');
    expect(neverShips.statusCode).toBe(409);
    expect(envelope(neverShips.body).message).toContain('never goes out for delivery');
    expect((await assign(pickup.order.id)).statusCode).toBe(409);

    const unpaid = await placeOrder(undefined, {
      payment_method: 'mobile_money',
      mobile_money_network: 'MTN',
      payment_phone: '0772 123456',
    });
    expect(unpaid.order.status).toBe('pending');
    const waiting = await track(unpaid.customer, unpaid.order.order_number);
    expect(waiting.statusCode).toBe(404);
    expect(envelope(waiting.body).message).toContain('no delivery yet');
    expect((await move(unpaid.order.id, 'confirmed')).statusCode).toBe(200);
    expect((await tracked(unpaid.customer, unpaid.order.order_number)).status).toBe('confirmed');
  });
});

describe('tracking is for the customer’s own orders', () => {
  it("answers 404 for another customer's order number, as for one that does not exist", async () => {
    const { order } = await placeOrder();
    const stranger = await signedInCustomer(harness.app);
    const theirs = await track(stranger, order.order_number);
    expect(theirs.statusCode).toBe(404);
    const missing = await track(stranger, 'ORD-20260101-ZZZZZ');
    expect(missing.statusCode).toBe(404);
    expect(envelope(theirs.body).code).toBe('not_found');
    expect(theirs.body).not.toContain('Acacia');
    expect(envelope(theirs.body).message).toBe(`Order ${order.order_number} was not found.`);
  });

  it('accepts the number in any case and refuses what is not an order number', async () => {
    const { customer, order } = await placeOrder();
    expect((await track(customer, order.order_number.toLowerCase())).statusCode).toBe(200);
    for (const [query, message] of [
      ['', 'Enter your order number'],
      ['?order_number=', 'Enter your order number'],
      ['?order_number=12345', 'Order numbers look like ORD-20261122-7KQ2M'],
    ] as const) {
      const response = await customer.client.get(`${TRACKING}/track_by_order_number/${query}`);
      expect(response.statusCode).toBe(422);
      expect(envelope(response.body).fields).toEqual([{ field: 'order_number', message }]);
    }
  });

  it('lists only the customer’s own active deliveries, paged, and counts them', async () => {
    const buyer = await signedInCustomer(harness.app);
    const first = await placeOrder(buyer);
    const second = await placeOrder(buyer);
    await placeOrder(); // someone else's
    const active = deliveryListResponseSchema.parse(
      (await buyer.client.get(`${TRACKING}/active_deliveries/?page_size=1`)).json(),
    );
    expect(active).toMatchObject({ count: 2, total_pages: 2, next: 2 });
    expect(active.results.map((item) => item.order_id)).toEqual([second.order.id]);
    const page2 = deliveryListResponseSchema.parse(
      (await buyer.client.get(`${TRACKING}/active_deliveries/?page_size=1&page=2`)).json(),
    );
    expect(page2.results.map((item) => item.order_id)).toEqual([first.order.id]);

    await move(second.order.id, 'processing');
    await move(first.order.id, 'cancelled', 'Duplicate order');
    const stats = deliveryStatsSchema.parse((await buyer.client.get(`${TRACKING}/delivery_stats/`)).json());
    expect(stats).toEqual({
      total: 2,
      pending: 0,
      processing: 1,
      out_for_delivery: 0,
      delivered: 0,
      cancelled: 1,
    });
  });

  it('keeps the customer’s own deliveries of the last 30 days, newest first, paged, with their timeline', async () => {
    const buyer = await signedInCustomer(harness.app);
    const deliver = async (orderId: string) => {
      for (const status of ['processing', 'ready_for_delivery']) await move(orderId, status);
      await assign(orderId);
      await move(orderId, 'out_for_delivery');
      expect((await move(orderId, 'delivered')).statusCode).toBe(200);
    };
    const old = await placeOrder(buyer);
    const first = await placeOrder(buyer);
    const second = await placeOrder(buyer);
    const stillComing = await placeOrder(buyer);
    const strangers = await placeOrder();
    for (const placed of [old, first, second, strangers]) await deliver(placed.order.id);
    await harness.database.db
      .update(deliveries)
      .set({ deliveredAt: new Date(Date.now() - 31 * 24 * 60 * MINUTE) })
      .where(eq(deliveries.orderId, old.order.id));

    const response = await buyer.client.get(`${TRACKING}/recent_deliveries/?page_size=1`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const recent = deliveryListResponseSchema.parse(response.json());
    expect(recent).toMatchObject({ count: 2, total_pages: 2, next: 2 });
    expect(recent.results.map((item) => [item.order_id, item.status])).toEqual([
      [second.order.id, 'delivered'],
    ]);
    expect(recent.results[0]!.timeline.map((entry) => entry.status)).toEqual([
      'confirmed',
      'processing',
      'ready_for_delivery',
      'ready_for_delivery',
      'out_for_delivery',
      'delivered',
    ]);
    const page2 = deliveryListResponseSchema.parse(
      (await buyer.client.get(`${TRACKING}/recent_deliveries/?page_size=1&page=2`)).json(),
    );
    expect(page2.results.map((item) => item.order_id)).toEqual([first.order.id]);
    // The active list still has only what is on its way.
    const active = deliveryListResponseSchema.parse(
      (await buyer.client.get(`${TRACKING}/active_deliveries/`)).json(),
    );
    expect(active.results.map((item) => item.order_id)).toEqual([stillComing.order.id]);
  });

  it('answers zeros and empty lists to a new customer, never cached', async () => {
    const fresh = await signedInCustomer(harness.app);
    const stats = await fresh.client.get(`${TRACKING}/delivery_stats/`);
    expect(stats.headers['cache-control']).toBe('no-store');
    expect(stats.json()).toEqual({
      total: 0,
      pending: 0,
      processing: 0,
      out_for_delivery: 0,
      delivered: 0,
      cancelled: 0,
    });
    expect((await fresh.client.get(`${TRACKING}/active_deliveries/`)).json()).toEqual({
      results: [],
      count: 0,
      total_pages: 0,
      next: null,
    });
    expect((await fresh.client.get(`${TRACKING}/deliverable_orders/`)).json()).toEqual({
      results: [],
      count: 0,
      total_pages: 0,
      next: null,
      last_instructions: null,
    });
  });

  it('is for signed-in customers only', async () => {
    const visitor = new (await import('../identity/testing')).TestBrowser(harness.app);
    await visitor.startVisit();
    for (const path of [
      'deliverable_orders/',
      'active_deliveries/',
      'recent_deliveries/',
      'delivery_stats/',
      'track_by_order_number/',
    ]) {
      expect((await visitor.get(`${TRACKING}/${path}`)).statusCode, path).toBe(401);
    }
    expect((await visitor.post(`${TRACKING}/deliverable_orders/`, {})).statusCode).toBe(401);
  });
});

describe('delivery instructions', () => {
  it('lists the orders that take them, with the last instructions to prefill the form', async () => {
    const buyer = await signedInCustomer(harness.app);
    const open = await placeOrder(buyer);
    const gone = await placeOrder(buyer);
    await placeOrder(buyer, {
      fulfilment: 'pickup',
      delivery_zone: null,
      street: null,
      delivery_instructions: null,
    });
    await move(gone.order.id, 'processing');
    await move(gone.order.id, 'ready_for_delivery');
    await assign(gone.order.id);
    await move(gone.order.id, 'out_for_delivery');

    const list = deliverableOrderListSchema.parse(
      (await buyer.client.get(`${TRACKING}/deliverable_orders/`)).json(),
    );
    expect(list.results.map((item) => item.order_id)).toEqual([open.order.id]);
    expect(list.last_instructions).toMatchObject({
      preferred_delivery_time: 'evening',
      contact_preference: 'phone',
    });
  });

  it('saves them on the order with the defaults of docs/product.md section 3, and they prefill the next', async () => {
    const { customer, order } = await placeOrder();
    const response = await customer.client.post(`${TRACKING}/deliverable_orders/`, {
      order_id: order.id,
      preferred_delivery_time: 'morning',
      access_instructions: '  Blue gate, second floor  ',
      security_code: '4711',
    });
    expect(response.statusCode).toBe(200);
    const saved = saveDeliveryInstructionsResponseSchema.parse(response.json());
    expect(saved).toEqual({
      order_id: order.id,
      order_number: order.order_number,
      instructions: {
        preferred_delivery_time: 'morning',
        contact_preference: 'phone',
        leave_at_door: false,
        require_signature: true,
        delivery_notes: null,
        special_instructions: null,
        access_instructions: 'Blue gate, second floor',
        security_code: '4711',
        landmark: null,
        plus_code: null,
      },
    });
    const orderNow = orderSchema.parse((await customer.client.get(`${ORDERS}/${order.id}/`)).json());
    expect(orderNow.delivery_instructions).toEqual(saved.instructions);
    const list = deliverableOrderListSchema.parse(
      (await customer.client.get(`${TRACKING}/deliverable_orders/`)).json(),
    );
    expect(list.last_instructions).toEqual(saved.instructions);
    expect((await tracked(customer, order.order_number)).instructions).toEqual(saved.instructions);
  });

  it.each([
    [{}, 'preferred_delivery_time', 'Preferred delivery time is required'],
    [
      { preferred_delivery_time: 'midnight' },
      'preferred_delivery_time',
      'Preferred delivery time is required',
    ],
    [
      { preferred_delivery_time: 'asap', contact_preference: '' },
      'contact_preference',
      'Contact preference is required',
    ],
    [
      { preferred_delivery_time: 'asap', contact_preference: null },
      'contact_preference',
      'Contact preference is required',
    ],
    [{ preferred_delivery_time: 'asap', leave_at_door: 'yes' }, 'leave_at_door', 'Choose yes or no'],
    [
      { preferred_delivery_time: 'asap', landmark: 'x'.repeat(201) },
      'landmark',
      'Use at most 200 characters',
    ],
  ])(
    'refuses %j with the message of docs/product.md section 5, changing nothing',
    async (body, field, message) => {
      const { customer, order } = await placeOrder();
      const response = await customer.client.post(`${TRACKING}/deliverable_orders/`, {
        order_id: order.id,
        ...body,
      });
      expect(response.statusCode).toBe(422);
      expect(envelope(response.body).fields).toEqual([{ field, message }]);
      const orderNow = orderSchema.parse((await customer.client.get(`${ORDERS}/${order.id}/`)).json());
      expect(orderNow.delivery_instructions?.preferred_delivery_time).toBe('evening');
    },
  );

  it("refuses another customer's order (404), a missing one (422) and one already on its way (409)", async () => {
    const { order } = await placeOrder();
    const stranger = await signedInCustomer(harness.app);
    const theirs = await stranger.client.post(`${TRACKING}/deliverable_orders/`, {
      order_id: order.id,
      preferred_delivery_time: 'asap',
    });
    expect(theirs.statusCode).toBe(404);
    const noOrder = await stranger.client.post(`${TRACKING}/deliverable_orders/`, {
      preferred_delivery_time: 'asap',
    });
    expect(envelope(noOrder.body).fields).toEqual([
      { field: 'order_id', message: 'Choose one of your orders' },
    ]);

    const { customer, order: leaving } = await placeOrder();
    await move(leaving.id, 'processing');
    await move(leaving.id, 'ready_for_delivery');
    await assign(leaving.id);
    await move(leaving.id, 'out_for_delivery');
    const late = await customer.client.post(`${TRACKING}/deliverable_orders/`, {
      order_id: leaving.id,
      preferred_delivery_time: 'asap',
    });
    expect(late.statusCode).toBe(409);
    expect(envelope(late.body).fields).toEqual([
      { field: 'order_id', message: 'This order can no longer take delivery instructions' },
    ]);
  });
});

describe('the staff order desk', () => {
  it('is for staff and admins: customers get 403, visitors 401', async () => {
    const { customer, order } = await placeOrder();
    expect((await customer.client.get(`${STAFF}/`)).statusCode).toBe(403);
    expect(
      (await customer.client.post(`${STAFF}/${order.id}/status/`, { status: 'processing' })).statusCode,
    ).toBe(403);
    expect(
      (
        await customer.client.post(`${STAFF}/${order.id}/rider/`, {
          rider_name: 'Me',
          rider_phone: '0772000111',
        })
      ).statusCode,
    ).toBe(403);
    // A customer's bad body still meets the role check first.
    expect((await customer.client.post(`${STAFF}/${order.id}/status/`, { status: 'x' })).statusCode).toBe(
      403,
    );
    expect(
      (await new (await import('../identity/testing')).TestBrowser(harness.app).get(`${STAFF}/`)).statusCode,
    ).toBe(401);
    const admin = await staffMember(harness.app, 'admin');
    expect((await admin.client.get(`${STAFF}/`)).statusCode).toBe(200);
    expect((await tracked(customer, order.order_number)).status).toBe('confirmed');
  });

  it('lists every order by status, with counts, deliveries and the allowed moves', async () => {
    const { order } = await placeOrder();
    await move(order.id, 'processing');
    const list = staffOrderListResponseSchema.parse(
      (await staff.client.get(`${STAFF}/?status=processing`)).json(),
    );
    expect(list.results.every((item) => item.status === 'processing')).toBe(true);
    const row = list.results.find((item) => item.id === order.id);
    expect(row).toMatchObject({
      contact_name: 'Namara Kisakye',
      contact_phone: '+256772123456',
      delivery_zone: 'Central Kampala',
      delivery: { status: 'processing', rider_name: null },
      allowed_transitions: ['ready_for_delivery', 'cancelled'],
    });
    expect(list.status_counts.processing).toBeGreaterThanOrEqual(1);
    expect(Object.keys(list.status_counts).sort()).toEqual([
      'cancelled',
      'confirmed',
      'delivered',
      'out_for_delivery',
      'pending',
      'processing',
      'ready_for_delivery',
      'refunded',
    ]);
    const paged = staffOrderListResponseSchema.parse(
      (await staff.client.get(`${STAFF}/?page_size=2`)).json(),
    );
    expect(paged.results).toHaveLength(2);
    expect(paged.next).toBe(2);
    expect((await staff.client.get(`${STAFF}/?status=lost`)).statusCode).toBe(422);
    expect((await staff.client.get(`${STAFF}/00000000-0000-4000-8000-000000000000/`)).statusCode).toBe(404);
  });

  it('refuses a rider without a name or a Ugandan mobile number', async () => {
    const { order } = await placeOrder();
    const response = await staff.client.post(`${STAFF}/${order.id}/rider/`, {
      rider_name: ' ',
      rider_phone: '12',
    });
    expect(response.statusCode).toBe(422);
    expect(envelope(response.body).fields?.map((field) => field.field)).toEqual([
      'rider_name',
      'rider_phone',
    ]);
  });
});

describe('live', () => {
  it("pushes the customer's socket a notification when staff send the order out", async () => {
    await harness.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = harness.app.server.address() as AddressInfo;
    const { customer, order } = await placeOrder();
    const socket = new TestSocket(`ws://127.0.0.1:${port}/api/v1/ws/notifications`, {
      cookie: customer.client.cookieHeader(),
      origin: harness.app.config.publicUrl,
    });
    try {
      await socket.next((message): message is typeof message => message.type === 'notification_update');
      await move(order.id, 'processing');
      await move(order.id, 'ready_for_delivery');
      await assign(order.id, 'Aisha Nambi', '0701 234567');
      await move(order.id, 'out_for_delivery');
      const pushed = await socket.next(
        (message): message is Extract<typeof message, { type: 'notification' }> =>
          isNotification(message) && message.notification.title.endsWith('is on its way'),
      );
      expect(pushed.notification).toMatchObject({
        type: 'delivery_update',
        priority: 'high',
        related_id: order.id,
        title: `Order ${order.order_number} is on its way`,
      });
      expect(pushed.notification.message).toContain('Aisha Nambi (+256701234567) is bringing it.');
      expect(socket.messages.filter(isNotification).map((message) => message.notification.title)).toEqual([
        `Order ${order.order_number} is being prepared`,
        `Order ${order.order_number} is packed`,
        `Order ${order.order_number} is on its way`,
      ]);
    } finally {
      socket.close();
    }
  });
});

describe('reconciliation', () => {
  it('catches up a delivery whose event was lost, with its whole timeline', async () => {
    const { customer, order } = await placeOrder();
    await move(order.id, 'processing');
    // As if the handlers had failed: no delivery, and the change is older than a minute.
    await harness.app.db.delete(deliveries).where(eq(deliveries.orderId, order.id));
    await harness.app.db.execute(
      sql`UPDATE orders SET updated_at = now() - interval '2 minutes' WHERE id = ${order.id}`,
    );
    expect(await findOutOfStepOrderIds(harness.app.db, 200)).toContain(order.id);

    const sync = (orderId: string) =>
      harness.app.events.transaction(harness.app.db, (tx, outbox) => syncDelivery(tx, orderId, outbox));
    expect(
      await reconcileDeliveries(sync, () => findOutOfStepOrderIds(harness.app.db, 200)),
    ).toBeGreaterThanOrEqual(1);
    const delivery = await tracked(customer, order.order_number);
    expect(delivery.status).toBe('processing');
    expect(delivery.timeline.map((entry) => entry.status)).toEqual(['confirmed', 'processing']);
    expect(await findOutOfStepOrderIds(harness.app.db, 200)).not.toContain(order.id);
    // Running the sync again changes nothing.
    await sync(order.id);
    const [row] = await harness.app.db.select().from(deliveries).where(eq(deliveries.orderId, order.id));
    const events = await harness.app.db
      .select()
      .from(deliveryEvents)
      .where(eq(deliveryEvents.deliveryId, row!.id));
    expect(events).toHaveLength(2);
  });
});

describe('OpenAPI', () => {
  it('documents every delivery and staff call', async () => {
    const document = (await harness.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const path of [
      '/api/v1/orders/delivery-tracking/deliverable_orders/',
      '/api/v1/orders/delivery-tracking/active_deliveries/',
      '/api/v1/orders/delivery-tracking/recent_deliveries/',
      '/api/v1/orders/delivery-tracking/track_by_order_number/',
      '/api/v1/orders/delivery-tracking/delivery_stats/',
      '/api/v1/orders/admin/orders/',
      '/api/v1/orders/admin/orders/{id}/',
      '/api/v1/orders/admin/orders/{id}/status/',
      '/api/v1/orders/admin/orders/{id}/rider/',
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
    expect(Object.keys(document.paths['/api/v1/orders/delivery-tracking/deliverable_orders/'])).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
  });
});
