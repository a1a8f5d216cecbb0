import {
  checkInResponseSchema,
  eventMessages,
  guestListResponseSchema,
  rsvpSchema,
  staffEventListResponseSchema,
  staffEventSchema,
} from '@shop/contract/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../../test/fixtures/catalog';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { DomainEventMap } from '../../lib/domain-events';
import { TestBrowser } from '../identity/testing';
import {
  createTestEvent,
  customer,
  drainEmailJobs,
  EVENTS,
  envelope,
  eventRow,
  eventUrl,
  mailTo,
  rsvp,
  rsvpUrl,
  STAFF_EVENTS,
  seatsLeftOf,
  staff,
  staffEventUrl,
} from './testing';

/** The back office: create, edit, publish, cancel and complete events; the guest list; check-in. */

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true', LOG_LEVEL: 'error' });
});
afterAll(async () => {
  if (harness) await drainEmailJobs(harness);
  await harness?.close();
});

const newEvent = (overrides: Record<string, unknown> = {}) => ({
  title: 'Rosé on the Terrace',
  type: 'party',
  summary: 'Pale pinks at sundown.',
  description: 'Four rosés side by side, with a DJ.',
  starts_at: '2031-03-14T17:30',
  ends_at: '2031-03-14T20:00',
  venue_name: 'Kampala Cellars tasting room',
  venue_address: 'Plot 14, Acacia Avenue, Kololo, Kampala',
  capacity: 40,
  price: 0,
  ...overrides,
});

describe('who may use the back office', () => {
  it('answers 401 signed out, 403 to customers, and lets staff and admins in', async () => {
    expect((await new TestBrowser(harness.app).get(STAFF_EVENTS)).statusCode).toBe(401);
    const { client } = await customer(harness);
    const refused = await client.get(STAFF_EVENTS);
    expect(refused.statusCode).toBe(403);
    expect(envelope(refused.body).code).toBe('forbidden');
    const event = await createTestEvent(harness, { title: 'Not yours' });
    const eventsBefore = await harness.database.pool.query('SELECT count(*)::int AS count FROM events');
    // The role is checked before the body: a customer is refused (403) with a valid body and
    // with a bad one alike, and learns nothing about what the back office would accept.
    for (const [method, url, body] of [
      ['POST', STAFF_EVENTS, newEvent({ title: 'Sneaky party' })],
      ['POST', STAFF_EVENTS, { title: '' }],
      ['PATCH', staffEventUrl(event.id), { title: 'Mine' }],
      ['PATCH', staffEventUrl(event.id), { capacity: -1 }],
      ['POST', staffEventUrl(event.id, 'publish'), undefined],
      ['POST', staffEventUrl(event.id, 'cancel'), { reason: 'Because' }],
      ['POST', staffEventUrl(event.id, 'complete'), undefined],
      ['GET', staffEventUrl(event.id), undefined],
      ['GET', staffEventUrl(event.id, 'guests'), undefined],
      ['POST', staffEventUrl(event.id, 'check_in'), { code: 'AAAAA-AAAAA' }],
    ] as const) {
      const response = await client.request({ method, url, ...(body ? { payload: body } : {}) });
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(403);
      expect(envelope(response.body).code).toBe('forbidden');
    }
    expect(await harness.database.pool.query('SELECT count(*)::int AS count FROM events')).toMatchObject({
      rows: eventsBefore.rows,
    });
    expect(await eventRow(harness, event.id)).toMatchObject({ status: 'published', title: 'Not yours' });

    for (const role of ['staff', 'admin'] as const) {
      const member = await staff(harness, role);
      const response = await member.client.get(STAFF_EVENTS);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('creating and publishing', () => {
  it('creates a draft from Kampala times, with its slug and featured wines, hidden until published', async () => {
    const { client } = await staff(harness);
    const category = await createCategory(harness.database.pool);
    const [first, second] = await Promise.all([
      createProduct(harness.database.pool, { categoryId: category.id, name: 'Miraval Rosé', price: 120_000 }),
      createProduct(harness.database.pool, {
        categoryId: category.id,
        name: 'Whispering Angel',
        price: 140_000,
      }),
    ]);
    const response = await client.post(
      STAFF_EVENTS,
      newEvent({ featured_wines: [second!.id, first!.id], dress_code: 'Smart casual', map_url: '' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const created = staffEventSchema.parse(response.json());
    expect(created).toMatchObject({
      slug: 'rose-on-the-terrace',
      status: 'draft',
      // 17:30 in Kampala (UTC+3) is 14:30 UTC.
      starts_at: '2031-03-14T14:30:00.000Z',
      ends_at: '2031-03-14T17:00:00.000Z',
      capacity: 40,
      reserved_seats: 0,
      seats_left: 40,
      minimum_age: 21,
      dress_code: 'Smart casual',
      map_url: null,
      published_at: null,
    });
    expect(created.featured_wines.map((wine) => wine.id)).toEqual([second!.id, first!.id]);
    expect((await new TestBrowser(harness.app).get(eventUrl(created.id))).statusCode).toBe(404);

    // The same title again gets a numbered slug.
    const again = staffEventSchema.parse((await client.post(STAFF_EVENTS, newEvent())).json());
    expect(again.slug).toBe('rose-on-the-terrace-2');

    const published = await client.post(staffEventUrl(created.id, 'publish'));
    expect(published.statusCode).toBe(200);
    expect(staffEventSchema.parse(published.json())).toMatchObject({ status: 'published' });
    expect((await new TestBrowser(harness.app).get(eventUrl('rose-on-the-terrace'))).statusCode).toBe(200);
    expect((await client.post(staffEventUrl(created.id, 'publish'))).statusCode).toBe(409);

    // Creating and publishing are in the audit trail.
    const trail = (
      await client.get(`/api/v1/admin/audit/?subject_type=event&subject_id=${created.id}`)
    ).json() as { results: { kind: string; before: unknown; after: unknown }[] };
    expect(trail.results.map((entry) => [entry.kind, entry.before, entry.after])).toEqual([
      ['event.publish', { status: 'draft' }, { status: 'published' }],
      [
        'event.create',
        null,
        { title: 'Rosé on the Terrace', starts_at: '2031-03-14T14:30:00.000Z', capacity: 40, price: 0 },
      ],
    ]);
  });

  it('names every bad field (422) and creates nothing', async () => {
    const { client } = await staff(harness);
    const before = await harness.database.pool.query('SELECT count(*)::int AS count FROM events');
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ title: ' ' }, ['title']],
      [{ type: 'rave' }, ['type']],
      [{ starts_at: '14/03/2031 17:30' }, ['starts_at']],
      [{ starts_at: '2031-02-30T17:30' }, ['starts_at']],
      [{ ends_at: '2031-03-14T17:00' }, ['ends_at']],
      [{ capacity: 0 }, ['capacity']],
      [{ capacity: 12, reserved_seats: 13 }, ['reserved_seats']],
      [{ price: -1 }, ['price']],
      [{ price: 10.5 }, ['price']],
      [{ minimum_age: 18 }, ['minimum_age']],
      [{ map_url: 'javascript:alert(1)' }, ['map_url']],
      [{ slug: 'Not A Slug' }, ['slug']],
      [{ featured_wines: [987_654] }, ['featured_wines.0']],
    ];
    for (const [overrides, fields] of cases) {
      const response = await client.post(STAFF_EVENTS, newEvent(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(envelope(response.body).fields?.map((item) => item.field)).toEqual(fields);
    }
    const after = await harness.database.pool.query('SELECT count(*)::int AS count FROM events');
    expect(after.rows[0].count).toBe(before.rows[0].count);

    const taken = await createTestEvent(harness, { slug: 'taken-slug' });
    const conflict = await client.post(STAFF_EVENTS, newEvent({ slug: taken.slug }));
    expect(conflict.statusCode).toBe(409);
    expect(envelope(conflict.body).fields?.[0]?.field).toBe('slug');
  });

  it('refuses to publish an event that has already started', async () => {
    const { client } = await staff(harness);
    const draft = await createTestEvent(harness, { status: 'draft', inDays: -1 });
    const response = await client.post(staffEventUrl(draft.id, 'publish'));
    expect(response.statusCode).toBe(409);
    expect((await eventRow(harness, draft.id)).status).toBe('draft');
  });
});

describe('editing', () => {
  it('changes what is sent; more capacity promotes the waitlist', async () => {
    const { client } = await staff(harness);
    const event = await createTestEvent(harness, { capacity: 2 });
    await rsvp((await customer(harness)).client, event.id, { guests: 2 });
    const waiting = await customer(harness);
    const queued = await rsvp(waiting.client, event.id, { guests: 2 });
    expect(queued.status).toBe('waitlisted');

    const response = await client.patch(staffEventUrl(event.id), { capacity: 4, dress_code: null });
    expect(response.statusCode, response.body).toBe(200);
    expect(staffEventSchema.parse(response.json())).toMatchObject({
      capacity: 4,
      seats_left: 0,
      title: event.title,
      counts: { seats_booked: 4, confirmed_guests: 4, waitlisted_guests: 0 },
    });
    expect(rsvpSchema.parse((await waiting.client.get(rsvpUrl(queued.id))).json()).status).toBe('confirmed');
  });

  it('refuses a capacity below the seats booked, a price change with bookings, and edits of cancelled events', async () => {
    const { client } = await staff(harness);
    const event = await createTestEvent(harness, { capacity: 10, reserved_seats: 2, food_pairing: 'Cheese' });
    await rsvp((await customer(harness)).client, event.id, { guests: 5 });

    const small = await client.patch(staffEventUrl(event.id), { capacity: 6 });
    expect(small.statusCode).toBe(422);
    expect(envelope(small.body).fields).toEqual([
      { field: 'capacity', message: '5 seats are booked and 2 reserved: the capacity must be at least 7' },
    ]);
    const reserved = await client.patch(staffEventUrl(event.id), { reserved_seats: 6 });
    expect(envelope(reserved.body).fields?.[0]?.field).toBe('reserved_seats');
    const backwards = await client.patch(staffEventUrl(event.id), { ends_at: '2000-01-01T10:00' });
    expect(envelope(backwards.body).fields?.[0]?.field).toBe('ends_at');
    const price = await client.patch(staffEventUrl(event.id), { price: 50_000 });
    expect(price.statusCode).toBe(409);
    expect(envelope(price.body).fields?.[0]?.field).toBe('price');
    expect(await eventRow(harness, event.id)).toMatchObject({ capacity: 10, reserved_seats: 2, price: 0 });

    // Only what is sent changes: the rest (reserved seats, texts, age, wines) stays.
    const kept = await client.patch(staffEventUrl(event.id), { capacity: 12 });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await eventRow(harness, event.id)).toMatchObject({
      capacity: 12,
      reserved_seats: 2,
      minimum_age: 21,
      food_pairing: event.food_pairing,
      slug: event.slug,
    });

    const cancelled = await createTestEvent(harness, { status: 'cancelled' });
    expect((await client.patch(staffEventUrl(cancelled.id), { title: 'Back on' })).statusCode).toBe(409);
    expect((await client.patch(staffEventUrl(999_999), { title: 'Nobody' })).statusCode).toBe(404);
  });
});

describe('cancelling an event', () => {
  it('cancels every booking and waiting RSVP, frees the seats, publishes event.cancelled and e-mails everyone', async () => {
    const { client } = await staff(harness);
    const event = await createTestEvent(harness, { capacity: 2, title: 'Champagne dinner' });
    const booked = await customer(harness, 'Booked Guest');
    const bookedRsvp = await rsvp(booked.client, event.id, { guests: 2 });
    const waiting = await customer(harness, 'Waiting Guest');
    const queued = await rsvp(waiting.client, event.id);
    const seen: Array<DomainEventMap['event.cancelled']> = [];
    const stop = harness.app.events.subscribe('event.cancelled', (payload) => {
      seen.push(payload);
    });

    const response = await client.post(staffEventUrl(event.id, 'cancel'), { reason: 'The chef is unwell' });
    expect(response.statusCode, response.body).toBe(200);
    expect(staffEventSchema.parse(response.json())).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'The chef is unwell',
      counts: { seats_booked: 0 },
    });
    stop();
    expect(seen).toEqual([
      expect.objectContaining({
        eventId: event.id,
        reason: 'The chef is unwell',
        rsvps: expect.arrayContaining([
          expect.objectContaining({
            rsvpId: bookedRsvp.id,
            previousStatus: 'confirmed',
            guests: 2,
            paidAmount: 0,
          }),
          expect.objectContaining({ rsvpId: queued.id, previousStatus: 'waitlisted' }),
        ]),
      }),
    ]);
    expect(rsvpSchema.parse((await booked.client.get(rsvpUrl(bookedRsvp.id))).json())).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'event_cancelled',
      ticket: null,
    });
    expect(await seatsLeftOf(harness, event.id)).toBe(2);
    const [mail] = await mailTo(harness, booked.email, 'Cancelled: Champagne dinner');
    expect(mail!.text).toContain('Reason: The chef is unwell');
    await mailTo(harness, waiting.email, 'Cancelled: Champagne dinner');

    const publicView = await new TestBrowser(harness.app).get(eventUrl(event.id));
    expect(publicView.json()).toMatchObject({ status: 'cancelled', cancel_reason: 'The chef is unwell' });
    expect((await client.post(staffEventUrl(event.id, 'cancel'), { reason: 'again' })).statusCode).toBe(409);
    expect((await client.post(staffEventUrl(event.id, 'cancel'), {})).statusCode).toBe(422);
  });
});

describe('the guest list and check-in', () => {
  it('lists guests, booked first, then the waitlist in order; searches by name or code', async () => {
    const { client } = await staff(harness);
    const event = await createTestEvent(harness, { capacity: 3 });
    const amina = await customer(harness, 'Amina Nakato');
    const aminaRsvp = await rsvp(amina.client, event.id, {
      guests: 3,
      guest_names: ['Brian', 'Joan'],
      dietary_needs: 'Halal',
    });
    const peter = await customer(harness, 'Peter Mugisha');
    await rsvp(peter.client, event.id);

    const response = await client.get(staffEventUrl(event.id, 'guests'));
    expect(response.statusCode).toBe(200);
    const list = guestListResponseSchema.parse(response.json());
    expect(list.results.map((guest) => [guest.customer_name, guest.status, guest.waitlist_position])).toEqual(
      [
        ['Amina Nakato', 'confirmed', null],
        ['Peter Mugisha', 'waitlisted', 1],
      ],
    );
    expect(list.results[0]).toMatchObject({
      email: amina.email,
      guests: 3,
      guest_names: ['Brian', 'Joan'],
      dietary_needs: 'Halal',
      ticket_code: aminaRsvp.ticket!.display_code,
    });
    const byCode = guestListResponseSchema.parse(
      (
        await client.get(`${staffEventUrl(event.id, 'guests')}?search=${aminaRsvp.ticket!.display_code}`)
      ).json(),
    );
    expect(byCode.results.map((guest) => guest.rsvp_id)).toEqual([aminaRsvp.id]);
    const byName = guestListResponseSchema.parse(
      (await client.get(`${staffEventUrl(event.id, 'guests')}?search=mugi`)).json(),
    );
    expect(byName.results.map((guest) => guest.customer_name)).toEqual(['Peter Mugisha']);
    const waiting = guestListResponseSchema.parse(
      (await client.get(`${staffEventUrl(event.id, 'guests')}?status=waitlisted`)).json(),
    );
    expect(waiting.count).toBe(1);
    expect((await client.get(staffEventUrl(999_999, 'guests'))).statusCode).toBe(404);
  });

  it('checks a ticket in once (typed in any case, with or without the dash); a used or wrong code is a clear error', async () => {
    const { client } = await staff(harness);
    const event = await createTestEvent(harness);
    const other = await createTestEvent(harness, { title: 'Gin garden party' });
    const guest = await customer(harness, 'Amina Nakato');
    const booked = await rsvp(guest.client, event.id, { guests: 2 });
    const code = booked.ticket!.code;
    const typed = `${code.slice(0, 5).toLowerCase()} ${code.slice(5)}`;

    const first = await client.post(staffEventUrl(event.id, 'check_in'), { code: typed });
    expect(first.statusCode, first.body).toBe(200);
    const checkedIn = checkInResponseSchema.parse(first.json());
    expect(checkedIn.message).toBe('Checked in: Amina Nakato, 2 guests');
    expect(checkedIn.guest).toMatchObject({ rsvp_id: booked.id, status: 'attended' });
    expect(checkedIn.guest.checked_in_at).not.toBeNull();
    expect(rsvpSchema.parse((await guest.client.get(rsvpUrl(booked.id))).json())).toMatchObject({
      status: 'attended',
      can_cancel: false,
    });

    const again = await client.post(staffEventUrl(event.id, 'check_in'), { code });
    expect(again.statusCode).toBe(409);
    expect(envelope(again.body).message).toMatch(
      /^This ticket was already used: checked in at \d{2}:\d{2} on /,
    );

    const wrongEvent = await client.post(staffEventUrl(other.id, 'check_in'), { code });
    expect(wrongEvent.statusCode).toBe(409);
    expect(envelope(wrongEvent.body).message).toBe(eventMessages.ticketOtherEvent(event.title));

    const unknown = await client.post(staffEventUrl(event.id, 'check_in'), { code: '00000-00000' });
    expect(unknown.statusCode).toBe(404);
    expect(envelope(unknown.body)).toMatchObject({
      message: eventMessages.ticketInvalid,
      fields: [{ field: 'code' }],
    });
    const garbage = await client.post(staffEventUrl(event.id, 'check_in'), { code: 'hello' });
    expect(garbage.statusCode).toBe(422);
    expect(envelope(garbage.body).fields?.[0]?.field).toBe('code');

    // A waiting guest's code is not a ticket.
    const full = await createTestEvent(harness, { capacity: 1 });
    await rsvp((await customer(harness)).client, full.id);
    const waitingGuest = await customer(harness);
    const queued = await rsvp(waitingGuest.client, full.id);
    const row = await harness.database.pool.query<{ ticket_code: string }>(
      'SELECT ticket_code FROM rsvps WHERE id = $1',
      [queued.id],
    );
    const notValid = await client.post(staffEventUrl(full.id, 'check_in'), {
      code: row.rows[0]!.ticket_code,
    });
    expect(notValid.statusCode).toBe(409);
    expect(envelope(notValid.body).message).toBe(eventMessages.ticketNotValid('on the waitlist'));
  });

  it('checks in exactly once when the same ticket is scanned twice at the same moment', async () => {
    const { client } = await staff(harness);
    const event = await createTestEvent(harness);
    const booked = await rsvp((await customer(harness)).client, event.id);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        client.post(staffEventUrl(event.id, 'check_in'), { code: booked.ticket!.code }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
  });
});

describe('completing an event', () => {
  it('after it ends: confirmed guests who never came become no-shows', async () => {
    const { client } = await staff(harness);
    const event = await createTestEvent(harness, { inDays: 1 });
    const came = await rsvp((await customer(harness)).client, event.id);
    const absent = await customer(harness);
    const absentRsvp = await rsvp(absent.client, event.id);
    await client.post(staffEventUrl(event.id, 'check_in'), { code: came.ticket!.code });

    expect((await client.post(staffEventUrl(event.id, 'complete'))).statusCode).toBe(409);
    await harness.database.pool.query(
      `UPDATE events SET starts_at = now() - interval '4 hours', ends_at = now() - interval '1 hour' WHERE id = $1`,
      [event.id],
    );
    const response = await client.post(staffEventUrl(event.id, 'complete'));
    expect(response.statusCode).toBe(200);
    expect(staffEventSchema.parse(response.json())).toMatchObject({
      status: 'completed',
      counts: { rsvps: { attended: 1, no_show: 1, confirmed: 0 } },
    });
    expect(rsvpSchema.parse((await absent.client.get(rsvpUrl(absentRsvp.id))).json()).status).toBe('no_show');
  });
});

describe('the staff list', () => {
  it('includes drafts with their counts, and filters by status', async () => {
    const { client } = await staff(harness);
    const draft = await createTestEvent(harness, { status: 'draft' });
    const list = staffEventListResponseSchema.parse(
      (await client.get(`${STAFF_EVENTS}?status=draft&page_size=100`)).json(),
    );
    expect(list.results.map((event) => event.id)).toContain(draft.id);
    expect(list.results.every((event) => event.status === 'draft')).toBe(true);
    expect((await client.get(`${STAFF_EVENTS}?status=maybe`)).statusCode).toBe(422);
    const single = staffEventSchema.parse((await client.get(staffEventUrl(draft.id))).json());
    expect(single.counts.rsvps).toEqual({
      pending_payment: 0,
      confirmed: 0,
      waitlisted: 0,
      cancelled: 0,
      attended: 0,
      no_show: 0,
    });
    // Drafts stay out of the public list.
    const publicList = (await new TestBrowser(harness.app).get(`${EVENTS}?page_size=100`)).json();
    expect(publicList.results.map((event: { id: number }) => event.id)).not.toContain(draft.id);
  });
});
