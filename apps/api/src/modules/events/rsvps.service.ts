import {
  type CreateRsvpRequest,
  type createRsvpRequestSchema,
  eventMessages,
  RSVP_HOLD_MINUTES,
  type Rsvp,
  type RsvpListQuery,
  type RsvpListResponse,
  rsvpStatusLabels,
  type updateRsvpRequestSchema,
} from '@shop/contract/events';
import { ageInYears } from '@shop/contract/identity';
import { pageOffset, toPagedList } from '@shop/contract/pagination';
import { countOf } from '@shop/contract/plural';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/transaction';
import { AppError, conflict, invalidInput, unauthorized } from '../../errors';
import type { DomainEventOutbox, DomainEvents } from '../../lib/domain-events';
import { buildIcs } from './calendar';
import {
  addSeatsBooked,
  type EventRow,
  eventsWithExpiredHolds,
  findCustomer,
  findEvent,
  findEventsByIds,
  findRsvpOfUser,
  insertRsvp,
  listRsvpsOfUser,
  lockEvent,
  lockExpiredHolds,
  lockRsvp,
  lockRsvpOfUserForEvent,
  lockWaitlist,
  type RsvpChanges,
  type RsvpRow,
  type RsvpValues,
  reopenRsvp,
  seatsLeft,
  updateRsvp,
  waitlistLength,
} from './events.repository';
import { toRsvp } from './events.views';
import { rsvpInvoices } from './ticket-invoices';
import { newTicketCode } from './tickets';

/**
 * The RSVP rules. Every change of seats runs in one transaction that locks the event row first
 * (`SELECT … FOR UPDATE`): concurrent RSVPs for the last seats queue on it, each sees the seats
 * the previous one left, and none can oversell. Domain events go out after commit.
 */

export type EventsDeps = {
  db: Database;
  events: DomainEvents;
  /** The shop's minimum age (the `minimum_age` setting): an event never admits anyone younger. */
  shopMinimumAge?: () => Promise<number>;
};

const HOLD_MS = RSVP_HOLD_MINUTES * 60 * 1000;

const silentOutbox: DomainEventOutbox = { publish: () => undefined };

/** A transaction whose published events go out after commit (or nowhere, without a bus). */
export function eventsTransaction<T>(
  db: Database,
  bus: DomainEvents | undefined,
  work: (tx: Executor, outbox: DomainEventOutbox) => Promise<T>,
): Promise<T> {
  if (bus) return bus.transaction<Executor, T>(db, work);
  return db.transaction((tx) => work(tx, silentOutbox));
}

/**
 * An RSVP id that is not the customer's (or does not exist): a 404 naming the field, the same
 * answer either way, so another customer's RSVP cannot be told from none.
 */
function rsvpNotFound(): AppError {
  return new AppError('not_found', eventMessages.rsvpNotFound, [
    { field: 'id', message: eventMessages.rsvpNotFound },
  ]);
}

function eventNotFound(): AppError {
  return new AppError('not_found', eventMessages.eventNotFound, [
    { field: 'event', message: eventMessages.eventNotFound },
  ]);
}

/** A 409 about the RSVP itself (its state forbids the change), naming the RSVP's id. */
function rsvpConflict(message: string): AppError {
  return conflict(message, 'conflict', [{ field: 'id', message }]);
}

/** RSVPs are closed once the event has started, and for cancelled or finished events (409). */
export function assertOpenForRsvps(event: EventRow, now: Date): void {
  const closed = (message: string) => conflict(message, 'conflict', [{ field: 'event', message }]);
  if (event.status === 'cancelled') throw closed(eventMessages.eventCancelled);
  if (event.status === 'completed') throw closed(eventMessages.eventCompleted);
  if (event.starts_at.getTime() <= now.getTime()) throw closed(eventMessages.eventStarted);
}

function assertOldEnough(dateOfBirth: string | null, minimumAge: number, now: Date): void {
  if (dateOfBirth === null) {
    const message = eventMessages.dateOfBirthNeeded(minimumAge);
    throw invalidInput([{ field: 'date_of_birth', message }], message);
  }
  const age = ageInYears(dateOfBirth, now);
  if (age === null || age < minimumAge) {
    const message = eventMessages.tooYoung(minimumAge);
    throw invalidInput([{ field: 'date_of_birth', message }], message);
  }
}

/**
 * Gives freed seats to the waitlist: in the order they joined, every party that fits the seats
 * left (a party too large is passed over, not blocking smaller ones behind it). Free events
 * confirm them; paid events hold their seats for payment. Answers the event after the change
 * and how many parties moved up.
 */
export async function promoteWaitlist(
  tx: Executor,
  event: EventRow,
  outbox: DomainEventOutbox,
  now: Date,
): Promise<{ event: EventRow; promoted: number }> {
  if (event.status !== 'published' || event.starts_at.getTime() <= now.getTime()) {
    return { event, promoted: 0 };
  }
  let left = seatsLeft(event);
  if (left === 0) return { event, promoted: 0 };
  const waiting = await lockWaitlist(tx, event.id);
  const paidEvent = event.price > 0;
  let booked = 0;
  let promoted = 0;
  for (const rsvp of waiting) {
    if (left === 0) break;
    if (rsvp.guests > left) continue;
    const holdExpiresAt = paidEvent ? new Date(now.getTime() + HOLD_MS) : null;
    const status = paidEvent ? 'pending_payment' : 'confirmed';
    await updateRsvp(
      tx,
      rsvp.id,
      {
        status,
        waitlisted_at: null,
        hold_expires_at: holdExpiresAt,
        confirmed_at: paidEvent ? null : now,
        amount: event.price * rsvp.guests,
      },
      now,
    );
    left -= rsvp.guests;
    booked += rsvp.guests;
    promoted += 1;
    outbox.publish('rsvp.promoted', {
      rsvpId: rsvp.id,
      eventId: event.id,
      userId: rsvp.user_id,
      eventTitle: event.title,
      startsAt: event.starts_at,
      guests: rsvp.guests,
      status,
      ticketCode: paidEvent ? null : rsvp.ticket_code,
      holdExpiresAt,
    });
  }
  if (booked === 0) return { event, promoted: 0 };
  return { event: await addSeatsBooked(tx, event.id, booked), promoted };
}

async function view(db: Executor, userId: string, rsvpId: string, now: Date): Promise<Rsvp> {
  const row = await findRsvpOfUser(db, rsvpId, userId);
  if (!row) throw rsvpNotFound();
  const event = await findEvent(db, row.event_id);
  if (!event) throw rsvpNotFound();
  const invoices = await rsvpInvoices(db, [row]);
  return toRsvp(row, event, now, invoices.get(row.id) ?? null);
}

export function getRsvp(db: Database, userId: string, rsvpId: string, now = new Date()): Promise<Rsvp> {
  return view(db, userId, rsvpId, now);
}

/** The customer's own RSVPs, newest first, each with its event (two queries per page). */
export async function listRsvps(
  db: Database,
  userId: string,
  query: RsvpListQuery,
  now = new Date(),
): Promise<RsvpListResponse> {
  const { rows, count } = await listRsvpsOfUser(
    db,
    userId,
    { event: query.event, status: query.status, when: query.when, active: query.active },
    now,
    { limit: query.page_size, offset: pageOffset(query) },
  );
  const [events, invoices] = await Promise.all([
    findEventsByIds(db, [...new Set(rows.map((row) => row.event_id))]),
    rsvpInvoices(db, rows),
  ]);
  const results = rows.map((row) =>
    toRsvp(row, events.get(row.event_id)!, now, invoices.get(row.id) ?? null),
  );
  return toPagedList(results, count, query);
}

/**
 * RSVPs for an event: confirmed at once (free event) or held for payment (paid event) while the
 * party fits the seats left, else the waitlist. A customer's cancelled RSVP for the event is
 * reopened (same id, new ticket code) rather than duplicated; any other existing RSVP is a 409.
 */
export async function createRsvp(
  deps: EventsDeps,
  userId: string,
  body: z.output<typeof createRsvpRequestSchema>,
  now = new Date(),
): Promise<Rsvp> {
  const customer = await findCustomer(deps.db, userId);
  if (!customer || customer.is_anonymous) throw unauthorized();
  const shopMinimumAge = deps.shopMinimumAge ? await deps.shopMinimumAge() : 0;

  const id = await eventsTransaction(deps.db, deps.events, async (tx, outbox) => {
    const locked = await lockEvent(tx, body.event);
    if (!locked || locked.status === 'draft' || locked.published_at === null) throw eventNotFound();
    assertOpenForRsvps(locked, now);
    assertOldEnough(customer.date_of_birth, Math.max(locked.minimum_age, shopMinimumAge), now);
    // Seats of holds that ran out are free now, and go to the waitlist before a newcomer.
    const released = await releaseExpiredHolds(tx, locked, outbox, now);
    const event =
      released.expired > 0 ? (await promoteWaitlist(tx, released.event, outbox, now)).event : released.event;

    const existing = await lockRsvpOfUserForEvent(tx, event.id, userId);
    if (existing && existing.status !== 'cancelled') {
      throw conflict(eventMessages.alreadyBooked, 'conflict', [
        { field: 'event', message: eventMessages.alreadyBooked },
      ]);
    }

    const fits = body.guests <= seatsLeft(event);
    const paidEvent = event.price > 0;
    const status = !fits ? 'waitlisted' : paidEvent ? 'pending_payment' : 'confirmed';
    const values: RsvpValues = {
      status,
      guests: body.guests,
      guest_names: body.guest_names,
      dietary_needs: body.dietary_needs,
      note: body.note,
      amount: event.price * body.guests,
      ticket_code: newTicketCode(),
      hold_expires_at: status === 'pending_payment' ? new Date(now.getTime() + HOLD_MS) : null,
      waitlisted_at: status === 'waitlisted' ? now : null,
      confirmed_at: status === 'confirmed' ? now : null,
    };
    const row = existing
      ? await reopenRsvp(tx, existing.id, values, now)
      : await insertRsvp(tx, event.id, userId, values, now);
    if (fits) await addSeatsBooked(tx, event.id, body.guests);

    const common = {
      rsvpId: row.id,
      eventId: event.id,
      userId,
      eventTitle: event.title,
      startsAt: event.starts_at,
      guests: row.guests,
    };
    if (status === 'confirmed') {
      outbox.publish('rsvp.confirmed', { ...common, ticketCode: row.ticket_code, paid: false });
    } else if (status === 'waitlisted') {
      outbox.publish('rsvp.waitlisted', { ...common, position: await waitlistLength(tx, event.id) });
    }
    return row.id;
  });
  return view(deps.db, userId, id, now);
}

const FINAL_STATUSES = new Set(['cancelled', 'attended', 'no_show']);

/**
 * Changes guests or details. More guests on a confirmed RSVP need the seats (409 naming what is
 * left); fewer release them to the waitlist. Paid bookings keep their number of guests.
 */
export async function changeRsvp(
  deps: EventsDeps,
  userId: string,
  rsvpId: string,
  body: z.output<typeof updateRsvpRequestSchema>,
  now = new Date(),
): Promise<Rsvp> {
  const found = await findRsvpOfUser(deps.db, rsvpId, userId);
  if (!found) throw rsvpNotFound();

  await eventsTransaction(deps.db, deps.events, async (tx, outbox) => {
    const event = await lockEvent(tx, found.event_id);
    const rsvp = await lockRsvp(tx, rsvpId);
    if (!event || !rsvp) throw rsvpNotFound();
    if (FINAL_STATUSES.has(rsvp.status)) {
      throw rsvpConflict(eventMessages.cannotChange(rsvpStatusLabels[rsvp.status].toLowerCase()));
    }
    assertOpenForRsvps(event, now);

    const guests = body.guests ?? rsvp.guests;
    const guestNames = body.guest_names ?? rsvp.guest_names;
    if (guestNames.length > guests - 1) {
      throw invalidInput([{ field: 'guest_names', message: eventMessages.guestNamesTooMany }]);
    }

    const changes: RsvpChanges = {};
    if (body.guest_names !== undefined) changes.guest_names = guestNames;
    if (body.dietary_needs !== undefined) changes.dietary_needs = body.dietary_needs;
    if (body.note !== undefined) changes.note = body.note;

    let seatsDelta = 0;
    if (guests !== rsvp.guests) {
      if (event.price > 0 && rsvp.status !== 'waitlisted') {
        throw conflict(eventMessages.paidGuestsFixed, 'conflict', [
          { field: 'guests', message: eventMessages.paidGuestsFixed },
        ]);
      }
      if (rsvp.status === 'confirmed') {
        seatsDelta = guests - rsvp.guests;
        const left = seatsLeft(event);
        if (seatsDelta > left) {
          const message = eventMessages.notEnoughSeats(left);
          throw conflict(message, 'conflict', [{ field: 'guests', message }]);
        }
      }
      changes.guests = guests;
      changes.amount = event.price * guests;
    }
    if (Object.keys(changes).length === 0) return;

    await updateRsvp(tx, rsvpId, changes, now);
    let current = event;
    if (seatsDelta !== 0) current = await addSeatsBooked(tx, event.id, seatsDelta);
    // Fewer seats taken, or a waiting party that may now fit: the waitlist moves.
    if (seatsDelta < 0 || (rsvp.status === 'waitlisted' && changes.guests !== undefined)) {
      await promoteWaitlist(tx, current, outbox, now);
    }
  });
  return view(deps.db, userId, rsvpId, now);
}

/**
 * Cancels a locked RSVP of a locked event on its customer's behalf: its seats (if it held any)
 * go to the waitlist. The caller has checked that it may be cancelled.
 */
export async function cancelLockedRsvp(
  tx: Executor,
  event: EventRow,
  rsvp: RsvpRow,
  outbox: DomainEventOutbox,
  now: Date,
): Promise<void> {
  const heldSeats = rsvp.status === 'confirmed' || rsvp.status === 'pending_payment';
  await updateRsvp(
    tx,
    rsvp.id,
    {
      status: 'cancelled',
      cancelled_at: now,
      cancel_reason: 'customer',
      hold_expires_at: null,
      waitlisted_at: null,
    },
    now,
  );
  outbox.publish('rsvp.cancelled', {
    rsvpId: rsvp.id,
    eventId: event.id,
    userId: rsvp.user_id,
    eventTitle: event.title,
    startsAt: event.starts_at,
    reason: 'customer',
  });
  if (heldSeats) {
    const released = await addSeatsBooked(tx, event.id, -rsvp.guests);
    await promoteWaitlist(tx, released, outbox, now);
  }
}

/**
 * Cancels the customer's RSVP: its seats go to the waitlist. Cancelling twice changes nothing.
 * A paid, confirmed ticket is cancelled by staff (with its refund), not online.
 */
export async function cancelRsvp(
  deps: EventsDeps,
  userId: string,
  rsvpId: string,
  now = new Date(),
): Promise<Rsvp> {
  const found = await findRsvpOfUser(deps.db, rsvpId, userId);
  if (!found) throw rsvpNotFound();

  await eventsTransaction(deps.db, deps.events, async (tx, outbox) => {
    const event = await lockEvent(tx, found.event_id);
    const rsvp = await lockRsvp(tx, rsvpId);
    if (!event || !rsvp) throw rsvpNotFound();
    if (rsvp.status === 'cancelled') return;
    if (rsvp.status === 'attended' || rsvp.status === 'no_show') {
      throw rsvpConflict(eventMessages.cannotChange(rsvpStatusLabels[rsvp.status].toLowerCase()));
    }
    if (event.starts_at.getTime() <= now.getTime()) {
      throw conflict(eventMessages.eventStarted, 'conflict', [
        { field: 'event', message: eventMessages.eventStarted },
      ]);
    }
    if (rsvp.status === 'confirmed' && rsvp.paid_at !== null)
      throw rsvpConflict(eventMessages.paidCancelRefused);

    await cancelLockedRsvp(tx, event, rsvp, outbox, now);
  });
  return view(deps.db, userId, rsvpId, now);
}

/**
 * Releases the seats of unpaid holds past their time (cancelled with reason hold_expired) and
 * promotes the waitlist; one transaction per event, each checking the holds again under the
 * event's lock, so running it on several instances at once (or beside a payment that just
 * arrived) never releases a seat twice or a paid one at all. Pass the bus to publish the
 * cancellations and promotions (e-mails, notifications).
 */
/**
 * Cancels the expired unpaid holds of a locked event (reason hold_expired) and frees their
 * seats; answers the event after the change and how many holds expired. The waitlist is not
 * moved here: the caller promotes once, after all its own changes.
 */
async function releaseExpiredHolds(
  tx: Executor,
  event: EventRow,
  outbox: DomainEventOutbox,
  now: Date,
): Promise<{ event: EventRow; expired: number }> {
  const holds = await lockExpiredHolds(tx, event.id, now);
  if (holds.length === 0) return { event, expired: 0 };
  let released = 0;
  for (const hold of holds) {
    await updateRsvp(
      tx,
      hold.id,
      { status: 'cancelled', cancelled_at: now, cancel_reason: 'hold_expired', hold_expires_at: null },
      now,
    );
    released += hold.guests;
    outbox.publish('rsvp.cancelled', {
      rsvpId: hold.id,
      eventId: event.id,
      userId: hold.user_id,
      eventTitle: event.title,
      startsAt: event.starts_at,
      reason: 'hold_expired',
    });
  }
  return { event: await addSeatsBooked(tx, event.id, -released), expired: holds.length };
}

export async function expireRsvpHolds(
  db: Database,
  now: Date,
  bus?: DomainEvents,
): Promise<{ expired: number; promoted: number }> {
  let expired = 0;
  let promoted = 0;
  for (const eventId of await eventsWithExpiredHolds(db, now)) {
    await eventsTransaction(db, bus, async (tx, outbox) => {
      const locked = await lockEvent(tx, eventId);
      if (!locked) return;
      const released = await releaseExpiredHolds(tx, locked, outbox, now);
      if (released.expired === 0) return;
      const result = await promoteWaitlist(tx, released.event, outbox, now);
      expired += released.expired;
      promoted += result.promoted;
    });
  }
  return { expired, promoted };
}

/** The .ics file of the customer's RSVP (another customer's id is a 404). */
export async function rsvpCalendar(
  db: Database,
  userId: string,
  rsvpId: string,
  publicUrl: string,
  now = new Date(),
): Promise<{ filename: string; body: string }> {
  const row = await findRsvpOfUser(db, rsvpId, userId);
  if (!row) throw rsvpNotFound();
  const event = await findEvent(db, row.event_id);
  if (!event) throw rsvpNotFound();
  const rsvp = toRsvp(row, event, now);
  const lines = [
    event.summary,
    `${countOf(rsvp.guests, 'guest')} · ${rsvpStatusLabels[rsvp.status]}`,
    ...(rsvp.ticket ? [`Ticket: ${rsvp.ticket.display_code}`] : []),
    ...(event.dress_code ? [`Dress code: ${event.dress_code}`] : []),
    `${publicUrl}/events/${event.slug}`,
  ];
  const changed = Math.max(event.updated_at.getTime(), row.updated_at.getTime());
  return {
    filename: `${event.slug}.ics`,
    body: buildIcs({
      uid: `rsvp-${row.id}@${new URL(publicUrl).hostname}`,
      title: event.title,
      description: lines.join('\n'),
      location: `${event.venue_name}, ${event.venue_address}`,
      url: `${publicUrl}/events/${event.slug}`,
      startsAt: event.starts_at,
      endsAt: event.ends_at,
      stamp: now,
      // Seconds since 2025: grows with every change, so calendars replace the entry.
      sequence: Math.max(0, Math.floor((changed - Date.UTC(2025, 0, 1)) / 1000)),
      status:
        row.status === 'cancelled' || event.status === 'cancelled'
          ? 'CANCELLED'
          : row.status === 'waitlisted' || row.status === 'pending_payment'
            ? 'TENTATIVE'
            : 'CONFIRMED',
    }),
  };
}

export type { CreateRsvpRequest };
