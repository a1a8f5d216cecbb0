import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  createRsvpRequestSchema,
  eventDetailSchema,
  eventListQuerySchema,
  eventListResponseSchema,
  eventParamsSchema,
  MAX_GUESTS_PER_RSVP,
  normaliseTicketCode,
  RSVP_HOLD_MINUTES,
  rsvpListQuerySchema,
  rsvpListResponseSchema,
  rsvpParamsSchema,
  rsvpSchema,
  ticketInvoiceParamsSchema,
  updateRsvpRequestSchema,
} from '@shop/contract/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import { pdfResponse, sendPdf } from '../../lib/pdf-reply';
import { currentAuth, isStaff, requireCustomer } from '../../plugins/auth';
import { getEvent, listEvents } from './events.service';
import { cancelRsvp, changeRsvp, createRsvp, getRsvp, listRsvps, rsvpCalendar } from './rsvps.service';
import { ticketInvoicePdf } from './ticket-invoices';
import { ticketQrPng, ticketQrSvg } from './tickets';

const errors = {
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema.describe('Invalid input: each bad field is named with the reason'),
};

/** Public lists change with every RSVP: browsers check again each time (no stale seat counts). */
const PUBLIC_EVENTS_CACHE = 'no-cache';
/** A QR code is drawn from its URL alone and never changes. */
const QR_CACHE = 'public, max-age=31536000, immutable';

/**
 * Events (public) and the signed-in customer's RSVPs, under /api/v1/events (docs/product.md section 7).
 * A customer only ever reaches their own RSVPs: another customer's id answers 404.
 */
const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    db: app.db,
    events: app.events,
    shopMinimumAge: async () => (await app.shopSettings.current()).minimum_age,
  };

  app.get(
    '/events/events/',
    {
      schema: {
        tags: ['events'],
        summary: 'Published events: upcoming first, then past',
        description:
          'Paged `{ results, count, total_pages, next }`. `when=upcoming` lists events not yet over, soonest ' +
          'first; `when=past` those over, latest first; without it, both (upcoming first). Filter by `type` and ' +
          '`price` (free or paid). Each event carries its seats left and whether it is full. Drafts never appear.',
        querystring: eventListQuerySchema,
        response: { 200: eventListResponseSchema, 422: errors[422] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_EVENTS_CACHE);
      return listEvents(app.db, request.query);
    },
  );

  app.get(
    '/events/events/:id/',
    {
      schema: {
        tags: ['events'],
        summary: 'One event by id or slug, with its featured wines and seats left',
        description: 'A draft, or an event that does not exist, is a 404. A cancelled event says why.',
        params: eventParamsSchema,
        response: { 200: eventDetailSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_EVENTS_CACHE);
      return getEvent(app.db, request.params.id);
    },
  );

  app.get(
    '/events/rsvps/',
    {
      preValidation: requireCustomer,
      schema: {
        tags: ['events'],
        summary: 'Your RSVPs, newest first',
        description:
          'Paged. `event` answers only your RSVP for that event (what the event page shows); `status` and ' +
          '`when` (upcoming or past events) filter.',
        security: [{ bearer: [] }],
        querystring: rsvpListQuerySchema,
        response: { 200: rsvpListResponseSchema, 401: errorEnvelopeSchema, 422: errors[422] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listRsvps(app.db, currentAuth(request).user.id, request.query);
    },
  );

  app.post(
    '/events/rsvps/',
    {
      preValidation: requireCustomer,
      schema: {
        tags: ['events'],
        summary: 'RSVP to an event',
        description:
          `Seats for 1 to ${MAX_GUESTS_PER_RSVP} guests (yourself included). A free event confirms at once while ` +
          `seats remain (with a ticket); a paid one holds the seats as pending_payment for ${RSVP_HOLD_MINUTES} ` +
          'minutes while you pay price × guests by mobile money (`POST /events/rsvps/{id}/pay/`). A party that ' +
          'does not fit joins the waitlist. Your cancelled RSVP for the event is reopened (same id, new ticket ' +
          'code). 404: no such event (or a draft); 409: the event has started, is cancelled or over, or you ' +
          'already have an RSVP for it; 422: guests out of range, too many guest names, or a date of birth ' +
          'missing or under the age limit (field `date_of_birth`).',
        security: [{ bearer: [] }],
        body: createRsvpRequestSchema,
        response: { 201: rsvpSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const rsvp = await createRsvp(deps, currentAuth(request).user.id, request.body);
      return reply.code(201).send(rsvp);
    },
  );

  app.get(
    '/events/rsvps/:id/',
    {
      preValidation: requireCustomer,
      schema: {
        tags: ['events'],
        summary: 'One of your RSVPs, with its ticket when confirmed',
        security: [{ bearer: [] }],
        params: rsvpParamsSchema,
        response: { 200: rsvpSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema, 422: errors[422] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getRsvp(app.db, currentAuth(request).user.id, request.params.id);
    },
  );

  app.patch(
    '/events/rsvps/:id/',
    {
      preValidation: requireCustomer,
      schema: {
        tags: ['events'],
        summary: 'Change the guests or details of your RSVP',
        description:
          'Send only what changes: guests, guest_names, dietary_needs, note (null clears a text). More guests ' +
          'on a confirmed RSVP need free seats (409 names how many are left); fewer release seats to the ' +
          'waitlist. A paid booking keeps its number of guests (409). Cancelled, attended and past RSVPs cannot ' +
          'change (409).',
        security: [{ bearer: [] }],
        params: rsvpParamsSchema,
        body: updateRsvpRequestSchema,
        response: { 200: rsvpSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return changeRsvp(deps, currentAuth(request).user.id, request.params.id, request.body);
    },
  );

  app.delete(
    '/events/rsvps/:id/',
    {
      preValidation: requireCustomer,
      schema: {
        tags: ['events'],
        summary: 'Cancel your RSVP',
        description:
          'Its seats go to the first waiting customers that fit. Answers the cancelled RSVP; cancelling again ' +
          'changes nothing. 409 once the event has started, after check-in, or for a paid ticket (call the shop ' +
          'for a refund).',
        security: [{ bearer: [] }],
        params: rsvpParamsSchema,
        response: {
          200: rsvpSchema,
          401: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errors[409],
          422: errors[422],
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return cancelRsvp(deps, currentAuth(request).user.id, request.params.id);
    },
  );

  app.get(
    '/events/rsvps/:id/calendar.ics',
    {
      preValidation: requireCustomer,
      schema: {
        tags: ['events'],
        summary: 'Your RSVP as a calendar file (.ics)',
        description:
          'An iCalendar event with the time, venue and ticket code; STATUS:CANCELLED once cancelled.',
        security: [{ bearer: [] }],
        params: rsvpParamsSchema,
        produces: ['text/calendar'],
        response: {
          200: z.string().describe('text/calendar'),
          401: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          422: errors[422],
        },
      },
    },
    async (request, reply) => {
      const file = await rsvpCalendar(
        app.db,
        currentAuth(request).user.id,
        request.params.id,
        app.config.publicUrl,
      );
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .type('text/calendar; charset=utf-8')
        .send(file.body);
    },
  );

  const qrParams = z.object({ code: z.string().max(40) });
  for (const format of ['svg', 'png'] as const) {
    app.get(
      `/events/tickets/:code/qr.${format}`,
      {
        schema: {
          tags: ['events'],
          summary: `A ticket's QR code (${format.toUpperCase()})`,
          description:
            'The QR code holds the ticket code and nothing else, so its URL (which contains the code) reveals ' +
            'nothing more than the code. Used by the ticket page (SVG) and the confirmation e-mail (PNG).',
          params: qrParams,
          produces: [format === 'svg' ? 'image/svg+xml' : 'image/png'],
          response: { 200: z.any().describe(`image/${format}`), 404: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const code = normaliseTicketCode(request.params.code);
        // Only the canonical form, so one ticket has one URL (and nothing else is drawn).
        if (!code || code !== request.params.code) throw notFound('Ticket');
        reply.header('cache-control', QR_CACHE);
        if (format === 'svg') {
          return reply
            .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
            .type('image/svg+xml; charset=utf-8')
            .send(await ticketQrSvg(code));
        }
        return reply.type('image/png').send(await ticketQrPng(code));
      },
    );
  }

  app.get(
    '/events/ticket-invoices/:id/pdf/',
    {
      preValidation: requireCustomer,
      schema: {
        tags: ['events'],
        summary: 'A paid ticket’s invoice as a PDF (the customer’s own; staff any)',
        description:
          'The tax invoice issued with the ticket’s payment, in the shop’s INV- series; with EFRIS on, its ' +
          'fiscal document number, verification code and QR code once URA issued them, "Not yet fiscalised" ' +
          'until then. Another customer’s invoice answers 404.',
        params: ticketInvoiceParamsSchema,
        response: {
          200: pdfResponse('The invoice'),
          401: errors[401],
          404: errors[404],
          422: errors[422],
        },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await ticketInvoicePdf(
        app.db,
        request.params.id,
        isStaff(request) ? null : currentAuth(request).user.id,
      );
      return sendPdf(reply, pdf, { name: fileName });
    },
  );
};

export default eventsRoutes;
