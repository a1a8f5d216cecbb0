import { Readable } from 'node:stream';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  confirmSubscriptionResponseSchema,
  NEWSLETTER_EXPORT_COLUMNS,
  NEWSLETTER_UNSUBSCRIBE_PATH,
  newsletterTokenRequestSchema,
  newsletterTokenSchema,
  subscribeRequestSchema,
  subscribeResponseSchema,
  unsubscribeResponseSchema,
} from '@shop/contract/newsletter';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_FORMULA_NOTE } from '../../lib/csv';
import { requireStaff } from '../../plugins/auth';
import {
  confirm,
  exportConfirmedCsv,
  type NewsletterDeps,
  subscribe,
  unsubscribe,
} from './newsletter.service';

const HOUR_MS = 60 * 60 * 1000;

/**
 * docs/product.md section 7: `POST /newsletter/subscriptions/`, with the double opt-in's confirmation,
 * one-click unsubscribe (for people, and for mail clients per RFC 8058) and the staff export.
 * None of these needs a session; none is cached.
 */
const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: NewsletterDeps = {
    db: app.db,
    email: app.email,
    publicUrl: app.config.publicUrl,
    emailLimitPerDay: app.config.NEWSLETTER_EMAIL_LIMIT_PER_DAY,
  };

  // Mail clients send the one-click unsubscribe as a form (RFC 8058); its body says nothing more.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    if (app.hasContentTypeParser(type)) continue;
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
      done(null, undefined),
    );
  }

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/newsletter/subscriptions/',
    {
      config: { rateLimit: { max: app.config.NEWSLETTER_IP_LIMIT_PER_HOUR, timeWindow: HOUR_MS } },
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe to the newsletter (double opt-in)',
        description:
          'Answers 202 the same way for a new, waiting or already confirmed address (any letter case), ' +
          'so nobody learns who is subscribed. A new or unconfirmed address gets an e-mail with a ' +
          'confirmation link (a few per address per day at most, silently). An invalid address is a 422 ' +
          `on \`email\`; more than ${app.config.NEWSLETTER_IP_LIMIT_PER_HOUR} sign-ups from one client ` +
          'address in an hour is a 429.',
        body: subscribeRequestSchema,
        response: { 202: subscribeResponseSchema, 422: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const answer = await subscribe(deps, { email: request.body.email, ip: request.ip });
      return reply.code(202).send(answer);
    },
  );

  app.post(
    '/newsletter/subscriptions/confirm/',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Confirm a subscription with the token of the confirmation e-mail',
        description:
          'Confirming again answers the same. An unknown or expired token is a 404 (subscribe again for ' +
          'a new link).',
        body: newsletterTokenRequestSchema,
        response: {
          200: confirmSubscriptionResponseSchema,
          404: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request) => confirm(deps, { token: request.body.token, ip: request.ip }),
  );

  app.post(
    '/newsletter/subscriptions/unsubscribe/',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Unsubscribe with the token of a newsletter e-mail (no sign-in needed)',
        description: 'Unsubscribing again answers the same. An unknown token is a 404.',
        body: newsletterTokenRequestSchema,
        response: { 200: unsubscribeResponseSchema, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema },
      },
    },
    async (request) =>
      unsubscribe(deps, { token: request.body.token, source: 'newsletter_unsubscribe_link' }),
  );

  const oneClickQuery = z.object({ token: newsletterTokenSchema });

  app.post(
    '/newsletter/one-click-unsubscribe/',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'RFC 8058 one-click unsubscribe (the List-Unsubscribe URL of newsletter e-mails)',
        description:
          'Mail clients POST `List-Unsubscribe=One-Click` (form-encoded) here; the token is in the query.',
        querystring: oneClickQuery,
        response: { 200: unsubscribeResponseSchema, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema },
      },
    },
    async (request) => unsubscribe(deps, { token: request.query.token, source: 'newsletter_one_click' }),
  );

  app.get(
    '/newsletter/one-click-unsubscribe/',
    {
      schema: {
        tags: ['newsletter'],
        summary: "Opened in a browser: goes to the storefront's unsubscribe page",
        description: `Redirects (303) to ${NEWSLETTER_UNSUBSCRIBE_PATH}?token=… , which unsubscribes and says so.`,
        querystring: oneClickQuery,
        response: { 303: z.null(), 422: errorEnvelopeSchema },
      },
    },
    async (request, reply) =>
      reply.redirect(`${NEWSLETTER_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(request.query.token)}`, 303),
  );

  app.get(
    '/newsletter/subscriptions/export/',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['newsletter', 'staff'],
        summary: 'Staff: the confirmed subscribers as CSV',
        description:
          `Columns: ${NEWSLETTER_EXPORT_COLUMNS.join(', ')} (ISO 8601 times), in the order they ` +
          `confirmed. ${CSV_FORMULA_NOTE}`,
        security: [{ bearer: [] }],
        produces: ['text/csv'],
        response: {
          200: z.string().describe('text/csv; charset=utf-8'),
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
        },
      },
    },
    async (_request, reply) => {
      const date = new Date().toISOString().slice(0, 10);
      // Streamed in batches; Fastify sends a stream as it is (the string schema is for the docs).
      const csv = Readable.from(exportConfirmedCsv(app.db)) as unknown as string;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="newsletter-subscribers-${date}.csv"`)
        .send(csv);
    },
  );
};

export default newsletterRoutes;
