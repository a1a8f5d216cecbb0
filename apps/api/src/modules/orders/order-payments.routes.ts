import { errorEnvelopeSchema } from '@shop/contract/errors';
import { orderPaymentChoiceRequestSchema, orderPaymentChoiceResponseSchema } from '@shop/contract/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireCustomer } from '../../plugins/auth';
import { chooseOrderAlternative } from './order-payment-choice.service';

const errors = {
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};

/**
 * The payment screen's alternatives for an unpaid mobile-money order (docs/product.md section 7's
 * payment paths): pay cash on delivery instead, or cancel it. Orders owns what they do to the
 * order; payments checks and cancels the pending attempts.
 */
const orderPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const choice of ['cash_on_delivery', 'cancel'] as const) {
    const path =
      choice === 'cash_on_delivery'
        ? '/payments/transactions/switch_to_cash_on_delivery/'
        : '/payments/transactions/cancel_unpaid_order/';
    app.post(
      path,
      {
        preHandler: requireCustomer,
        schema: {
          tags: ['payments'],
          summary:
            choice === 'cash_on_delivery'
              ? 'Pay one of your unpaid mobile-money orders cash on delivery instead (it is confirmed)'
              : 'Cancel one of your unpaid mobile-money orders (its bottles go back to stock)',
          description:
            'Pending payment attempts are first checked with the provider, then cancelled. 409 when the order is ' +
            'paid (an attempt was approved meanwhile) or is no longer a pending mobile-money order; 404 when it ' +
            'is not yours.',
          security: [{ bearer: [] }],
          body: orderPaymentChoiceRequestSchema,
          response: { 200: orderPaymentChoiceResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return chooseOrderAlternative(
          app.payments,
          currentAuth(request).user.id,
          request.body.order_id,
          choice,
        );
      },
    );
  }
};

export default orderPaymentsRoutes;
