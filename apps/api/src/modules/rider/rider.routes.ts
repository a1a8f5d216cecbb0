import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  assignRiderAccountRequestSchema,
  handinRequestSchema,
  handoverCodeSchema,
  PROOF_PHOTO_MAX_BYTES,
  riderAccountListSchema,
  riderActionResultSchema,
  riderActionSchema,
  riderCashQuerySchema,
  riderCashReportSchema,
  riderParamsSchema,
  riderRunSchema,
  verifyByPhoneRequestSchema,
} from '@shop/contract/rider';
import { staffOrderParamsSchema, staffOrderSchema } from '@shop/contract/staff-orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import { csvLine } from '../../lib/csv';
import { currentAuth, requireCustomer, requireRider, requireStaff } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import { getStaffOrder } from '../delivery/staff-orders.service';
import { proofPhotoOfOrder, ridersList } from './rider.repository';
import {
  assignRiderAccountTo,
  confirmBottlesBack,
  countCashIn,
  doRiderAction,
  getRiderCashReport,
  getRun,
  handoverOf,
  verifyByPhone,
} from './rider.service';

const errors = {
  401: errorEnvelopeSchema.describe('Not signed in'),
  403: errorEnvelopeSchema.describe('Not a rider (rider routes) or not staff (staff routes)'),
  404: errorEnvelopeSchema.describe('No such order on your run'),
  409: errorEnvelopeSchema.describe('Not possible in the order’s state'),
  422: errorEnvelopeSchema.describe('Invalid input: each bad field is named with the reason'),
};

/**
 * The rider's screen's calls (`/rider/…`, riders only) and the staff's side of the door under
 * `/orders/admin/…` (staff and admins; riders and customers get 403).
 */
const RIDER_ACTION_BODY_LIMIT = Math.ceil(PROOF_PHOTO_MAX_BYTES / 3) * 4 + 64 * 1024;

const riderRoutes: FastifyPluginAsyncZod = async (app) => {
  const rider = { tags: ['rider'], security: [{ bearer: [] }] };
  const staff = { tags: ['staff', 'rider'], security: [{ bearer: [] }] };
  const deps = () => ({
    db: app.db,
    events: app.events,
    codes: app.handoverCodes,
    minimumAge: async () => (await app.shopSettings.current()).minimum_age,
    refusedOrderFee: async () => (await app.shopSettings.current()).refused_order_fee,
  });

  app.get(
    '/rider/run/',
    {
      preValidation: requireRider,
      schema: { ...rider, summary: 'Today’s run', response: { 200: riderRunSchema, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getRun(app.db, currentAuth(request).user.id);
    },
  );

  app.post(
    '/rider/actions/',
    {
      preValidation: requireRider,
      // A proof photo rides in the action (base64, at most PROOF_PHOTO_MAX_BYTES): room for it and the rest.
      bodyLimit: RIDER_ACTION_BODY_LIMIT,
      schema: {
        ...rider,
        summary:
          'One action of the rider (out for delivery, handover, refusal, proof of delivery, cash confirmed); once per action_id',
        body: riderActionSchema,
        response: { 200: riderActionResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { user } = currentAuth(request);
      const answer = await doRiderAction(
        deps(),
        actorOf(user) as { id: string; name: string; role: string },
        request.body,
      );
      return reply.code(answer.status).send(answer.body as never);
    },
  );

  app.get(
    '/orders/delivery-tracking/:order_number/handover-code/',
    {
      preValidation: requireCustomer,
      schema: {
        tags: ['delivery-tracking'],
        security: [{ bearer: [] }],
        summary: 'The handover code to give the rider (your own order, while out for delivery)',
        params: z.object({ order_number: z.string().min(1).max(40) }),
        response: { 200: handoverCodeSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return handoverOf(app.db, app.handoverCodes, currentAuth(request).user.id, request.params.order_number);
    },
  );

  app.get(
    '/orders/admin/orders/:id/proof-photo.jpg',
    {
      preValidation: requireStaff,
      schema: {
        ...staff,
        summary: 'The rider’s photo at the door, proof of delivery (staff)',
        description:
          'One JPEG without metadata. Personal data: never cached (`no-store`); gone after the retention period.',
        params: staffOrderParamsSchema,
        response: {
          200: {
            description: 'The photo',
            content: { 'image/jpeg': { schema: z.string().describe('JPEG') } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const photo = await proofPhotoOfOrder(app.db, request.params.id);
      if (!photo) throw notFound('Photo');
      return (
        reply
          .header('cache-control', 'no-store')
          .header('content-disposition', 'inline')
          .type('image/jpeg')
          // Bytes go out as they are (the response schema above only documents them).
          .send(photo as unknown as string)
      );
    },
  );

  app.get(
    '/orders/admin/riders/',
    {
      preValidation: requireStaff,
      schema: {
        ...staff,
        summary: 'Rider accounts to assign',
        response: { 200: riderAccountListSchema, ...errors },
      },
    },
    async () => ({ results: await ridersList(app.db) }),
  );

  app.post(
    '/orders/admin/orders/:id/rider-account/',
    {
      preValidation: requireStaff,
      schema: {
        ...staff,
        summary: 'Assign the order to one of the shop’s riders',
        params: staffOrderParamsSchema,
        body: assignRiderAccountRequestSchema,
        response: { 200: staffOrderSchema, ...errors },
      },
    },
    async (request) => {
      await assignRiderAccountTo(
        app,
        actorOf(currentAuth(request).user),
        request.params.id,
        request.body.rider_id,
      );
      return getStaffOrder(app.db, request.params.id);
    },
  );

  app.post(
    '/orders/admin/orders/:id/verify-by-phone/',
    {
      preValidation: requireStaff,
      schema: {
        ...staff,
        summary: 'Verify a customer without their code by phone (with a reason; audited)',
        params: staffOrderParamsSchema,
        body: verifyByPhoneRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await verifyByPhone(app, actorOf(currentAuth(request).user), request.params.id, request.body.reason);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/orders/admin/orders/:id/bottles-back/',
    {
      preValidation: requireStaff,
      schema: {
        ...staff,
        summary: 'Confirm a returned order’s bottles back in stock (once)',
        params: staffOrderParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { user } = currentAuth(request);
      await confirmBottlesBack(app, { ...actorOf(user), id: user.id }, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/orders/admin/riders/:id/cash-handins/',
    {
      preValidation: requireStaff,
      schema: {
        ...staff,
        summary: 'Count a rider’s cash in (the rider confirms on their screen)',
        params: riderParamsSchema,
        body: handinRequestSchema,
        response: {
          200: z.object({ id: z.number().int(), expected: z.number().int(), amount: z.number().int() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      return countCashIn(app, { ...actorOf(user), id: user.id }, request.params.id, request.body);
    },
  );

  app.get(
    '/orders/admin/riders/cash/',
    {
      preValidation: requireStaff,
      schema: {
        ...staff,
        summary: 'Cash per rider and day: expected, collected, handed in, difference',
        querystring: riderCashQuerySchema,
        response: { 200: riderCashReportSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getRiderCashReport(app.db, request.query);
    },
  );

  app.get(
    '/orders/admin/riders/cash.csv',
    {
      preValidation: requireStaff,
      schema: { ...staff, summary: 'The riders’ cash report as CSV', querystring: riderCashQuerySchema },
    },
    async (request, reply) => {
      const report = await getRiderCashReport(app.db, request.query);
      const lines = [
        csvLine(['Day', 'Rider', 'Expected (UGX)', 'Collected (UGX)', 'Handed in (UGX)', 'Difference (UGX)']),
        ...report.rows.map((row) =>
          csvLine([row.day, row.rider_name, row.expected, row.collected, row.handed_in, row.difference]),
        ),
      ];
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="rider-cash-${report.date_from}-${report.date_to}.csv"`,
        )
        .header('cache-control', 'no-store');
      return lines.join('');
    },
  );
};

export default riderRoutes;
