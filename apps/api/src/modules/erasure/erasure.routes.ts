import { customerParamsSchema } from '@shop/contract/customers-admin';
import {
  customerErasureSchema,
  erasureRequestSchema,
  myErasureSchema,
  requestErasureSchema,
  staffCancelErasureSchema,
  staffRequestErasureSchema,
} from '@shop/contract/erasure';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireCustomer, requireStaff } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import {
  cancelErasure,
  customerErasure,
  type ErasureDeps,
  myErasure,
  requestErasure,
  staffCancelErasure,
  staffRequestErasure,
} from './erasure.service';

const security = [{ bearer: [] }];
const denied = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };

export function erasureDeps(app: Parameters<FastifyPluginAsyncZod>[0]): ErasureDeps {
  return {
    db: app.db,
    email: app.email,
    notifications: app.notifications,
    publicUrl: app.config.publicUrl,
    taxRecordYears: app.config.TAX_RECORD_RETENTION_YEARS,
  };
}

/** Deleting one's own account from the profile (issue 40, decision 0025). */
export const erasureRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = erasureDeps(app);
  app.addHook('preValidation', requireCustomer);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/users/users/erasure/',
    {
      schema: {
        tags: ['profile'],
        security,
        summary: 'My request to delete my account, and how to confirm it is me',
        response: { 200: myErasureSchema, ...denied },
      },
    },
    async (request) => myErasure(app.db, currentAuth(request)),
  );

  app.post(
    '/users/users/erasure/',
    {
      schema: {
        tags: ['profile'],
        security,
        summary: 'Ask to delete my account',
        description:
          'Accounts with a password send it (`password`; wrong or missing: 422 naming it; 429 after 5 wrong ' +
          'in 15 minutes); accounts signing in with Google or OpenID Connect must have signed in within ' +
          'the last 10 minutes (else 403). The erasure runs 7 days later unless cancelled. 409 while one ' +
          'is pending.',
        body: requestErasureSchema,
        response: {
          202: erasureRequestSchema,
          ...denied,
          409: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return requestErasure(deps, currentAuth(request), request.body, new Date());
    },
  );

  app.delete(
    '/users/users/erasure/',
    {
      schema: {
        tags: ['profile'],
        security,
        summary: 'Cancel my request to delete my account',
        response: { 200: erasureRequestSchema, ...denied, 404: errorEnvelopeSchema },
      },
    },
    async (request) => cancelErasure(deps, currentAuth(request).user.id, null, new Date()),
  );
};

/** Requests made by e-mail or phone, entered by staff through the same path (audited). */
export const erasureStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = erasureDeps(app);
  app.addHook('preValidation', requireStaff);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/admin/customers/:id/erasure/',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'A customer’s request to delete their account (staff)',
        params: customerParamsSchema,
        response: { 200: customerErasureSchema, ...denied, 422: errorEnvelopeSchema },
      },
    },
    async (request) => customerErasure(app.db, request.params.id),
  );

  app.post(
    '/admin/customers/:id/erasure/',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Enter a customer’s request to delete their account (staff)',
        description:
          'For a request made by e-mail or phone: the same 7-day cooling-off, notification and e-mail as from ' +
          'the profile. `reason` (how and when they asked) is required and kept in the audit trail.',
        params: customerParamsSchema,
        body: staffRequestErasureSchema,
        response: {
          202: erasureRequestSchema,
          ...denied,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return staffRequestErasure(
        deps,
        actorOf(currentAuth(request).user),
        request.params.id,
        request.body,
        new Date(),
      );
    },
  );

  app.post(
    '/admin/customers/:id/erasure/cancel/',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Cancel a customer’s pending request to delete their account (staff)',
        params: customerParamsSchema,
        body: staffCancelErasureSchema,
        response: {
          200: erasureRequestSchema,
          ...denied,
          404: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request) =>
      staffCancelErasure(deps, actorOf(currentAuth(request).user), request.params.id, request.body.reason),
  );
};
