import { BRAND } from '@shop/contract/brand';
import { formatTicketCode } from '@shop/contract/events';
import { formatKampalaClock, formatKampalaShortDateTime } from '@shop/contract/kampala-time';
import { formatUGX } from '@shop/contract/money';
import { type OrderStatus, pickupLocation } from '@shop/contract/orders';
import { classifyPaymentFailure, paymentAdvice } from '@shop/contract/payment-advice';
import { networkLabels } from '@shop/contract/payments';
import { countOf } from '@shop/contract/plural';
import type { DomainEventMap, DomainEvents } from '../../lib/domain-events';
import { shopSettingsNow } from '../settings/settings-snapshot';
import type { NewNotification } from './notifications.service';

/**
 * Which domain events tell the customer something, and in which words. Each notification has a
 * dedupe key naming its cause, so an event handled twice (a retried dispatch, a payment confirmed
 * by webhook and poll) notifies once.
 */

type Create = (input: NewNotification) => Promise<unknown>;

const plural = countOf;

/** "Chrome on Windows": enough for a customer to recognise (or not) the device. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'an unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\/|Opera/.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|CriOS\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} on ${system}`;
  if (browser ?? system) return (browser ?? system) as string;
  return 'an unknown device';
}

const place = (ip: string | null) => (ip ? ` (address ${ip})` : '');

// ---------------------------------------------------------------------------------------------
// The words of each notification
// ---------------------------------------------------------------------------------------------

export function passwordChangedNotice(event: DomainEventMap['identity.password_changed']): NewNotification {
  const verb = event.method === 'reset' ? 'reset' : 'changed';
  return {
    userId: event.userId,
    type: 'security',
    priority: 'high',
    title: `Your password was ${verb}`,
    message:
      `The password of your ${BRAND.name} account was ${verb} on ${formatKampalaShortDateTime(event.at)} from ` +
      `${describeDevice(event.userAgent)}${place(event.ipAddress)}. If this wasn't you, reset your ` +
      `password now and call us on ${BRAND.phone}.`,
  };
}

export function newDeviceNotice(event: DomainEventMap['identity.new_device_sign_in']): NewNotification {
  return {
    userId: event.userId,
    type: 'security',
    priority: 'high',
    title: 'New sign-in to your account',
    message:
      `Someone signed in to your account from ${describeDevice(event.userAgent)}${place(event.ipAddress)} ` +
      `on ${formatKampalaShortDateTime(event.at)}. If it was you, there is nothing to do. If not, change your ` +
      'password at once.',
  };
}

export function orderPlacedNotice(event: DomainEventMap['order.placed']): NewNotification {
  const what = `${plural(event.itemCount, 'bottle')} (${formatUGX(event.total)})`;
  let message: string;
  if (event.status === 'pending') {
    const until = event.paymentDueAt ? ` by ${formatKampalaClock(event.paymentDueAt)}` : '';
    message = `We have your order of ${what}. Approve the mobile money payment${until} to confirm it.`;
  } else {
    const pay = event.fulfilment === 'pickup' ? 'when you collect it' : 'cash on delivery';
    message = `Your order of ${what} is confirmed. You pay ${pay}.`;
  }
  return {
    userId: event.userId,
    type: 'order_update',
    priority: 'normal',
    title: `Order ${event.orderNumber} placed`,
    message,
    relatedId: event.orderId,
    dedupeKey: `order:${event.orderId}:placed`,
  };
}

type StatusWords = { title: string; message: string; priority: NewNotification['priority'] };

function statusWords(event: DomainEventMap['order.status_changed']): StatusWords | null {
  const number = event.orderNumber;
  const pickup = event.fulfilment === 'pickup';
  const counter = pickupLocation(shopSettingsNow());
  const words: Partial<Record<OrderStatus, StatusWords>> = {
    confirmed: {
      title: `Order ${number} confirmed`,
      message: pickup
        ? 'Your order is confirmed. We will tell you when it is ready to collect.'
        : 'Your order is confirmed. We will tell you when it is on its way.',
      priority: 'normal',
    },
    processing: {
      title: `Order ${number} is being prepared`,
      message: 'We are picking and packing your bottles.',
      priority: 'normal',
    },
    ready_for_delivery: pickup
      ? {
          title: `Order ${number} is ready to collect`,
          message: `Collect it at ${counter.name}, ${counter.address} (${counter.hours}). Bring your order number.`,
          priority: 'high',
        }
      : {
          title: `Order ${number} is packed`,
          message: 'Your order is packed and waiting for its rider.',
          priority: 'normal',
        },
    out_for_delivery: {
      title: `Order ${number} is on its way`,
      message: 'Your rider is on the way. Follow the delivery on the tracking page.',
      priority: 'high',
    },
    delivered: pickup
      ? { title: `Order ${number} collected`, message: 'Thank you, and enjoy!', priority: 'normal' }
      : {
          title: `Order ${number} delivered`,
          message: 'Your bottles have arrived. Thank you, and enjoy!',
          priority: 'normal',
        },
    refunded: {
      title: `Order ${number} refunded`,
      message: 'Your payment for this order has been refunded.',
      priority: 'normal',
    },
  };
  return words[event.to] ?? null;
}

/** A delivery order's steps from "being prepared" on are told by its delivery (with the rider). */
const DELIVERY_STEPS: readonly OrderStatus[] = [
  'processing',
  'ready_for_delivery',
  'out_for_delivery',
  'delivered',
];

export function orderStatusNotice(event: DomainEventMap['order.status_changed']): NewNotification | null {
  // Cancellations are told from order.cancelled, which carries the reason and the refund.
  if (event.to === 'cancelled' || event.to === 'pending') return null;
  if (event.fulfilment === 'delivery' && DELIVERY_STEPS.includes(event.to)) return null;
  const words = statusWords(event);
  if (!words) return null;
  const note = event.note ? ` ${event.note}` : '';
  return {
    userId: event.userId,
    type: 'order_update',
    priority: words.priority,
    title: words.title,
    message: `${words.message}${note}`,
    relatedId: event.orderId,
    dedupeKey: `order:${event.orderId}:status:${event.to}`,
  };
}

/** A delivery's step, with the rider and the expected time once it is on the road. */
export function deliveryStatusNotice(
  event: DomainEventMap['delivery.status_changed'],
): NewNotification | null {
  const number = event.orderNumber;
  const expected = event.estimatedDeliveryTime
    ? ` Expected around ${formatKampalaClock(event.estimatedDeliveryTime)}.`
    : '';
  let words: StatusWords;
  switch (event.to) {
    case 'processing':
      words = {
        title: `Order ${number} is being prepared`,
        message: 'We are picking and packing your bottles.',
        priority: 'normal',
      };
      break;
    case 'ready_for_delivery':
      words = {
        title: `Order ${number} is packed`,
        message: 'Your order is packed and waiting for its rider.',
        priority: 'normal',
      };
      break;
    case 'out_for_delivery': {
      const rider =
        event.riderName && event.riderPhone
          ? `${event.riderName} (${event.riderPhone}) is bringing it.`
          : 'Your rider is on the way.';
      words = { title: `Order ${number} is on its way`, message: `${rider}${expected}`, priority: 'high' };
      break;
    }
    case 'delivered':
      words = {
        title: `Order ${number} delivered`,
        message: 'Your bottles have arrived. Thank you, and enjoy!',
        priority: 'normal',
      };
      break;
    default:
      // Confirmation and cancellation are told by the order's own notices.
      return null;
  }
  return {
    userId: event.userId,
    type: 'delivery_update',
    priority: words.priority,
    title: words.title,
    message: words.message,
    relatedId: event.orderId,
    dedupeKey: `order:${event.orderId}:status:${event.to}`,
  };
}

/** A new rider while the order is on the road: the customer must know whom to expect. */
export function riderChangedNotice(event: DomainEventMap['delivery.rider_assigned']): NewNotification | null {
  if (event.status !== 'out_for_delivery') return null;
  return {
    userId: event.userId,
    type: 'delivery_update',
    priority: 'high',
    title: `New rider for order ${event.orderNumber}`,
    message: `${event.riderName} (${event.riderPhone}) is now bringing your order.`,
    relatedId: event.orderId,
  };
}

export function orderCancelledNotice(event: DomainEventMap['order.cancelled']): NewNotification {
  const refund = event.wasPaid ? ' Your payment will be refunded to the number that paid.' : '';
  const reason = event.reason.trim().replace(/([^.!?])$/, '$1.');
  return {
    userId: event.userId,
    type: 'order_update',
    priority: event.by === 'customer' ? 'normal' : 'high',
    title: `Order ${event.orderNumber} cancelled`,
    message: `${reason}${refund}`,
    relatedId: event.orderId,
    dedupeKey: `order:${event.orderId}:status:cancelled`,
  };
}

export function paymentSucceededNotice(event: DomainEventMap['payment.succeeded']): NewNotification {
  const how = `${formatUGX(event.amount)} by ${networkLabels[event.network]} (${event.phoneMasked})`;
  return {
    userId: event.userId,
    type: 'payment_update',
    priority: event.refundDue ? 'high' : 'normal',
    title: event.refundDue ? 'Payment to be refunded' : 'Payment received',
    message: event.refundDue
      ? `We received ${how} for ${event.subjectLabel}, which no longer needed it. We will refund it to the same number.`
      : `We received ${how} for ${event.subjectLabel}. Thank you!`,
    relatedId: event.subjectId,
    dedupeKey: `payment:${event.transactionId}:succeeded`,
  };
}

export function paymentFailedNotice(event: DomainEventMap['payment.failed']): NewNotification | null {
  // A payment replaced by a newer attempt is the customer's own doing: nothing to tell.
  if (event.status === 'cancelled') return null;
  const advice = paymentAdvice(classifyPaymentFailure(event.reason, event.status), event.network);
  return {
    userId: event.userId,
    type: 'payment_update',
    priority: 'high',
    title: event.status === 'expired' ? 'Payment not approved in time' : 'Payment failed',
    message: `The payment for ${event.subjectLabel} did not go through. ${advice}`,
    relatedId: event.subjectId,
    dedupeKey: `payment:${event.transactionId}:failed`,
  };
}

export function rsvpConfirmedNotice(event: DomainEventMap['rsvp.confirmed']): NewNotification {
  return {
    userId: event.userId,
    type: 'event',
    priority: 'normal',
    title: `You're booked: ${event.eventTitle}`,
    message: `${plural(event.guests, 'seat')} confirmed for ${formatKampalaShortDateTime(event.startsAt)}. Your ticket code is ${formatTicketCode(event.ticketCode)}.`,
    relatedId: event.eventId,
    dedupeKey: `rsvp:${event.rsvpId}:confirmed`,
  };
}

export function rsvpPromotedNotice(event: DomainEventMap['rsvp.promoted']): NewNotification {
  const seats = plural(event.guests, 'seat');
  const confirmed = event.status === 'confirmed';
  const until = event.holdExpiresAt ? ` by ${formatKampalaShortDateTime(event.holdExpiresAt)}` : '';
  return {
    userId: event.userId,
    type: 'event',
    priority: 'high',
    title: `A place opened up: ${event.eventTitle}`,
    message: confirmed
      ? `${seats} confirmed for ${formatKampalaShortDateTime(event.startsAt)}.${event.ticketCode ? ` Your ticket code is ${formatTicketCode(event.ticketCode)}.` : ''}`
      : `${seats} held for you on ${formatKampalaShortDateTime(event.startsAt)}. Pay${until} to keep them.`,
    relatedId: event.eventId,
    dedupeKey: `rsvp:${event.rsvpId}:promoted`,
  };
}

export function eventCancelledNotices(event: DomainEventMap['event.cancelled']): NewNotification[] {
  const reason = event.reason.trim().replace(/([^.!?])$/, '$1.');
  return event.rsvps.map((rsvp) => ({
    userId: rsvp.userId,
    type: 'event' as const,
    priority: 'urgent' as const,
    title: `${event.eventTitle} is cancelled`,
    message: `The event of ${formatKampalaShortDateTime(event.startsAt)} will not take place. ${reason}${
      rsvp.paidAmount > 0 ? ` We will refund your ${formatUGX(rsvp.paidAmount)}.` : ''
    }`,
    relatedId: event.eventId,
    dedupeKey: `rsvp:${rsvp.rsvpId}:event-cancelled`,
  }));
}

export function refundSucceededNotice(event: DomainEventMap['refund.succeeded']): NewNotification {
  return {
    userId: event.userId,
    type: 'payment_update',
    priority: 'high',
    title: 'Refund made',
    message: `We refunded ${formatUGX(event.amount)} for ${event.subjectLabel} to the number that paid. Credit note ${event.creditNoteNumber}.`,
    relatedId: event.subjectId,
    dedupeKey: `refund:${event.refundId}:succeeded`,
  };
}

type WishlistAlert = DomainEventMap['wishlist.product_on_sale'];

export function wishlistOnSaleNotice(event: WishlistAlert): NewNotification {
  const price =
    event.price !== null && event.originalPrice !== null
      ? ` Now ${formatUGX(event.price)}, was ${formatUGX(event.originalPrice)}.`
      : '';
  return {
    userId: event.userId,
    type: 'promotion',
    priority: 'normal',
    title: `${event.productName} is on sale`,
    message: `A bottle on your wishlist costs less.${price}`,
    relatedId: event.productId,
    dedupeKey: `wishlist-alert:${event.alertId}`,
  };
}

export function wishlistAvailableNotice(event: WishlistAlert): NewNotification {
  return {
    userId: event.userId,
    type: 'promotion',
    priority: 'normal',
    title: `${event.productName} is back in stock`,
    message: 'A bottle on your wishlist can be ordered again.',
    relatedId: event.productId,
    dedupeKey: `wishlist-alert:${event.alertId}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Subscriptions
// ---------------------------------------------------------------------------------------------

/**
 * Subscribes the notifications to the events above. A failure throws, so that the publisher
 * counts it (and at-least-once dispatchers, like the wishlist alerts, try again).
 */
export function subscribeNotificationEvents(events: DomainEvents, create: Create): void {
  const on = <N extends keyof DomainEventMap>(
    name: N,
    words: (event: DomainEventMap[N]) => NewNotification | null,
  ) => {
    events.subscribe(name, async (event) => {
      const notice = words(event);
      if (notice) await create(notice);
    });
  };

  on('identity.password_changed', passwordChangedNotice);
  on('identity.new_device_sign_in', newDeviceNotice);
  on('order.placed', orderPlacedNotice);
  on('order.status_changed', orderStatusNotice);
  on('order.cancelled', orderCancelledNotice);
  on('delivery.status_changed', deliveryStatusNotice);
  on('delivery.rider_assigned', riderChangedNotice);
  on('payment.succeeded', paymentSucceededNotice);
  on('payment.failed', paymentFailedNotice);
  on('refund.succeeded', refundSucceededNotice);
  on('rsvp.confirmed', rsvpConfirmedNotice);
  on('rsvp.promoted', rsvpPromotedNotice);
  on('wishlist.product_on_sale', wishlistOnSaleNotice);
  on('wishlist.product_available', wishlistAvailableNotice);
  events.subscribe('event.cancelled', async (event) => {
    // Every guest is told even when one write fails; the failure is reported afterwards.
    const failures: unknown[] = [];
    for (const notice of eventCancelledNotices(event)) {
      await create(notice).catch((error: unknown) => failures.push(error));
    }
    if (failures.length > 0) throw new AggregateError(failures, 'some guests were not notified');
  });
}
