import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  lowStockListSchema,
  lowStockQuerySchema,
  stockLedgerQuerySchema,
  stockLedgerSchema,
  stockMovementRequestSchema,
  stockMovementResponseSchema,
  variantIdParamsSchema,
} from '@shop/contract/stock';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireStaff } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import { getLedger, getLowStock, recordMovement } from './stock.service';

const denied = {
  401: errorEnvelopeSchema.describe('Not signed in'),
  403: errorEnvelopeSchema.describe('Staff only'),
};

/** The back office's stock: movements by hand, each size's ledger, the low-stock list. */
const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireStaff);

  app.post(
    '/admin/catalog/variants/:id/stock-movements/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Record a stock movement of a size: received, count correction, breakage, returned (staff)',
        description:
          'The delta is added to the stock in SQL with its ledger row, in one transaction. Received must ' +
          'be positive and breakage negative; a movement that would take the stock below zero is refused ' +
          '(409, field `delta`) and nothing is written.',
        security: [{ bearer: [] }],
        params: variantIdParamsSchema,
        body: stockMovementRequestSchema,
        response: {
          201: stockMovementResponseSchema,
          ...denied,
          404: errorEnvelopeSchema.describe('No such size'),
          409: errorEnvelopeSchema.describe('Stock would go below zero (field `delta`)'),
          422: errorEnvelopeSchema.describe('Invalid movement: each bad field is named with the reason'),
        },
      },
    },
    async (request, reply) => {
      const user = currentAuth(request).user;
      const result = await recordMovement(
        { db: app.db, jobs: app.jobs },
        actorOf(user),
        request.params.id,
        request.body,
      );
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/admin/catalog/variants/:id/stock-movements/',
    {
      schema: {
        tags: ['admin'],
        summary: 'A size’s stock ledger, newest first (staff)',
        description: 'Who, when, delta, reason, note, order and the stock after each movement; paged.',
        security: [{ bearer: [] }],
        params: variantIdParamsSchema,
        querystring: stockLedgerQuerySchema,
        response: {
          200: stockLedgerSchema,
          ...denied,
          404: errorEnvelopeSchema.describe('No such size'),
          422: errorEnvelopeSchema.describe('Invalid paging'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getLedger(app.db, request.params.id, request.query);
    },
  );

  app.get(
    '/admin/catalog/stock/low/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Sizes low or out of stock (staff)',
        description:
          'Sizes of active products at or below their low-stock threshold, emptiest first; `state` keeps ' +
          'the low (some left) or the out of stock ones only; `q` those whose SKU starts with it or ' +
          'whose product’s name holds it.',
        security: [{ bearer: [] }],
        querystring: lowStockQuerySchema,
        response: {
          200: lowStockListSchema,
          ...denied,
          422: errorEnvelopeSchema.describe('Invalid filter: the field is named with the reason'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getLowStock(app.db, request.query);
    },
  );
};

export default stockRoutes;
