import { API_BASE_PATH } from '@shop/contract/constants';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  sandboxApproveRequestSchema,
  sandboxChargeParamsSchema,
  sandboxChargeSchema,
} from '@shop/contract/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireCustomer } from '../../plugins/auth';
import { sandboxWebhookSecret } from './providers/provider-set';
import { WEBHOOK_HASH_HEADER } from './providers/webhook-secret';
import { answerSandboxCharge, getSandboxCharge, type SandboxWebhookSender } from './sandbox.service';

/**
 * The sandbox provider's "phone": only registered while the sandbox is the active provider.
 * Its webhook goes through the app's own HTTP pipeline (`inject`), to the same route and checks
 * a real provider's webhook meets.
 */
const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = app.payments;
  // With a real provider configured, nobody can "approve" a charge from the shop.
  if (context.providers.active.name !== 'sandbox') return;
  const secret = sandboxWebhookSecret(app.config);

  const sendWebhook: SandboxWebhookSender = async (payload) => {
    const response = await app.inject({
      method: 'POST',
      url: `${API_BASE_PATH}/payments/sandbox/webhook/`,
      headers: { 'content-type': 'application/json', [WEBHOOK_HASH_HEADER]: secret },
      payload: JSON.stringify(payload),
    });
    if (response.statusCode !== 200) throw new Error(`the sandbox webhook answered ${response.statusCode}`);
  };

  const common = {
    preHandler: requireCustomer,
    schema: {
      tags: ['payments'],
      security: [{ bearer: [] }],
      params: sandboxChargeParamsSchema,
    },
  } as const;
  const answers = { 200: sandboxChargeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };

  app.get(
    '/payments/sandbox/charges/:reference/',
    {
      ...common,
      schema: {
        ...common.schema,
        summary: 'Sandbox: the phone prompt of one of your payments',
        response: answers,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getSandboxCharge(context, currentAuth(request).user.id, request.params.reference);
    },
  );

  app.post(
    '/payments/sandbox/charges/:reference/approve/',
    {
      ...common,
      schema: {
        ...common.schema,
        summary: 'Sandbox: approve the charge, as the customer entering their PIN',
        description: 'The sandbox then sends its signed webhook; 409 when the prompt was already answered.',
        body: sandboxApproveRequestSchema,
        response: { ...answers, 409: errorEnvelopeSchema, 422: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const userId = currentAuth(request).user.id;
      return answerSandboxCharge(context, userId, request.params.reference, 'approve', sendWebhook);
    },
  );

  app.post(
    '/payments/sandbox/charges/:reference/decline/',
    {
      ...common,
      schema: {
        ...common.schema,
        summary: 'Sandbox: decline the charge, as the customer would on their phone',
        response: { ...answers, 409: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const userId = currentAuth(request).user.id;
      return answerSandboxCharge(context, userId, request.params.reference, 'decline', sendWebhook);
    },
  );
};

export default sandboxRoutes;
