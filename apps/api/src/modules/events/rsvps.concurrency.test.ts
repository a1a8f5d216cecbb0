import { rsvpSchema } from '@shop/contract/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createTestEvent,
  customer,
  drainEmailJobs,
  eventRow,
  RSVPS,
  rsvpUrl,
  type TestCustomer,
} from './testing';

/**
 * Seats are never oversold: many customers asking for the last seats at the same moment, on the
 * real PostgreSQL, get exactly the seats there are; the rest wait.
 */

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true', LOG_LEVEL: 'error' });
});
afterAll(async () => {
  if (harness) await drainEmailJobs(harness);
  await harness?.close();
});

async function customers(count: number): Promise<TestCustomer[]> {
  const made: TestCustomer[] = [];
  // A few at a time: sign-ups are not what is under test.
  for (let index = 0; index < count; index += 10) {
    made.push(
      ...(await Promise.all(Array.from({ length: Math.min(10, count - index) }, () => customer(harness)))),
    );
  }
  return made;
}

async function statusCounts(eventId: number) {
  const result = await harness.database.pool.query<{ status: string; rsvps: number; guests: number }>(
    `SELECT status, count(*)::int AS rsvps, sum(guests)::int AS guests FROM rsvps WHERE event_id = $1 GROUP BY status`,
    [eventId],
  );
  return Object.fromEntries(result.rows.map((row) => [row.status, { rsvps: row.rsvps, guests: row.guests }]));
}

describe('the last seats', () => {
  it('50 concurrent RSVPs for the last 5 seats confirm exactly 5 guests; 45 wait', async () => {
    const event = await createTestEvent(harness, { capacity: 40, reserved_seats: 35 });
    const crowd = await customers(50);

    const answers = await Promise.all(
      crowd.map(({ client }) => client.post(RSVPS, { event: event.id, guests: 1 })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(201));
    const statuses = answers.map((answer) => rsvpSchema.parse(answer.json()).status);
    expect(statuses.filter((status) => status === 'confirmed')).toHaveLength(5);
    expect(statuses.filter((status) => status === 'waitlisted')).toHaveLength(45);

    expect(await statusCounts(event.id)).toEqual({
      confirmed: { rsvps: 5, guests: 5 },
      waitlisted: { rsvps: 45, guests: 45 },
    });
    const row = await eventRow(harness, event.id);
    expect(row.seats_booked).toBe(5);
    expect(row.reserved_seats + row.seats_booked).toBe(row.capacity);

    // The waitlist is a queue without gaps or repeats.
    const positions = answers
      .map((answer) => rsvpSchema.parse(answer.json()).waitlist_position)
      .filter((position): position is number => position !== null)
      .sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: 45 }, (_, index) => index + 1));
  });

  it('parties of mixed sizes never take more than the seats left, and the counter matches the RSVPs', async () => {
    const event = await createTestEvent(harness, { capacity: 12, reserved_seats: 7 });
    const crowd = await customers(30);
    const answers = await Promise.all(
      crowd.map(({ client }, index) => client.post(RSVPS, { event: event.id, guests: (index % 3) + 1 })),
    );
    expect(answers.every((answer) => answer.statusCode === 201)).toBe(true);
    const counts = await statusCounts(event.id);
    const row = await eventRow(harness, event.id);
    expect(row.seats_booked).toBe(counts.confirmed?.guests ?? 0);
    expect(row.seats_booked).toBeLessThanOrEqual(5);
    // Whoever waits did not fit the seats left when they asked: here, at most 1 seat stays free
    // only if every waiting party has more guests than that.
    const left = row.capacity - row.reserved_seats - row.seats_booked;
    const smallestWaiting = await harness.database.pool.query<{ guests: number | null }>(
      `SELECT min(guests)::int AS guests FROM rsvps WHERE event_id = $1 AND status = 'waitlisted'`,
      [event.id],
    );
    expect(smallestWaiting.rows[0]!.guests ?? Number.POSITIVE_INFINITY).toBeGreaterThan(left);
  });

  it('concurrent cancellations and RSVPs keep the counter exact', async () => {
    const event = await createTestEvent(harness, { capacity: 10 });
    const holders = await customers(10);
    const booked = await Promise.all(
      holders.map(async ({ client }) =>
        rsvpSchema.parse((await client.post(RSVPS, { event: event.id })).json()),
      ),
    );
    expect(booked.every((item) => item.status === 'confirmed')).toBe(true);
    const newcomers = await customers(20);

    await Promise.all([
      ...holders
        .slice(0, 6)
        .map(({ client }, index) => client.request({ method: 'DELETE', url: rsvpUrl(booked[index]!.id) })),
      ...newcomers.map(({ client }) => client.post(RSVPS, { event: event.id, guests: 1 })),
    ]);

    const counts = await statusCounts(event.id);
    const row = await eventRow(harness, event.id);
    expect(counts.cancelled?.rsvps).toBe(6);
    // 4 holders stay, 6 seats freed: exactly 10 confirmed in the end, 14 still waiting.
    expect(counts.confirmed).toEqual({ rsvps: 10, guests: 10 });
    expect(counts.waitlisted).toEqual({ rsvps: 14, guests: 14 });
    expect(row.seats_booked).toBe(10);
  });
});
