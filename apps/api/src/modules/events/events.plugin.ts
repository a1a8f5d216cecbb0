import fp from 'fastify-plugin';
import { EVENTS_JOBS, type RsvpEmailJob, type RsvpEmailKind, sendRsvpEmail } from './events.notify';
import { rsvpPayableKind } from './rsvp-payments';
import { expireRsvpHolds } from './rsvps.service';

/**
 * Events' background side: the RSVP e-mails (a job per change, after commit), the expiry of
 * unpaid holds every minute, and RSVPs as something payments can pay for (a verified payment
 * confirms the RSVP inside the payment's transaction; see ./rsvp-payments.ts).
 */
export default fp(
  async (app) => {
    const notify = { db: app.db, email: app.email, publicUrl: app.config.publicUrl };

    app.jobs.work<RsvpEmailJob>(EVENTS_JOBS.email, async (job) => sendRsvpEmail(notify, job), {
      retryLimit: 5,
      retryDelay: 60,
      retryBackoff: true,
    });
    // Every minute; each hold is released once whichever instance runs it (see expireRsvpHolds).
    app.jobs.schedule(EVENTS_JOBS.expireHolds, '* * * * *', async () =>
      expireRsvpHolds(app.db, new Date(), app.events),
    );

    const email = (kind: RsvpEmailKind, rsvpId: string) =>
      app.jobs.send<RsvpEmailJob>(EVENTS_JOBS.email, { kind, rsvpId });
    app.events.subscribe('rsvp.confirmed', ({ rsvpId }) => email('confirmed', rsvpId));
    app.events.subscribe('rsvp.waitlisted', ({ rsvpId }) => email('waitlisted', rsvpId));
    app.events.subscribe('rsvp.promoted', ({ rsvpId }) => email('promoted', rsvpId));
    app.events.subscribe('rsvp.cancelled', ({ rsvpId }) => email('cancelled', rsvpId));
    app.events.subscribe('event.cancelled', async ({ rsvps }) => {
      for (const rsvp of rsvps) await email('event_cancelled', rsvp.rsvpId);
    });

    app.payables.register(rsvpPayableKind());
  },
  { name: 'events', dependencies: ['config', 'database', 'domain-events', 'email', 'jobs', 'payments'] },
);
