import { and, eq, sql } from 'drizzle-orm';
import { events as eventsTable, rsvps } from '../../db/schema/events';
import { smsPreferences } from '../../db/schema/sms';
import type { DomainEventMap, DomainEvents } from '../../lib/domain-events';
import type { SmsDeps, SmsRequest } from './sms.service';
import { requestSms } from './sms.service';
import {
  deliveredSms,
  eventReminderSms,
  onSaleSms,
  orderPlacedSms,
  outForDeliverySms,
  PHONE_CODE_NOT_KEPT,
  paymentFailedSms,
  paymentReceivedSms,
  refundSentSms,
  subjectOf,
  ticketConfirmedSms,
} from './sms.templates';

/**
 * Which domain events send an SMS, beside the notifications they also give. Each SMS is keyed by
 * (kind, subject) in sms_messages, so an event handled twice (a webhook and a poll both confirming
 * a payment, a retried dispatch) sends one SMS; sending itself is a job (exactly once across
 * instances, retried with back-off).
 */
export function smsForEvent<N extends keyof DomainEventMap>(
  name: N,
  event: DomainEventMap[N],
  publicUrl: string,
  /** The delivery's handover code (issue 38); the SMS that carries it is sent, never kept. */
  handoverCodeOf?: (deliveryId: number) => string,
): SmsRequest | null {
  switch (name) {
    case 'order.placed': {
      const e = event as DomainEventMap['order.placed'];
      return { kind: 'order_placed', subject: e.orderId, userId: e.userId, body: orderPlacedSms(e) };
    }
    case 'payment.succeeded': {
      const e = event as DomainEventMap['payment.succeeded'];
      // Money for something already paid or closed is a refund for staff, told in the notification.
      if (e.refundDue) return null;
      return {
        kind: 'payment_received',
        subject: e.transactionId,
        userId: e.userId,
        body: paymentReceivedSms({
          subject: subjectOf(e.subjectLabel),
          amount: e.amount,
          network: e.network,
          paidAt: e.paidAt,
        }),
      };
    }
    case 'payment.failed': {
      const e = event as DomainEventMap['payment.failed'];
      // Replaced by a newer attempt: the customer's own doing.
      if (e.status === 'cancelled' || e.refundDue) return null;
      return {
        kind: 'payment_failed',
        subject: e.transactionId,
        userId: e.userId,
        body: paymentFailedSms({
          subject: subjectOf(e.subjectLabel),
          status: e.status,
          reason: e.reason,
          network: e.network,
        }),
      };
    }
    case 'delivery.status_changed': {
      const e = event as DomainEventMap['delivery.status_changed'];
      if (e.to === 'out_for_delivery') {
        const message = {
          orderNumber: e.orderNumber,
          riderName: e.riderName,
          riderPhone: e.riderPhone,
          expectedAt: e.estimatedDeliveryTime,
        };
        const handoverCode = handoverCodeOf?.(e.deliveryId);
        return {
          kind: 'out_for_delivery',
          subject: e.orderId,
          userId: e.userId,
          body: outForDeliverySms({ ...message, handoverCode }),
          ...(handoverCode
            ? { keptBody: outForDeliverySms({ ...message, handoverCode: PHONE_CODE_NOT_KEPT }) }
            : {}),
        };
      }
      if (e.to === 'delivered') {
        return {
          kind: 'delivered',
          subject: e.orderId,
          userId: e.userId,
          body: deliveredSms({ orderNumber: e.orderNumber, at: e.at }),
        };
      }
      return null;
    }
    case 'rsvp.confirmed': {
      const e = event as DomainEventMap['rsvp.confirmed'];
      return {
        kind: 'ticket_confirmed',
        subject: `${e.rsvpId}:${e.ticketCode}`,
        userId: e.userId,
        body: ticketConfirmedSms(e),
      };
    }
    case 'rsvp.promoted': {
      const e = event as DomainEventMap['rsvp.promoted'];
      if (e.status !== 'confirmed' || !e.ticketCode) return null;
      return {
        kind: 'ticket_confirmed',
        subject: `${e.rsvpId}:${e.ticketCode}`,
        userId: e.userId,
        body: ticketConfirmedSms({ ...e, ticketCode: e.ticketCode }),
      };
    }
    case 'refund.succeeded': {
      const e = event as DomainEventMap['refund.succeeded'];
      return {
        kind: 'refund_sent',
        subject: e.refundId,
        userId: e.userId,
        body: refundSentSms({
          subject: subjectOf(e.subjectLabel),
          amount: e.amount,
          creditNoteNumber: e.creditNoteNumber,
        }),
      };
    }
    case 'wishlist.product_on_sale': {
      const e = event as DomainEventMap['wishlist.product_on_sale'];
      return {
        kind: 'marketing',
        subject: `wishlist:${e.alertId}`,
        userId: e.userId,
        body: onSaleSms({ ...e, publicUrl }),
      };
    }
    default:
      return null;
  }
}

const SUBSCRIBED = [
  'order.placed',
  'payment.succeeded',
  'payment.failed',
  'delivery.status_changed',
  'rsvp.confirmed',
  'rsvp.promoted',
  'refund.succeeded',
  'wishlist.product_on_sale',
] as const satisfies readonly (keyof DomainEventMap)[];

/** Subscribes the SMS to the events above; a failure throws so the publisher counts it. */
export function subscribeSmsEvents(
  events: DomainEvents,
  deps: SmsDeps,
  publicUrl: string,
  handoverCodeOf?: (deliveryId: number) => string,
): void {
  for (const name of SUBSCRIBED) {
    events.subscribe(name, async (event: DomainEventMap[typeof name]) => {
      const request = smsForEvent(name, event, publicUrl, handoverCodeOf);
      if (request) await requestSms(deps, request);
    });
  }
}

/**
 * The day-before reminders: every confirmed RSVP of a published event that starts tomorrow
 * (Kampala's calendar), from 09:00 Kampala on. Run hourly by a schedule (once per slot across
 * instances); the (kind, RSVP) key makes each reminder one SMS however often it runs.
 */
export async function sendEventReminders(deps: SmsDeps, now = new Date()): Promise<number> {
  const rows = await deps.db
    .select({
      rsvpId: rsvps.id,
      userId: rsvps.userId,
      guests: rsvps.guests,
      ticketCode: rsvps.ticketCode,
      eventTitle: eventsTable.title,
      startsAt: eventsTable.startsAt,
    })
    .from(rsvps)
    .innerJoin(eventsTable, eq(eventsTable.id, rsvps.eventId))
    .innerJoin(smsPreferences, eq(smsPreferences.userId, rsvps.userId))
    .where(
      and(
        eq(rsvps.status, 'confirmed'),
        eq(eventsTable.status, 'published'),
        sql`${smsPreferences.verifiedPhone} IS NOT NULL`,
        sql`extract(hour from ${now.toISOString()}::timestamptz AT TIME ZONE 'Africa/Kampala') >= 9`,
        sql`(${eventsTable.startsAt} AT TIME ZONE 'Africa/Kampala')::date = (${now.toISOString()}::timestamptz AT TIME ZONE 'Africa/Kampala')::date + 1`,
      ),
    );
  let sent = 0;
  for (const row of rows) {
    const id = await requestSms(deps, {
      kind: 'event_reminder',
      subject: row.rsvpId,
      userId: row.userId,
      body: eventReminderSms(row),
    });
    if (id) sent += 1;
  }
  return sent;
}
