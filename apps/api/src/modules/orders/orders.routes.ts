import { FREE_SHIPPING_THRESHOLD_UGX, MAX_PAGE_SIZE } from '@shop/contract/constants';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { formatUGX } from '@shop/contract/money';
import {
  checkoutRequestSchema,
  invoiceListResponseSchema,
  invoiceParamsSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderParamsSchema,
  orderSchema,
  orderStatsSchema,
  recentCheckoutDetailsSchema,
  UNPAID_ORDER_TIMEOUT_MINUTES,
} from '@shop/contract/orders';
import { pageQuerySchema } from '@shop/contract/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pdfResponse, sendPdf } from '../../lib/pdf-reply';
import { currentAuth, isStaff, requireCustomer } from '../../plugins/auth';
import { placeOrder } from './checkout.service';
import { invoicePdf } from './invoices.service';
import { getOrder, pageOfInvoices, pageOfOrders, recentDetailsOf, statsOf } from './orders.service';

const errors = {
  401: errorEnvelopeSchema.describe('Not signed in'),
  404: errorEnvelopeSchema.describe('No such order or invoice of yours'),
  422: errorEnvelopeSchema.describe('Invalid input: each bad field is named with the reason'),
};

/**
 * Checkout, orders and invoices (docs/product.md section 7), for signed-in customers. A customer only
 * ever reaches their own: another customer's id answers 404. Staff read every order.
 */
const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { security: [{ bearer: [] }] };

  app.post(
    '/orders/cart/checkout/',
    {
      preValidation: requireCustomer,
      schema: {
        ...common,
        tags: ['cart', 'orders'],
        summary: 'Place the cart as an order (201); the same idempotency_key answers the same order (200)',
        description:
          'One transaction: prices and stock are checked against the catalog as it is now, stock is taken, the ' +
          'order (with a snapshot of each line), its status history and its invoice are written and the cart ' +
          `is emptied. The delivery fee is the zone’s, free from the shop’s free-delivery threshold (setting; ${formatUGX(FREE_SHIPPING_THRESHOLD_UGX)} by default), ` +
          'and 0 for pick-up. Cash on delivery is confirmed at once; mobile money stays pending until paid ' +
          `(payments module) and is cancelled when unpaid after ${UNPAID_ORDER_TIMEOUT_MINUTES} minutes ` +
          '(UNPAID_ORDER_TIMEOUT_MINUTES). 409 out_of_stock names what is left; 409 conflict for an empty cart, ' +
          'a withdrawn product, or an idempotency_key already used with other details.',
        body: checkoutRequestSchema,
        response: {
          200: orderSchema.describe('The order this idempotency_key placed before'),
          201: orderSchema.describe('The order just placed'),
          401: errors[401],
          409: errorEnvelopeSchema.describe('Out of stock, withdrawn product, empty cart, or a reused key'),
          422: errors[422],
        },
      },
    },
    async (request, reply) => {
      const settings = await app.shopSettings.current();
      const { order, created } = await placeOrder(
        {
          db: app.db,
          events: app.events,
          jobs: app.jobs,
          unpaidTimeoutMinutes: app.config.UNPAID_ORDER_TIMEOUT_MINUTES,
          smsConfigured: app.sms.enabled,
          freeDeliveryThreshold: settings.free_delivery_threshold,
          vat: { shopTin: settings.vat_tin, pricesIncludeVat: settings.prices_include_vat },
        },
        currentAuth(request).user.id,
        request.body,
      );
      reply.header('cache-control', 'no-store');
      if (created)
        reply.header('location', `${request.url.replace(/cart\/checkout\/.*$/, '')}orders/${order.id}/`);
      return reply.code(created ? 201 : 200).send(order);
    },
  );

  app.get(
    '/orders/orders/',
    {
      preValidation: requireCustomer,
      schema: {
        ...common,
        tags: ['orders'],
        summary: 'Orders, newest first: a customer’s own; staff see every order',
        description: `Paged (page_size up to ${MAX_PAGE_SIZE}); filter with status.`,
        querystring: orderListQuerySchema,
        response: { 200: orderListResponseSchema, 401: errors[401], 422: errors[422] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return pageOfOrders(app.db, isStaff(request) ? null : currentAuth(request).user.id, request.query);
    },
  );

  app.get(
    '/orders/orders/my_orders/',
    {
      preValidation: requireCustomer,
      schema: {
        ...common,
        tags: ['orders'],
        summary: 'The signed-in customer’s own orders, newest first',
        querystring: orderListQuerySchema,
        response: { 200: orderListResponseSchema, 401: errors[401], 422: errors[422] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return pageOfOrders(app.db, currentAuth(request).user.id, request.query);
    },
  );

  app.get(
    '/orders/orders/order_stats/',
    {
      preValidation: requireCustomer,
      schema: {
        ...common,
        tags: ['orders'],
        summary: 'The customer’s order counts by status and total paid',
        response: { 200: orderStatsSchema, 401: errors[401] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return statsOf(app.db, currentAuth(request).user.id);
    },
  );

  app.get(
    '/orders/orders/recent_details/',
    {
      preValidation: requireCustomer,
      schema: {
        ...common,
        tags: ['orders'],
        summary: 'The phones and delivery addresses of the customer’s own last orders, for checkout',
        description: 'Newest first, each once; only the signed-in customer’s own orders are read.',
        response: { 200: recentCheckoutDetailsSchema, 401: errors[401] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return recentDetailsOf(app.db, currentAuth(request).user.id);
    },
  );

  app.get(
    '/orders/orders/:id/',
    {
      preValidation: requireCustomer,
      schema: {
        ...common,
        tags: ['orders'],
        summary: 'One order with its lines, delivery details and status history',
        description: 'A customer’s own order only (404 for any other); staff read any.',
        params: orderParamsSchema,
        response: { 200: orderSchema, 401: errors[401], 404: errors[404], 422: errors[422] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getOrder(
        app.db,
        request.params.id,
        isStaff(request) ? null : currentAuth(request).user.id,
        app.sms.enabled,
      );
    },
  );

  app.get(
    '/orders/invoices/',
    {
      preValidation: requireCustomer,
      schema: {
        ...common,
        tags: ['invoices'],
        summary: 'The customer’s invoices, newest first',
        querystring: pageQuerySchema,
        response: { 200: invoiceListResponseSchema, 401: errors[401], 422: errors[422] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return pageOfInvoices(app.db, currentAuth(request).user.id, request.query);
    },
  );

  app.get(
    '/orders/invoices/:id/pdf/',
    {
      preValidation: requireCustomer,
      schema: {
        ...common,
        tags: ['invoices'],
        summary: 'An invoice as a PDF (the customer’s own; staff any)',
        description:
          'Answers `application/pdf` as an attachment named after the invoice number. Authenticated like ' +
          'every call (bearer token or session cookie).',
        params: invoiceParamsSchema,
        response: {
          200: pdfResponse('The invoice'),
          401: errors[401],
          404: errors[404],
          422: errors[422],
        },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await invoicePdf(
        app.db,
        request.params.id,
        isStaff(request) ? null : currentAuth(request).user.id,
      );
      return sendPdf(reply, pdf, { name: fileName });
    },
  );
};

export default ordersRoutes;
