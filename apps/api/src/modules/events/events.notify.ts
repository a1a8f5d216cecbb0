import type { Database } from '../../db/client';
import type { EmailService } from '../email/email.service';
import {
  type EmailEvent,
  eventCancelledEmail,
  rsvpCancelledEmail,
  rsvpConfirmedEmail,
  rsvpHeldForPaymentEmail,
  rsvpWaitlistedEmail,
} from './events.emails';
import { type EventRow, findCustomer, findEvent, findRsvp } from './events.repository';

/**
 * The RSVP e-mails, sent from a job (retried when the mail server fails) once the change is
 * committed. The job carries only what happened and to which RSVP; the message is made from the
 * RSVP as it is when the job runs, so a change overtaken by another (a promotion cancelled a
 * moment later) sends nothing stale.
 */

export const EVENTS_JOBS = {
  email: 'events.rsvp-email',
  expireHolds: 'events.expire-holds',
} as const;

export type RsvpEmailKind = 'confirmed' | 'waitlisted' | 'promoted' | 'cancelled' | 'event_cancelled';
export type RsvpEmailJob = { kind: RsvpEmailKind; rsvpId: string };

export type NotifyDeps = { db: Database; email: Pick<EmailService, 'sendEmail'>; publicUrl: string };

function emailEvent(event: EventRow): EmailEvent {
  return {
    title: event.title,
    slug: event.slug,
    startsAt: event.starts_at,
    endsAt: event.ends_at,
    venueName: event.venue_name,
    venueAddress: event.venue_address,
    dressCode: event.dress_code,
  };
}

/** Sends the e-mail of one RSVP change; answers whether one was sent. */
export async function sendRsvpEmail(deps: NotifyDeps, job: RsvpEmailJob): Promise<boolean> {
  const rsvp = await findRsvp(deps.db, job.rsvpId);
  if (!rsvp) return false;
  const [event, customer] = await Promise.all([
    findEvent(deps.db, rsvp.event_id),
    findCustomer(deps.db, rsvp.user_id),
  ]);
  if (!event || !customer) return false;
  const links = { publicUrl: deps.publicUrl };
  const to = { email: customer.email, name: customer.name };
  const about = emailEvent(event);

  const message = (() => {
    switch (job.kind) {
      case 'confirmed':
        if (rsvp.status !== 'confirmed' && rsvp.status !== 'attended') return null;
        return rsvpConfirmedEmail(links, to, about, {
          guests: rsvp.guests,
          ticketCode: rsvp.ticket_code,
          amountPaid: rsvp.paid_at ? rsvp.amount : null,
          promoted: false,
        });
      case 'promoted':
        if (rsvp.status === 'confirmed') {
          return rsvpConfirmedEmail(links, to, about, {
            guests: rsvp.guests,
            ticketCode: rsvp.ticket_code,
            amountPaid: null,
            promoted: true,
          });
        }
        if (rsvp.status === 'pending_payment' && rsvp.hold_expires_at) {
          return rsvpHeldForPaymentEmail(links, to, about, {
            guests: rsvp.guests,
            amount: rsvp.amount,
            holdExpiresAt: rsvp.hold_expires_at,
          });
        }
        return null;
      case 'waitlisted':
        if (rsvp.status !== 'waitlisted' || rsvp.waitlist_position === null) return null;
        return rsvpWaitlistedEmail(links, to, about, {
          guests: rsvp.guests,
          position: rsvp.waitlist_position,
          paidEvent: event.price > 0,
        });
      case 'cancelled':
        if (rsvp.status !== 'cancelled') return null;
        if (rsvp.cancel_reason !== 'customer' && rsvp.cancel_reason !== 'hold_expired') return null;
        return rsvpCancelledEmail(links, to, about, rsvp.cancel_reason);
      case 'event_cancelled':
        if (rsvp.status !== 'cancelled' || rsvp.cancel_reason !== 'event_cancelled') return null;
        return eventCancelledEmail(links, to, about, {
          reason: event.cancel_reason ?? 'The event could not take place.',
          paidAmount: rsvp.paid_at ? rsvp.amount : 0,
        });
    }
  })();
  if (!message) return false;
  await deps.email.sendEmail(message);
  return true;
}
