// event-labels, not events: the list and event pages show these without loading the schemas (zod).
import {
  eventTypeLabels,
  formatEventClock,
  formatEventDate,
  formatEventWhen,
  type RsvpStatus,
  rsvpStatusLabels,
} from '@shop/contract/event-labels';
import type { EventSummary } from '@shop/contract/events';
import { formatUGX } from '@shop/contract/money';
import { countOf } from '@shop/contract/plural';

/** What the events' cards and pages say about an event, in one place. */

export { eventTypeLabels, formatEventClock, formatEventDate, rsvpStatusLabels };

/** "Saturday 14 March 2026, 18:30–21:00 (Kampala time)". */
export function eventWhen(event: Pick<EventSummary, 'starts_at' | 'ends_at'>): string {
  return formatEventWhen(event.starts_at, event.ends_at);
}

/** "Free" or "Shs 150,000 per guest". */
export function priceLabel(event: Pick<EventSummary, 'price'>): string {
  return event.price === 0 ? 'Free' : `${formatUGX(event.price)} per guest`;
}

/** An event is nearly full when a fifth of its seats or fewer remain. */
export function isNearlyFull(event: Pick<EventSummary, 'seats_left' | 'capacity' | 'is_full'>): boolean {
  return !event.is_full && event.seats_left <= Math.max(1, Math.floor(event.capacity / 5));
}

/** The seats line of a card or page, or null when there is nothing to book any more. */
export function seatsText(event: EventSummary): string | null {
  if (event.status === 'cancelled' || event.has_ended || !event.rsvp_open) return null;
  if (event.is_full) return 'Sold out: join the waitlist';
  const seats = `${countOf(event.seats_left, 'seat')} left`;
  return isNearlyFull(event) ? `Nearly full: ${seats}` : seats;
}

/** Why an event takes no RSVPs, or null while it does. */
export function closedReason(event: EventSummary): string | null {
  if (event.status === 'cancelled') return 'This event has been cancelled.';
  if (event.has_ended) return 'This event is over.';
  if (event.has_started) return 'This event has started: RSVPs are closed.';
  return null;
}

/** The badge colour of each RSVP status. */
export const rsvpStatusTone: Record<RsvpStatus, string> = {
  confirmed: 'border-wine-200 bg-wine-50 text-wine-800',
  attended: 'border-wine-200 bg-wine-50 text-wine-800',
  pending_payment: 'border-gold-300 bg-cream-100 text-gold-700',
  waitlisted: 'border-gold-300 bg-cream-100 text-gold-700',
  cancelled: 'border-cream-300 bg-cream-50 text-ink-soft',
  no_show: 'border-cream-300 bg-cream-50 text-ink-soft',
};

/** "3 guests", "1 guest". */
export function guestsText(guests: number): string {
  return countOf(guests, 'guest');
}

/** "18:30 on Saturday 14 March 2026" (Kampala). */
export function clockAndDate(iso: string): string {
  return `${formatEventClock(iso)} on ${formatEventDate(iso)}`;
}
