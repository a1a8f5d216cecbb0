import { eventDetailSchema, eventListResponseSchema } from '@shop/contract/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { seedDemoCatalogIfEmpty } from '../../catalog/seed/seed-catalog';
import { TestBrowser } from '../../identity/testing';
import { demoEvents } from './demo-events';
import { kampalaTime, seedDemoEventsIfEmpty } from './seed-events';

/** The demo events written on first start, beside the demo cellar. */

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ LOG_LEVEL: 'error' });
  await seedDemoCatalogIfEmpty(harness.database);
});
afterAll(() => harness?.close());

describe('seedDemoEventsIfEmpty', () => {
  it('writes at least 6 events once: upcoming and past, free and paid, one nearly full', async () => {
    const messages: string[] = [];
    const count = await seedDemoEventsIfEmpty(harness.database, {
      info: (message) => messages.push(message),
    });
    expect(count).toBe(demoEvents.length);
    expect(count).toBeGreaterThanOrEqual(6);
    expect(messages).toEqual([`Seeded ${count} demo events (upcoming and past, free and paid)`]);
    // Again (a restart, or a second instance): nothing more.
    expect(await seedDemoEventsIfEmpty(harness.database)).toBe(0);

    const page = eventListResponseSchema.parse(
      (await new TestBrowser(harness.app).get('/api/v1/events/events/?page_size=100')).json(),
    );
    expect(page.count).toBe(count);
    const upcoming = page.results.filter((event) => !event.has_ended);
    const past = page.results.filter((event) => event.has_ended);
    expect(upcoming.length).toBeGreaterThanOrEqual(3);
    expect(past.length).toBeGreaterThanOrEqual(2);
    expect(past.every((event) => event.status === 'completed')).toBe(true);
    expect(upcoming.every((event) => event.status === 'published' && event.rsvp_open)).toBe(true);
    expect(upcoming.some((event) => event.is_free)).toBe(true);
    expect(upcoming.some((event) => !event.is_free)).toBe(true);
    const nearlyFull = upcoming.filter(
      (event) => event.seats_left > 0 && event.seats_left <= event.capacity * 0.2,
    );
    expect(nearlyFull.length).toBeGreaterThanOrEqual(1);
    expect(page.results.every((event) => event.image?.startsWith('/media/gen/'))).toBe(true);
  });

  it('links every featured wine to a real bottle of the demo cellar', async () => {
    const slugs = demoEvents.flatMap((event) => event.featuredWineSlugs);
    const found = await harness.database.pool.query<{ slug: string }>(
      'SELECT slug FROM products WHERE slug = ANY($1::text[])',
      [slugs],
    );
    expect(new Set(found.rows.map((row) => row.slug))).toEqual(new Set(slugs));

    for (const demo of demoEvents) {
      const detail = eventDetailSchema.parse(
        (await new TestBrowser(harness.app).get(`/api/v1/events/events/${demo.slug}/`)).json(),
      );
      expect(detail.featured_wines.map((wine) => wine.slug)).toEqual(demo.featuredWineSlugs);
    }
  });
});

describe('kampalaTime', () => {
  it('is the Kampala wall-clock time on the Kampala calendar day, days from now', () => {
    // 22:30 UTC on 1 March is already 2 March in Kampala.
    const now = new Date('2026-03-01T22:30:00Z');
    expect(kampalaTime(now, 0, '18:30').toISOString()).toBe('2026-03-02T15:30:00.000Z');
    expect(kampalaTime(now, 4, '09:00').toISOString()).toBe('2026-03-06T06:00:00.000Z');
    expect(kampalaTime(now, -1, '14:00').toISOString()).toBe('2026-03-01T11:00:00.000Z');
  });
});
