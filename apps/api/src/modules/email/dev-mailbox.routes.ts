import { devMailSchema } from '@shop/contract/identity';
import { pagedListSchema, pageOffset, pageQuerySchema, toPagedList } from '@shop/contract/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import { type DevMail, findDevMail, listDevMail } from './dev-mailbox.repository';

const toDevMail = (row: DevMail) => ({
  id: row.id,
  from: row.from,
  to: row.to,
  subject: row.subject,
  text: row.text,
  html: row.html,
  created_at: row.createdAt.toISOString(),
});

/**
 * The development mailbox: e-mails kept in the database when SMTP_URL is unset. Registered only
 * outside production (in production these paths answer 404).
 */
const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.NODE_ENV === 'production') return;

  app.get(
    '/dev/mailbox/',
    {
      schema: {
        tags: ['development'],
        summary: 'E-mails kept instead of sent (development and tests only), newest first',
        querystring: pageQuerySchema.extend({
          to: z.string().trim().toLowerCase().max(254).optional().describe('Only e-mails to this address'),
        }),
        response: { 200: pagedListSchema(devMailSchema) },
      },
    },
    async (request) => {
      const { rows, total } = await listDevMail(app.db, {
        to: request.query.to,
        limit: request.query.page_size,
        offset: pageOffset(request.query),
      });
      return toPagedList(rows.map(toDevMail), total, request.query);
    },
  );

  app.get(
    '/dev/mailbox/:id/',
    {
      schema: {
        tags: ['development'],
        summary: 'One e-mail of the development mailbox',
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: { 200: devMailSchema },
      },
    },
    async (request) => {
      const row = await findDevMail(app.db, request.params.id);
      if (!row) throw notFound('The e-mail');
      return toDevMail(row);
    },
  );
};

export default devMailboxRoutes;
