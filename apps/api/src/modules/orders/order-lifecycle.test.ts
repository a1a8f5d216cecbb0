import { expectedDeliveryTime } from '@shop/contract/delivery-promise';
import {
  ORDER_STATUS_TRANSITIONS,
  ORDER_STATUSES,
  type OrderStatus,
  orderSchema,
} from '@shop/contract/orders';
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
  stockOf,
  zoneBySlug,
} from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Tx } from '../../db/transaction';
import { AppError } from '../../errors';
import type { DomainEventMap, DomainEventOutbox } from '../../lib/domain-events';
import {
  cancelUnpaidOrder,
  changeOrderStatus,
  expireUnpaidOrders,
  findPayableOrder,
  markOrderPaid,
} from './order-lifecycle';

let harness: TestApp;
let zoneId: number;
const statusChanges: Array<DomainEventMap['order.status_changed']> = [];
const cancellations: Array<DomainEventMap['order.cancelled']> = [];

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  zoneId = (await zoneBySlug(harness.database.pool)).id;
  harness.app.events.subscribe('order.status_changed', (event) => {
    statusChanges.push(event);
  });
  harness.app.events.subscribe('order.cancelled', (event) => {
    cancellations.push(event);
  });
});
afterAll(() => harness?.close());

const MINUTE = 60_000;

type Placed = { orderId: string; variantId: number; customer: Customer };

/** A customer's order of `quantity` bottles of a size with `stock` in stock before the order. */
async function placedOrder(
  options: {
    payment?: 'mobile_money' | 'cash_on_delivery';
    quantity?: number;
    stock?: number;
    customer?: Customer;
  } = {},
): Promise<Placed> {
  const customer = options.customer ?? (await signedInCustomer(harness.app));
  const product = await stockedProduct(harness.database.pool, { price: 150_000, stock: options.stock ?? 10 });
  const variantId = product.variantIds[0]!;
  await addToCart(customer.client, product.id, variantId, options.quantity ?? 2);
  const body =
    options.payment === 'mobile_money'
      ? checkoutBody(zoneId, {
          payment_method: 'mobile_money',
          mobile_money_network: 'MTN',
          payment_phone: '0772 555000',
        })
      : checkoutBody(zoneId);
  const response = await customer.client.post(CHECKOUT, body);
  if (response.statusCode !== 201) throw new Error(`checkout failed: ${response.body}`);
  return { orderId: response.json().id, variantId, customer };
}

async function orderOf(placed: Placed) {
  return orderSchema.parse((await placed.customer.client.get(`${ORDERS}/${placed.orderId}/`)).json());
}

async function invoiceOf(orderId: string) {
  const result = await harness.database.pool.query(
    'SELECT status, paid_at, voided_at FROM invoices WHERE order_id = $1',
    [orderId],
  );
  return result.rows[0];
}

/** A transaction with an outbox, as payments and staff call these functions. */
const inTransaction = <T>(work: (tx: Tx, outbox: DomainEventOutbox) => Promise<T>) =>
  harness.app.events.transaction<Tx, T>(harness.app.db, work);

describe('markOrderPaid', () => {
  it('confirms a pending mobile-money order, pays its invoice, and is idempotent', async () => {
    const placed = await placedOrder({ payment: 'mobile_money' });
    const outcome = await inTransaction((tx, outbox) => markOrderPaid(tx, placed.orderId, { outbox }));
    expect(outcome).toBe('paid');
    const order = await orderOf(placed);
    expect(order).toMatchObject({ status: 'confirmed', payment_status: 'paid', payment_due_at: null });
    expect(order.history.map((change) => [change.status, change.note])).toEqual([
      ['pending', 'Order placed'],
      ['confirmed', 'Paid by mobile money'],
    ]);
    const estimated = new Date(order.estimated_delivery_time ?? 0).getTime();
    const promised = expectedDeliveryTime({ from: new Date(), leadMinutes: 120, preferredTime: 'evening' });
    expect(Math.abs(estimated - promised.getTime())).toBeLessThan(10_000);
    expect(await invoiceOf(placed.orderId)).toMatchObject({ status: 'paid' });
    expect(statusChanges.filter((event) => event.orderId === placed.orderId)).toEqual([
      expect.objectContaining({ from: 'pending', to: 'confirmed', paymentStatus: 'paid', changedBy: null }),
    ]);

    const again = await inTransaction((tx, outbox) => markOrderPaid(tx, placed.orderId, { outbox }));
    expect(again).toBe('already_paid');
    expect((await orderOf(placed)).history).toHaveLength(2);
    expect(statusChanges.filter((event) => event.orderId === placed.orderId)).toHaveLength(1);
  });

  it('pays a cash-on-delivery order without moving its status, and refuses a cancelled one', async () => {
    const cash = await placedOrder();
    expect(await harness.app.db.transaction((tx) => markOrderPaid(tx, cash.orderId))).toBe('paid');
    expect(await orderOf(cash)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });

    const cancelled = await placedOrder({ payment: 'mobile_money' });
    await harness.app.db.transaction((tx) => cancelUnpaidOrder(tx, cancelled.orderId, 'Changed my mind'));
    expect(await harness.app.db.transaction((tx) => markOrderPaid(tx, cancelled.orderId))).toBe(
      'not_payable',
    );
    expect(await orderOf(cancelled)).toMatchObject({ status: 'cancelled', payment_status: 'pending' });
    expect(
      await harness.app.db.transaction((tx) => markOrderPaid(tx, '00000000-0000-4000-8000-000000000000')),
    ).toBe('not_payable');
  });

  it('gives nothing for a payment short of the total, under the same single lock', async () => {
    const placed = await placedOrder({ payment: 'mobile_money' });
    const { total } = await orderOf(placed);
    const short = await inTransaction((tx, outbox) =>
      markOrderPaid(tx, placed.orderId, { outbox, amountPaid: total - 1 }),
    );
    expect(short).toBe('amount_short');
    expect(await orderOf(placed)).toMatchObject({ status: 'pending', payment_status: 'pending' });
    expect(statusChanges.filter((event) => event.orderId === placed.orderId)).toEqual([]);
    expect(
      await inTransaction((tx, outbox) => markOrderPaid(tx, placed.orderId, { outbox, amountPaid: total })),
    ).toBe('paid');
    // Paid already: a second, short payment is a repeat, not a shortfall.
    expect(
      await inTransaction((tx, outbox) => markOrderPaid(tx, placed.orderId, { outbox, amountPaid: 1 })),
    ).toBe('already_paid');
  });
});

describe('findPayableOrder', () => {
  it('answers the owner’s order (or any owner’s with null), and null for anyone else', async () => {
    const placed = await placedOrder({ payment: 'mobile_money' });
    const stranger = await signedInCustomer(harness.app);
    const found = await harness.app.db.transaction((tx) =>
      findPayableOrder(tx, placed.orderId, placed.customer.userId, { lock: true }),
    );
    expect(found).toMatchObject({
      id: placed.orderId,
      userId: placed.customer.userId,
      total: 310_000,
      currency: 'UGX',
      status: 'pending',
      paymentStatus: 'pending',
      paymentMethod: 'mobile_money',
      customer: { email: placed.customer.email, name: 'Test Customer' },
      payable: true,
    });
    expect(found?.orderNumber).toMatch(/^ORD-/);
    expect(found?.paymentDueAt).toBeInstanceOf(Date);
    expect(
      await harness.app.db.transaction((tx) => findPayableOrder(tx, placed.orderId, stranger.userId)),
    ).toBeNull();
    expect((await harness.app.db.transaction((tx) => findPayableOrder(tx, placed.orderId, null)))?.id).toBe(
      placed.orderId,
    );
    await harness.app.db.transaction((tx) => markOrderPaid(tx, placed.orderId));
    expect(
      (await harness.app.db.transaction((tx) => findPayableOrder(tx, placed.orderId, null)))?.payable,
    ).toBe(false);
  });
});

describe('cancelUnpaidOrder', () => {
  it('cancels a pending order, gives its stock back once, and voids its invoice', async () => {
    const placed = await placedOrder({ payment: 'mobile_money', quantity: 3, stock: 10 });
    expect(await stockOf(harness.database.pool, placed.variantId)).toBe(7);
    const first = await inTransaction((tx, outbox) =>
      cancelUnpaidOrder(tx, placed.orderId, 'Cancelled at the payment screen', { outbox, by: 'customer' }),
    );
    const second = await inTransaction((tx, outbox) =>
      cancelUnpaidOrder(tx, placed.orderId, 'Again', { outbox }),
    );
    expect([first, second]).toEqual([true, false]);
    expect(await stockOf(harness.database.pool, placed.variantId)).toBe(10);
    expect(await orderOf(placed)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Cancelled at the payment screen',
      payment_due_at: null,
    });
    expect(await invoiceOf(placed.orderId)).toMatchObject({ status: 'void' });
    expect(cancellations.filter((event) => event.orderId === placed.orderId)).toEqual([
      expect.objectContaining({ by: 'customer', stockReleased: true, wasPaid: false }),
    ]);
  });

  it('leaves a confirmed or paid order alone', async () => {
    const cash = await placedOrder();
    expect(await harness.app.db.transaction((tx) => cancelUnpaidOrder(tx, cash.orderId, 'no'))).toBe(false);
    expect((await orderOf(cash)).status).toBe('confirmed');
  });
});

describe('changeOrderStatus', () => {
  it('allows exactly the moves of ORDER_STATUS_TRANSITIONS', async () => {
    const staff = await staffMember(harness.app);
    // An order is walked to each status along allowed moves, then every move from there is tried.
    const pathTo: Record<OrderStatus, OrderStatus[]> = {
      pending: [],
      confirmed: ['confirmed'],
      processing: ['confirmed', 'processing'],
      ready_for_delivery: ['confirmed', 'processing', 'ready_for_delivery'],
      out_for_delivery: ['confirmed', 'processing', 'ready_for_delivery', 'out_for_delivery'],
      delivered: ['confirmed', 'processing', 'ready_for_delivery', 'out_for_delivery', 'delivered'],
      cancelled: ['cancelled'],
      refunded: ['confirmed', 'processing', 'ready_for_delivery', 'delivered', 'refunded'],
    };
    const customer = await signedInCustomer(harness.app);
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const placed = await placedOrder({ payment: 'mobile_money', customer, quantity: 1 });
        for (const step of pathTo[from]) {
          await harness.app.db.transaction((tx) => changeOrderStatus(tx, placed.orderId, step));
        }
        const attempt = harness.app.db.transaction((tx) =>
          changeOrderStatus(tx, placed.orderId, to, { note: 'by the test', changedBy: staff.userId }),
        );
        if (ORDER_STATUS_TRANSITIONS[from].includes(to)) {
          await expect(attempt).resolves.toEqual({ orderId: placed.orderId, from, to });
          expect((await orderOf(placed)).status).toBe(to);
        } else {
          const error = await attempt.then(
            () => null,
            (caught: unknown) => caught,
          );
          expect([from, to, error instanceof AppError ? error.statusCode : error]).toEqual([from, to, 409]);
          expect((await orderOf(placed)).status).toBe(from);
        }
      }
    }
  }, 120_000);

  it('gives the stock back when staff cancel an order on its way, and keeps the note as the reason', async () => {
    const placed = await placedOrder({ quantity: 2, stock: 5 });
    for (const step of ['processing', 'ready_for_delivery', 'out_for_delivery'] as const) {
      await harness.app.db.transaction((tx) => changeOrderStatus(tx, placed.orderId, step));
    }
    expect(await stockOf(harness.database.pool, placed.variantId)).toBe(3);
    await inTransaction((tx, outbox) =>
      changeOrderStatus(tx, placed.orderId, 'cancelled', { note: 'Customer not reachable', outbox }),
    );
    expect(await stockOf(harness.database.pool, placed.variantId)).toBe(5);
    expect(await orderOf(placed)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Customer not reachable',
    });
    expect(cancellations.filter((event) => event.orderId === placed.orderId)).toEqual([
      expect.objectContaining({ by: 'staff', reason: 'Customer not reachable', stockReleased: true }),
    ]);
  });

  it('records the cash as paid when a cash-on-delivery order is delivered, and a refund after', async () => {
    const placed = await placedOrder();
    for (const step of ['processing', 'ready_for_delivery', 'out_for_delivery', 'delivered'] as const) {
      await harness.app.db.transaction((tx) => changeOrderStatus(tx, placed.orderId, step));
    }
    expect(await orderOf(placed)).toMatchObject({ status: 'delivered', payment_status: 'paid' });
    expect(await invoiceOf(placed.orderId)).toMatchObject({ status: 'paid' });
    await harness.app.db.transaction((tx) =>
      changeOrderStatus(tx, placed.orderId, 'refunded', { note: 'Corked' }),
    );
    expect(await orderOf(placed)).toMatchObject({ status: 'refunded', payment_status: 'refunded' });
    // Delivered bottles do not come back to stock.
    expect(await stockOf(harness.database.pool, placed.variantId)).toBe(8);
  });

  it('answers 404 for an unknown order', async () => {
    const attempt = harness.app.db.transaction((tx) =>
      changeOrderStatus(tx, '00000000-0000-4000-8000-000000000000', 'confirmed'),
    );
    await expect(attempt).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('the unpaid-order expiry', () => {
  it('cancels mobile-money orders past their deadline, once, even when run twice at the same time', async () => {
    const pool = harness.database.pool;
    const due = await Promise.all([
      placedOrder({ payment: 'mobile_money', quantity: 2, stock: 6 }),
      placedOrder({ payment: 'mobile_money', quantity: 1, stock: 6 }),
      placedOrder({ payment: 'mobile_money', quantity: 3, stock: 6 }),
    ]);
    const cash = await placedOrder({ quantity: 1, stock: 6 });
    const paid = await placedOrder({ payment: 'mobile_money', quantity: 1, stock: 6 });
    await harness.app.db.transaction((tx) => markOrderPaid(tx, paid.orderId));

    const ours = due.map((placed) => placed.orderId);
    // Not yet: the deadline is 30 minutes away. (Unpaid orders of this file's earlier tests may
    // already be due when the machine is slow: only this test's orders are looked at.)
    const early = await expireUnpaidOrders(harness.app.db, new Date(Date.now() + 29 * MINUTE));
    expect(early.filter((id) => ours.includes(id))).toEqual([]);

    const later = new Date(Date.now() + 31 * MINUTE);
    const runs = await Promise.all([
      expireUnpaidOrders(harness.app.db, later, { events: harness.app.events }),
      expireUnpaidOrders(harness.app.db, later, { events: harness.app.events }),
      expireUnpaidOrders(harness.app.db, later, { events: harness.app.events, batchSize: 1 }),
    ]);
    const cancelledIds = runs.flat();
    expect(cancelledIds.filter((id) => ours.includes(id)).sort()).toEqual([...ours].sort());
    expect(new Set(cancelledIds).size).toBe(cancelledIds.length);

    for (const placed of due) {
      expect(await stockOf(pool, placed.variantId)).toBe(6);
      expect(await orderOf(placed)).toMatchObject({
        status: 'cancelled',
        cancel_reason: 'Not paid within 30 minutes',
      });
      expect(cancellations.filter((event) => event.orderId === placed.orderId)).toEqual([
        expect.objectContaining({ by: 'expiry', stockReleased: true }),
      ]);
    }
    expect((await orderOf(cash)).status).toBe('confirmed');
    expect(await stockOf(pool, cash.variantId)).toBe(5);
    expect((await orderOf(paid)).status).toBe('confirmed');
    expect(await stockOf(pool, paid.variantId)).toBe(5);

    // Running again finds nothing more to do.
    expect(await expireUnpaidOrders(harness.app.db, later)).toEqual([]);
  });

  it('either pays or cancels an order whose payment arrives as its time runs out, never both', async () => {
    const placed = await Promise.all(
      Array.from({ length: 8 }, () => placedOrder({ payment: 'mobile_money', quantity: 1, stock: 3 })),
    );
    const later = new Date(Date.now() + 31 * MINUTE);
    const [expired, ...payments] = await Promise.all([
      expireUnpaidOrders(harness.app.db, later),
      ...placed.map((order) => harness.app.db.transaction((tx) => markOrderPaid(tx, order.orderId))),
    ]);
    for (const [index, order] of placed.entries()) {
      const state = await orderOf(order);
      const stock = await stockOf(harness.database.pool, order.variantId);
      if (payments[index] === 'paid') {
        expect([state.status, state.payment_status, stock]).toEqual(['confirmed', 'paid', 2]);
        expect(expired).not.toContain(order.orderId);
      } else {
        expect(payments[index]).toBe('not_payable');
        expect([state.status, state.payment_status, stock]).toEqual(['cancelled', 'pending', 3]);
        expect(expired).toContain(order.orderId);
      }
    }
  });
});
