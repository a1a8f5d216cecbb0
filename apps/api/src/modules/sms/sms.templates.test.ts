import { PAYMENT_FAILURE_KINDS } from '@shop/contract/payment-advice';
import { isGsm7, nonGsm7Characters, smsSegments } from '@shop/contract/sms';
import { describe, expect, it } from 'vitest';
import { smsForEvent } from './sms.events';
import {
  deliveredSms,
  eventReminderSms,
  marketingSms,
  onSaleSms,
  orderPlacedSms,
  outForDeliverySms,
  paymentFailedSms,
  paymentReceivedSms,
  phoneVerificationSms,
  refundSentSms,
  smsOptOutUrl,
  subjectOf,
  ticketConfirmedSms,
} from './sms.templates';

/** Long but real values: the largest amounts, the longest names and titles we expect. */
const ORDER = 'ORD-20261231-ZZZZZ';
const EVENING = new Date('2026-12-31T20:45:00Z'); // 23:45 in Kampala
const LONG_TITLE = 'Grand Burgundy & Champagne Vertical Tasting with the Winemaker of Domaine de la Romanée';
const LONG_RIDER = 'Ssemakula Mukasa-Kiwanuka Nakabugo';
const LONG_PRODUCT = 'Château Mouton Rothschild Pauillac Premier Grand Cru Classé 2015 Magnum 1.5 L';
const PUBLIC_URL = 'https://shop.kampalacellars.ug';

const oneSegment: Array<[string, string]> = [
  ['phone verification', phoneVerificationSms('098765')],
  [
    'order placed (mobile money)',
    orderPlacedSms({
      orderNumber: ORDER,
      itemCount: 148,
      total: 98_765_432,
      status: 'pending',
      fulfilment: 'delivery',
      paymentDueAt: EVENING,
    }),
  ],
  [
    'order placed (cash on delivery)',
    orderPlacedSms({
      orderNumber: ORDER,
      itemCount: 148,
      total: 98_765_432,
      status: 'confirmed',
      fulfilment: 'delivery',
      paymentDueAt: null,
    }),
  ],
  [
    'order placed (pick-up)',
    orderPlacedSms({
      orderNumber: ORDER,
      itemCount: 1,
      total: 98_765_432,
      status: 'confirmed',
      fulfilment: 'pickup',
      paymentDueAt: null,
    }),
  ],
  [
    'payment received (order)',
    paymentReceivedSms({
      subject: subjectOf(`Order ${ORDER}`),
      amount: 98_765_432,
      network: 'AIRTEL',
      paidAt: EVENING,
    }),
  ],
  [
    'payment received (event, long title)',
    paymentReceivedSms({
      subject: subjectOf(`RSVP: ${LONG_TITLE} (12 guests)`),
      amount: 9_876_543,
      network: 'AIRTEL',
      paidAt: EVENING,
    }),
  ],
  [
    'out for delivery',
    outForDeliverySms({
      orderNumber: ORDER,
      riderName: LONG_RIDER,
      riderPhone: '+256772123456',
      expectedAt: EVENING,
    }),
  ],
  [
    'out for delivery with the handover code',
    outForDeliverySms({
      orderNumber: ORDER,
      riderName: LONG_RIDER,
      riderPhone: '+256772123456',
      expectedAt: EVENING,
      handoverCode: '048213',
    }),
  ],
  [
    'out for delivery (no rider yet)',
    outForDeliverySms({ orderNumber: ORDER, riderName: null, riderPhone: null, expectedAt: EVENING }),
  ],
  ['delivered', deliveredSms({ orderNumber: ORDER, at: EVENING })],
  [
    'ticket confirmed',
    ticketConfirmedSms({ eventTitle: LONG_TITLE, startsAt: EVENING, guests: 12, ticketCode: 'ABCDE12345' }),
  ],
  [
    'event reminder',
    eventReminderSms({ eventTitle: LONG_TITLE, startsAt: EVENING, guests: 12, ticketCode: 'ABCDE12345' }),
  ],
  [
    'refund sent',
    refundSentSms({
      subject: subjectOf(`Order ${ORDER}`),
      amount: 98_765_432,
      creditNoteNumber: 'CN-123456',
    }),
  ],
  [
    'offer (wishlist on sale)',
    onSaleSms({
      productName: LONG_PRODUCT,
      price: 9_850_000,
      originalPrice: 12_500_000,
      publicUrl: PUBLIC_URL,
    }),
  ],
  [
    'offer (free text)',
    marketingSms({ text: `${LONG_TITLE}: 20% off every bottle this weekend only`, publicUrl: PUBLIC_URL }),
  ],
];

describe('the handover code by SMS (issue 38)', () => {
  it('carries the code to the customer and keeps only a placeholder', () => {
    const request = smsForEvent(
      'delivery.status_changed',
      {
        deliveryId: 7,
        orderId: 'order-1',
        orderNumber: ORDER,
        userId: 'user-1',
        from: 'ready_for_delivery',
        to: 'out_for_delivery',
        riderName: 'Okello',
        riderPhone: '+256772123456',
        estimatedDeliveryTime: EVENING,
        at: EVENING,
      },
      PUBLIC_URL,
      (deliveryId) => (deliveryId === 7 ? '048213' : '000000'),
    );
    expect(request?.body).toContain('Give the rider code 048213.');
    expect(request?.keptBody).toBeDefined();
    expect(request?.keptBody).not.toContain('048213');
    expect(smsSegments(request!.body).segments).toBe(1);
  });
});

describe('SMS templates', () => {
  it.each(oneSegment)('%s fits one GSM-7 part', (_name, text) => {
    expect(nonGsm7Characters(text)).toEqual([]);
    expect(isGsm7(text)).toBe(true);
    expect(smsSegments(text).segments, text).toBe(1);
  });

  it('names the order number, the amount and Kampala time', () => {
    const placed = orderPlacedSms({
      orderNumber: ORDER,
      itemCount: 2,
      total: 250_000,
      status: 'pending',
      fulfilment: 'delivery',
      paymentDueAt: new Date('2026-12-01T11:05:00Z'),
    });
    expect(placed).toContain(ORDER);
    expect(placed).toContain('Shs 250,000');
    expect(placed).toContain('14:05'); // 11:05 UTC
    const delivered = deliveredSms({ orderNumber: ORDER, at: new Date('2026-12-01T21:30:00Z') });
    expect(delivered).toContain('00:30');
  });

  it("gives the rider's name and phone when the order goes out", () => {
    const text = outForDeliverySms({
      orderNumber: ORDER,
      riderName: 'Joseph Okello',
      riderPhone: '+256772123456',
      expectedAt: null,
    });
    expect(text).toContain('Joseph Okello, +256772123456');
  });

  it('shortens a long title with "..." but keeps the ticket code, time and seats whole', () => {
    const text = ticketConfirmedSms({
      eventTitle: `${LONG_TITLE}, with cheese from Fort Portal`,
      startsAt: EVENING,
      guests: 12,
      ticketCode: 'ABCDE12345',
    });
    expect(smsSegments(text).segments).toBe(1);
    expect(text).toContain('...');
    expect(text).toContain('ABCDE-12345');
    expect(text).toContain('12 seats');
    expect(text).toContain('23:45');
  });

  it('puts the opt-out link, whole, on every marketing SMS', () => {
    for (const text of [
      onSaleSms({ productName: LONG_PRODUCT, price: 1, originalPrice: 2, publicUrl: PUBLIC_URL }),
      marketingSms({ text: 'x'.repeat(400), publicUrl: PUBLIC_URL }),
    ]) {
      expect(text.endsWith(`Stop offers: ${smsOptOutUrl(PUBLIC_URL)}`)).toBe(true);
    }
  });

  /**
   * Why not one part: the failure's advice (what to do next: top up, approve, dial *165#) is
   * itself up to ~190 characters, and cutting it would cut the instruction. Two parts at most.
   */
  it.each(PAYMENT_FAILURE_KINDS.filter((kind) => kind !== 'cancelled'))(
    'payment failed (%s) carries the advice in at most two GSM-7 parts',
    (kind) => {
      const reasons: Record<string, string> = {
        insufficient_funds: 'LOW_BALANCE_OR_PAYEE_LIMIT_REACHED_OR_NOT_ALLOWED',
        not_approved_in_time: 'Transaction timed out',
        declined_on_phone: 'APPROVAL_REJECTED',
        wrong_pin: 'Wrong PIN entered',
        limit_reached: 'Payer limit reached DP00800001003',
        pending_elsewhere: 'RESOURCE_ALREADY_EXIST',
        number_not_registered: 'PAYER_NOT_FOUND',
        network_unreachable: 'SERVICE_UNAVAILABLE',
        unknown: 'Something odd',
      };
      for (const network of ['MTN', 'AIRTEL'] as const) {
        const text = paymentFailedSms({
          subject: subjectOf(`RSVP: ${LONG_TITLE} (12 guests)`),
          status: 'failed',
          reason: reasons[kind] ?? '',
          network,
        });
        expect(isGsm7(text), text).toBe(true);
        expect(smsSegments(text).segments, text).toBeLessThanOrEqual(2);
        const forOrder = paymentFailedSms({
          subject: subjectOf(`Order ${ORDER}`),
          status: 'failed',
          reason: reasons[kind] ?? '',
          network,
        });
        expect(forOrder).toContain(ORDER);
      }
    },
  );
});

describe('which events send which SMS', () => {
  const payment = {
    transactionId: 'tx-1',
    reference: 'KCP-1',
    userId: 'user-1',
    purpose: 'order' as const,
    subjectId: 'order-1',
    subjectLabel: `Order ${ORDER}`,
    refundDue: false,
  };

  it('tells a failed payment with the advice, and nothing for one replaced by a new attempt', () => {
    const failed = smsForEvent(
      'payment.failed',
      { ...payment, status: 'failed', reason: 'LOW_BALANCE_OR_PAYEE_LIMIT_REACHED', network: 'MTN' },
      PUBLIC_URL,
    );
    expect(failed).toMatchObject({ kind: 'payment_failed', subject: 'tx-1', userId: 'user-1' });
    expect(failed?.body).toContain(`payment for order ${ORDER} did not go through`);
    expect(failed?.body).toContain('Top up');
    expect(
      smsForEvent(
        'payment.failed',
        { ...payment, status: 'cancelled', reason: 'replaced', network: 'MTN' },
        PUBLIC_URL,
      ),
    ).toBeNull();
  });

  it('tells a payment received, but not money that must go back', () => {
    const base = {
      ...payment,
      amount: 120_000,
      currency: 'UGX' as const,
      network: 'MTN' as const,
      phoneMasked: '+256 77* *** 456',
      provider: 'sandbox' as const,
      paidAt: EVENING,
    };
    expect(smsForEvent('payment.succeeded', base, PUBLIC_URL)?.body).toBe(
      `Kampala Cellars: we received Shs 120,000 by MTN MoMo for order ${ORDER} at 23:45. Thank you!`,
    );
    expect(smsForEvent('payment.succeeded', { ...base, refundDue: true }, PUBLIC_URL)).toBeNull();
  });

  it('tells a refund with its credit note, keyed by the refund', () => {
    const refund = smsForEvent(
      'refund.succeeded',
      {
        refundId: 'refund-1',
        userId: 'user-1',
        purpose: 'order',
        subjectId: 'order-1',
        subjectLabel: `Order ${ORDER}`,
        amount: 120_000,
        creditNoteNumber: 'CN-000042',
      },
      PUBLIC_URL,
    );
    expect(refund).toMatchObject({ kind: 'refund_sent', subject: 'refund-1' });
    expect(refund?.body).toBe(
      `Kampala Cellars: we refunded Shs 120,000 for order ${ORDER} to the number that paid. Credit note CN-000042.`,
    );
  });
});
