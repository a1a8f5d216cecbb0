import crypto from 'node:crypto';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { type Rsvp, rsvpSchema } from '@shop/contract/events';
import { type Transaction, transactionSchema } from '@shop/contract/payments';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/test-app';
import { users } from '../../db/schema/identity';
import { TestBrowser, uniqueEmail } from '../identity/testing';
import { EVENTS_JOBS } from './events.notify';
import { type EventRow, type EventValues, insertEvent } from './events.repository';

/**
 * Test helpers for events: events written straight into the database (published unless told),
 * customers and staff signed in through the real identity calls, and the RSVP calls.
 */

export const EVENTS = '/api/v1/events/events/';
export const RSVPS = '/api/v1/events/rsvps/';
export const STAFF_EVENTS = '/api/v1/events/staff/events/';
export const rsvpUrl = (id: string) => `${RSVPS}${id}/`;
export const eventUrl = (id: number | string) => `${EVENTS}${id}/`;
export const staffEventUrl = (id: number, action = '') =>
  `${STAFF_EVENTS}${id}/${action ? `${action}/` : ''}`;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;

export type TestEventInput = Partial<EventValues> & {
  status?: 'draft' | 'published' | 'cancelled' | 'completed';
  /** Days from now to the start (default 7). */
  inDays?: number;
};

/** An event in the database: published a week ahead, 20 seats, free, unless told otherwise. */
export async function createTestEvent(harness: TestApp, input: TestEventInput = {}): Promise<EventRow> {
  const n = crypto.randomBytes(4).toString('hex');
  const startsAt = input.starts_at ?? new Date(Date.now() + (input.inDays ?? 7) * DAY_MS);
  const status = input.status ?? 'published';
  return insertEvent(harness.app.db, {
    slug: input.slug ?? `tasting-${n}`,
    title: input.title ?? `Tasting ${n}`,
    type: input.type ?? 'tasting',
    summary: input.summary ?? 'Six wines in one evening.',
    description: input.description ?? 'A guided tasting of six wines.',
    food_pairing: input.food_pairing ?? null,
    dress_code: input.dress_code ?? null,
    starts_at: startsAt,
    ends_at: input.ends_at ?? new Date(startsAt.getTime() + 3 * HOUR_MS),
    venue_name: input.venue_name ?? 'Kampala Cellars tasting room',
    venue_address: input.venue_address ?? 'Plot 14, Acacia Avenue, Kololo, Kampala',
    map_url: input.map_url ?? null,
    image: input.image ?? null,
    capacity: input.capacity ?? 20,
    reserved_seats: input.reserved_seats ?? 0,
    price: input.price ?? 0,
    minimum_age: input.minimum_age ?? 21,
    status,
    published_at: status === 'draft' ? null : new Date(Date.now() - DAY_MS),
  });
}

export type TestCustomer = { client: TestBrowser; email: string; userId: string };

/** A registered, signed-in customer (born 1990-05-17). */
export async function customer(harness: TestApp, name = 'Amina Nakato'): Promise<TestCustomer> {
  const client = new TestBrowser(harness.app);
  const email = uniqueEmail('guest');
  await client.register(email, undefined, name);
  const session = await client.session();
  if (!session) throw new Error('no session after sign-in');
  return { client, email, userId: session.user.id };
}

/** A signed-in staff member (a customer given the staff role, signed in again). */
export async function staff(harness: TestApp, role: 'staff' | 'admin' = 'staff'): Promise<TestCustomer> {
  const member = await customer(harness, 'Sam Staff');
  await harness.app.db.update(users).set({ role }).where(eq(users.id, member.userId));
  return member;
}

/** RSVPs and answers the RSVP (throws on anything but 201). */
export async function rsvp(
  client: TestBrowser,
  eventId: number,
  body: Record<string, unknown> = {},
): Promise<Rsvp> {
  const response = await client.post(RSVPS, { event: eventId, ...body });
  if (response.statusCode !== 201) throw new Error(`RSVP failed: ${response.statusCode} ${response.body}`);
  return rsvpSchema.parse(response.json());
}

export async function eventRow(harness: TestApp, id: number): Promise<EventRow> {
  const result = await harness.database.pool.query<EventRow>('SELECT * FROM events WHERE id = $1', [id]);
  return result.rows[0]!;
}

/** Seats left from the database's own counters. */
export async function seatsLeftOf(harness: TestApp, id: number): Promise<number> {
  const row = await eventRow(harness, id);
  return row.capacity - row.reserved_seats - row.seats_booked;
}

export async function rsvpCount(harness: TestApp, eventId: number): Promise<number> {
  const result = await harness.database.pool.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM rsvps WHERE event_id = $1',
    [eventId],
  );
  return result.rows[0]!.count;
}

/** Polls until `check` answers something (background jobs, e-mails). */
export async function waitFor<T>(
  check: () => Promise<T | undefined | null | false>,
  what: string,
  ms = 15_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export type Mail = { subject: string; text: string; html: string };

/** The e-mails sent to `to` whose subject starts with `subject`, once there is at least one. */
export async function mailTo(harness: TestApp, to: string, subject: string): Promise<Mail[]> {
  return waitFor(async () => {
    const result = await harness.database.pool.query<Mail>(
      `SELECT subject, text, html FROM dev_mailbox WHERE "to" = $1 AND subject LIKE $2 ORDER BY id`,
      [to, `${subject}%`],
    );
    return result.rows.length > 0 ? result.rows : undefined;
  }, `an e-mail "${subject}…" to ${to}`);
}

/**
 * Waits until the RSVP e-mail jobs queued so far have run, so that a test file does not close
 * its app (and pool) under jobs still working.
 */
export async function drainEmailJobs(harness: TestApp): Promise<void> {
  await waitFor(
    async () => {
      const result = await harness.database.pool.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
        [EVENTS_JOBS.email],
      );
      return result.rows[0]!.count === 0;
    },
    'the RSVP e-mail jobs to finish',
    60_000,
  );
}

export const DAY = DAY_MS;
export const HOUR = HOUR_MS;

export const MTN_PHONE = '0772 123456';
export const payUrl = (id: string) => `${rsvpUrl(id)}pay/`;
export const sandbox = (reference: string, action: string) =>
  `/api/v1/payments/sandbox/charges/${encodeURIComponent(reference)}/${action}/`;
export const verifyUrl = (id: string) => `/api/v1/payments/transactions/${id}/verify_payment/`;

/** Starts paying for the RSVP with MTN mobile money on the payments sandbox. */
export async function startPaying(client: TestBrowser, rsvpId: string): Promise<Transaction> {
  const response = await client.post(payUrl(rsvpId), { network: 'MTN', phone: MTN_PHONE, amount: 1 });
  if (response.statusCode !== 200) throw new Error(`Paying failed: ${response.statusCode} ${response.body}`);
  return transactionSchema.parse(response.json());
}

/** Approves on the sandbox "phone", then verifies until the transaction leaves pending. */
export async function approveAndSettle(client: TestBrowser, transaction: Transaction): Promise<Transaction> {
  const approved = await client.post(sandbox(transaction.reference, 'approve'), { pin: '12345' });
  if (approved.statusCode !== 200)
    throw new Error(`Approving failed: ${approved.statusCode} ${approved.body}`);
  return waitFor(async () => {
    const settled = transactionSchema.parse((await client.post(verifyUrl(transaction.id))).json());
    return settled.status === 'pending' ? undefined : settled;
  }, 'the payment to settle');
}
