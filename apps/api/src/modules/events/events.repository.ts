import {
  ACTIVE_RSVP_STATUSES,
  type EventStatus,
  type EventType,
  type EventWhen,
  type RsvpCancelReason,
  type RsvpStatus,
} from '@shop/contract/events';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';

/**
 * The events' and RSVPs' queries, in SQL. Every change of seats happens inside a transaction that
 * first locks the event row (`lockEvent`), then the RSVP rows: always in that order, so two
 * transactions never wait on each other in a circle.
 */

/** The database or a transaction of it. */

/** An event as stored: what staff write (EventValues) and what the shop keeps about it. */
export type EventRow = EventValues & {
  id: number;
  seats_booked: number;
  status: EventStatus;
  published_at: Date | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  completed_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

export type RsvpRow = {
  id: string;
  event_id: number;
  user_id: string;
  status: RsvpStatus;
  guests: number;
  guest_names: string[];
  dietary_needs: string | null;
  note: string | null;
  amount: number;
  ticket_code: string;
  hold_expires_at: Date | null;
  waitlisted_at: Date | null;
  confirmed_at: Date | null;
  paid_at: Date | null;
  cancelled_at: Date | null;
  cancel_reason: RsvpCancelReason | null;
  checked_in_at: Date | null;
  checked_in_by: string | null;
  created_at: Date;
  updated_at: Date;
};

/** An RSVP with its place in the waitlist (1 is next; null unless waitlisted). */
export type RsvpWithPosition = RsvpRow & { waitlist_position: number | null };

export type FeaturedWineRow = {
  event_id: number;
  id: number;
  slug: string;
  name: string;
  image: string | null;
  price: number;
  category_name: string;
  region: string | null;
  country: string | null;
  vintage: number | null;
  in_stock: boolean;
};

export type Page = { limit: number; offset: number };

/**
 * Drizzle hands raw rows' timestamps over as PostgreSQL's text (`2026-03-14 15:30:00+00`);
 * the rows of this module carry Dates.
 */
const EVENT_TIMES = [
  'starts_at',
  'ends_at',
  'published_at',
  'cancelled_at',
  'completed_at',
  'created_at',
  'updated_at',
] as const;
const RSVP_TIMES = [
  'hold_expires_at',
  'waitlisted_at',
  'confirmed_at',
  'paid_at',
  'cancelled_at',
  'checked_in_at',
  'created_at',
  'updated_at',
] as const;

function withDates<T>(row: T, keys: readonly string[]): T {
  const record = row as Record<string, unknown>;
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string') record[key] = new Date(value);
  }
  return row;
}

const asEvent = <T extends EventRow | undefined>(row: T): T => (row ? withDates(row, EVENT_TIMES) : row);
const asRsvp = <T extends RsvpRow | undefined>(row: T): T => (row ? withDates(row, RSVP_TIMES) : row);

/** Seats still free. */
export function seatsLeft(event: Pick<EventRow, 'capacity' | 'reserved_seats' | 'seats_booked'>): number {
  return Math.max(0, event.capacity - event.reserved_seats - event.seats_booked);
}

// ---------------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------------

/** Locks the event row for the rest of the transaction; every seat change starts here. */
export async function lockEvent(tx: Executor, id: number): Promise<EventRow | undefined> {
  const result = await tx.execute<EventRow>(sql`SELECT * FROM events WHERE id = ${id} FOR UPDATE`);
  return asEvent(result.rows[0]);
}

export async function findEvent(db: Executor, id: number): Promise<EventRow | undefined> {
  const result = await db.execute<EventRow>(sql`SELECT * FROM events WHERE id = ${id}`);
  return asEvent(result.rows[0]);
}

/** An event the public may see (by id or slug): published once, never a draft. */
export async function findPublicEvent(db: Executor, idOrSlug: string): Promise<EventRow | undefined> {
  const byId = /^\d{1,9}$/.test(idOrSlug);
  const result = await db.execute<EventRow>(sql`
    SELECT * FROM events
    WHERE ${byId ? sql`id = ${Number(idOrSlug)}` : sql`slug = ${idOrSlug}`}
      AND status <> 'draft' AND published_at IS NOT NULL`);
  return asEvent(result.rows[0]);
}

export async function findEventsByIds(db: Executor, ids: number[]): Promise<Map<number, EventRow>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<EventRow>(
    sql`SELECT * FROM events WHERE id = ANY(${sql.param(ids)}::int[])`,
  );
  return new Map(result.rows.map((row) => [row.id, asEvent(row)]));
}

export type PublicEventFilters = {
  when?: EventWhen | undefined;
  type?: EventType | undefined;
  price?: 'free' | 'paid' | undefined;
};

function publicWhere(filters: PublicEventFilters, now: Date): SQL {
  const conditions: SQL[] = [sql`status IN ('published', 'completed')`];
  if (filters.when === 'upcoming') conditions.push(sql`ends_at > ${now}`);
  if (filters.when === 'past') conditions.push(sql`ends_at <= ${now}`);
  if (filters.type) conditions.push(sql`type = ${filters.type}`);
  if (filters.price === 'free') conditions.push(sql`price = 0`);
  if (filters.price === 'paid') conditions.push(sql`price > 0`);
  return sql.join(conditions, sql` AND `);
}

/**
 * Published (and completed) events: upcoming ones (not yet over) soonest first, then past ones
 * latest first. Rows and count side by side.
 */
export async function listPublicEvents(
  db: Executor,
  filters: PublicEventFilters,
  now: Date,
  page: Page,
): Promise<{ rows: EventRow[]; count: number }> {
  const where = publicWhere(filters, now);
  const [rows, count] = await Promise.all([
    db.execute<EventRow>(sql`
      SELECT * FROM events WHERE ${where}
      ORDER BY (ends_at <= ${now}),
               CASE WHEN ends_at > ${now} THEN starts_at END ASC,
               starts_at DESC, id
      LIMIT ${page.limit} OFFSET ${page.offset}`),
    db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM events WHERE ${where}`),
  ]);
  return { rows: rows.rows.map(asEvent), count: count.rows[0]?.count ?? 0 };
}

export type StaffEventFilters = { status?: EventStatus | undefined; when?: EventWhen | undefined };

/** Every event for staff: upcoming first (soonest), then past (latest). */
export async function listStaffEvents(
  db: Executor,
  filters: StaffEventFilters,
  now: Date,
  page: Page,
): Promise<{ rows: EventRow[]; count: number }> {
  const conditions: SQL[] = [sql`true`];
  if (filters.status) conditions.push(sql`status = ${filters.status}`);
  if (filters.when === 'upcoming') conditions.push(sql`ends_at > ${now}`);
  if (filters.when === 'past') conditions.push(sql`ends_at <= ${now}`);
  const where = sql.join(conditions, sql` AND `);
  const [rows, count] = await Promise.all([
    db.execute<EventRow>(sql`
      SELECT * FROM events WHERE ${where}
      ORDER BY (ends_at <= ${now}),
               CASE WHEN ends_at > ${now} THEN starts_at END ASC,
               starts_at DESC, id
      LIMIT ${page.limit} OFFSET ${page.offset}`),
    db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM events WHERE ${where}`),
  ]);
  return { rows: rows.rows.map(asEvent), count: count.rows[0]?.count ?? 0 };
}

/** The featured wines of several events in one query (listed products only), in their order. */
export async function featuredWinesOf(
  db: Executor,
  eventIds: number[],
): Promise<Map<number, FeaturedWineRow[]>> {
  const byEvent = new Map<number, FeaturedWineRow[]>();
  if (eventIds.length === 0) return byEvent;
  const result = await db.execute<FeaturedWineRow>(sql`
    SELECT f.event_id, p.id, p.slug, p.name, p.price, c.name AS category_name, p.region, p.country,
           p.vintage, p.in_stock,
           (SELECT i.url FROM product_images i WHERE i.product_id = p.id ORDER BY i.sort_order, i.id LIMIT 1) AS image
    FROM event_featured_wines f
    JOIN products p ON p.id = f.product_id AND p.listed
    JOIN categories c ON c.id = p.category_id
    WHERE f.event_id = ANY(${sql.param(eventIds)}::int[])
    ORDER BY f.event_id, f.sort_order, p.id`);
  for (const row of result.rows) {
    const list = byEvent.get(row.event_id) ?? [];
    list.push(row);
    byEvent.set(row.event_id, list);
  }
  return byEvent;
}

/** Which of these product ids exist (listed or not). */
export async function existingProductIds(db: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const result = await db.execute<{ id: number }>(
    sql`SELECT id FROM products WHERE id = ANY(${sql.param(ids)}::int[])`,
  );
  return new Set(result.rows.map((row) => row.id));
}

export async function slugTaken(db: Executor, slug: string, exceptId?: number): Promise<boolean> {
  const result = await db.execute(
    sql`SELECT 1 FROM events WHERE slug = ${slug} ${exceptId === undefined ? sql`` : sql`AND id <> ${exceptId}`}`,
  );
  return (result.rowCount ?? 0) > 0;
}

export type EventValues = {
  slug: string;
  title: string;
  type: EventType;
  summary: string;
  description: string;
  food_pairing: string | null;
  dress_code: string | null;
  starts_at: Date;
  ends_at: Date;
  venue_name: string;
  venue_address: string;
  map_url: string | null;
  image: string | null;
  capacity: number;
  reserved_seats: number;
  price: number;
  minimum_age: number;
};

export async function insertEvent(
  tx: Executor,
  values: EventValues & { status?: EventStatus; published_at?: Date | null; completed_at?: Date | null },
): Promise<EventRow> {
  const result = await tx.execute<EventRow>(sql`
    INSERT INTO events (slug, title, type, summary, description, food_pairing, dress_code, starts_at, ends_at,
      venue_name, venue_address, map_url, image, capacity, reserved_seats, price, minimum_age, status,
      published_at, completed_at)
    VALUES (${values.slug}, ${values.title}, ${values.type}, ${values.summary}, ${values.description},
      ${values.food_pairing}, ${values.dress_code}, ${values.starts_at}, ${values.ends_at}, ${values.venue_name},
      ${values.venue_address}, ${values.map_url}, ${values.image}, ${values.capacity}, ${values.reserved_seats},
      ${values.price}, ${values.minimum_age}, ${values.status ?? 'draft'}, ${values.published_at ?? null},
      ${values.completed_at ?? null})
    RETURNING *`);
  return asEvent(result.rows[0]!);
}

/** Writes the staff-editable fields of a (locked) event. */
export async function updateEventValues(tx: Executor, id: number, values: EventValues): Promise<EventRow> {
  const result = await tx.execute<EventRow>(sql`
    UPDATE events SET slug = ${values.slug}, title = ${values.title}, type = ${values.type},
      summary = ${values.summary}, description = ${values.description}, food_pairing = ${values.food_pairing},
      dress_code = ${values.dress_code}, starts_at = ${values.starts_at}, ends_at = ${values.ends_at},
      venue_name = ${values.venue_name}, venue_address = ${values.venue_address}, map_url = ${values.map_url},
      image = ${values.image}, capacity = ${values.capacity}, reserved_seats = ${values.reserved_seats},
      price = ${values.price}, minimum_age = ${values.minimum_age}, updated_at = now()
    WHERE id = ${id}
    RETURNING *`);
  return asEvent(result.rows[0]!);
}

export async function setEventStatus(
  tx: Executor,
  id: number,
  status: EventStatus,
  extra: { published_at?: Date; cancelled_at?: Date; cancel_reason?: string; completed_at?: Date } = {},
): Promise<EventRow> {
  const result = await tx.execute<EventRow>(sql`
    UPDATE events SET status = ${status},
      published_at = coalesce(${extra.published_at ?? null}::timestamptz, published_at),
      cancelled_at = coalesce(${extra.cancelled_at ?? null}::timestamptz, cancelled_at),
      cancel_reason = coalesce(${extra.cancel_reason ?? null}::text, cancel_reason),
      completed_at = coalesce(${extra.completed_at ?? null}::timestamptz, completed_at),
      updated_at = now()
    WHERE id = ${id}
    RETURNING *`);
  return asEvent(result.rows[0]!);
}

export async function replaceFeaturedWines(
  tx: Executor,
  eventId: number,
  productIds: number[],
): Promise<void> {
  await tx.execute(sql`DELETE FROM event_featured_wines WHERE event_id = ${eventId}`);
  if (productIds.length === 0) return;
  await tx.execute(sql`
    INSERT INTO event_featured_wines (event_id, product_id, sort_order)
    SELECT ${eventId}, x.product_id, x.ordinality - 1
    FROM unnest(${sql.param(productIds)}::int[]) WITH ORDINALITY AS x(product_id, ordinality)`);
}

/** Changes the seats held by RSVPs (positive books, negative releases) of a locked event. */
export async function addSeatsBooked(tx: Executor, eventId: number, delta: number): Promise<EventRow> {
  const result = await tx.execute<EventRow>(sql`
    UPDATE events SET seats_booked = seats_booked + ${delta}, updated_at = now()
    WHERE id = ${eventId}
    RETURNING *`);
  return asEvent(result.rows[0]!);
}

// ---------------------------------------------------------------------------------------------
// RSVPs
// ---------------------------------------------------------------------------------------------

const position = sql`CASE WHEN r.status = 'waitlisted' THEN (
    SELECT count(*)::int FROM rsvps w
    WHERE w.event_id = r.event_id AND w.status = 'waitlisted'
      AND (w.waitlisted_at, w.id) <= (r.waitlisted_at, r.id)
  ) END AS waitlist_position`;

/** One RSVP of one customer (another customer's id finds nothing). */
export async function findRsvpOfUser(
  db: Executor,
  id: string,
  userId: string,
): Promise<RsvpWithPosition | undefined> {
  const result = await db.execute<RsvpWithPosition>(
    sql`SELECT r.*, ${position} FROM rsvps r WHERE r.id = ${id} AND r.user_id = ${userId}`,
  );
  return asRsvp(result.rows[0]);
}

export async function findRsvp(db: Executor, id: string): Promise<RsvpWithPosition | undefined> {
  const result = await db.execute<RsvpWithPosition>(
    sql`SELECT r.*, ${position} FROM rsvps r WHERE r.id = ${id}`,
  );
  return asRsvp(result.rows[0]);
}

/** The event of each of these RSVPs (one query), by RSVP id. */
export async function eventsOfRsvps(db: Executor, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<{ id: string; event_id: number }>(
    sql`SELECT id, event_id FROM rsvps WHERE id IN ${ids}`,
  );
  return new Map(result.rows.map((row) => [row.id, Number(row.event_id)]));
}

/** Locks one RSVP (after its event). */
export async function lockRsvp(tx: Executor, id: string): Promise<RsvpRow | undefined> {
  const result = await tx.execute<RsvpRow>(sql`SELECT * FROM rsvps WHERE id = ${id} FOR UPDATE`);
  return asRsvp(result.rows[0]);
}

export async function lockRsvpOfUserForEvent(
  tx: Executor,
  eventId: number,
  userId: string,
): Promise<RsvpRow | undefined> {
  const result = await tx.execute<RsvpRow>(
    sql`SELECT * FROM rsvps WHERE event_id = ${eventId} AND user_id = ${userId} FOR UPDATE`,
  );
  return asRsvp(result.rows[0]);
}

/** The customer's RSVP for an event, if any (any status). */
export async function findRsvpOfUserForEvent(
  db: Executor,
  eventId: number,
  userId: string,
): Promise<RsvpWithPosition | undefined> {
  const result = await db.execute<RsvpWithPosition>(
    sql`SELECT r.*, ${position} FROM rsvps r WHERE r.event_id = ${eventId} AND r.user_id = ${userId}`,
  );
  return asRsvp(result.rows[0]);
}

export type RsvpValues = {
  status: RsvpStatus;
  guests: number;
  guest_names: string[];
  dietary_needs: string | null;
  note: string | null;
  amount: number;
  ticket_code: string;
  hold_expires_at: Date | null;
  waitlisted_at: Date | null;
  confirmed_at: Date | null;
};

export async function insertRsvp(
  tx: Executor,
  eventId: number,
  userId: string,
  values: RsvpValues,
  now: Date,
): Promise<RsvpRow> {
  const result = await tx.execute<RsvpRow>(sql`
    INSERT INTO rsvps (event_id, user_id, status, guests, guest_names, dietary_needs, note, amount, ticket_code,
      hold_expires_at, waitlisted_at, confirmed_at, created_at, updated_at)
    VALUES (${eventId}, ${userId}, ${values.status}, ${values.guests}, ${sql.param(values.guest_names)}::text[],
      ${values.dietary_needs}, ${values.note}, ${values.amount}, ${values.ticket_code}, ${values.hold_expires_at},
      ${values.waitlisted_at}, ${values.confirmed_at}, ${now}, ${now})
    RETURNING *`);
  return asRsvp(result.rows[0]!);
}

/** A cancelled RSVP booked again: the same row, a new ticket code, no trace of the old state. */
export async function reopenRsvp(tx: Executor, id: string, values: RsvpValues, now: Date): Promise<RsvpRow> {
  const result = await tx.execute<RsvpRow>(sql`
    UPDATE rsvps SET status = ${values.status}, guests = ${values.guests},
      guest_names = ${sql.param(values.guest_names)}::text[], dietary_needs = ${values.dietary_needs},
      note = ${values.note}, amount = ${values.amount}, ticket_code = ${values.ticket_code},
      hold_expires_at = ${values.hold_expires_at}, waitlisted_at = ${values.waitlisted_at},
      confirmed_at = ${values.confirmed_at}, paid_at = NULL, cancelled_at = NULL, cancel_reason = NULL,
      checked_in_at = NULL, checked_in_by = NULL, updated_at = ${now}
    WHERE id = ${id}
    RETURNING *`);
  return asRsvp(result.rows[0]!);
}

export type RsvpChanges = Partial<{
  status: RsvpStatus;
  guests: number;
  guest_names: string[];
  dietary_needs: string | null;
  note: string | null;
  amount: number;
  hold_expires_at: Date | null;
  waitlisted_at: Date | null;
  confirmed_at: Date | null;
  paid_at: Date | null;
  cancelled_at: Date | null;
  cancel_reason: RsvpCancelReason | null;
}>;

const CHANGE_COLUMNS: Record<keyof RsvpChanges, string> = {
  status: 'status',
  guests: 'guests',
  guest_names: 'guest_names',
  dietary_needs: 'dietary_needs',
  note: 'note',
  amount: 'amount',
  hold_expires_at: 'hold_expires_at',
  waitlisted_at: 'waitlisted_at',
  confirmed_at: 'confirmed_at',
  paid_at: 'paid_at',
  cancelled_at: 'cancelled_at',
  cancel_reason: 'cancel_reason',
};

export async function updateRsvp(
  tx: Executor,
  id: string,
  changes: RsvpChanges,
  now: Date,
): Promise<RsvpRow> {
  const sets: SQL[] = [sql`updated_at = ${now}`];
  for (const [key, value] of Object.entries(changes) as Array<[keyof RsvpChanges, unknown]>) {
    if (value === undefined) continue;
    const column = sql.raw(CHANGE_COLUMNS[key]);
    sets.push(
      key === 'guest_names'
        ? sql`${column} = ${sql.param(value as string[])}::text[]`
        : sql`${column} = ${value as string | number | Date | null}`,
    );
  }
  const result = await tx.execute<RsvpRow>(
    sql`UPDATE rsvps SET ${sql.join(sets, sql`, `)} WHERE id = ${id} RETURNING *`,
  );
  return asRsvp(result.rows[0]!);
}

/** The waitlist of a locked event, in order (first to join first), locked. */
export async function lockWaitlist(tx: Executor, eventId: number): Promise<RsvpRow[]> {
  const result = await tx.execute<RsvpRow>(sql`
    SELECT * FROM rsvps WHERE event_id = ${eventId} AND status = 'waitlisted'
    ORDER BY waitlisted_at, id
    FOR UPDATE`);
  return result.rows.map(asRsvp);
}

/** RSVPs of a locked event that are still booked or waiting, locked. */
export async function lockOpenRsvpsOfEvent(tx: Executor, eventId: number): Promise<RsvpRow[]> {
  const result = await tx.execute<RsvpRow>(sql`
    SELECT * FROM rsvps WHERE event_id = ${eventId}
      AND status IN ('pending_payment', 'confirmed', 'waitlisted')
    ORDER BY created_at, id
    FOR UPDATE`);
  return result.rows.map(asRsvp);
}

/** How many parties wait for seats at a (locked) event. */
export async function waitlistLength(tx: Executor, eventId: number): Promise<number> {
  const result = await tx.execute<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM rsvps WHERE event_id = ${eventId} AND status = 'waitlisted'`,
  );
  return result.rows[0]?.count ?? 0;
}

/** Events with at least one unpaid hold past its time. */
export async function eventsWithExpiredHolds(db: Executor, now: Date): Promise<number[]> {
  const result = await db.execute<{ event_id: number }>(sql`
    SELECT DISTINCT event_id FROM rsvps
    WHERE status = 'pending_payment' AND hold_expires_at <= ${now}`);
  return result.rows.map((row) => row.event_id);
}

/** The expired holds of a locked event, locked (checked again under the lock). */
export async function lockExpiredHolds(tx: Executor, eventId: number, now: Date): Promise<RsvpRow[]> {
  const result = await tx.execute<RsvpRow>(sql`
    SELECT * FROM rsvps
    WHERE event_id = ${eventId} AND status = 'pending_payment' AND hold_expires_at <= ${now}
    ORDER BY hold_expires_at, id
    FOR UPDATE`);
  return result.rows.map(asRsvp);
}

export type RsvpListFilters = {
  event?: number | undefined;
  status?: RsvpStatus | undefined;
  when?: EventWhen | undefined;
  /** Only RSVPs still standing (ACTIVE_RSVP_STATUSES). */
  active?: boolean | undefined;
};

/** A customer's RSVPs, newest first, with their waitlist places. */
export async function listRsvpsOfUser(
  db: Executor,
  userId: string,
  filters: RsvpListFilters,
  now: Date,
  page: Page,
): Promise<{ rows: RsvpWithPosition[]; count: number }> {
  const conditions: SQL[] = [sql`r.user_id = ${userId}`];
  if (filters.event !== undefined) conditions.push(sql`r.event_id = ${filters.event}`);
  if (filters.status) conditions.push(sql`r.status = ${filters.status}`);
  if (filters.active)
    conditions.push(sql`r.status = ANY(${sql.param([...ACTIVE_RSVP_STATUSES])}::rsvp_status[])`);
  if (filters.when) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM events e WHERE e.id = r.event_id AND ${
        filters.when === 'upcoming' ? sql`e.ends_at > ${now}` : sql`e.ends_at <= ${now}`
      })`,
    );
  }
  const where = sql.join(conditions, sql` AND `);
  const [rows, count] = await Promise.all([
    db.execute<RsvpWithPosition>(sql`
      SELECT r.*, ${position} FROM rsvps r WHERE ${where}
      ORDER BY r.created_at DESC, r.id
      LIMIT ${page.limit} OFFSET ${page.offset}`),
    db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM rsvps r WHERE ${where}`),
  ]);
  return { rows: rows.rows.map(asRsvp), count: count.rows[0]?.count ?? 0 };
}

export type RsvpCountRow = { event_id: number; status: RsvpStatus; rsvps: number; guests: number };

/** RSVPs and guests by status for several events, in one query. */
export async function rsvpCountsOf(db: Executor, eventIds: number[]): Promise<RsvpCountRow[]> {
  if (eventIds.length === 0) return [];
  const result = await db.execute<RsvpCountRow>(sql`
    SELECT event_id, status, count(*)::int AS rsvps, sum(guests)::int AS guests
    FROM rsvps WHERE event_id = ANY(${sql.param(eventIds)}::int[])
    GROUP BY event_id, status`);
  return result.rows;
}

export type GuestRow = RsvpWithPosition & { customer_name: string; email: string; phone: string | null };

export type GuestFilters = { status?: RsvpStatus | undefined; search?: string | undefined };

const STATUS_ORDER = sql`CASE r.status WHEN 'attended' THEN 0 WHEN 'confirmed' THEN 1 WHEN 'pending_payment' THEN 2
  WHEN 'waitlisted' THEN 3 WHEN 'no_show' THEN 4 ELSE 5 END`;

/** An event's guest list: the booked first (by name), then the waitlist in order, then the rest. */
export async function listGuests(
  db: Executor,
  eventId: number,
  filters: GuestFilters,
  page: Page,
): Promise<{ rows: GuestRow[]; count: number }> {
  const conditions: SQL[] = [sql`r.event_id = ${eventId}`];
  if (filters.status) conditions.push(sql`r.status = ${filters.status}`);
  if (filters.search) {
    const pattern = `%${filters.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const code = filters.search.toUpperCase().replace(/[\s-]/g, '');
    conditions.push(
      sql`(u.name ILIKE ${pattern} OR u.email ILIKE ${pattern} OR r.ticket_code = ${code}
           OR array_to_string(r.guest_names, ' ') ILIKE ${pattern})`,
    );
  }
  const where = sql.join(conditions, sql` AND `);
  const [rows, count] = await Promise.all([
    db.execute<GuestRow>(sql`
      SELECT r.*, ${position}, u.name AS customer_name, u.email, u.phone
      FROM rsvps r JOIN users u ON u.id = r.user_id
      WHERE ${where}
      ORDER BY ${STATUS_ORDER}, r.waitlisted_at NULLS LAST, lower(u.name), r.id
      LIMIT ${page.limit} OFFSET ${page.offset}`),
    db.execute<{ count: number }>(sql`
      SELECT count(*)::int AS count FROM rsvps r JOIN users u ON u.id = r.user_id WHERE ${where}`),
  ]);
  return { rows: rows.rows.map(asRsvp), count: count.rows[0]?.count ?? 0 };
}

export async function findGuest(db: Executor, rsvpId: string): Promise<GuestRow | undefined> {
  const result = await db.execute<GuestRow>(sql`
    SELECT r.*, ${position}, u.name AS customer_name, u.email, u.phone
    FROM rsvps r JOIN users u ON u.id = r.user_id WHERE r.id = ${rsvpId}`);
  return asRsvp(result.rows[0]);
}

/**
 * Checks in a confirmed ticket of the event in one statement, so a code works exactly once even
 * when two phones scan it at the same moment. Answers the RSVP id, or undefined.
 */
export async function checkInTicket(
  db: Executor,
  eventId: number,
  code: string,
  staffId: string,
  now: Date,
): Promise<string | undefined> {
  const result = await db.execute<{ id: string }>(sql`
    UPDATE rsvps SET status = 'attended', checked_in_at = ${now}, checked_in_by = ${staffId}, updated_at = ${now}
    WHERE ticket_code = ${code} AND event_id = ${eventId} AND status = 'confirmed'
    RETURNING id`);
  return result.rows[0]?.id;
}

export async function findRsvpByCode(db: Executor, code: string): Promise<RsvpRow | undefined> {
  const result = await db.execute<RsvpRow>(sql`SELECT * FROM rsvps WHERE ticket_code = ${code}`);
  return asRsvp(result.rows[0]);
}

/** After an event: confirmed RSVPs that were never checked in did not come. */
export async function markNoShows(tx: Executor, eventId: number, now: Date): Promise<number> {
  const result = await tx.execute(sql`
    UPDATE rsvps SET status = 'no_show', updated_at = ${now}
    WHERE event_id = ${eventId} AND status = 'confirmed'`);
  return result.rowCount ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Customers
// ---------------------------------------------------------------------------------------------

export type CustomerRow = {
  id: string;
  name: string;
  email: string;
  date_of_birth: string | null;
  is_anonymous: boolean;
};

export async function findCustomer(db: Executor, userId: string): Promise<CustomerRow | undefined> {
  const result = await db.execute<CustomerRow>(
    sql`SELECT id, name, email, date_of_birth::text AS date_of_birth, is_anonymous FROM users WHERE id = ${userId}`,
  );
  return result.rows[0];
}

export async function findCustomers(db: Executor, userIds: string[]): Promise<Map<string, CustomerRow>> {
  if (userIds.length === 0) return new Map();
  const result = await db.execute<CustomerRow>(sql`
    SELECT id, name, email, date_of_birth::text AS date_of_birth, is_anonymous
    FROM users WHERE id = ANY(${sql.param(userIds)}::uuid[])`);
  return new Map(result.rows.map((row) => [row.id, row]));
}
