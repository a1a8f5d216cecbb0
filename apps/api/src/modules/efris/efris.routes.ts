import {
  efrisConnectionTestSchema,
  efrisCreditNoteListQuerySchema,
  efrisCreditNoteListSchema,
  efrisCreditNoteParamsSchema,
  efrisDocumentListQuerySchema,
  efrisDocumentListSchema,
  efrisDocumentParamsSchema,
  efrisPrivateKeySchema,
  efrisSettingsSchema,
  efrisSettingsUpdateSchema,
  efrisSummarySchema,
} from '@shop/contract/efris';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth, requireAdmin, requireStaff } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import { getCreditNotes, retryCreditNote } from './efris.credit-notes';
import { EFRIS_JOBS } from './efris.jobs';
import {
  getDocuments,
  getSettings,
  getSummary,
  retryDocument,
  testConnection,
  updateSettings,
  uploadPrivateKey,
} from './efris.service';

const invalid = {
  422: errorEnvelopeSchema.describe('Invalid input: each bad field is named with the reason'),
};

/**
 * EFRIS's settings: admins only (401 visitors, 403 customers and staff). The private key goes in
 * once and never comes back: answers carry `key_on_file` and its fingerprint.
 */
export const efrisSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = app.efris;
  app.addHook('preValidation', requireAdmin);
  const denied = {
    401: errorEnvelopeSchema.describe('Not signed in'),
    403: errorEnvelopeSchema.describe('Not an admin'),
  };

  app.get(
    '/admin/efris/settings/',
    {
      schema: {
        tags: ['admin'],
        summary: "EFRIS's settings (the key only as key_on_file and its fingerprint)",
        security: [{ bearer: [] }],
        response: { 200: efrisSettingsSchema, ...denied },
      },
    },
    async () => getSettings(context),
  );

  app.put(
    '/admin/efris/settings/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Saves EFRIS on/off, environment, TIN, device number and commodity code',
        description:
          'Switching on needs the TIN, device number, commodity code and the key on file (422 naming each).',
        security: [{ bearer: [] }],
        body: efrisSettingsUpdateSchema,
        response: { 200: efrisSettingsSchema, ...denied, ...invalid },
      },
    },
    async (request) => updateSettings(context, request.body, actorOf(currentAuth(request).user)),
  );

  app.put(
    '/admin/efris/settings/private-key/',
    {
      schema: {
        tags: ['admin'],
        summary: "Stores the taxpayer's RSA private key (PEM), encrypted at rest; never returned",
        security: [{ bearer: [] }],
        body: efrisPrivateKeySchema,
        response: { 200: efrisSettingsSchema, ...denied, ...invalid },
      },
    },
    async (request) =>
      uploadPrivateKey(context, request.body.private_key, actorOf(currentAuth(request).user)),
  );

  app.post(
    '/admin/efris/settings/test-connection/',
    {
      schema: {
        tags: ['admin'],
        summary: "Asks URA for its time (T101) and the taxpayer's registration (T103), for confirmation",
        security: [{ bearer: [] }],
        response: { 200: efrisConnectionTestSchema, ...denied, ...invalid },
      },
    },
    async () => testConnection(context),
  );
};

/** The fiscalisation queue: staff and admins (401 visitors, 403 customers). */
export const efrisQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = app.efris;
  app.addHook('preValidation', requireStaff);
  const denied = {
    401: errorEnvelopeSchema.describe('Not signed in'),
    403: errorEnvelopeSchema.describe('Not staff'),
  };

  app.get(
    '/admin/efris/documents/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Documents sent to EFRIS, newest first: pending, fiscalised, failed (with URA’s message)',
        security: [{ bearer: [] }],
        querystring: efrisDocumentListQuerySchema,
        response: { 200: efrisDocumentListSchema, ...denied, ...invalid },
      },
    },
    async (request) => getDocuments(context, request.query),
  );

  app.get(
    '/admin/efris/summary/',
    {
      schema: {
        tags: ['admin'],
        summary: 'What waits for EFRIS (the desk shows a banner past an hour) and any clock skew',
        security: [{ bearer: [] }],
        response: { 200: efrisSummarySchema, ...denied },
      },
    },
    async () => getSummary(context),
  );

  app.post(
    '/admin/efris/documents/:id/retry/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Puts a failed document back in the queue and tries it at once',
        security: [{ bearer: [] }],
        params: efrisDocumentParamsSchema,
        response: {
          202: z.object({ queued: z.literal(true) }),
          ...denied,
          404: errorEnvelopeSchema.describe('No such document'),
          409: errorEnvelopeSchema.describe('The document has not failed'),
          ...invalid,
        },
      },
    },
    async (request, reply) => {
      await retryDocument(context, request.params.id, actorOf(currentAuth(request).user));
      await app.jobs.send(EFRIS_JOBS.fiscalise, { documentId: request.params.id });
      return reply.code(202).send({ queued: true as const });
    },
  );

  app.get(
    '/admin/efris/credit-notes/',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Refunds' credit notes at EFRIS, newest first: to apply for, awaiting URA's approval, approved, rejected, failed",
        security: [{ bearer: [] }],
        querystring: efrisCreditNoteListQuerySchema,
        response: { 200: efrisCreditNoteListSchema, ...denied, ...invalid },
      },
    },
    async (request) => getCreditNotes(context, request.query),
  );

  app.post(
    '/admin/efris/credit-notes/:id/retry/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Applies again for a failed or rejected credit note, at once',
        security: [{ bearer: [] }],
        params: efrisCreditNoteParamsSchema,
        response: {
          202: z.object({ queued: z.literal(true) }),
          ...denied,
          404: errorEnvelopeSchema.describe('No such credit note'),
          409: errorEnvelopeSchema.describe('The credit note has neither failed nor been rejected'),
          ...invalid,
        },
      },
    },
    async (request, reply) => {
      await retryCreditNote(context, request.params.id, actorOf(currentAuth(request).user));
      await app.jobs.send(EFRIS_JOBS.creditNote, { creditNoteId: request.params.id });
      return reply.code(202).send({ queued: true as const });
    },
  );
};
