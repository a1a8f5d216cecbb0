import {
  deliverableOrderListSchema,
  deliveryListQuerySchema,
  deliveryListResponseSchema,
  deliverySchema,
  deliveryStatsSchema,
  RECENT_DELIVERIES_DAYS,
  saveDeliveryInstructionsRequestSchema,
  saveDeliveryInstructionsResponseSchema,
  trackQuerySchema,
} from '@shop/contract/delivery-tracking';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  assignRiderRequestSchema,
  cashReportQuerySchema,
  cashReportSchema,
  changeOrderStatusRequestSchema,
  staffOrderDetailSchema,
  staffOrderListQuerySchema,
  staffOrderListResponseSchema,
  staffOrderParamsSchema,
  staffOrderSchema,
} from '@shop/contract/staff-orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPdf } from '../../lib/pdf-reply';
import { currentAuth, requireCustomer, requireStaff } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import { renderPackingSlipPdf } from '../orders/packing-slip-pdf';
import {
  getActiveDeliveries,
  getDeliverableOrders,
  getDeliveryStats,
  getRecentDeliveries,
  saveDeliveryInstructions,
  trackByOrderNumber,
} from './delivery.service';
import {
  assignRider,
  getCashReport,
  getStaffOrder,
  getStaffOrderDetail,
  getStaffOrders,
  moveOrder,
} from './staff-orders.service';

const TRACKING = '/orders/delivery-tracking';
const STAFF = '/orders/admin/orders';

const errors = {
  401: errorEnvelopeSchema.describe('Not signed in'),
  422: errorEnvelopeSchema.describe('Invalid input: each bad field is named with the reason'),
};
const staffErrors = {
  ...errors,
  403: errorEnvelopeSchema.describe('Not a staff member'),
  404: errorEnvelopeSchema.describe('No such order'),
};

/**
 * Delivery tracking (docs/product.md section 7), for signed-in customers and their own orders only, and
 * the staff's order desk under /orders/admin/orders/ (staff and admins; customers get 403).
 */
const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { tags: ['delivery-tracking'], security: [{ bearer: [] }] };

  app.get(
    `${TRACKING}/deliverable_orders/`,
    {
      preValidation: requireCustomer,
      schema: {
        ...common,
        summary: 'Your delivery orders that still take instructions, with your last instructions',
        querystring: deliveryListQuerySchema,
        response: { 200: deliverableOrderListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getDeliverableOrders(app.db, currentAuth(request).user.id, request.query);
    },
  );

  app.post(
    `${TRACKING}/deliverable_orders/`,
    {
      preValidation: requireCustomer,
      schema: {
        ...common,
        summary: 'Save delivery instructions for one of your orders (until it goes out for delivery)',
        body: saveDeliveryInstructionsRequestSchema,
        response: {
          200: saveDeliveryInstructionsResponseSchema,
          404: errorEnvelopeSchema.describe('No such order of yours'),
          409: errorEnvelopeSchema.describe('The order no longer takes instructions'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { order_id: orderId, ...instructions } = request.body;
      return saveDeliveryInstructions(app.db, currentAuth(request).user.id, orderId, instructions);
    },
  );

  app.get(
    `${TRACKING}/active_deliveries/`,
    {
      preValidation: requireCustomer,
      schema: {
        ...common,
        summary: 'Your deliveries on their way (not yet delivered or cancelled), newest first',
        querystring: deliveryListQuerySchema,
        response: { 200: deliveryListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getActiveDeliveries(app.db, currentAuth(request).user.id, request.query);
    },
  );

  app.get(
    `${TRACKING}/recent_deliveries/`,
    {
      preValidation: requireCustomer,
      schema: {
        ...common,
        summary: `Your orders delivered in the last ${RECENT_DELIVERIES_DAYS} days, newest delivery first`,
        querystring: deliveryListQuerySchema,
        response: { 200: deliveryListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getRecentDeliveries(app.db, currentAuth(request).user.id, request.query);
    },
  );

  app.get(
    `${TRACKING}/track_by_order_number/`,
    {
      preValidation: requireCustomer,
      schema: {
        ...common,
        summary: 'The delivery of one of your orders, by its number',
        querystring: trackQuerySchema,
        response: {
          200: deliverySchema,
          404: errorEnvelopeSchema.describe('No delivery of yours with that order number'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return trackByOrderNumber(app.db, currentAuth(request).user.id, request.query.order_number);
    },
  );

  app.get(
    `${TRACKING}/delivery_stats/`,
    {
      preValidation: requireCustomer,
      schema: {
        ...common,
        summary: 'Your deliveries counted by state',
        response: { 200: deliveryStatsSchema, 401: errors[401] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getDeliveryStats(app.db, currentAuth(request).user.id);
    },
  );

  // Staff ------------------------------------------------------------------------------------

  const staff = { tags: ['staff'], security: [{ bearer: [] }] };

  app.get(
    `${STAFF}/`,
    {
      preValidation: requireStaff,
      schema: {
        ...staff,
        summary: 'Orders found by number, name, e-mail or phone and filtered, with their lines (staff)',
        description:
          'Filters combine: status, payment status and method, delivery or pick-up, zone, Kampala days. ' +
          'Sorted newest first unless `sort` says otherwise; each order carries its lines (what to pack).',
        querystring: staffOrderListQuerySchema,
        response: { 200: staffOrderListResponseSchema, ...staffErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getStaffOrders(app.db, request.query);
    },
  );

  app.get(
    `${STAFF}/:id/`,
    {
      preValidation: requireStaff,
      schema: {
        ...staff,
        summary: 'One order as staff see it (staff)',
        params: staffOrderParamsSchema,
        response: { 200: staffOrderSchema, ...staffErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getStaffOrder(app.db, request.params.id);
    },
  );

  app.get(
    `${STAFF}/:id/detail/`,
    {
      preValidation: requireStaff,
      schema: {
        ...staff,
        summary: 'One order in full: lines and totals, customer, payments, status history with who (staff)',
        params: staffOrderParamsSchema,
        response: { 200: staffOrderDetailSchema, ...staffErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getStaffOrderDetail(app.db, request.params.id);
    },
  );

  app.get(
    `${STAFF}/:id/packing-slip.pdf`,
    {
      preValidation: requireStaff,
      schema: {
        ...staff,
        summary: 'The packing slip and delivery note of an order, as a PDF (staff)',
        description:
          'Items and quantities, the address with its landmark and instructions, the contact preference and ' +
          'the cash to collect on a cash order. Answers `application/pdf`, shown inline (to print).',
        params: staffOrderParamsSchema,
        response: {
          200: {
            description: 'The packing slip',
            content: { 'application/pdf': { schema: z.string().describe('PDF document') } },
          },
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      const order = await getStaffOrderDetail(app.db, request.params.id);
      const pdf = await renderPackingSlipPdf(order);
      return sendPdf(reply, pdf, { name: `packing-slip-${order.order_number}.pdf`, disposition: 'inline' });
    },
  );

  app.get(
    '/orders/admin/cash/',
    {
      preValidation: requireStaff,
      schema: {
        ...staff,
        summary: 'Cash on delivery: expected against collected, per rider and Kampala day (staff)',
        description:
          'Each rider’s cash orders by the day they went out (not cancelled): their totals, and the cash ' +
          'recorded when each was marked delivered. Default range: the last 7 days.',
        querystring: cashReportQuerySchema,
        response: {
          200: cashReportSchema,
          401: staffErrors[401],
          403: staffErrors[403],
          422: staffErrors[422],
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getCashReport(app.db, request.query);
    },
  );

  app.post(
    `${STAFF}/:id/status/`,
    {
      preValidation: requireStaff,
      schema: {
        ...staff,
        summary: 'Move an order along the transition table, or cancel it with a reason (staff)',
        description:
          'Allowed moves: ORDER_STATUS_TRANSITIONS. A delivery order goes out for delivery only with a rider. ' +
          'The note is shown to the customer; it is required when cancelling. Marking a cash order delivered ' +
          'records the cash collected (`cash_collected`, default the total). Recorded in the audit trail.',
        params: staffOrderParamsSchema,
        body: changeOrderStatusRequestSchema,
        response: {
          200: staffOrderSchema,
          409: errorEnvelopeSchema.describe('A move the table does not allow, or no rider yet'),
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { user } = currentAuth(request);
      return moveOrder(app, { ...actorOf(user), id: user.id }, request.params.id, request.body);
    },
  );

  app.post(
    `${STAFF}/:id/rider/`,
    {
      preValidation: requireStaff,
      schema: {
        ...staff,
        summary: 'Assign (or change) the rider of an order’s delivery (staff)',
        params: staffOrderParamsSchema,
        body: assignRiderRequestSchema,
        response: {
          200: staffOrderSchema,
          409: errorEnvelopeSchema.describe('No delivery (pick-up, not confirmed yet), or already delivered'),
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return assignRider(app, actorOf(currentAuth(request).user), request.params.id, {
        name: request.body.rider_name,
        phone: request.body.rider_phone,
      });
    },
  );
};

export default deliveryRoutes;
