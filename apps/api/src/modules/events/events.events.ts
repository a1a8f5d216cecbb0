/**
 * The tasting events' and RSVPs' domain events, published by this module after commit: e-mails
 * (./events.plugin.ts) and notifications tell the customer about their seats and tickets.
 */
declare module '../../lib/domain-events' {
  interface DomainEventMap {
    /**
     * An RSVP now holds confirmed seats with a valid ticket: booked at once (free event with seats),
     * or paid (`paid` true). Promotions from the waitlist publish `rsvp.promoted` instead.
     */
    'rsvp.confirmed': {
      rsvpId: string;
      eventId: number;
      userId: string;
      eventTitle: string;
      startsAt: Date;
      guests: number;
      ticketCode: string;
      paid: boolean;
    };
    /** A party that did not fit joined the event's waitlist. */
    'rsvp.waitlisted': {
      rsvpId: string;
      eventId: number;
      userId: string;
      eventTitle: string;
      startsAt: Date;
      guests: number;
      position: number;
    };
    /**
     * Seats freed up and a waiting RSVP got them: `confirmed` for a free event (with its ticket), or
     * `pending_payment` for a paid one (the customer must pay before `holdExpiresAt`).
     */
    'rsvp.promoted': {
      rsvpId: string;
      eventId: number;
      userId: string;
      eventTitle: string;
      startsAt: Date;
      guests: number;
      status: 'confirmed' | 'pending_payment';
      ticketCode: string | null;
      holdExpiresAt: Date | null;
    };
    /**
     * An RSVP was cancelled by its customer, or its unpaid hold expired. (When staff cancel the
     * whole event, `event.cancelled` is published once instead, naming every RSVP.)
     */
    'rsvp.cancelled': {
      rsvpId: string;
      eventId: number;
      userId: string;
      eventTitle: string;
      startsAt: Date;
      reason: 'customer' | 'hold_expired';
    };
    /** Staff cancelled an event: every RSVP that was booked or waiting is cancelled with it. */
    'event.cancelled': {
      eventId: number;
      eventTitle: string;
      startsAt: Date;
      reason: string;
      rsvps: Array<{
        rsvpId: string;
        userId: string;
        previousStatus: 'pending_payment' | 'confirmed' | 'waitlisted';
        guests: number;
        /** What the customer paid (0 when unpaid): owed back. */
        paidAmount: number;
      }>;
    };
  }
}

// A module (not a script), so that the block above augments the bus's map.
export {};
