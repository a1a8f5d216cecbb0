import { EVENT_TIME_ZONE_OFFSET } from '@shop/contract/events';
import type pg from 'pg';
import { generatedImageUrl } from '../../catalog/media/media-urls';
import { type DemoEvent, demoEvents } from './demo-events';

/**
 * Writes the demo events on first start, beside the demo cellar: only into a shop that has no
 * events yet, under an advisory lock (several instances may start at once). Featured wines are
 * looked up by slug; a bottle the catalog does not have is left out.
 */

const SEED_LOCK_KEY = 727_008;
const DAY_MS = 24 * 60 * 60 * 1000;
const EAT_OFFSET_MS = 3 * 60 * 60 * 1000;

type Log = { info: (message: string) => void };

/** The instant of `time` (HH:mm, Kampala) on the Kampala calendar day `days` after `now`'s. */
export function kampalaTime(now: Date, days: number, time: string): Date {
  const day = new Date(now.getTime() + EAT_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
  return new Date(`${day}T${time}:00${EVENT_TIME_ZONE_OFFSET}`);
}

function rowOf(event: DemoEvent, now: Date) {
  const startsAt = kampalaTime(now, event.dayOffset, event.startTime);
  const endsAt = kampalaTime(now, event.dayOffset, event.endTime);
  const past = endsAt.getTime() <= now.getTime();
  return {
    ...event,
    startsAt,
    endsAt,
    image: generatedImageUrl({
      view: 'category',
      style: event.imageStyle,
      vintage: null,
      label: event.imageLabel,
    }),
    status: past ? 'completed' : 'published',
    // Published a month before the event (or now, for those coming soon).
    publishedAt: new Date(Math.min(now.getTime(), startsAt.getTime() - 30 * DAY_MS)),
    completedAt: past ? endsAt : null,
  };
}

export async function insertDemoEvents(client: Pick<pg.ClientBase, 'query'>, now: Date): Promise<number> {
  const rows = demoEvents.map((event) => rowOf(event, now));
  const saved = await client.query<{ id: number; slug: string }>(
    `INSERT INTO events (slug, title, type, summary, description, food_pairing, dress_code, starts_at, ends_at,
       venue_name, venue_address, map_url, image, capacity, reserved_seats, price, status, published_at,
       completed_at)
     SELECT x.slug, x.title, x.type::event_type, x.summary, x.description, x.food_pairing, x.dress_code, x.starts_at,
            x.ends_at, x.venue_name, x.venue_address, x.map_url, x.image, x.capacity, x.reserved_seats, x.price,
            x.status::event_status, x.published_at, x.completed_at
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                 $8::timestamptz[], $9::timestamptz[], $10::text[], $11::text[], $12::text[], $13::text[],
                 $14::int[], $15::int[], $16::int[], $17::text[], $18::timestamptz[], $19::timestamptz[])
       AS x(slug, title, type, summary, description, food_pairing, dress_code, starts_at, ends_at, venue_name,
            venue_address, map_url, image, capacity, reserved_seats, price, status, published_at, completed_at)
     RETURNING id, slug`,
    [
      rows.map((row) => row.slug),
      rows.map((row) => row.title),
      rows.map((row) => row.type),
      rows.map((row) => row.summary),
      rows.map((row) => row.description),
      rows.map((row) => row.foodPairing),
      rows.map((row) => row.dressCode),
      rows.map((row) => row.startsAt),
      rows.map((row) => row.endsAt),
      rows.map((row) => row.venueName),
      rows.map((row) => row.venueAddress),
      rows.map((row) => row.mapUrl),
      rows.map((row) => row.image),
      rows.map((row) => row.capacity),
      rows.map((row) => row.reservedSeats),
      rows.map((row) => row.price),
      rows.map((row) => row.status),
      rows.map((row) => row.publishedAt),
      rows.map((row) => row.completedAt),
    ],
  );
  const idBySlug = new Map(saved.rows.map((row) => [row.slug, row.id]));
  const links = demoEvents.flatMap((event) =>
    event.featuredWineSlugs.map((slug, index) => ({ eventId: idBySlug.get(event.slug)!, slug, index })),
  );
  await client.query(
    `INSERT INTO event_featured_wines (event_id, product_id, sort_order)
     SELECT x.event_id, p.id, x.sort_order
     FROM unnest($1::int[], $2::text[], $3::int[]) AS x(event_id, slug, sort_order)
     JOIN products p ON p.slug = x.slug`,
    [links.map((link) => link.eventId), links.map((link) => link.slug), links.map((link) => link.index)],
  );
  return saved.rows.length;
}

/** Seeds the demo events when the shop has none; otherwise does nothing. Answers how many. */
export async function seedDemoEventsIfEmpty(
  database: { pool: pg.Pool },
  log?: Log,
  now: Date = new Date(),
): Promise<number> {
  const { pool } = database;
  const empty = async (client: Pick<pg.ClientBase, 'query'>) =>
    (await client.query<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM events) AS empty')).rows[0]!
      .empty;
  if (!(await empty(pool))) return 0;
  const client = await pool.connect();
  let count = 0;
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    if (await empty(client)) count = await insertDemoEvents(client, now);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  if (count > 0) log?.info(`Seeded ${count} demo events (upcoming and past, free and paid)`);
  return count;
}
