import type { AuditKind } from '@shop/contract/audit';
import type { FieldError } from '@shop/contract/errors';
import {
  type CheckInResponse,
  type createEventRequestSchema,
  eventMessages,
  formatEventClock,
  formatEventDate,
  type GuestListQuery,
  type GuestListResponse,
  normaliseTicketCode,
  rsvpStatusLabels,
  type StaffEvent,
  type StaffEventListQuery,
  type StaffEventListResponse,
  type updateEventRequestSchema,
} from '@shop/contract/events';
import { pageOffset, toPagedList } from '@shop/contract/pagination';
import { countOf, pluralWord } from '@shop/contract/plural';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/transaction';
import { AppError, conflict, invalidInput, notFound } from '../../errors';
import { type AuditActor, changedFields, recordAudit } from '../audit/audit';
import {
  addSeatsBooked,
  checkInTicket,
  type EventRow,
  type EventValues,
  existingProductIds,
  featuredWinesOf,
  findEvent,
  findGuest,
  findRsvpByCode,
  insertEvent,
  listGuests,
  listStaffEvents,
  lockEvent,
  lockOpenRsvpsOfEvent,
  markNoShows,
  replaceFeaturedWines,
  rsvpCountsOf,
  setEventStatus,
  slugTaken,
  updateEventValues,
  updateRsvp,
} from './events.repository';
import { toGuest, toStaffEvent } from './events.views';
import { type EventsDeps, eventsTransaction, promoteWaitlist } from './rsvps.service';

/**
 * The back office's events: create, edit, publish, cancel and complete, the guest list and the
 * check-in at the door. Changes that touch seats lock the event row, as the RSVP rules do.
 */

/** Lower case, no accents, words joined by hyphens: 'Rosé on the Terrace' → 'rose-on-the-terrace'. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}

/** Empty text and null both mean "none", stored as null. */
const blank = (value: string | null | undefined): string | null => (value ? value : null);

async function staffView(db: Executor, row: EventRow, now: Date): Promise<StaffEvent> {
  const [wines, counts] = await Promise.all([featuredWinesOf(db, [row.id]), rsvpCountsOf(db, [row.id])]);
  return toStaffEvent(row, wines.get(row.id) ?? [], counts, now);
}

export async function listStaffEventsPage(
  db: Database,
  query: StaffEventListQuery,
  now = new Date(),
): Promise<StaffEventListResponse> {
  const { rows, count } = await listStaffEvents(db, { status: query.status, when: query.when }, now, {
    limit: query.page_size,
    offset: pageOffset(query),
  });
  const ids = rows.map((row) => row.id);
  const [wines, counts] = await Promise.all([featuredWinesOf(db, ids), rsvpCountsOf(db, ids)]);
  const results = rows.map((row) =>
    toStaffEvent(
      row,
      wines.get(row.id) ?? [],
      counts.filter((count) => count.event_id === row.id),
      now,
    ),
  );
  return toPagedList(results, count, query);
}

export async function getStaffEvent(db: Database, id: number, now = new Date()): Promise<StaffEvent> {
  const row = await findEvent(db, id);
  if (!row) throw notFound('Event');
  return staffView(db, row, now);
}

/** Every featured product must exist; answers 422 naming the position of each unknown one. */
async function checkFeaturedWines(db: Executor, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const known = await existingProductIds(db, unique);
  const problems: FieldError[] = [];
  ids.forEach((id, index) => {
    if (!known.has(id))
      problems.push({ field: `featured_wines.${index}`, message: `No product has the id ${id}` });
  });
  if (problems.length > 0) throw invalidInput(problems);
  return unique;
}

/** A free slug: the one given (409 when taken), or one made from the title (numbered when taken). */
async function chooseSlug(
  db: Executor,
  given: string | null,
  title: string,
  exceptId?: number,
): Promise<string> {
  if (given) {
    if (await slugTaken(db, given, exceptId)) {
      const message = 'Another event already uses this slug';
      throw conflict(message, 'conflict', [{ field: 'slug', message }]);
    }
    return given;
  }
  const base = slugify(title) || 'event';
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(db, candidate, exceptId))) return candidate;
  }
}

type CreateInput = z.output<typeof createEventRequestSchema>;

/** A new event, as a draft: nobody sees it until it is published. */
/** An event's values as the audit trail keeps them (times as ISO 8601). */
function auditedValues(values: EventValues): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
}

export async function createEvent(
  db: Database,
  actor: AuditActor,
  body: CreateInput,
  now = new Date(),
): Promise<StaffEvent> {
  const wines = await checkFeaturedWines(db, body.featured_wines);
  const row = await db.transaction(async (tx) => {
    const slug = await chooseSlug(tx, blank(body.slug), body.title);
    const created = await insertEvent(tx, {
      slug,
      title: body.title,
      type: body.type,
      summary: body.summary,
      description: body.description,
      food_pairing: blank(body.food_pairing),
      dress_code: blank(body.dress_code),
      starts_at: new Date(body.starts_at),
      ends_at: new Date(body.ends_at),
      venue_name: body.venue_name,
      venue_address: body.venue_address,
      map_url: blank(body.map_url),
      image: blank(body.image),
      capacity: body.capacity,
      reserved_seats: body.reserved_seats,
      price: body.price,
      minimum_age: body.minimum_age,
    });
    await replaceFeaturedWines(tx, created.id, wines);
    await recordAudit(tx, actor, {
      kind: 'event.create',
      subjectType: 'event',
      subjectId: created.id,
      summary: `Created ${created.title} (draft)`,
      after: {
        title: created.title,
        starts_at: created.starts_at.toISOString(),
        capacity: created.capacity,
        price: created.price,
      },
    });
    return created;
  });
  return staffView(db, row, now);
}

type UpdateInput = z.output<typeof updateEventRequestSchema>;

/**
 * Changes what is sent, checked as a whole: it must end after it starts; capacity and reserved
 * seats must leave room for the seats already booked; the price stays while anyone is booked
 * or waiting at the old one. More room promotes the waitlist.
 */
export async function updateEvent(
  deps: EventsDeps,
  actor: AuditActor,
  id: number,
  body: UpdateInput,
  now = new Date(),
): Promise<StaffEvent> {
  const wines =
    body.featured_wines === undefined ? undefined : await checkFeaturedWines(deps.db, body.featured_wines);
  const row = await eventsTransaction(deps.db, deps.events, async (tx, outbox) => {
    const event = await lockEvent(tx, id);
    if (!event) throw notFound('Event');
    if (event.status === 'cancelled' || event.status === 'completed') {
      throw conflict(`A ${event.status} event can no longer be changed.`);
    }
    const next: EventValues = {
      slug: event.slug,
      title: body.title ?? event.title,
      type: body.type ?? event.type,
      summary: body.summary ?? event.summary,
      description: body.description ?? event.description,
      food_pairing: body.food_pairing === undefined ? event.food_pairing : blank(body.food_pairing),
      dress_code: body.dress_code === undefined ? event.dress_code : blank(body.dress_code),
      starts_at: body.starts_at ? new Date(body.starts_at) : event.starts_at,
      ends_at: body.ends_at ? new Date(body.ends_at) : event.ends_at,
      venue_name: body.venue_name ?? event.venue_name,
      venue_address: body.venue_address ?? event.venue_address,
      map_url: body.map_url === undefined ? event.map_url : blank(body.map_url),
      image: body.image === undefined ? event.image : blank(body.image),
      capacity: body.capacity ?? event.capacity,
      reserved_seats: body.reserved_seats ?? event.reserved_seats,
      price: body.price ?? event.price,
      minimum_age: body.minimum_age ?? event.minimum_age,
    };

    const problems: FieldError[] = [];
    if (next.ends_at <= next.starts_at) {
      problems.push({ field: 'ends_at', message: 'The event must end after it starts' });
    }
    const moved = next.starts_at.getTime() !== event.starts_at.getTime();
    if (event.status === 'published' && moved && next.starts_at <= now) {
      problems.push({ field: 'starts_at', message: 'A published event cannot be moved into the past' });
    }
    if (next.reserved_seats + event.seats_booked > next.capacity) {
      const needed = next.reserved_seats + event.seats_booked;
      problems.push({
        field: body.capacity !== undefined ? 'capacity' : 'reserved_seats',
        message: `${countOf(event.seats_booked, 'seat')} ${pluralWord(event.seats_booked, 'is', 'are')} booked and ${next.reserved_seats} reserved: the capacity must be at least ${needed}`,
      });
    }
    if (problems.length > 0) throw invalidInput(problems);

    if (next.price !== event.price) {
      const counts = await rsvpCountsOf(tx, [event.id]);
      if (counts.some((count) => count.status !== 'cancelled' && count.rsvps > 0)) {
        const message = 'The price cannot change while customers are booked or waiting at the current price';
        throw conflict(message, 'conflict', [{ field: 'price', message }]);
      }
    }
    // The address of a published event stays unless staff choose a new slug.
    if (body.slug && body.slug !== event.slug)
      next.slug = await chooseSlug(tx, body.slug, next.title, event.id);

    let updated = await updateEventValues(tx, event.id, next);
    if (wines) await replaceFeaturedWines(tx, event.id, wines);
    const { seats_booked: _booked, ...current } = event;
    const diff = changedFields(auditedValues(current as unknown as EventValues), auditedValues(next));
    if (diff || wines) {
      await recordAudit(tx, actor, {
        kind: 'event.update',
        subjectType: 'event',
        subjectId: event.id,
        summary: `Changed ${next.title}`,
        before: diff?.before ?? null,
        after: diff?.after ?? (wines ? { featured_wines: body.featured_wines } : null),
      });
    }
    // More room (capacity up, fewer reserved seats): the waitlist moves.
    ({ event: updated } = await promoteWaitlist(tx, updated, outbox, now));
    return updated;
  });
  return staffView(deps.db, row, now);
}

/** A draft goes public; it must still be in the future. */
export async function publishEvent(
  db: Database,
  actor: AuditActor,
  id: number,
  now = new Date(),
): Promise<StaffEvent> {
  const row = await db.transaction(async (tx) => {
    const event = await lockEvent(tx, id);
    if (!event) throw notFound('Event');
    if (event.status !== 'draft')
      throw conflict(`Only a draft can be published; this event is ${event.status}.`);
    if (event.starts_at <= now) {
      const message = 'An event that has already started cannot be published: change its dates first';
      throw conflict(message, 'conflict', [{ field: 'starts_at', message }]);
    }
    await statusAudit(tx, actor, event, 'published', 'event.publish');
    return setEventStatus(tx, id, 'published', { published_at: now });
  });
  return staffView(db, row, now);
}

/**
 * Cancels an event: every RSVP booked or waiting is cancelled with it and its seats released,
 * and `event.cancelled` (naming each of them, with what they paid) tells everyone after commit.
 */
export async function cancelEvent(
  deps: EventsDeps,
  actor: AuditActor,
  id: number,
  reason: string,
  now = new Date(),
): Promise<StaffEvent> {
  const row = await eventsTransaction(deps.db, deps.events, async (tx, outbox) => {
    const event = await lockEvent(tx, id);
    if (!event) throw notFound('Event');
    if (event.status !== 'draft' && event.status !== 'published') {
      throw conflict(`This event is ${event.status} and cannot be cancelled.`);
    }
    const open = await lockOpenRsvpsOfEvent(tx, id);
    let released = 0;
    for (const rsvp of open) {
      if (rsvp.status !== 'waitlisted') released += rsvp.guests;
      await updateRsvp(
        tx,
        rsvp.id,
        {
          status: 'cancelled',
          cancelled_at: now,
          cancel_reason: 'event_cancelled',
          hold_expires_at: null,
          waitlisted_at: null,
        },
        now,
      );
    }
    if (released > 0) await addSeatsBooked(tx, id, -released);
    await statusAudit(
      tx,
      actor,
      event,
      'cancelled',
      'event.cancel',
      `, ${countOf(open.length, 'RSVP')} cancelled: ${reason}`,
    );
    const cancelled = await setEventStatus(tx, id, 'cancelled', { cancelled_at: now, cancel_reason: reason });
    outbox.publish('event.cancelled', {
      eventId: id,
      eventTitle: event.title,
      startsAt: event.starts_at,
      reason,
      rsvps: open.map((rsvp) => ({
        rsvpId: rsvp.id,
        userId: rsvp.user_id,
        previousStatus: rsvp.status as 'pending_payment' | 'confirmed' | 'waitlisted',
        guests: rsvp.guests,
        paidAmount: rsvp.paid_at ? rsvp.amount : 0,
      })),
    });
    return cancelled;
  });
  return staffView(deps.db, row, now);
}

/** After the event: marks it completed; confirmed guests who never checked in become no-shows. */
export async function completeEvent(
  db: Database,
  actor: AuditActor,
  id: number,
  now = new Date(),
): Promise<StaffEvent> {
  const row = await db.transaction(async (tx) => {
    const event = await lockEvent(tx, id);
    if (!event) throw notFound('Event');
    if (event.status !== 'published')
      throw conflict(`Only a published event can be completed; this one is ${event.status}.`);
    if (event.ends_at > now) throw conflict('The event has not ended yet.');
    await markNoShows(tx, id, now);
    await statusAudit(tx, actor, event, 'completed', 'event.complete');
    return setEventStatus(tx, id, 'completed', { completed_at: now });
  });
  return staffView(db, row, now);
}

/** An event's status change in the audit trail, in the transaction that makes it. */
async function statusAudit(
  tx: Executor,
  actor: AuditActor,
  event: { id: number; title: string; status: string },
  status: string,
  kind: AuditKind,
  more = '',
): Promise<void> {
  await recordAudit(tx, actor, {
    kind,
    subjectType: 'event',
    subjectId: event.id,
    summary: `${event.title}: ${event.status} → ${status}${more}`,
    before: { status: event.status },
    after: { status },
  });
}

export async function guestList(
  db: Database,
  eventId: number,
  query: GuestListQuery,
): Promise<GuestListResponse> {
  const event = await findEvent(db, eventId);
  if (!event) throw notFound('Event');
  const { rows, count } = await listGuests(
    db,
    eventId,
    { status: query.status, search: query.search },
    {
      limit: query.page_size,
      offset: pageOffset(query),
    },
  );
  return toPagedList(rows.map(toGuest), count, query);
}

/**
 * Checks a ticket in at the door: marks its RSVP attended. A code works once (one UPDATE decides,
 * even for two scans at the same moment); a wrong, used or unconfirmed code is a clear error.
 */
export async function checkIn(
  db: Database,
  staffId: string,
  eventId: number,
  typed: string,
  now = new Date(),
): Promise<CheckInResponse> {
  const event = await findEvent(db, eventId);
  if (!event) throw notFound('Event');
  if (event.status === 'cancelled') throw conflict(eventMessages.eventCancelled);
  if (event.status === 'draft') throw conflict('This event is not published: there is nobody to check in.');

  const code = normaliseTicketCode(typed);
  if (!code)
    throw invalidInput(
      [{ field: 'code', message: eventMessages.ticketInvalid }],
      eventMessages.ticketInvalid,
    );

  const checkedIn = await checkInTicket(db, eventId, code, staffId, now);
  if (checkedIn) {
    const guest = toGuest((await findGuest(db, checkedIn))!);
    const party = countOf(guest.guests, 'guest');
    return { message: `Checked in: ${guest.customer_name}, ${party}`, guest };
  }

  const rsvp = await findRsvpByCode(db, code);
  const field = (message: string) => [{ field: 'code', message }];
  if (!rsvp) throw new AppError('not_found', eventMessages.ticketInvalid, field(eventMessages.ticketInvalid));
  if (rsvp.event_id !== eventId) {
    const other = await findEvent(db, rsvp.event_id);
    const message = eventMessages.ticketOtherEvent(other?.title ?? 'another event');
    throw conflict(message, 'conflict', field(message));
  }
  if (rsvp.status === 'attended' && rsvp.checked_in_at) {
    const at = rsvp.checked_in_at.toISOString();
    const message = eventMessages.ticketUsed(`${formatEventClock(at)} on ${formatEventDate(at)}`);
    throw conflict(message, 'conflict', field(message));
  }
  const message = eventMessages.ticketNotValid(rsvpStatusLabels[rsvp.status].toLowerCase());
  throw conflict(message, 'conflict', field(message));
}
