import { auditListQuerySchema, auditListSchema } from '@shop/contract/audit';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStaff } from '../../plugins/auth';
import { listAudit } from './audit.repository';

/** The audit trail, read-only: no route edits or deletes an entry (the database refuses too). */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireStaff);

  app.get(
    '/admin/audit/',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit trail: who did what and when, before → after (staff)',
        description:
          'Newest first, paged. Filter by subject (a product’s history), person, kind (`product.update`, or ' +
          '`product` for all of a subject’s kinds) and Kampala days.',
        security: [{ bearer: [] }],
        querystring: auditListQuerySchema,
        response: {
          200: auditListSchema,
          401: errorEnvelopeSchema.describe('Not signed in'),
          403: errorEnvelopeSchema.describe('Staff only'),
          422: errorEnvelopeSchema.describe('Invalid filter: each bad field is named with the reason'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAudit(app.db, request.query);
    },
  );
};

export default auditRoutes;
