import crypto from 'node:crypto';
import { ORDER_STATUSES, type OrderStatus } from '@shop/contract/orders';
import { DEFAULT_SHOP_SETTINGS } from '@shop/contract/settings-values';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { notifications } from '../../db/schema/notifications';
import type { DomainEventMap } from '../../lib/domain-events';
import { TestBrowser, uniqueEmail } from '../identity/testing';
import { rememberShopSettings } from '../settings/settings-snapshot';
import { describeDevice, orderStatusNotice, paymentFailedNotice } from './notification-events';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
});
afterAll(() => harness?.close());

async function customerId() {
  const client = new TestBrowser(harness.app);
  const signIn = await client.register(uniqueEmail('evented'));
  return signIn.json().user.id as string;
}

const rowsOf = (userId: string) =>
  harness.app.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt);

function statusChange(
  userId: string,
  to: OrderStatus,
  extra: Partial<DomainEventMap['order.status_changed']> = {},
): DomainEventMap['order.status_changed'] {
  return {
    orderId: crypto.randomUUID(),
    orderNumber: 'ORD-20261122-7KQ2M',
    userId,
    from: 'confirmed',
    to,
    paymentStatus: 'paid',
    fulfilment: 'delivery',
    note: null,
    changedBy: null,
    at: new Date(),
    ...extra,
  };
}

describe('notices from domain events', () => {
  it('tells of an order placed, once however often the event comes', async () => {
    const userId = await customerId();
    const event: DomainEventMap['order.placed'] = {
      orderId: crypto.randomUUID(),
      orderNumber: 'ORD-20261122-AAAAA',
      userId,
      status: 'pending',
      paymentMethod: 'mobile_money',
      fulfilment: 'delivery',
      itemCount: 3,
      total: 450_000,
      currency: 'UGX',
      invoiceNumber: 'INV-000001',
      paymentDueAt: new Date('2026-11-22T10:30:00Z'),
      placedAt: new Date(),
    };
    expect(await harness.app.events.publish('order.placed', event)).toMatchObject({ failed: 0 });
    await harness.app.events.publish('order.placed', event);
    const rows = await rowsOf(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'order_update',
      priority: 'normal',
      title: 'Order ORD-20261122-AAAAA placed',
      message:
        'We have your order of 3 bottles (Shs 450,000). Approve the mobile money payment by 13:30 to confirm it.',
      relatedId: event.orderId,
    });
  });

  it('tells of every status change: order steps, delivery steps with the rider, cancellations with the reason', async () => {
    const userId = await customerId();
    const orderId = crypto.randomUUID();
    const delivery = (to: DomainEventMap['delivery.status_changed']['to'], extra = {}) =>
      harness.app.events.publish('delivery.status_changed', {
        deliveryId: 1,
        orderId,
        orderNumber: 'ORD-20261122-7KQ2M',
        userId,
        from: null,
        to,
        riderName: null,
        riderPhone: null,
        estimatedDeliveryTime: null,
        at: new Date(),
        ...extra,
      });
    await harness.app.events.publish('order.status_changed', statusChange(userId, 'confirmed', { orderId }));
    await delivery('confirmed');
    // A delivery order's later steps are told by its delivery, not twice by the order.
    await harness.app.events.publish('order.status_changed', statusChange(userId, 'processing', { orderId }));
    await delivery('processing');
    await delivery('ready_for_delivery');
    await delivery('out_for_delivery', {
      riderName: 'Musa Okello',
      riderPhone: '+256772000111',
      estimatedDeliveryTime: new Date('2026-11-22T14:30:00Z'),
    });
    await delivery('out_for_delivery');
    await delivery('delivered');
    const second = crypto.randomUUID();
    await harness.app.events.publish(
      'order.status_changed',
      statusChange(userId, 'cancelled', { orderId: second }),
    );
    await harness.app.events.publish('order.cancelled', {
      orderId: second,
      orderNumber: 'ORD-20261122-BBBBB',
      userId,
      reason: 'Out of stock at the supplier',
      by: 'staff',
      stockReleased: true,
      wasPaid: true,
      at: new Date(),
    });
    const rows = await rowsOf(userId);
    expect(rows.map((row) => [row.type, row.priority, row.title])).toEqual([
      ['order_update', 'normal', 'Order ORD-20261122-7KQ2M confirmed'],
      ['delivery_update', 'normal', 'Order ORD-20261122-7KQ2M is being prepared'],
      ['delivery_update', 'normal', 'Order ORD-20261122-7KQ2M is packed'],
      ['delivery_update', 'high', 'Order ORD-20261122-7KQ2M is on its way'],
      ['delivery_update', 'normal', 'Order ORD-20261122-7KQ2M delivered'],
      ['order_update', 'high', 'Order ORD-20261122-BBBBB cancelled'],
    ]);
    expect(rows[3]?.message).toBe('Musa Okello (+256772000111) is bringing it. Expected around 17:30.');
    expect(rows.at(-1)?.message).toBe(
      'Out of stock at the supplier. Your payment will be refunded to the number that paid.',
    );
  });

  it("tells a pick-up order's steps as order updates", () => {
    const processing = orderStatusNotice(statusChange('u', 'processing', { fulfilment: 'pickup' }));
    expect(processing).toMatchObject({
      type: 'order_update',
      title: 'Order ORD-20261122-7KQ2M is being prepared',
    });
    expect(orderStatusNotice(statusChange('u', 'processing'))).toBeNull();
  });

  it('tells pick-up orders when they are ready to collect', () => {
    const notice = orderStatusNotice(statusChange('u', 'ready_for_delivery', { fulfilment: 'pickup' }));
    expect(notice).toMatchObject({
      type: 'order_update',
      priority: 'high',
      title: expect.stringContaining('ready to collect'),
    });
    expect(notice?.message).toBe(
      'Collect it at Kampala Cellars, Plot 14, Acacia Avenue, Kololo, Kampala (Monday to Saturday 09:00–21:00, Sunday 12:00–19:00 (Kampala time)). Bring your order number.',
    );
  });

  it('gives the pick-up address and hours of the shop settings as they are now', () => {
    rememberShopSettings({
      ...DEFAULT_SHOP_SETTINGS,
      address: 'Plot 7, Bukoto Street, Kamwokya, Kampala',
      opening_hours: DEFAULT_SHOP_SETTINGS.opening_hours.map((day) =>
        day.day === 'sunday' ? { ...day, open: false } : day,
      ),
    });
    try {
      const notice = orderStatusNotice(statusChange('u', 'ready_for_delivery', { fulfilment: 'pickup' }));
      expect(notice?.message).toContain('Plot 7, Bukoto Street, Kamwokya, Kampala');
      expect(notice?.message).toContain('Sunday closed');
    } finally {
      rememberShopSettings(DEFAULT_SHOP_SETTINGS);
    }
  });

  it('has words for every status an order can reach', () => {
    for (const to of ORDER_STATUSES) {
      const notice = orderStatusNotice(statusChange('u', to, { fulfilment: 'pickup' }));
      if (to === 'pending' || to === 'cancelled') expect(notice).toBeNull();
      else expect(notice?.title).toMatch(/^Order ORD-/);
    }
  });

  it('tells of payments received and failed, but not of an attempt the customer replaced', async () => {
    const userId = await customerId();
    const orderId = crypto.randomUUID();
    await harness.app.events.publish('payment.succeeded', {
      transactionId: crypto.randomUUID(),
      reference: 'KC-1',
      userId,
      purpose: 'order',
      subjectId: orderId,
      subjectLabel: 'Order ORD-20261122-CCCCC',
      amount: 120_000,
      currency: 'UGX',
      network: 'MTN',
      phoneMasked: '+256 77* *** 456',
      provider: 'sandbox',
      paidAt: new Date(),
      refundDue: false,
    });
    const failed: DomainEventMap['payment.failed'] = {
      transactionId: crypto.randomUUID(),
      reference: 'KC-2',
      userId,
      purpose: 'order',
      subjectId: orderId,
      subjectLabel: 'Order ORD-20261122-CCCCC',
      status: 'failed',
      reason: 'NOT_ENOUGH_FUNDS',
      network: 'MTN',
      refundDue: false,
    };
    await harness.app.events.publish('payment.failed', failed);
    expect(paymentFailedNotice({ ...failed, status: 'cancelled' })).toBeNull();
    const rows = await rowsOf(userId);
    expect(rows.map((row) => [row.type, row.priority, row.title, row.message])).toEqual([
      [
        'payment_update',
        'normal',
        'Payment received',
        'We received Shs 120,000 by MTN Mobile Money (+256 77* *** 456) for Order ORD-20261122-CCCCC. Thank you!',
      ],
      [
        'payment_update',
        'high',
        'Payment failed',
        'The payment for Order ORD-20261122-CCCCC did not go through. There was not enough money on the MTN MoMo account. Top up (at an agent or from your bank), then try again, or pay with Airtel Money.',
      ],
    ]);
  });

  it('tells of an RSVP confirmed, an event cancelled, and wishlist alerts', async () => {
    const userId = await customerId();
    const startsAt = new Date('2026-12-05T15:00:00Z');
    await harness.app.events.publish('rsvp.confirmed', {
      rsvpId: crypto.randomUUID(),
      eventId: 12,
      userId,
      eventTitle: 'Bordeaux evening',
      startsAt,
      guests: 2,
      ticketCode: 'NDPECDQQ9T',
      paid: true,
    });
    await harness.app.events.publish('event.cancelled', {
      eventId: 12,
      eventTitle: 'Bordeaux evening',
      startsAt,
      reason: 'The winemaker cannot travel',
      rsvps: [
        { rsvpId: crypto.randomUUID(), userId, previousStatus: 'confirmed', guests: 2, paidAmount: 300_000 },
      ],
    });
    const alert = {
      alertId: Math.floor(Math.random() * 1e9),
      userId,
      productId: 5,
      productName: 'Château Margaux 2015',
      productSlug: 'chateau-margaux-2015',
      variantId: null,
      price: 900_000,
      originalPrice: 1_100_000,
      at: new Date(),
    };
    await harness.app.events.publish('wishlist.product_on_sale', alert);
    await harness.app.events.publish('wishlist.product_on_sale', alert);
    const rows = await rowsOf(userId);
    expect(rows.map((row) => [row.type, row.priority, row.title, row.relatedId])).toEqual([
      ['event', 'normal', "You're booked: Bordeaux evening", '12'],
      ['event', 'urgent', 'Bordeaux evening is cancelled', '12'],
      ['promotion', 'normal', 'Château Margaux 2015 is on sale', '5'],
    ]);
    expect(rows[0]?.message).toBe(
      // The code as the ticket page shows it.
      '2 seats confirmed for 5 Dec 2026, 18:00. Your ticket code is NDPEC-DQQ9T.',
    );
    expect(rows[1]?.message).toContain('We will refund your Shs 300,000.');
    expect(rows[2]?.message).toBe(
      'A bottle on your wishlist costs less. Now Shs 900,000, was Shs 1,100,000.',
    );
  });
});

describe('describeDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36',
      'Chrome on Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/130.0 Safari/537.36 Edg/130.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile Safari/604.1',
      'Safari on iOS',
    ],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/130.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0', 'Firefox on Linux'],
    ['curl/8.5.0', 'an unknown device'],
    [null, 'an unknown device'],
  ])('%s is %s', (userAgent, expected) => {
    expect(describeDevice(userAgent)).toBe(expected);
  });
});
