import type { EventDetail, EventListQuery, EventListResponse } from '@shop/contract/events';
import { pageOffset, toPagedList } from '@shop/contract/pagination';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import { featuredWinesOf, findPublicEvent, listPublicEvents } from './events.repository';
import { toEventDetail, toEventSummary } from './events.views';

/** The public side of events: published (and past) events, never drafts. */

export async function listEvents(
  db: Database,
  query: EventListQuery,
  now = new Date(),
): Promise<EventListResponse> {
  const { rows, count } = await listPublicEvents(
    db,
    { when: query.when, type: query.type, price: query.price },
    now,
    { limit: query.page_size, offset: pageOffset(query) },
  );
  return toPagedList(
    rows.map((row) => toEventSummary(row, now)),
    count,
    query,
  );
}

/** One event by id or slug; a draft (or an unknown event) is a 404. */
export async function getEvent(db: Database, idOrSlug: string, now = new Date()): Promise<EventDetail> {
  const row = await findPublicEvent(db, idOrSlug);
  if (!row) throw notFound('Event');
  const wines = await featuredWinesOf(db, [row.id]);
  return toEventDetail(row, wines.get(row.id) ?? [], now);
}
