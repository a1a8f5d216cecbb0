import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  ORDER_LIST_MAX_ROWS,
  orderListParamsSchema,
  orderListPayRequestSchema,
  orderListPreviewRequestSchema,
  orderListPreviewSchema,
  orderListRequestSchema,
  orderListSchema,
} from '@shop/contract/order-lists';
import { transactionSchema } from '@shop/contract/payments';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_FORMULA_NOTE } from '../../lib/csv';
import { currentAuth, requireCustomer } from '../../plugins/auth';
import { startPayment } from '../payments/payments.service';
import { getOrderList, orderListReport, placeOrderList, previewOrderList } from './order-lists.service';

const security = [{ bearer: [] }];
const errors = {
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema.describe('No such company or list, or not yours'),
  422: errorEnvelopeSchema,
};

/** The caller: a company's buyer, or staff acting on any company's behalf. */
function actorOf(request: FastifyRequest) {
  const { user } = currentAuth(request);
  return { id: user.id, staff: user.role === 'staff' || user.role === 'admin' };
}

/**
 * A company's list of recipients (issue 39, decision 0036): preview, place, pay once, follow.
 * Every answer is someone's own data: never cached.
 */
const orderListsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const common = { tags: ['order-lists'], security };
  const context = async () => {
    const settings = await app.shopSettings.current();
    return {
      db: app.db,
      events: app.events,
      jobs: app.jobs,
      unpaidTimeoutMinutes: app.config.UNPAID_ORDER_TIMEOUT_MINUTES,
      smsConfigured: app.sms.enabled,
      freeDeliveryThreshold: settings.free_delivery_threshold,
      vat: { shopTin: settings.vat_tin, pricesIncludeVat: settings.prices_include_vat },
    };
  };

  app.post(
    '/orders/lists/preview/',
    {
      preValidation: requireCustomer,
      schema: {
        ...common,
        summary: 'Check a CSV of recipients: each row priced, every problem named by row and column',
        description: `For a company's buyer (or staff). At most ${ORDER_LIST_MAX_ROWS} recipients. Nothing is kept.`,
        body: orderListPreviewRequestSchema,
        response: { 200: orderListPreviewSchema, ...errors },
      },
    },
    async (request) => previewOrderList(await context(), actorOf(request), request.body),
  );

  app.post(
    '/orders/lists/',
    {
      preValidation: requireCustomer,
      schema: {
        ...common,
        summary: 'Place a list: one gift order per recipient, paid together',
        description:
          'Every row is checked again with the stock locked; any problem is a 422 naming `rows.<line>.<column>` ' +
          'and nothing is placed. The same idempotency_key answers the same list (200); with another file, 409.',
        body: orderListRequestSchema,
        response: {
          200: orderListSchema.describe('The list this idempotency_key placed before'),
          201: orderListSchema,
          ...errors,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { list, created } = await placeOrderList(await context(), actorOf(request), request.body);
      return reply.code(created ? 201 : 200).send(list);
    },
  );

  app.get(
    '/orders/lists/:id/',
    {
      preValidation: requireCustomer,
      schema: {
        ...common,
        summary: 'A list with each delivery and its state',
        params: orderListParamsSchema,
        response: { 200: orderListSchema, ...errors },
      },
    },
    async (request) => getOrderList(app.db, actorOf(request), request.params.id),
  );

  app.get(
    '/orders/lists/:id/report.csv',
    {
      preValidation: requireCustomer,
      schema: {
        ...common,
        summary: 'Each delivery of a list and its state, as CSV',
        description: CSV_FORMULA_NOTE,
        params: orderListParamsSchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv; charset=utf-8'), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await orderListReport(app.db, actorOf(request), request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="deliveries-${request.params.id.slice(0, 8)}.csv"`,
        )
        .send(csv);
    },
  );

  app.post(
    '/orders/lists/:id/pay/',
    {
      preValidation: requireCustomer,
      schema: {
        ...common,
        summary: 'Pay a whole list by MTN or Airtel mobile money',
        description:
          "The amount is the list's deliveries' totals, never the client's. Follow the transaction with " +
          '`POST /payments/transactions/{id}/verify_payment/`; a verified payment marks every delivery paid.',
        params: orderListParamsSchema,
        body: orderListPayRequestSchema,
        response: { 200: transactionSchema, ...errors, 409: errorEnvelopeSchema },
      },
    },
    async (request) =>
      startPayment(app.payments, {
        userId: currentAuth(request).user.id,
        purpose: 'order_list',
        subjectId: request.params.id,
        network: request.body.network,
        phone: request.body.phone,
      }),
  );
};

export default orderListsRoutes;
