import { errorEnvelopeSchema } from '@shop/contract/errors';
import { pageQuerySchema } from '@shop/contract/pagination';
import {
  completeMobileMoneyPaymentRequestSchema,
  providerWebhookSchema,
  RESEND_PROMPT_AFTER_SECONDS,
  transactionListResponseSchema,
  transactionParamsSchema,
  transactionSchema,
  transactionsByOrderQuerySchema,
  webhookAckSchema,
} from '@shop/contract/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireCustomer } from '../../plugins/auth';
import {
  listMyTransactions,
  listOrderTransactions,
  resendPrompt,
  startPayment,
  verifyOwnTransaction,
} from './payments.service';
import { assertAuthenticWebhook, receiveWebhook } from './webhooks.service';

const errors = {
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};

/** docs/product.md section 7's payment calls, and the providers' webhooks. Customers see only their own. */
const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = app.payments;

  app.post(
    '/payments/flutterwave/complete_mobile_money_payment/',
    {
      preHandler: requireCustomer,
      schema: {
        tags: ['payments'],
        summary: 'Pay one of your unpaid orders by MTN or Airtel mobile money',
        description:
          "Creates a transaction for the order (amount and currency are the order's, never the client's) and " +
          'asks the provider to charge the number. Answers the transaction, pending, with `next_action`: ' +
          '`approve_on_phone` (the customer enters their PIN on the phone; with the sandbox provider, ' +
          '`sandbox_url` is the page standing in for the phone) or `redirect` (open `url` to authorise). ' +
          'Then follow it with verify_payment. Asking again with the same network and number while it is ' +
          'pending answers the same transaction (resend_prompt sends a new prompt once it has gone unanswered ' +
          'for a minute); another number or network replaces it. 404 for an order ' +
          'that is not yours, 409 when the order is paid or cannot be paid by mobile money any more, 422 ' +
          'when the number is not of the chosen network. A provider that does not answer leaves the ' +
          'transaction pending: it is settled when the provider does.',
        security: [{ bearer: [] }],
        body: completeMobileMoneyPaymentRequestSchema,
        response: { 200: transactionSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return startPayment(context, {
        userId: currentAuth(request).user.id,
        purpose: 'order',
        subjectId: request.body.order_id,
        network: request.body.network,
        phone: request.body.phone,
      });
    },
  );

  app.post(
    '/payments/transactions/:id/verify_payment/',
    {
      preHandler: requireCustomer,
      schema: {
        tags: ['payments'],
        summary: 'Check one of your transactions with the provider and answer its status',
        description:
          'By transaction id or by reference (the payment return page has the reference). A transaction ' +
          'not yet successful is verified with the provider (at most every 3 seconds) and settled: only a ' +
          'verified successful payment of the right reference, currency and amount marks it successful and ' +
          "the order paid. Another customer's transaction answers 404.",
        security: [{ bearer: [] }],
        params: transactionParamsSchema,
        response: { 200: transactionSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return verifyOwnTransaction(context, currentAuth(request).user.id, request.params.id);
    },
  );

  app.post(
    '/payments/transactions/:id/resend_prompt/',
    {
      preValidation: requireCustomer,
      schema: {
        tags: ['payments'],
        summary: 'Send the approval prompt of one of your pending payments again, to the same number',
        description:
          `For a prompt left unanswered for ${RESEND_PROMPT_AFTER_SECONDS} seconds or more (the networks drop it ` +
          'after about a minute and refuse a second one sooner): the pending attempt is replaced by a new one ' +
          'for the same amount, number and network, and the new one is answered. 409 sooner (with the seconds ' +
          "left) or when the payment is no longer pending; another customer's transaction answers 404.",
        security: [{ bearer: [] }],
        params: transactionParamsSchema,
        response: { 200: transactionSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return resendPrompt(context, currentAuth(request).user.id, request.params.id);
    },
  );

  app.get(
    '/payments/transactions/my_transactions/',
    {
      preHandler: requireCustomer,
      schema: {
        tags: ['payments'],
        summary: 'Your payments, newest first (paged)',
        security: [{ bearer: [] }],
        querystring: pageQuerySchema,
        response: { 200: transactionListResponseSchema, 401: errorEnvelopeSchema, 422: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listMyTransactions(context, currentAuth(request).user.id, request.query);
    },
  );

  app.get(
    '/payments/transactions/by_order/',
    {
      preHandler: requireCustomer,
      schema: {
        tags: ['payments'],
        summary: "One of your orders' transactions with a status (successful by default), paged",
        security: [{ bearer: [] }],
        querystring: transactionsByOrderQuerySchema,
        response: { 200: transactionListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listOrderTransactions(context, currentAuth(request).user.id, request.query);
    },
  );

  for (const provider of ['flutterwave', 'sandbox'] as const) {
    app.post(
      `/payments/${provider}/webhook/`,
      {
        // Providers retry in bursts; they are authenticated by their secret, not rate limited.
        config: { rateLimit: false },
        // The secret is checked before the body is even read: a wrong one always answers 401.
        preValidation: async (request) => assertAuthenticWebhook(context, provider, request.headers),
        schema: {
          tags: ['payments'],
          summary:
            provider === 'flutterwave'
              ? "Flutterwave's webhook (charge.completed and the like)"
              : "The sandbox provider's webhook, in Flutterwave's format",
          description:
            'Accepted only with the `verif-hash` header equal to the secret (compared in constant time), else ' +
            '401 and nothing changes. Acknowledged at once; a job verifies the charge with the provider and ' +
            'settles it. The same event delivered again is acknowledged as a duplicate and not processed twice.',
          body: providerWebhookSchema,
          response: { 200: webhookAckSchema, 400: errorEnvelopeSchema, 401: errorEnvelopeSchema },
        },
      },
      async (request) => {
        const receipt = await receiveWebhook(context, provider, request.headers, request.body);
        return { received: true as const, duplicate: receipt.duplicate };
      },
    );
  }
};

export default paymentsRoutes;
