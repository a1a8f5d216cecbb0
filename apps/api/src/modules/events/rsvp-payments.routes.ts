import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  eventPaymentStatusQuerySchema,
  eventPaymentStatusSchema,
  payRsvpRequestSchema,
  RSVP_HOLD_MINUTES,
  rsvpParamsSchema,
} from '@shop/contract/events';
import { transactionSchema } from '@shop/contract/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireCustomer } from '../../plugins/auth';
import { startPayment } from '../payments/payments.service';
import { eventPaymentStatus } from './rsvp-payments';

/** Paying for an RSVP of a paid event, and the event payment status of docs/product.md section 7. */
const rsvpPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/events/rsvps/:id/pay/',
    {
      preValidation: requireCustomer,
      schema: {
        tags: ['events'],
        summary: 'Pay for your RSVP by MTN or Airtel mobile money',
        description:
          `While the RSVP holds its seats (pending_payment, ${RSVP_HOLD_MINUTES} minutes), charges price × guests — ` +
          "the RSVP's amount, never the client's — to the number, and answers the transaction (pending, with " +
          '`next_action`: the sandbox page or the prompt on the phone). Follow it with ' +
          '`POST /payments/transactions/{id}/verify_payment/`; a verified payment confirms the RSVP with its ' +
          'ticket. 404: not your RSVP; 409: already paid, or no longer payable (hold expired, cancelled); ' +
          '422: the number is not of the chosen network.',
        security: [{ bearer: [] }],
        params: rsvpParamsSchema,
        body: payRsvpRequestSchema,
        response: {
          200: transactionSchema,
          401: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return startPayment(app.payments, {
        userId: currentAuth(request).user.id,
        purpose: 'event_rsvp',
        subjectId: request.params.id,
        network: request.body.network,
        phone: request.body.phone,
      });
    },
  );

  app.get(
    '/payments/transactions/event_payment_status/',
    {
      preValidation: requireCustomer,
      schema: {
        tags: ['payments'],
        summary: 'Whether you have paid for an event, how much, and your payment attempts',
        description:
          'For your own RSVP of the event: the amount due (price × guests), what verified payments covered, ' +
          'and every transaction, newest first. Without an RSVP (or for an event that is not public) it ' +
          'answers unpaid with no transactions.',
        security: [{ bearer: [] }],
        querystring: eventPaymentStatusQuerySchema,
        response: { 200: eventPaymentStatusSchema, 401: errorEnvelopeSchema, 422: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return eventPaymentStatus(app.db, currentAuth(request).user.id, request.query.event_id);
    },
  );
};

export default rsvpPaymentsRoutes;
