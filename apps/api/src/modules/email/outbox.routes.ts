import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  emailDeliveryResponseSchema,
  emailLinks,
  outboxKindOf,
  outboxListSchema,
  outboxMailSchema,
} from '@shop/contract/outbox';
import { pageOffset, pageQuerySchema, toPagedList } from '@shop/contract/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import { requireStaff } from '../../plugins/auth';
import { type DevMail, findDevMail, listDevMail } from './dev-mailbox.repository';

const staffErrors = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };

// Every kept e-mail was kept because no SMTP server was configured when it was written: none
// of them ever left the shop, even if SMTP_URL has been set since.
const toSummary = (row: DevMail) => ({
  id: row.id,
  to: row.to,
  subject: row.subject,
  kind: outboxKindOf(row.text),
  status: 'held' as const,
  created_at: row.createdAt.toISOString(),
});

/**
 * The outbox: e-mails kept instead of sent, for staff to read and pass on (a reset link by
 * phone, say) while the shop runs without SMTP_URL, in every NODE_ENV. And whether e-mail is
 * sent at all, for the storefront's copy ("on its way to your e-mail" only when it is).
 */
const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/email/delivery/',
    {
      schema: {
        tags: ['email'],
        summary: "Whether the shop's e-mails are sent ('sent') or kept for staff in the outbox ('held')",
        response: { 200: emailDeliveryResponseSchema },
      },
    },
    async () => ({ email_delivery: app.email.transport === 'smtp' ? ('sent' as const) : ('held' as const) }),
  );

  app.get(
    '/admin/outbox/',
    {
      preValidation: requireStaff,
      schema: {
        tags: ['email'],
        summary: 'E-mails not sent (kept without SMTP_URL), newest first; staff only',
        querystring: pageQuerySchema,
        response: { 200: outboxListSchema, ...staffErrors },
      },
    },
    async (request) => {
      const { rows, total } = await listDevMail(app.db, {
        limit: request.query.page_size,
        offset: pageOffset(request.query),
      });
      return {
        ...toPagedList(rows.map(toSummary), total, request.query),
        smtp_configured: app.email.transport === 'smtp',
      };
    },
  );

  app.get(
    '/admin/outbox/:id/',
    {
      preValidation: requireStaff,
      schema: {
        tags: ['email'],
        summary: 'One e-mail of the outbox with its text, HTML and links; staff only',
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: { 200: outboxMailSchema, 404: errorEnvelopeSchema, ...staffErrors },
      },
    },
    async (request) => {
      const row = await findDevMail(app.db, request.params.id);
      if (!row) throw notFound('The e-mail');
      return {
        ...toSummary(row),
        from: row.from,
        text: row.text,
        html: row.html,
        links: emailLinks(row.text),
      };
    },
  );
};

export default outboxRoutes;
