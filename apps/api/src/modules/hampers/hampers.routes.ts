import { errorEnvelopeSchema } from '@shop/contract/errors';
import { hamperPartsRequestSchema, hamperSchema } from '@shop/contract/hampers';
import { variantIdParamsSchema } from '@shop/contract/stock';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireStaff } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import { getHamper, setHamperParts } from './hampers.service';

const staffErrors = {
  401: errorEnvelopeSchema.describe('Not signed in'),
  403: errorEnvelopeSchema.describe('Staff only'),
  404: errorEnvelopeSchema.describe('No such size'),
};
const security = [{ bearer: [] }];

/** The back office's hampers (decision 0035): a size's parts, read and set. */
const hampersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireStaff);

  app.get(
    '/admin/catalog/variants/:id/hamper/',
    {
      schema: {
        tags: ['admin'],
        summary: "A size's hamper parts and the stock they allow (staff)",
        security,
        params: variantIdParamsSchema,
        response: { 200: hamperSchema, ...staffErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getHamper(app.db, request.params.id);
    },
  );

  app.put(
    '/admin/catalog/variants/:id/hamper/',
    {
      schema: {
        tags: ['admin'],
        summary: "Set a size's hamper parts, every one at once (staff)",
        description:
          'Each part is a size of another product and a quantity (1–99). The size is then a hamper: its ' +
          'stock is what its parts allow, selling one takes its parts. An empty list makes it a plain size ' +
          '(stock 0, received by hand). A part that does not exist, is the hamper itself, is a hamper, or ' +
          'is listed twice is a 422 naming `parts.N.variant_id`; nothing is written.',
        security,
        params: variantIdParamsSchema,
        body: hamperPartsRequestSchema,
        response: {
          200: hamperSchema,
          ...staffErrors,
          422: errorEnvelopeSchema.describe('Invalid parts: each bad field is named with the reason'),
        },
      },
    },
    async (request) =>
      setHamperParts(app.db, actorOf(currentAuth(request).user), request.params.id, request.body),
  );
};

export default hampersRoutes;
