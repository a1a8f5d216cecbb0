import { describe, expect, it } from 'vitest';
import {
  DELIVERY_PROGRESS,
  DELIVERY_STATUSES,
  type DeliveryInstructions,
  deliveryInstructionsResponseSchema,
  deliveryInstructionsSchema,
  progressClass,
  toInstructionsResponse,
} from './delivery';
import { DELIVERY_STEPS, trackQuerySchema } from './delivery-tracking';
import { notificationPath } from './notification-constants';
import { registerPushRequestSchema } from './notifications';
import { canTransition, ORDER_STATUS_TRANSITIONS, ORDER_STATUSES } from './orders';
import { changeOrderStatusRequestSchema, nextStatuses } from './staff-orders';

describe('delivery progress (docs/product.md section 4)', () => {
  it('has the table of statuses and percentages', () => {
    expect(DELIVERY_STATUSES).toEqual([
      'confirmed',
      'processing',
      'ready_for_delivery',
      'out_for_delivery',
      'delivered',
      'cancelled',
    ]);
    expect(DELIVERY_PROGRESS).toEqual({
      confirmed: 20,
      processing: 40,
      ready_for_delivery: 60,
      out_for_delivery: 80,
      delivered: 100,
      cancelled: 0,
    });
    expect(DELIVERY_STEPS.map((status) => DELIVERY_PROGRESS[status])).toEqual([20, 40, 60, 80, 100]);
  });

  it.each([
    [0, 'low'],
    [20, 'low'],
    [40, 'low'],
    [49, 'low'],
    [50, 'medium'],
    [60, 'medium'],
    [79, 'medium'],
    [80, 'high'],
    [100, 'high'],
  ])('classes %i %% as %s', (progress, expected) => {
    expect(progressClass(progress)).toBe(expected);
  });
});

describe('the order transition table', () => {
  it('allows exactly these moves', () => {
    const allowed = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}>${to}`),
    );
    expect(allowed).toEqual([
      'pending>confirmed',
      'pending>cancelled',
      'confirmed>processing',
      'confirmed>cancelled',
      'processing>ready_for_delivery',
      'processing>cancelled',
      'ready_for_delivery>out_for_delivery',
      'ready_for_delivery>delivered',
      'ready_for_delivery>cancelled',
      'out_for_delivery>delivered',
      'out_for_delivery>cancelled',
      'delivered>refunded',
    ]);
    expect(ORDER_STATUS_TRANSITIONS.cancelled).toEqual([]);
    expect(ORDER_STATUS_TRANSITIONS.refunded).toEqual([]);
  });

  it('sends a delivery order out with its rider before it is delivered; a pick-up never goes out', () => {
    expect(nextStatuses('ready_for_delivery', 'delivery')).toEqual(['out_for_delivery', 'cancelled']);
    expect(nextStatuses('ready_for_delivery', 'pickup')).toEqual(['delivered', 'cancelled']);
    expect(nextStatuses('out_for_delivery', 'delivery')).toEqual(['delivered', 'cancelled']);
    for (const status of ORDER_STATUSES) {
      if (status === 'ready_for_delivery') continue;
      expect(nextStatuses(status, 'delivery'), status).toEqual(ORDER_STATUS_TRANSITIONS[status]);
    }
  });

  it('needs a reason to cancel', () => {
    const missing = changeOrderStatusRequestSchema.safeParse({ status: 'cancelled', note: '  ' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['note', 'Give the reason for cancelling'],
    ]);
    expect(changeOrderStatusRequestSchema.parse({ status: 'processing' })).toEqual({
      status: 'processing',
      note: null,
    });
  });
});

describe('delivery instructions (docs/product.md sections 3 and 5)', () => {
  it('default to phone contact, not left at the door, signature required', () => {
    expect(deliveryInstructionsSchema.parse({ preferred_delivery_time: 'asap' })).toEqual({
      preferred_delivery_time: 'asap',
      contact_preference: 'phone',
      leave_at_door: false,
      require_signature: true,
      delivery_notes: null,
      special_instructions: null,
      access_instructions: null,
      security_code: null,
      landmark: null,
      plus_code: null,
    });
  });

  it('take a full plus code (normalised) and refuse anything else, naming the field', () => {
    const base = { preferred_delivery_time: 'asap' };
    expect(deliveryInstructionsSchema.parse({ ...base, plus_code: ' 6ggj 8jq2+5v ' }).plus_code).toBe(
      '6GGJ8JQ2+5V',
    );
    expect(deliveryInstructionsSchema.parse({ ...base, plus_code: '' }).plus_code).toBeNull();
    for (const plus_code of ['8JQ2+5V', '6GGJ8JQ2', 'hello', 42]) {
      const result = deliveryInstructionsSchema.safeParse({ ...base, plus_code });
      expect(
        result.error?.issues.map((issue) => issue.path.join('.')),
        String(plus_code),
      ).toEqual(['plus_code']);
    }
  });

  it('say which field is required', () => {
    const result = deliveryInstructionsSchema.safeParse({ contact_preference: '' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Preferred delivery time is required',
      'Contact preference is required',
    ]);
  });

  it('are answered with every field, text left out as null (rows saved before a field existed)', () => {
    const stored = {
      preferred_delivery_time: 'morning',
      contact_preference: 'sms',
      leave_at_door: true,
      require_signature: false,
      landmark: 'opposite Shell Kololo',
    } as DeliveryInstructions;
    const answered = toInstructionsResponse(stored);
    expect(answered).toEqual({
      preferred_delivery_time: 'morning',
      contact_preference: 'sms',
      leave_at_door: true,
      require_signature: false,
      delivery_notes: null,
      special_instructions: null,
      access_instructions: null,
      security_code: null,
      landmark: 'opposite Shell Kololo',
      plus_code: null,
    });
    expect(deliveryInstructionsResponseSchema.parse(answered)).toEqual(answered);
    expect(toInstructionsResponse(null)).toBeNull();
  });
});

describe('tracking by order number', () => {
  it('takes any case and spaces, and names the format otherwise', () => {
    expect(trackQuerySchema.parse({ order_number: ' ord-20261122-7kq2m ' })).toEqual({
      order_number: 'ORD-20261122-7KQ2M',
    });
    expect(trackQuerySchema.safeParse({ order_number: 'ORDER 5' }).error?.issues[0]?.message).toBe(
      'Order numbers look like ORD-20261122-7KQ2M',
    );
  });
});

describe('notifications', () => {
  it('link to what they are about', () => {
    const id = '3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60';
    expect(notificationPath('order_update', id)).toBe(`/order-history/${id}`);
    expect(notificationPath('delivery_update', id)).toBe('/delivery-tracking');
    expect(notificationPath('payment_update', id)).toBe('/payments');
    expect(notificationPath('event', '12')).toBe('/events/12');
    expect(notificationPath('promotion', '5')).toBe('/products/5');
    expect(notificationPath('security', null)).toBe('/account');
    expect(notificationPath('news', null)).toBe('/');
  });

  it('register a browser push subscription given as JSON', () => {
    const subscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
    };
    const parsed = registerPushRequestSchema.parse({ platform: 'web', token: JSON.stringify(subscription) });
    expect(parsed.token.endpoint).toBe(subscription.endpoint);
  });
});
