import { errorEnvelopeSchema } from '@shop/contract/errors';
import { pageQuerySchema } from '@shop/contract/pagination';
import {
  breachListSchema,
  breachParamsSchema,
  breachSchema,
  createBreachRequestSchema,
  privacyFactsSchema,
  processorListSchema,
  retentionSettingsSchema,
  updateBreachRequestSchema,
  updateRetentionRequestSchema,
} from '@shop/contract/privacy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireSection } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import {
  breaches,
  changeBreach,
  privacyFacts,
  processorList,
  recordBreach,
  retention,
  saveRetention,
} from './privacy.service';

const security = [{ bearer: [] }];
const denied = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };
const noStore = async (_request: unknown, reply: { header: (name: string, value: string) => unknown }) => {
  reply.header('cache-control', 'no-store');
};

/** `GET /privacy/facts/`: what the privacy page says, from the same settings the jobs apply. */
export const privacyFactsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/privacy/facts/',
    {
      schema: {
        tags: ['content'],
        summary: 'What the shop keeps, why, for how long, and who receives it',
        response: { 200: privacyFactsSchema },
      },
    },
    async () => privacyFacts(app.db, app.config),
  );
};

/** The processors list (staff). */
export const privacyStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireSection('privacy'));
  app.addHook('onSend', noStore);
  app.get(
    '/admin/privacy/processors/',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Processors and what each receives, from the configuration (staff)',
        response: { 200: processorListSchema, ...denied },
      },
    },
    async () => processorList(app.config),
  );
};

/** Retention settings and the breach log (admins, audited). */
export const privacyAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireSection('privacy_records'));
  app.addHook('onSend', noStore);

  app.get(
    '/admin/privacy/retention/',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'How long each kind of data is kept (admin)',
        response: { 200: retentionSettingsSchema, ...denied },
      },
    },
    async () => retention(app.db),
  );

  app.put(
    '/admin/privacy/retention/',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Change how long each kind of data is kept (admin)',
        description:
          'Every kind, in days, within its bounds (422 naming the field); a stale `version` is a 409.',
        body: updateRetentionRequestSchema,
        response: {
          200: retentionSettingsSchema,
          ...denied,
          409: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request) => saveRetention(app.db, actorOf(currentAuth(request).user), request.body),
  );

  app.get(
    '/admin/privacy/breaches/',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'The breach log, newest first (admin)',
        querystring: pageQuerySchema,
        response: { 200: breachListSchema, ...denied, 422: errorEnvelopeSchema },
      },
    },
    async (request) => breaches(app.db, request.query.page, request.query.page_size),
  );

  app.post(
    '/admin/privacy/breaches/',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Record a breach: what, when, who was told, when the PDPO was told (admin)',
        body: createBreachRequestSchema,
        response: { 201: breachSchema, ...denied, 422: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return recordBreach(app.db, actorOf(currentAuth(request).user), request.body);
    },
  );

  app.patch(
    '/admin/privacy/breaches/:id/',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Update a breach, e.g. when the people or the PDPO were told (admin)',
        params: breachParamsSchema,
        body: updateBreachRequestSchema,
        response: {
          200: breachSchema,
          ...denied,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request) =>
      changeBreach(app.db, actorOf(currentAuth(request).user), request.params.id, request.body),
  );
};
