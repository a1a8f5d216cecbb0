import { eventDetailSchema, eventListResponseSchema } from '@shop/contract/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../../test/fixtures/catalog';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser } from '../identity/testing';
import { replaceFeaturedWines } from './events.repository';
import { createTestEvent, EVENTS, envelope, eventUrl, HOUR } from './testing';

/** The public events: lists with their filters and seats, one event, and drafts never shown. */

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true', LOG_LEVEL: 'error' });
});
afterAll(() => harness?.close());

const visitor = () => new TestBrowser(harness.app);

describe('GET /events/events/', () => {
  it('lists published events, upcoming soonest first, then past latest first; never drafts', async () => {
    const soon = await createTestEvent(harness, { inDays: 2, title: 'Soon' });
    const later = await createTestEvent(harness, { inDays: 20, title: 'Later' });
    const past = await createTestEvent(harness, { inDays: -10, title: 'Past', status: 'completed' });
    const older = await createTestEvent(harness, { inDays: -40, title: 'Older', status: 'completed' });
    const draft = await createTestEvent(harness, { inDays: 5, title: 'Draft', status: 'draft' });
    const cancelled = await createTestEvent(harness, { inDays: 6, title: 'Cancelled', status: 'cancelled' });

    const response = await visitor().get(`${EVENTS}?page_size=100`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const page = eventListResponseSchema.parse(response.json());
    const ids = page.results.map((event) => event.id);
    expect(ids).toEqual([soon.id, later.id, past.id, older.id]);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(cancelled.id);
    expect(page).toMatchObject({ count: 4, total_pages: 1, next: null });

    const upcoming = eventListResponseSchema.parse((await visitor().get(`${EVENTS}?when=upcoming`)).json());
    expect(upcoming.results.map((event) => event.id)).toEqual([soon.id, later.id]);
    const pastList = eventListResponseSchema.parse((await visitor().get(`${EVENTS}?when=past`)).json());
    expect(pastList.results.map((event) => event.id)).toEqual([past.id, older.id]);
    expect(pastList.results[0]).toMatchObject({ has_started: true, has_ended: true, rsvp_open: false });
  });

  it('filters by type and price, and pages', async () => {
    const dinner = await createTestEvent(harness, { inDays: 3, type: 'dinner', price: 300_000 });
    const tour = await createTestEvent(harness, { inDays: 4, type: 'tour', price: 0 });
    const dinners = eventListResponseSchema.parse((await visitor().get(`${EVENTS}?type=dinner`)).json());
    expect(dinners.results.map((event) => event.id)).toEqual([dinner.id]);
    expect(dinners.results[0]).toMatchObject({ price: 300_000, is_free: false, currency: 'UGX' });

    const paid = eventListResponseSchema.parse(
      (await visitor().get(`${EVENTS}?price=paid&page_size=100`)).json(),
    );
    expect(paid.results.every((event) => event.price > 0)).toBe(true);
    expect(paid.results.map((event) => event.id)).toContain(dinner.id);
    const free = eventListResponseSchema.parse(
      (await visitor().get(`${EVENTS}?price=free&page_size=100`)).json(),
    );
    expect(free.results.map((event) => event.id)).toContain(tour.id);
    expect(free.results.every((event) => event.is_free)).toBe(true);

    const first = eventListResponseSchema.parse((await visitor().get(`${EVENTS}?page_size=2`)).json());
    expect(first.results).toHaveLength(2);
    expect(first.next).toBe(2);
    expect(first.total_pages).toBe(Math.ceil(first.count / 2));
  });

  it('answers 422 naming a bad filter', async () => {
    for (const [query, field] of [
      ['when=tomorrow', 'when'],
      ['type=rave', 'type'],
      ['price=cheap', 'price'],
      ['page=0', 'page'],
      ['page_size=1000', 'page_size'],
    ] as const) {
      const response = await visitor().get(`${EVENTS}?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(envelope(response.body).fields?.map((item) => item.field)).toEqual([field]);
    }
  });

  it('shows seats left and the sold-out flag from capacity, reserved and booked seats', async () => {
    const full = await createTestEvent(harness, { inDays: 8, capacity: 10, reserved_seats: 10 });
    const nearly = await createTestEvent(harness, { inDays: 9, capacity: 10, reserved_seats: 7 });
    const list = eventListResponseSchema.parse((await visitor().get(`${EVENTS}?page_size=100`)).json());
    expect(list.results.find((event) => event.id === full.id)).toMatchObject({
      seats_left: 0,
      is_full: true,
    });
    expect(list.results.find((event) => event.id === nearly.id)).toMatchObject({
      seats_left: 3,
      is_full: false,
      rsvp_open: true,
    });
  });
});

describe('GET /events/events/{id}/', () => {
  it('answers everything about one event, by id or slug, with its featured wines in order', async () => {
    const category = await createCategory(harness.database.pool, { name: 'Red Wine' });
    const margaux = await createProduct(harness.database.pool, {
      categoryId: category.id,
      name: 'Château Margaux',
      price: 2_500_000,
      vintage: 2015,
      region: 'Bordeaux',
    });
    const rubicon = await createProduct(harness.database.pool, {
      categoryId: category.id,
      name: 'Rubicon',
      price: 180_000,
    });
    const hidden = await createProduct(harness.database.pool, { categoryId: category.id, isActive: false });
    const event = await createTestEvent(harness, {
      title: 'Left Bank evening',
      price: 150_000,
      capacity: 24,
      reserved_seats: 4,
      food_pairing: 'Cheese',
      dress_code: 'Smart casual',
      map_url: 'https://maps.example/kololo',
      starts_at: new Date('2030-03-14T15:30:00Z'),
      ends_at: new Date('2030-03-14T18:00:00Z'),
    });
    await replaceFeaturedWines(harness.app.db, event.id, [rubicon.id, margaux.id, hidden.id]);

    for (const key of [String(event.id), event.slug]) {
      const response = await visitor().get(eventUrl(key));
      expect(response.statusCode).toBe(200);
      const detail = eventDetailSchema.parse(response.json());
      expect(detail).toMatchObject({
        id: event.id,
        slug: event.slug,
        title: 'Left Bank evening',
        status: 'published',
        starts_at: '2030-03-14T15:30:00.000Z',
        ends_at: '2030-03-14T18:00:00.000Z',
        time_zone: 'Africa/Kampala',
        price: 150_000,
        is_free: false,
        capacity: 24,
        seats_left: 20,
        is_full: false,
        minimum_age: 21,
        food_pairing: 'Cheese',
        dress_code: 'Smart casual',
        map_url: 'https://maps.example/kololo',
        venue_address: 'Plot 14, Acacia Avenue, Kololo, Kampala',
        cancel_reason: null,
      });
      // The inactive bottle is left out; the others keep the staff's order.
      expect(detail.featured_wines.map((wine) => wine.id)).toEqual([rubicon.id, margaux.id]);
      expect(detail.featured_wines[1]).toMatchObject({
        name: 'Château Margaux',
        price: 2_500_000,
        vintage: 2015,
        region: 'Bordeaux',
        category_name: 'Red Wine',
      });
    }
  });

  it('is a 404 for drafts, cancelled drafts and unknown events; a cancelled published event says why', async () => {
    const draft = await createTestEvent(harness, { status: 'draft' });
    expect((await visitor().get(eventUrl(draft.id))).statusCode).toBe(404);
    expect((await visitor().get(eventUrl(draft.slug))).statusCode).toBe(404);
    expect((await visitor().get(eventUrl(999_999))).statusCode).toBe(404);
    expect((await visitor().get(eventUrl('no-such-event'))).statusCode).toBe(404);

    const cancelled = await createTestEvent(harness, { status: 'published' });
    await harness.database.pool.query(
      `UPDATE events SET status = 'cancelled', cancel_reason = 'The winemaker could not travel' WHERE id = $1`,
      [cancelled.id],
    );
    const shown = eventDetailSchema.parse((await visitor().get(eventUrl(cancelled.id))).json());
    expect(shown).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'The winemaker could not travel',
      rsvp_open: false,
    });
  });

  it('closes RSVPs once the event has started', async () => {
    const started = await createTestEvent(harness, {
      starts_at: new Date(Date.now() - HOUR),
      ends_at: new Date(Date.now() + HOUR),
    });
    const detail = eventDetailSchema.parse((await visitor().get(eventUrl(started.id))).json());
    expect(detail).toMatchObject({ has_started: true, has_ended: false, rsvp_open: false });
    // Still under way: listed with the upcoming ones.
    const upcoming = eventListResponseSchema.parse(
      (await visitor().get(`${EVENTS}?when=upcoming&page_size=100`)).json(),
    );
    expect(upcoming.results.map((event) => event.id)).toContain(started.id);
  });
});

describe('the OpenAPI document', () => {
  it('describes every events call, with its tags', async () => {
    const document = (await visitor().get('/api/v1/openapi.json')).json() as {
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    };
    const expected: Array<[string, string]> = [
      ['/api/v1/events/events/', 'get'],
      ['/api/v1/events/events/{id}/', 'get'],
      ['/api/v1/events/rsvps/', 'get'],
      ['/api/v1/events/rsvps/', 'post'],
      ['/api/v1/events/rsvps/{id}/', 'get'],
      ['/api/v1/events/rsvps/{id}/', 'patch'],
      ['/api/v1/events/rsvps/{id}/', 'delete'],
      ['/api/v1/events/rsvps/{id}/calendar.ics', 'get'],
      ['/api/v1/events/rsvps/{id}/pay/', 'post'],
      ['/api/v1/events/tickets/{code}/qr.svg', 'get'],
      ['/api/v1/events/tickets/{code}/qr.png', 'get'],
      ['/api/v1/payments/transactions/event_payment_status/', 'get'],
      ['/api/v1/events/staff/events/', 'get'],
      ['/api/v1/events/staff/events/', 'post'],
      ['/api/v1/events/staff/events/{id}/', 'get'],
      ['/api/v1/events/staff/events/{id}/', 'patch'],
      ['/api/v1/events/staff/events/{id}/publish/', 'post'],
      ['/api/v1/events/staff/events/{id}/cancel/', 'post'],
      ['/api/v1/events/staff/events/{id}/complete/', 'post'],
      ['/api/v1/events/staff/events/{id}/guests/', 'get'],
      ['/api/v1/events/staff/events/{id}/check_in/', 'post'],
    ];
    for (const [path, method] of expected) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method.toUpperCase()} ${path}`).toBeDefined();
      expect(operation?.summary, `${method.toUpperCase()} ${path}`).toBeTruthy();
      expect(operation?.tags?.length, `${method.toUpperCase()} ${path}`).toBeGreaterThan(0);
    }
  });
});
