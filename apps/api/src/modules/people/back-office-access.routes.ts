import { backOfficeAccessSchema, sectionsOf } from '@shop/contract/back-office';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backOfficePolicyOf, currentAuth, requireStaff } from '../../plugins/auth';

/**
 * The back-office sections the signed-in member of staff may use, as the API's guards decide
 * (@shop/contract/back-office): the staff desk shows only these, and their pages ask for nothing
 * the API would refuse.
 */
export const backOfficeAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/access/',
    {
      preValidation: requireStaff,
      schema: {
        tags: ['admin'],
        summary: 'The back-office sections the caller may use (staff)',
        security: [{ bearer: [] }],
        response: {
          200: backOfficeAccessSchema,
          401: errorEnvelopeSchema.describe('Not signed in'),
          403: errorEnvelopeSchema.describe('Not staff'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { sections: sectionsOf(currentAuth(request).user.role, backOfficePolicyOf(app.config)) };
    },
  );
};
