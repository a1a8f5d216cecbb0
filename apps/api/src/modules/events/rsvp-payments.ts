import { CURRENCY } from '@shop/contract/constants';
import type { EventPaymentStatus } from '@shop/contract/events';
import { countOf } from '@shop/contract/plural';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paymentTransactions } from '../../db/schema/payments';
import type { Executor } from '../../db/transaction';
import type { DomainEventOutbox } from '../../lib/domain-events';
import type { MarkPaidResult, PayableKind, PayableSubject, PaymentFacts } from '../payments/payable-registry';
import { toTransaction } from '../payments/payments.service';
import {
  addSeatsBooked,
  eventsOfRsvps,
  findCustomer,
  findEvent,
  findRsvp,
  findRsvpOfUserForEvent,
  lockEvent,
  lockRsvp,
  seatsLeft,
  updateRsvp,
} from './events.repository';
import { cancelLockedRsvp } from './rsvps.service';
import { issueTicketInvoice } from './ticket-invoices';

/**
 * RSVPs as a payable subject of the payments module (purpose `event_rsvp`): payments finds the
 * amount here (the RSVP's own, never the client's), and calls `markPaid` inside its settlement
 * transaction, so "transaction successful" and "RSVP confirmed" commit together or not at all.
 * A confirmation publishes `rsvp.confirmed` to the settlement's outbox (out after commit).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function label(title: string, guests: number): string {
  return `RSVP: ${title} (${countOf(guests, 'guest')})`;
}

/** Payable while its hold runs, the event is still ahead and it has not been paid. */
export async function findPayableRsvp(
  tx: Executor,
  subjectId: string,
  userId: string | null,
  now: Date = new Date(),
): Promise<PayableSubject | null> {
  if (!UUID.test(subjectId)) return null;
  const rsvp = await findRsvp(tx, subjectId);
  if (!rsvp || (userId !== null && rsvp.user_id !== userId)) return null;
  const [event, customer] = await Promise.all([findEvent(tx, rsvp.event_id), findCustomer(tx, rsvp.user_id)]);
  if (!event || !customer) return null;
  const holding =
    rsvp.status === 'pending_payment' &&
    rsvp.hold_expires_at !== null &&
    rsvp.hold_expires_at.getTime() > now.getTime() &&
    event.status === 'published' &&
    event.starts_at.getTime() > now.getTime();
  return {
    id: rsvp.id,
    userId: rsvp.user_id,
    amount: rsvp.amount,
    currency: CURRENCY,
    label: label(event.title, rsvp.guests),
    customer: { email: customer.email, name: customer.name },
    state: rsvp.paid_at !== null ? 'paid' : holding && rsvp.amount > 0 ? 'payable' : 'not_payable',
    eventId: event.id,
  };
}

/**
 * A verified payment confirms the held seats. A payment that arrives after the hold expired
 * still gets its seats when they are free (the customer paid; they did not give up); one for an
 * RSVP the customer cancelled, or for a cancelled or past event, is refused (refund due).
 */
export async function confirmRsvpPayment(
  tx: Executor,
  subjectId: string,
  payment: PaymentFacts,
  outbox: DomainEventOutbox,
): Promise<MarkPaidResult> {
  if (!UUID.test(subjectId)) return 'not_payable';
  const peek = await findRsvp(tx, subjectId);
  if (!peek) return 'not_payable';
  // The event first, then the RSVP: the order every seat change locks in.
  const event = await lockEvent(tx, peek.event_id);
  const rsvp = await lockRsvp(tx, subjectId);
  if (!event || !rsvp) return 'not_payable';
  if (rsvp.paid_at !== null) return 'already_paid';
  // A payment started for an earlier booking of this RSVP (cancelled, then reopened for more
  // guests) may not cover what it costs now: it buys nothing and is refunded.
  if (payment.amount < rsvp.amount) return 'not_payable';
  const paid = {
    status: 'confirmed' as const,
    paid_at: payment.paidAt,
    confirmed_at: payment.paidAt,
    hold_expires_at: null,
  };
  // The ticket's tax invoice in the same transaction as the payment (decision 0034); EFRIS
  // fiscalises it after commit, on `rsvp.confirmed`.
  const confirmed = async () => {
    await issueTicketInvoice(tx, {
      rsvpId: rsvp.id,
      transactionId: payment.transactionId,
      userId: rsvp.user_id,
      eventId: event.id,
      ticketCode: rsvp.ticket_code,
      guests: rsvp.guests,
      amount: rsvp.amount,
    });
    outbox.publish('rsvp.confirmed', {
      rsvpId: rsvp.id,
      eventId: event.id,
      userId: rsvp.user_id,
      eventTitle: event.title,
      startsAt: event.starts_at,
      guests: rsvp.guests,
      ticketCode: rsvp.ticket_code,
      paid: true,
    });
  };
  if (rsvp.status === 'pending_payment') {
    await updateRsvp(tx, rsvp.id, paid, payment.paidAt);
    await confirmed();
    return 'paid';
  }
  const stillOn = event.status === 'published' && event.starts_at.getTime() > payment.paidAt.getTime();
  if (
    rsvp.status === 'cancelled' &&
    rsvp.cancel_reason === 'hold_expired' &&
    stillOn &&
    rsvp.guests <= seatsLeft(event)
  ) {
    await updateRsvp(tx, rsvp.id, { ...paid, cancelled_at: null, cancel_reason: null }, payment.paidAt);
    await addSeatsBooked(tx, event.id, rsvp.guests);
    await confirmed();
    return 'paid';
  }
  return 'not_payable';
}

/**
 * The customer gave the unpaid RSVP up from the payment screen: cancelled like a cancellation
 * of theirs (seats to the waitlist). False when it was not awaiting payment.
 */
export async function cancelUnpaidRsvp(
  tx: Executor,
  subjectId: string,
  outbox: DomainEventOutbox,
  now: Date = new Date(),
): Promise<boolean> {
  if (!UUID.test(subjectId)) return false;
  const peek = await findRsvp(tx, subjectId);
  if (!peek) return false;
  const event = await lockEvent(tx, peek.event_id);
  const rsvp = await lockRsvp(tx, subjectId);
  if (!event || !rsvp || rsvp.status !== 'pending_payment' || rsvp.paid_at !== null) return false;
  await cancelLockedRsvp(tx, event, rsvp, outbox, now);
  return true;
}

export function rsvpPayableKind(): PayableKind {
  return {
    purpose: 'event_rsvp',
    find: (tx, subjectId, userId) => findPayableRsvp(tx, subjectId, userId),
    markPaid: (tx, subjectId, payment, outbox) => confirmRsvpPayment(tx, subjectId, payment, outbox),
    cancel: (tx, subjectId, _reason, outbox) => cancelUnpaidRsvp(tx, subjectId, outbox),
    eventsOf: (db, subjectIds) =>
      eventsOfRsvps(
        db,
        subjectIds.filter((id) => UUID.test(id)),
      ),
  };
}

/**
 * `GET /payments/transactions/event_payment_status/?event_id=…`: whether the customer has paid
 * for that event, how much, and every attempt. Without an RSVP (or for an event that is not
 * public) it answers unpaid with no transactions, so it never tells whether an event exists.
 */
export async function eventPaymentStatus(
  db: Database,
  userId: string,
  eventId: number,
): Promise<EventPaymentStatus> {
  const [event, rsvp] = await Promise.all([
    findEvent(db, eventId),
    findRsvpOfUserForEvent(db, eventId, userId),
  ]);
  const visible = event && event.status !== 'draft' && event.published_at !== null;
  const base = {
    event_id: eventId,
    is_free: visible ? event.price === 0 : false,
    currency: CURRENCY,
  };
  if (!visible || !rsvp) {
    return {
      ...base,
      rsvp_id: null,
      rsvp_status: null,
      paid: false,
      amount_due: 0,
      amount_paid: 0,
      hold_expires_at: null,
      transactions: [],
    };
  }
  const rows = await db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.purpose, 'event_rsvp'),
        eq(paymentTransactions.subjectId, rsvp.id),
        eq(paymentTransactions.userId, userId),
      ),
    )
    .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
    .limit(100);
  const amountPaid = rows
    .filter((row) => row.status === 'successful' && !row.refundDue)
    .reduce((sum, row) => sum + row.amount, 0);
  return {
    ...base,
    rsvp_id: rsvp.id,
    rsvp_status: rsvp.status,
    paid: rsvp.paid_at !== null,
    amount_due: rsvp.status === 'cancelled' ? 0 : rsvp.amount,
    amount_paid: amountPaid,
    hold_expires_at: rsvp.status === 'pending_payment' ? (rsvp.hold_expires_at?.toISOString() ?? null) : null,
    transactions: rows.map((row) => toTransaction(row, eventId)),
  };
}
