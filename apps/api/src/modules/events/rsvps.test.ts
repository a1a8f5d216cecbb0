import {
  eventMessages,
  formatTicketCode,
  MAX_GUESTS_PER_RSVP,
  rsvpListResponseSchema,
  rsvpSchema,
} from '@shop/contract/events';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { users } from '../../db/schema/identity';
import type { DomainEventMap } from '../../lib/domain-events';
import { TestBrowser } from '../identity/testing';
import {
  createTestEvent,
  customer,
  envelope,
  eventRow,
  HOUR,
  mailTo,
  RSVPS,
  rsvp,
  rsvpCount,
  rsvpUrl,
  seatsLeftOf,
  waitFor,
} from './testing';

/** The RSVP rules: confirmation, waitlist and promotion, changes, cancellation, bad input, ownership. */

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true', LOG_LEVEL: 'error' });
});
afterAll(() => harness?.close());

/** Records what the events module publishes, for the assertions on domain events. */
function record<N extends keyof DomainEventMap>(name: N) {
  const seen: Array<DomainEventMap[N]> = [];
  const stop = harness.app.events.subscribe(name, (payload) => {
    seen.push(payload);
  });
  return { seen, stop };
}

describe('POST /events/rsvps/ on a free event', () => {
  it('confirms at once with a ticket, takes the seats, and e-mails the ticket', async () => {
    const event = await createTestEvent(harness, {
      capacity: 10,
      title: 'Rosé Sundowner',
      dress_code: 'Smart casual',
    });
    const { client, email, userId } = await customer(harness);
    const confirmed = record('rsvp.confirmed');

    const response = await client.post(RSVPS, {
      event: event.id,
      guests: 3,
      guest_names: ['  Okello Brian ', 'Sarah Achieng'],
      dietary_needs: 'Vegetarian',
      note: '',
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const booked = rsvpSchema.parse(response.json());
    expect(booked).toMatchObject({
      status: 'confirmed',
      guests: 3,
      guest_names: ['Okello Brian', 'Sarah Achieng'],
      dietary_needs: 'Vegetarian',
      note: null,
      amount: 0,
      paid: false,
      hold_expires_at: null,
      waitlist_position: null,
      can_cancel: true,
      can_change_guests: true,
      cancel_reason: null,
      calendar_url: `/api/v1/events/rsvps/${booked.id}/calendar.ics`,
    });
    expect(booked.event).toMatchObject({ id: event.id, seats_left: 7 });
    expect(booked.ticket?.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(booked.ticket?.display_code).toBe(
      `${booked.ticket!.code.slice(0, 5)}-${booked.ticket!.code.slice(5)}`,
    );
    expect(booked.ticket?.qr_svg_url).toBe(`/api/v1/events/tickets/${booked.ticket!.code}/qr.svg`);
    expect(await seatsLeftOf(harness, event.id)).toBe(7);
    expect(confirmed.seen).toEqual([
      expect.objectContaining({ rsvpId: booked.id, eventId: event.id, userId, guests: 3, paid: false }),
    ]);
    confirmed.stop();

    const [mail] = await mailTo(harness, email, 'Your ticket for Rosé Sundowner');
    expect(mail!.text).toContain(`Your ticket: ${booked.ticket!.display_code}`);
    expect(mail!.text).toContain('3 seats');
    expect(mail!.text).toContain('Dress code: Smart casual');
    expect(mail!.text).toContain('(Kampala time)');
    expect(mail!.html).toContain(`http://localhost:3000/api/v1/events/tickets/${booked.ticket!.code}/qr.png`);
  });

  it('puts a party that does not fit on the waitlist, in order, without taking seats', async () => {
    const event = await createTestEvent(harness, { capacity: 4 });
    const first = await customer(harness);
    await rsvp(first.client, event.id, { guests: 3 });

    const second = await customer(harness, 'Brian Okello');
    const waiting = await rsvp(second.client, event.id, { guests: 2 });
    expect(waiting).toMatchObject({
      status: 'waitlisted',
      waitlist_position: 1,
      ticket: null,
      can_cancel: true,
    });
    const third = await customer(harness, 'Joan Nakimuli');
    expect(await rsvp(third.client, event.id, { guests: 1 })).toMatchObject({ status: 'confirmed' });
    const fourth = await customer(harness, 'Peter Mugisha');
    expect(await rsvp(fourth.client, event.id, { guests: 1 })).toMatchObject({
      status: 'waitlisted',
      waitlist_position: 2,
    });
    expect(await seatsLeftOf(harness, event.id)).toBe(0);

    const [mail] = await mailTo(harness, second.email, 'You are on the waitlist');
    expect(mail!.text).toContain('you are number 1 in line');
  });

  it('promotes the first waiting parties that fit when a booking is cancelled, and e-mails them', async () => {
    const event = await createTestEvent(harness, { capacity: 5, title: 'Cape evening' });
    const holder = await customer(harness);
    const booked = await rsvp(holder.client, event.id, { guests: 4 });
    await rsvp((await customer(harness)).client, event.id, { guests: 1 });
    const big = await customer(harness, 'Big Party');
    const bigWait = await rsvp(big.client, event.id, { guests: 5 });
    const small = await customer(harness, 'Small Party');
    const smallWait = await rsvp(small.client, event.id, { guests: 2 });
    const promoted = record('rsvp.promoted');

    const cancelled = await holder.client.request({ method: 'DELETE', url: rsvpUrl(booked.id) });
    expect(cancelled.statusCode).toBe(200);
    expect(rsvpSchema.parse(cancelled.json())).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'customer',
      ticket: null,
      calendar_url: null,
    });

    // 4 seats free: the party of 5 does not fit and keeps its place; the party of 2 is booked.
    const smallNow = rsvpSchema.parse((await small.client.get(rsvpUrl(smallWait.id))).json());
    expect(smallNow).toMatchObject({ status: 'confirmed', waitlist_position: null });
    expect(smallNow.ticket).not.toBeNull();
    expect(rsvpSchema.parse((await big.client.get(rsvpUrl(bigWait.id))).json())).toMatchObject({
      status: 'waitlisted',
      waitlist_position: 1,
    });
    expect(await seatsLeftOf(harness, event.id)).toBe(2);
    expect(promoted.seen).toEqual([
      expect.objectContaining({ rsvpId: smallWait.id, status: 'confirmed', guests: 2, holdExpiresAt: null }),
    ]);
    promoted.stop();
    const [mail] = await mailTo(harness, small.email, 'Your ticket for Cape evening');
    expect(mail!.text).toContain('moved off the waitlist');
    // And a notification in the account, for the promoted customer only.
    const notices = await waitFor(async () => {
      const result = await harness.database.pool.query<{ title: string; message: string; user_id: string }>(
        `SELECT title, message, user_id FROM notifications WHERE related_id = $1 AND title LIKE 'A place opened up%'`,
        [String(event.id)],
      );
      return result.rows.length > 0 ? result.rows : undefined;
    }, 'the promotion notification');
    expect(notices).toEqual([
      {
        title: 'A place opened up: Cape evening',
        message: expect.stringContaining(`Your ticket code is ${formatTicketCode(smallNow.ticket!.code)}`),
        user_id: small.userId,
      },
    ]);
    await mailTo(harness, holder.email, 'Your RSVP for Cape evening is cancelled');
  });

  it('reopens a cancelled RSVP (same id, a new ticket code) instead of making a second one', async () => {
    const event = await createTestEvent(harness);
    const { client } = await customer(harness);
    const first = await rsvp(client, event.id, { guests: 2 });
    await client.request({ method: 'DELETE', url: rsvpUrl(first.id) });
    const again = await rsvp(client, event.id, { guests: 1, note: 'Back again' });
    expect(again).toMatchObject({
      id: first.id,
      status: 'confirmed',
      guests: 1,
      note: 'Back again',
      cancel_reason: null,
    });
    expect(again.ticket?.code).not.toBe(first.ticket?.code);
    expect(await rsvpCount(harness, event.id)).toBe(1);
    expect(await seatsLeftOf(harness, event.id)).toBe(19);
  });
});

describe('bad input changes nothing', () => {
  async function refused(
    client: TestBrowser,
    body: Record<string, unknown>,
    status: number,
    field: string | null,
    eventId: number,
  ) {
    const before = { seats: await seatsLeftOf(harness, eventId), rsvps: await rsvpCount(harness, eventId) };
    const response = await client.post(RSVPS, body);
    expect(response.statusCode, response.body).toBe(status);
    const error = envelope(response.body);
    if (field) expect(error.fields?.map((item) => item.field)).toContain(field);
    expect({ seats: await seatsLeftOf(harness, eventId), rsvps: await rsvpCount(harness, eventId) }).toEqual(
      before,
    );
    return error;
  }

  it('refuses 0 guests, more than the limit, fractions and too many guest names (422)', async () => {
    const event = await createTestEvent(harness);
    const { client } = await customer(harness);
    expect((await refused(client, { event: event.id, guests: 0 }, 422, 'guests', event.id)).fields).toEqual([
      { field: 'guests', message: eventMessages.guestsMin },
    ]);
    expect(
      (await refused(client, { event: event.id, guests: MAX_GUESTS_PER_RSVP + 1 }, 422, 'guests', event.id))
        .fields,
    ).toEqual([{ field: 'guests', message: eventMessages.guestsMax }]);
    await refused(client, { event: event.id, guests: 1.5 }, 422, 'guests', event.id);
    await refused(client, { event: event.id, guests: '2' }, 422, 'guests', event.id);
    await refused(
      client,
      { event: event.id, guests: 2, guest_names: ['A', 'B'] },
      422,
      'guest_names',
      event.id,
    );
    await refused(
      client,
      { event: event.id, guests: 1, dietary_needs: 'x'.repeat(501) },
      422,
      'dietary_needs',
      event.id,
    );
    await refused(client, { guests: 1 }, 422, 'event', event.id);
  });

  it('refuses a draft or unknown event (404), a started, cancelled or completed one (409)', async () => {
    const { client } = await customer(harness);
    const draft = await createTestEvent(harness, { status: 'draft' });
    expect((await refused(client, { event: draft.id }, 404, 'event', draft.id)).message).toBe(
      eventMessages.eventNotFound,
    );
    const unknown = await client.post(RSVPS, { event: 987_654 });
    expect(unknown.statusCode).toBe(404);
    expect(envelope(unknown.body).fields).toEqual([{ field: 'event', message: eventMessages.eventNotFound }]);

    const past = await createTestEvent(harness, { inDays: -3, status: 'completed' });
    expect((await refused(client, { event: past.id }, 409, 'event', past.id)).message).toBe(
      eventMessages.eventCompleted,
    );
    const started = await createTestEvent(harness, {
      starts_at: new Date(Date.now() - HOUR),
      ends_at: new Date(Date.now() + HOUR),
    });
    expect((await refused(client, { event: started.id }, 409, 'event', started.id)).message).toBe(
      eventMessages.eventStarted,
    );
    const cancelled = await createTestEvent(harness, { status: 'cancelled' });
    expect((await refused(client, { event: cancelled.id }, 409, 'event', cancelled.id)).message).toBe(
      eventMessages.eventCancelled,
    );
  });

  it('refuses a second RSVP for the same event (409), whatever its status', async () => {
    const event = await createTestEvent(harness, { capacity: 2 });
    const { client } = await customer(harness);
    await rsvp(client, event.id, { guests: 2 });
    const error = await refused(client, { event: event.id, guests: 1 }, 409, 'event', event.id);
    expect(error.message).toBe(eventMessages.alreadyBooked);

    const waiting = await customer(harness);
    await rsvp(waiting.client, event.id);
    await refused(waiting.client, { event: event.id }, 409, 'event', event.id);
  });

  it('refuses customers without a date of birth, or younger than the event allows (422)', async () => {
    const event = await createTestEvent(harness, { minimum_age: 40 });
    const { client, userId } = await customer(harness);
    // Born 1990: 40 or older only from 2030.
    const young = await refused(client, { event: event.id }, 422, 'date_of_birth', event.id);
    expect(young.message).toBe(eventMessages.tooYoung(40));

    const open = await createTestEvent(harness);
    await harness.app.db.update(users).set({ dateOfBirth: null }).where(eq(users.id, userId));
    const missing = await refused(client, { event: open.id }, 422, 'date_of_birth', open.id);
    expect(missing.message).toBe(eventMessages.dateOfBirthNeeded(21));
  });

  it('is for signed-in customers: 401 without a session and for anonymous visitors', async () => {
    const event = await createTestEvent(harness);
    expect((await new TestBrowser(harness.app).post(RSVPS, { event: event.id })).statusCode).toBe(401);
    // Signed out is a 401 before anything about the body is said.
    expect((await new TestBrowser(harness.app).post(RSVPS, { event: event.id, guests: 0 })).statusCode).toBe(
      401,
    );
    expect((await new TestBrowser(harness.app).patch(`${RSVPS}not-a-uuid/`, { guests: 0 })).statusCode).toBe(
      401,
    );
    const visitor = new TestBrowser(harness.app);
    await visitor.startVisit();
    expect((await visitor.post(RSVPS, { event: event.id })).statusCode).toBe(401);
    expect((await visitor.get(RSVPS)).statusCode).toBe(401);
    expect(await rsvpCount(harness, event.id)).toBe(0);
  });
});

describe('PATCH /events/rsvps/{id}/', () => {
  it('changes details only, keeps what is not sent, and clears with null', async () => {
    const event = await createTestEvent(harness);
    const { client } = await customer(harness);
    const booked = await rsvp(client, event.id, { guests: 2, dietary_needs: 'No nuts', note: 'Window seat' });
    const changed = await client.patch(rsvpUrl(booked.id), { guest_names: ['Sarah'], note: null });
    expect(changed.statusCode).toBe(200);
    expect(rsvpSchema.parse(changed.json())).toMatchObject({
      guests: 2,
      guest_names: ['Sarah'],
      dietary_needs: 'No nuts',
      note: null,
      ticket: booked.ticket,
    });
  });

  it('takes more seats only when they are free (409 naming what is left), and gives fewer back', async () => {
    const event = await createTestEvent(harness, { capacity: 6 });
    const { client } = await customer(harness);
    const booked = await rsvp(client, event.id, { guests: 2 });
    await rsvp((await customer(harness)).client, event.id, { guests: 3 });

    const tooMany = await client.patch(rsvpUrl(booked.id), { guests: 4 });
    expect(tooMany.statusCode).toBe(409);
    expect(envelope(tooMany.body).fields).toEqual([
      { field: 'guests', message: 'Only 1 more seat is left.' },
    ]);
    expect(await seatsLeftOf(harness, event.id)).toBe(1);

    expect(rsvpSchema.parse((await client.patch(rsvpUrl(booked.id), { guests: 3 })).json()).guests).toBe(3);
    expect(await seatsLeftOf(harness, event.id)).toBe(0);

    const waiting = await customer(harness);
    const queued = await rsvp(waiting.client, event.id, { guests: 1 });
    expect(queued.status).toBe('waitlisted');
    // One seat back: the waiting guest is booked.
    expect(rsvpSchema.parse((await client.patch(rsvpUrl(booked.id), { guests: 2 })).json()).guests).toBe(2);
    expect(rsvpSchema.parse((await waiting.client.get(rsvpUrl(queued.id))).json()).status).toBe('confirmed');
    expect(await seatsLeftOf(harness, event.id)).toBe(0);
  });

  it('lets a waiting party shrink to fit, and promotes it', async () => {
    const event = await createTestEvent(harness, { capacity: 3 });
    await rsvp((await customer(harness)).client, event.id, { guests: 2 });
    const { client } = await customer(harness);
    const queued = await rsvp(client, event.id, { guests: 3 });
    expect(queued.status).toBe('waitlisted');
    const shrunk = rsvpSchema.parse((await client.patch(rsvpUrl(queued.id), { guests: 1 })).json());
    expect(shrunk).toMatchObject({ status: 'confirmed', guests: 1 });
    expect(await seatsLeftOf(harness, event.id)).toBe(0);
  });

  it('refuses bad changes with a clear 4xx and changes nothing', async () => {
    const event = await createTestEvent(harness);
    const { client } = await customer(harness);
    const booked = await rsvp(client, event.id, { guests: 2, guest_names: ['Sarah'] });
    const before = (await client.get(rsvpUrl(booked.id))).body;

    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ guests: 0 }, 422, 'guests'],
      [{ guests: 7 }, 422, 'guests'],
      [{ guests: 1 }, 422, 'guest_names'],
      [{ guest_names: ['A', 'B'] }, 422, 'guest_names'],
      [{ note: 'x'.repeat(501) }, 422, 'note'],
    ];
    for (const [body, status, field] of cases) {
      const response = await client.patch(rsvpUrl(booked.id), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(envelope(response.body).fields?.map((item) => item.field)).toEqual([field]);
    }
    expect((await client.patch(`${RSVPS}not-a-uuid/`, { note: 'x' })).statusCode).toBe(422);
    expect((await client.get(rsvpUrl(booked.id))).body).toBe(before);
    expect(await seatsLeftOf(harness, event.id)).toBe(18);

    await client.request({ method: 'DELETE', url: rsvpUrl(booked.id) });
    const afterCancel = await client.patch(rsvpUrl(booked.id), { note: 'still coming?' });
    expect(afterCancel.statusCode).toBe(409);
    expect(envelope(afterCancel.body).message).toBe(eventMessages.cannotChange('cancelled'));
    expect(envelope(afterCancel.body).fields?.map((item) => item.field)).toEqual(['id']);
    expect(rsvpSchema.parse((await client.get(rsvpUrl(booked.id))).json()).note).toBeNull();
  });

  it('refuses changes once the event has started (409)', async () => {
    const event = await createTestEvent(harness, { inDays: 1 });
    const { client } = await customer(harness);
    const booked = await rsvp(client, event.id);
    await harness.database.pool.query(
      `UPDATE events SET starts_at = now() - interval '1 hour', ends_at = now() + interval '1 hour' WHERE id = $1`,
      [event.id],
    );
    const response = await client.patch(rsvpUrl(booked.id), { guests: 2 });
    expect(response.statusCode).toBe(409);
    expect(envelope(response.body).message).toBe(eventMessages.eventStarted);
    expect(envelope(response.body).fields?.map((item) => item.field)).toEqual(['event']);
    const cancel = await client.request({ method: 'DELETE', url: rsvpUrl(booked.id) });
    expect(cancel.statusCode).toBe(409);
    expect(envelope(cancel.body).fields).toEqual([{ field: 'event', message: eventMessages.eventStarted }]);
    expect(rsvpSchema.parse((await client.get(rsvpUrl(booked.id))).json())).toMatchObject({
      status: 'confirmed',
      guests: 1,
    });
    expect((await eventRow(harness, event.id)).seats_booked).toBe(1);
  });
});

describe('DELETE /events/rsvps/{id}/', () => {
  it('is idempotent: cancelling twice changes nothing the second time', async () => {
    const event = await createTestEvent(harness);
    const { client, email } = await customer(harness);
    const booked = await rsvp(client, event.id, { guests: 2 });
    const cancelled = record('rsvp.cancelled');
    const first = await client.request({ method: 'DELETE', url: rsvpUrl(booked.id) });
    const second = await client.request({ method: 'DELETE', url: rsvpUrl(booked.id) });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await seatsLeftOf(harness, event.id)).toBe(20);
    expect(cancelled.seen).toHaveLength(1);
    cancelled.stop();
    expect(await mailTo(harness, email, `Your RSVP for ${event.title} is cancelled`)).toHaveLength(1);
  });
});

describe('GET /events/rsvps/', () => {
  it("answers the customer's own RSVPs, newest first, with filters by event, status and time", async () => {
    const { client } = await customer(harness);
    const soon = await createTestEvent(harness, { inDays: 2 });
    const later = await createTestEvent(harness, { inDays: 9, capacity: 1 });
    await rsvp((await customer(harness)).client, later.id);
    const a = await rsvp(client, soon.id);
    const b = await rsvp(client, later.id);
    // Someone else's RSVP never shows.
    await rsvp((await customer(harness)).client, soon.id);

    const response = await client.get(RSVPS);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const page = rsvpListResponseSchema.parse(response.json());
    expect(page.results.map((item) => item.id)).toEqual([b.id, a.id]);
    expect(page).toMatchObject({ count: 2, next: null });
    expect(page.results[0]).toMatchObject({ status: 'waitlisted', waitlist_position: 1 });

    const forEvent = rsvpListResponseSchema.parse((await client.get(`${RSVPS}?event=${soon.id}`)).json());
    expect(forEvent.results.map((item) => item.id)).toEqual([a.id]);
    const waitlisted = rsvpListResponseSchema.parse((await client.get(`${RSVPS}?status=waitlisted`)).json());
    expect(waitlisted.results.map((item) => item.id)).toEqual([b.id]);
    const past = rsvpListResponseSchema.parse((await client.get(`${RSVPS}?when=past`)).json());
    expect(past.count).toBe(0);
    expect((await client.get(`${RSVPS}?status=maybe`)).statusCode).toBe(422);
  });

  it('counts only the RSVPs still standing with active=true: a cancelled one is left out', async () => {
    const { client } = await customer(harness);
    const event = await createTestEvent(harness, { inDays: 4 });
    const booked = await rsvp(client, event.id);
    const active = () => client.get(`${RSVPS}?active=true&page_size=1`);
    expect(rsvpListResponseSchema.parse((await active()).json()).count).toBe(1);

    const cancelled = await client.request({ method: 'DELETE', url: rsvpUrl(booked.id) });
    expect(cancelled.statusCode).toBe(200);
    expect(rsvpListResponseSchema.parse((await active()).json())).toMatchObject({ count: 0, results: [] });
    // Without the filter the cancelled RSVP is still listed (the account's list shows it as cancelled).
    expect(rsvpListResponseSchema.parse((await client.get(RSVPS)).json()).results).toMatchObject([
      { id: booked.id, status: 'cancelled' },
    ]);
    const bad = await client.get(`${RSVPS}?active=maybe`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual([{ field: 'active', message: 'must be true or false' }]);
  });
});

describe("another customer's RSVP", () => {
  it('answers 404 on every RSVP endpoint and leaves it as it was', async () => {
    const event = await createTestEvent(harness, { capacity: 3 });
    const owner = await customer(harness, 'Owner');
    const booked = await rsvp(owner.client, event.id, { guests: 2, note: 'Mine' });
    const before = (await owner.client.get(rsvpUrl(booked.id))).body;
    const stranger = await customer(harness, 'Stranger');

    const attempts = [
      await stranger.client.get(rsvpUrl(booked.id)),
      await stranger.client.patch(rsvpUrl(booked.id), { guests: 1, note: 'Hijacked' }),
      await stranger.client.request({ method: 'DELETE', url: rsvpUrl(booked.id) }),
      await stranger.client.get(`${rsvpUrl(booked.id)}calendar.ics`),
      await stranger.client.post(`${rsvpUrl(booked.id)}pay/`, { network: 'MTN', phone: '0772 123456' }),
    ];
    for (const response of attempts) {
      expect(response.statusCode, response.body).toBe(404);
      expect(envelope(response.body).code).toBe('not_found');
    }
    // The RSVP calls name the id they refuse (the pay call answers through the payments module).
    for (const response of attempts.slice(0, 4)) {
      expect(envelope(response.body).fields).toEqual([{ field: 'id', message: eventMessages.rsvpNotFound }]);
    }
    const list = rsvpListResponseSchema.parse(
      (await stranger.client.get(`${RSVPS}?event=${event.id}`)).json(),
    );
    expect(list.count).toBe(0);

    expect((await owner.client.get(rsvpUrl(booked.id))).body).toBe(before);
    expect(await seatsLeftOf(harness, event.id)).toBe(1);
  });
});

describe('the ticket and the calendar file', () => {
  it('serves the QR code of a ticket code as SVG and PNG, and nothing else', async () => {
    const event = await createTestEvent(harness);
    const { client } = await customer(harness);
    const booked = await rsvp(client, event.id);
    const code = booked.ticket!.code;
    const svg = await client.get(`/api/v1/events/tickets/${code}/qr.svg`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(svg.body).toMatch(/^<svg/);
    const png = await client.get(`/api/v1/events/tickets/${code}/qr.png`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await client.get(`/api/v1/events/tickets/${code.toLowerCase()}/qr.svg`)).statusCode).toBe(404);
    expect((await client.get('/api/v1/events/tickets/hello/qr.svg')).statusCode).toBe(404);
  });

  it('answers an .ics with the time in UTC, the venue and the ticket code', async () => {
    const event = await createTestEvent(harness, {
      title: 'Bordeaux, Cape; and more',
      starts_at: new Date('2031-03-14T15:30:00Z'),
      ends_at: new Date('2031-03-14T18:00:00Z'),
      dress_code: 'Smart casual',
    });
    const { client } = await customer(harness);
    const booked = await rsvp(client, event.id, { guests: 2 });
    const response = await client.get(`${rsvpUrl(booked.id)}calendar.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${event.slug}.ics"`);
    const body = response.body;
    expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(body).toContain('DTSTART:20310314T153000Z\r\n');
    expect(body).toContain('DTEND:20310314T180000Z\r\n');
    expect(body).toContain('SUMMARY:Bordeaux\\, Cape\\; and more\r\n');
    expect(body).toContain('STATUS:CONFIRMED');
    expect(body).toContain(`UID:rsvp-${booked.id}@localhost`);
    expect(body.replace(/\r\n /g, '')).toContain(`Ticket: ${booked.ticket!.display_code}`);
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    await client.request({ method: 'DELETE', url: rsvpUrl(booked.id) });
    expect((await client.get(`${rsvpUrl(booked.id)}calendar.ics`)).body).toContain('STATUS:CANCELLED');
  });
});
