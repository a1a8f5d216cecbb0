import { formatKampalaClock, formatKampalaWeekdayDate } from './kampala-time';

/**
 * What the events pages say about events and RSVPs (types, statuses, labels, dates), without zod:
 * the public events pages show these before any schema is needed. events.ts builds its schemas
 * from these lists and re-exports them.
 */

export const EVENT_TYPES = ['tasting', 'dinner', 'masterclass', 'tour', 'party', 'other'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const eventTypeLabels: Record<EventType, string> = {
  tasting: 'Tasting',
  dinner: 'Dinner',
  masterclass: 'Masterclass',
  tour: 'Tour',
  party: 'Party',
  other: 'Event',
};

/**
 * draft (staff only, never public) → published → completed (after it ends), or → cancelled
 * (everyone booked is told). Cancelled and completed events are final.
 */
export const EVENT_STATUSES = ['draft', 'published', 'cancelled', 'completed'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const eventStatusLabels: Record<EventStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

/**
 * - pending_payment: seats held while the customer pays (paid events), until `hold_expires_at`.
 * - confirmed: a seat for every guest; the ticket is valid.
 * - waitlisted: no seats yet; promoted in order when seats free up.
 * - cancelled: by the customer, an expired hold, or the event's cancellation. Reopened (the same
 *   RSVP) when the customer RSVPs again.
 * - attended: checked in at the door with the ticket code. no_show: confirmed but never came
 *   (set when staff complete the event).
 */
export const RSVP_STATUSES = [
  'pending_payment',
  'confirmed',
  'waitlisted',
  'cancelled',
  'attended',
  'no_show',
] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

export const rsvpStatusLabels: Record<RsvpStatus, string> = {
  pending_payment: 'Awaiting payment',
  confirmed: 'Confirmed',
  waitlisted: 'On the waitlist',
  cancelled: 'Cancelled',
  attended: 'Attended',
  no_show: 'Did not attend',
};

// ---------------------------------------------------------------------------------------------
// Formatting (storefront and e-mails)
// ---------------------------------------------------------------------------------------------

/** "Friday 14 March 2026" in Kampala. */
export function formatEventDate(iso: string): string {
  return formatKampalaWeekdayDate(iso);
}

/** "18:30" in Kampala. */
export function formatEventClock(iso: string): string {
  return formatKampalaClock(iso);
}

/** "Friday 14 March 2026, 18:30–21:30 (Kampala time)"; an event over several days names both. */
export function formatEventWhen(startsAt: string, endsAt: string): string {
  const sameDay = formatEventDate(startsAt) === formatEventDate(endsAt);
  const end = sameDay ? formatEventClock(endsAt) : `${formatEventDate(endsAt)}, ${formatEventClock(endsAt)}`;
  return `${formatEventDate(startsAt)}, ${formatEventClock(startsAt)}–${end} (Kampala time)`;
}
