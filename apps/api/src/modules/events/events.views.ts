import { API_BASE_PATH, CURRENCY } from '@shop/contract/constants';
import {
  EVENT_TIME_ZONE,
  type EventDetail,
  type EventSummary,
  formatTicketCode,
  type Guest,
  RSVP_STATUSES,
  type Rsvp,
  type RsvpInvoice,
  type RsvpStatus,
  type StaffEvent,
} from '@shop/contract/events';
import {
  type EventRow,
  type FeaturedWineRow,
  type GuestRow,
  type RsvpCountRow,
  type RsvpWithPosition,
  seatsLeft,
} from './events.repository';
import { ticketOf } from './tickets';

/** Rows → the contract's shapes. `now` decides "started" and "over". */

export function toEventSummary(row: EventRow, now: Date): EventSummary {
  const left = seatsLeft(row);
  const hasStarted = row.starts_at.getTime() <= now.getTime();
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    type: row.type,
    summary: row.summary,
    status: row.status,
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at.toISOString(),
    time_zone: EVENT_TIME_ZONE,
    venue_name: row.venue_name,
    image: row.image,
    price: row.price,
    is_free: row.price === 0,
    currency: CURRENCY,
    capacity: row.capacity,
    seats_left: left,
    is_full: left === 0,
    minimum_age: row.minimum_age,
    has_started: hasStarted,
    has_ended: row.ends_at.getTime() <= now.getTime(),
    rsvp_open: row.status === 'published' && !hasStarted,
  };
}

export function toEventDetail(row: EventRow, wines: FeaturedWineRow[], now: Date): EventDetail {
  return {
    ...toEventSummary(row, now),
    description: row.description,
    featured_wines: wines.map((wine) => ({
      id: wine.id,
      slug: wine.slug,
      name: wine.name,
      image: wine.image,
      price: wine.price,
      category_name: wine.category_name,
      region: wine.region,
      country: wine.country,
      vintage: wine.vintage,
      in_stock: wine.in_stock,
    })),
    food_pairing: row.food_pairing,
    dress_code: row.dress_code,
    venue_address: row.venue_address,
    map_url: row.map_url,
    cancel_reason: row.status === 'cancelled' ? row.cancel_reason : null,
  };
}

export function toStaffEvent(
  row: EventRow,
  wines: FeaturedWineRow[],
  counts: RsvpCountRow[],
  now: Date,
): StaffEvent {
  const rsvps = Object.fromEntries(RSVP_STATUSES.map((status) => [status, 0])) as Record<RsvpStatus, number>;
  const guests = Object.fromEntries(RSVP_STATUSES.map((status) => [status, 0])) as Record<RsvpStatus, number>;
  for (const count of counts) {
    rsvps[count.status] = count.rsvps;
    guests[count.status] = count.guests;
  }
  return {
    ...toEventDetail(row, wines, now),
    cancel_reason: row.cancel_reason,
    reserved_seats: row.reserved_seats,
    counts: {
      seats_booked: row.seats_booked,
      confirmed_guests: guests.confirmed,
      pending_payment_guests: guests.pending_payment,
      waitlisted_guests: guests.waitlisted,
      attended_guests: guests.attended,
      rsvps,
    },
    published_at: row.published_at?.toISOString() ?? null,
    cancelled_at: row.cancelled_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A ticket exists for a seat that is (or was) confirmed: confirmed and attended RSVPs. */
export function hasTicket(status: RsvpStatus): boolean {
  return status === 'confirmed' || status === 'attended';
}

export function calendarPath(rsvpId: string): string {
  return `${API_BASE_PATH}/events/rsvps/${rsvpId}/calendar.ics`;
}

export function toRsvp(
  row: RsvpWithPosition,
  event: EventRow,
  now: Date,
  invoice: RsvpInvoice | null = null,
): Rsvp {
  const open = event.status === 'published' && event.starts_at.getTime() > now.getTime();
  const paid = row.paid_at !== null;
  const isPaidEvent = event.price > 0;
  const active =
    row.status === 'confirmed' || row.status === 'pending_payment' || row.status === 'waitlisted';
  return {
    id: row.id,
    event: toEventSummary(event, now),
    status: row.status,
    guests: row.guests,
    guest_names: row.guest_names,
    dietary_needs: row.dietary_needs,
    note: row.note,
    amount: row.amount,
    currency: CURRENCY,
    paid,
    hold_expires_at: row.status === 'pending_payment' ? iso(row.hold_expires_at) : null,
    waitlist_position: row.status === 'waitlisted' ? row.waitlist_position : null,
    ticket: hasTicket(row.status) ? ticketOf(row.ticket_code) : null,
    invoice,
    calendar_url: row.status === 'cancelled' ? null : calendarPath(row.id),
    // Paid bookings keep their number of guests (the amount was paid for); the waitlist may change.
    can_change_guests: open && (row.status === 'waitlisted' || (row.status === 'confirmed' && !isPaidEvent)),
    can_cancel: open && active && !(row.status === 'confirmed' && paid),
    cancel_reason: row.status === 'cancelled' ? row.cancel_reason : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    confirmed_at: iso(row.confirmed_at),
    cancelled_at: iso(row.cancelled_at),
    checked_in_at: iso(row.checked_in_at),
  };
}

export function toGuest(row: GuestRow): Guest {
  return {
    rsvp_id: row.id,
    customer_name: row.customer_name,
    email: row.email,
    phone: row.phone,
    status: row.status,
    guests: row.guests,
    guest_names: row.guest_names,
    dietary_needs: row.dietary_needs,
    note: row.note,
    ticket_code: hasTicket(row.status) ? formatTicketCode(row.ticket_code) : null,
    amount: row.amount,
    paid: row.paid_at !== null,
    waitlist_position: row.status === 'waitlisted' ? row.waitlist_position : null,
    created_at: row.created_at.toISOString(),
    checked_in_at: iso(row.checked_in_at),
  };
}
