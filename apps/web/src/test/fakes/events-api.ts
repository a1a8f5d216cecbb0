import type { EventDetail, EventListResponse, EventSummary, Rsvp, StaffEvent } from '@shop/contract/events';

/** Test data for the events feature, as the API answers it. */

export const RSVP_ID = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';

export function makeEventSummary(overrides: Partial<EventSummary> = {}): EventSummary {
  return {
    id: 4,
    slug: 'rose-sundowner',
    title: 'Rosé Sundowner',
    type: 'party',
    summary: 'Pale pinks as the sun goes down.',
    status: 'published',
    starts_at: '2030-03-14T14:30:00.000Z',
    ends_at: '2030-03-14T17:00:00.000Z',
    time_zone: 'Africa/Kampala',
    venue_name: 'Kampala Cellars tasting room',
    image: null,
    price: 0,
    is_free: true,
    currency: 'UGX',
    capacity: 60,
    seats_left: 52,
    is_full: false,
    minimum_age: 21,
    has_started: false,
    has_ended: false,
    rsvp_open: true,
    ...overrides,
  };
}

export function makeEventDetail(overrides: Partial<EventDetail> = {}): EventDetail {
  return {
    ...makeEventSummary(overrides),
    description: 'Four rosés side by side.\n\nA DJ plays until the last light.',
    featured_wines: [
      {
        id: 23,
        slug: 'miraval-rose-2023',
        name: 'Miraval Rosé',
        image: null,
        price: 135_000,
        category_name: 'Rosé',
        region: 'Provence',
        country: 'France',
        vintage: 2023,
        in_stock: true,
      },
    ],
    food_pairing: 'Grilled tilapia skewers',
    dress_code: 'Smart casual',
    venue_address: 'Plot 14, Acacia Avenue, Kololo, Kampala',
    map_url: 'https://www.openstreetmap.org/?mlat=0.3336&mlon=32.5921',
    cancel_reason: null,
    ...overrides,
  };
}

export function makeRsvp(overrides: Partial<Rsvp> = {}, event: EventSummary = makeEventSummary()): Rsvp {
  const status = overrides.status ?? 'confirmed';
  const ticketed = status === 'confirmed' || status === 'attended';
  return {
    id: RSVP_ID,
    event,
    status,
    guests: 2,
    guest_names: ['Brian Okello'],
    dietary_needs: null,
    note: null,
    amount: event.price * (overrides.guests ?? 2),
    currency: 'UGX',
    paid: false,
    hold_expires_at: null,
    waitlist_position: null,
    invoice: null,
    ticket: ticketed
      ? {
          code: '7KQ2M9XD4T',
          display_code: '7KQ2M-9XD4T',
          qr_svg_url: '/api/v1/events/tickets/7KQ2M9XD4T/qr.svg',
          qr_png_url: '/api/v1/events/tickets/7KQ2M9XD4T/qr.png',
        }
      : null,
    calendar_url: status === 'cancelled' ? null : `/api/v1/events/rsvps/${RSVP_ID}/calendar.ics`,
    can_change_guests: true,
    can_cancel: true,
    cancel_reason: null,
    created_at: '2030-03-01T10:00:00.000Z',
    updated_at: '2030-03-01T10:00:00.000Z',
    confirmed_at: ticketed ? '2030-03-01T10:00:00.000Z' : null,
    cancelled_at: null,
    checked_in_at: null,
    ...overrides,
  };
}

export function pageOf<T>(results: T[]): {
  results: T[];
  count: number;
  total_pages: number;
  next: number | null;
} {
  return { results, count: results.length, total_pages: results.length > 0 ? 1 : 0, next: null };
}

export const eventPage = (results: EventSummary[]): EventListResponse => pageOf(results);

export function makeStaffEvent(overrides: Partial<StaffEvent> = {}): StaffEvent {
  return {
    ...makeEventDetail(overrides),
    reserved_seats: 8,
    counts: {
      seats_booked: 0,
      confirmed_guests: 0,
      pending_payment_guests: 0,
      waitlisted_guests: 0,
      attended_guests: 0,
      rsvps: { pending_payment: 0, confirmed: 0, waitlisted: 0, cancelled: 0, attended: 0, no_show: 0 },
    },
    published_at: '2030-02-01T10:00:00.000Z',
    cancelled_at: null,
    created_at: '2030-01-20T10:00:00.000Z',
    updated_at: '2030-02-01T10:00:00.000Z',
    ...overrides,
  };
}
