import {
  CONSENT_PURPOSES,
  consentsResponseSchema,
  updateConsentRequestSchema,
} from '@shop/contract/consents';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireCustomer } from '../../plugins/auth';
import type { NewsletterDeps } from '../newsletter/newsletter.service';
import { getConsents, setConsent } from './consents.service';

const errors = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };

/** The signed-in customer's own consents (issue 40): never anyone else's. */
const consentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: NewsletterDeps = {
    db: app.db,
    email: app.email,
    publicUrl: app.config.publicUrl,
    emailLimitPerDay: app.config.NEWSLETTER_EMAIL_LIMIT_PER_DAY,
  };
  app.addHook('preValidation', requireCustomer);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/users/users/consents/',
    {
      schema: {
        tags: ['profile'],
        summary: "The signed-in customer's consents, each with when and how it last changed",
        security: [{ bearer: [] }],
        response: { 200: consentsResponseSchema, ...errors },
      },
    },
    async (request) => getConsents(app.db, currentAuth(request).user.id),
  );

  app.put(
    '/users/users/consents/',
    {
      schema: {
        tags: ['profile'],
        summary: 'Give or withdraw one consent',
        description:
          `\`purpose\`: one of ${CONSENT_PURPOSES.join(', ')}. Each change is recorded in the consent ` +
          'ledger. Giving `newsletter_email` sends a confirmation e-mail first (double opt-in).',
        security: [{ bearer: [] }],
        body: updateConsentRequestSchema,
        response: { 200: consentsResponseSchema, 422: errorEnvelopeSchema, ...errors },
      },
    },
    async (request) => {
      const userId = currentAuth(request).user.id;
      await setConsent(deps, userId, request.body, request.ip);
      return getConsents(app.db, userId);
    },
  );
};

export default consentsRoutes;
