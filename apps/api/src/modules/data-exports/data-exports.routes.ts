import { dataExportSchema, latestDataExportSchema } from '@shop/contract/data-exports';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth, requireCustomer } from '../../plugins/auth';
import { type DataExportDeps, downloadExport, latestExport, requestExport } from './data-exports.service';

const errors = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };
const common = { tags: ['profile'], security: [{ bearer: [] }] };

/** A copy of the signed-in customer's own data (issue 40, decision 0021). */
const dataExportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: DataExportDeps = {
    db: app.db,
    jobs: app.jobs,
    email: app.email,
    notifications: app.notifications,
    publicUrl: app.config.publicUrl,
  };
  app.addHook('preValidation', requireCustomer);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/users/users/data-exports/',
    {
      schema: {
        ...common,
        summary: 'Ask for a copy of my data',
        description:
          'A job builds a ZIP (JSON and CSV of each kind, invoices and credit notes as PDF) and tells the ' +
          'customer when it is ready. 409 while an earlier request is still being prepared.',
        response: { 202: dataExportSchema, 409: errorEnvelopeSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return requestExport(deps, currentAuth(request).user.id, new Date());
    },
  );

  app.get(
    '/users/users/data-exports/latest/',
    {
      schema: {
        ...common,
        summary: 'My latest request for a copy of my data, or null',
        response: { 200: latestDataExportSchema, ...errors },
      },
    },
    async (request) => ({ export: await latestExport(app.db, currentAuth(request).user.id, new Date()) }),
  );

  app.get(
    '/users/users/data-exports/:id/download/',
    {
      schema: {
        ...common,
        summary: 'Download the copy of my data (once)',
        description:
          'Answers `application/zip`, once, within 24 hours of it being ready, to the account that asked for ' +
          'it: then 410. Another account gets a 404.',
        params: z.object({ id: z.uuid().describe('The request') }),
        response: {
          200: { description: 'The ZIP', content: { 'application/zip': { schema: z.string() } } },
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          410: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const file = await downloadExport(app.db, currentAuth(request).user.id, request.params.id, new Date());
      return (
        reply
          .header('content-disposition', 'attachment; filename="my-data.zip"')
          .type('application/zip')
          // Bytes go out as they are (the response schema above only documents them).
          .send(file as unknown as string)
      );
    },
  );
};

export default dataExportsRoutes;
