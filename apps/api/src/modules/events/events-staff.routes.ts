import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  cancelEventRequestSchema,
  checkInRequestSchema,
  checkInResponseSchema,
  createEventRequestSchema,
  guestListQuerySchema,
  guestListResponseSchema,
  staffEventListQuerySchema,
  staffEventListResponseSchema,
  staffEventParamsSchema,
  staffEventSchema,
  updateEventRequestSchema,
} from '@shop/contract/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireStaff } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import {
  cancelEvent,
  checkIn,
  completeEvent,
  createEvent,
  getStaffEvent,
  guestList,
  listStaffEventsPage,
  publishEvent,
  updateEvent,
} from './events-staff.service';

const errors = {
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema.describe('Invalid input: each bad field is named with the reason'),
};

const common = { tags: ['events-staff'], security: [{ bearer: [] }] };

/** The back office's events under /api/v1/events/staff: staff and admins only (403 for customers). */
const eventsStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, events: app.events };
  app.addHook('preValidation', requireStaff);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/events/staff/events/',
    {
      schema: {
        ...common,
        summary: 'Every event, drafts included, with its RSVP counts',
        description: 'Upcoming first (soonest), then past (latest). Filter by status and when.',
        querystring: staffEventListQuerySchema,
        response: { 200: staffEventListResponseSchema, ...errors },
      },
    },
    async (request) => listStaffEventsPage(app.db, request.query),
  );

  app.post(
    '/events/staff/events/',
    {
      schema: {
        ...common,
        summary: 'Create an event (as a draft)',
        description:
          'Times are Kampala wall-clock (`2026-03-14T18:30`) or ISO 8601 with an offset. The slug is made from ' +
          'the title unless given (409 when a given slug is taken). featured_wines are product ids (422 names ' +
          'each unknown one).',
        body: createEventRequestSchema,
        response: { 201: staffEventSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createEvent(app.db, actorOf(currentAuth(request).user), request.body)),
  );

  app.get(
    '/events/staff/events/:id/',
    {
      schema: {
        ...common,
        summary: 'One event with its RSVP counts',
        params: staffEventParamsSchema,
        response: { 200: staffEventSchema, ...errors },
      },
    },
    async (request) => getStaffEvent(app.db, request.params.id),
  );

  app.patch(
    '/events/staff/events/:id/',
    {
      schema: {
        ...common,
        summary: 'Change an event',
        description:
          'Send only what changes. 422 when it would end before it starts, or leave fewer seats than are ' +
          'booked; 409 for a price change while customers are booked or waiting, or for a cancelled or ' +
          'completed event. More capacity (or fewer reserved seats) promotes the waitlist.',
        params: staffEventParamsSchema,
        body: updateEventRequestSchema,
        response: { 200: staffEventSchema, ...errors },
      },
    },
    async (request) => updateEvent(deps, actorOf(currentAuth(request).user), request.params.id, request.body),
  );

  app.post(
    '/events/staff/events/:id/publish/',
    {
      schema: {
        ...common,
        summary: 'Publish a draft (it must not have started)',
        params: staffEventParamsSchema,
        response: { 200: staffEventSchema, ...errors },
      },
    },
    async (request) => publishEvent(app.db, actorOf(currentAuth(request).user), request.params.id),
  );

  app.post(
    '/events/staff/events/:id/cancel/',
    {
      schema: {
        ...common,
        summary: 'Cancel an event and every RSVP (everyone booked or waiting is told, by e-mail)',
        params: staffEventParamsSchema,
        body: cancelEventRequestSchema,
        response: { 200: staffEventSchema, ...errors },
      },
    },
    async (request) =>
      cancelEvent(deps, actorOf(currentAuth(request).user), request.params.id, request.body.reason),
  );

  app.post(
    '/events/staff/events/:id/complete/',
    {
      schema: {
        ...common,
        summary: 'Mark an event that has ended as completed (confirmed guests not checked in: no-shows)',
        params: staffEventParamsSchema,
        response: { 200: staffEventSchema, ...errors },
      },
    },
    async (request) => completeEvent(app.db, actorOf(currentAuth(request).user), request.params.id),
  );

  app.get(
    '/events/staff/events/:id/guests/',
    {
      schema: {
        ...common,
        summary: "An event's guest list",
        description:
          'Checked-in and confirmed first, then awaiting payment, the waitlist in order, then the rest. ' +
          '`search` matches names, e-mails, guest names and ticket codes.',
        params: staffEventParamsSchema,
        querystring: guestListQuerySchema,
        response: { 200: guestListResponseSchema, ...errors },
      },
    },
    async (request) => guestList(app.db, request.params.id, request.query),
  );

  app.post(
    '/events/staff/events/:id/check_in/',
    {
      schema: {
        ...common,
        summary: 'Check a guest in by ticket code (typed or scanned)',
        description:
          'Marks the RSVP attended; a code works once. 404: no ticket has this code; 409: already used (with ' +
          'when), for another event, or not a confirmed ticket; 422: not shaped like a ticket code.',
        params: staffEventParamsSchema,
        body: checkInRequestSchema,
        response: { 200: checkInResponseSchema, ...errors },
      },
    },
    async (request) => checkIn(app.db, currentAuth(request).user.id, request.params.id, request.body.code),
  );
};

export default eventsStaffRoutes;
