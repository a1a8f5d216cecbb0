import fp from 'fastify-plugin';
import './refunds.events';
import { REFUND_JOBS } from './refunds.jobs';
import {
  pollPendingRefunds,
  processRefundDelivery,
  refundCancelledEvent,
  refundCancelledEventsLeftBehind,
} from './refunds.service';

type CancelledEventJob = { eventId: number; reason: string; rsvpIds: string[] };

/**
 * Refunds' background work: the poll of pending refunds, refund webhooks (through the payments
 * module's webhook endpoints) and the refunds of a cancelled event's paid tickets, on the job
 * queue so that each runs once across instances.
 */
export default fp(
  async (app) => {
    const context = app.payments;
    context.onRefundDelivery = (delivery) => processRefundDelivery(context, delivery);

    app.jobs.schedule(REFUND_JOBS.pollPending, '* * * * *', async () => pollPendingRefunds(context));
    app.jobs.schedule(REFUND_JOBS.sweepCancelledEvents, '17 * * * *', async () =>
      refundCancelledEventsLeftBehind(context),
    );
    app.jobs.work<CancelledEventJob>(
      REFUND_JOBS.refundCancelledEvent,
      async (job) => refundCancelledEvent(context, job),
      // The provider may be down for a while: each run refunds only what is not refunded yet.
      { retryLimit: 8, retryDelay: 60, retryBackoff: true },
    );

    app.events.subscribe('event.cancelled', async (event) => {
      const paid = event.rsvps.filter((rsvp) => rsvp.paidAmount > 0).map((rsvp) => rsvp.rsvpId);
      if (paid.length === 0) return;
      await context.enqueue(
        REFUND_JOBS.refundCancelledEvent,
        { eventId: event.eventId, reason: event.reason, rsvpIds: paid },
        { singletonKey: `event-cancelled:${event.eventId}` },
      );
    });
  },
  { name: 'refunds', dependencies: ['payments', 'domain-events', 'jobs', 'events'] },
);
