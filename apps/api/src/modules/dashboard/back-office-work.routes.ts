import { backOfficeWorkSchema, mayUseSection } from '@shop/contract/back-office';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backOfficePolicyOf, currentAuth, requireStaff } from '../../plugins/auth';
import { countDevMail } from '../email/dev-mailbox.repository';
import { countOrdersToPrepare, refundsDueTotals } from './dashboard.repository';

/**
 * The work waiting now, for the counts in the back office's navigation: the dashboard's own
 * counts (one query each, on indexes), and refunds only for those who may refund.
 */
export const backOfficeWorkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/work/',
    {
      preValidation: requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Orders to pack, refunds due and unsent e-mails, counted for the navigation (staff)',
        security: [{ bearer: [] }],
        response: {
          200: backOfficeWorkSchema,
          401: errorEnvelopeSchema.describe('Not signed in'),
          403: errorEnvelopeSchema.describe('Not staff'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { role } = currentAuth(request).user;
      const mayRefund = mayUseSection(role, 'refunds', backOfficePolicyOf(app.config));
      const [toPack, refunds, outbox] = await Promise.all([
        countOrdersToPrepare(app.db),
        mayRefund ? refundsDueTotals(app.db) : null,
        countDevMail(app.db),
      ]);
      return { orders_to_pack: toPack, refunds_due: refunds?.count ?? null, outbox_unsent: outbox };
    },
  );
};
