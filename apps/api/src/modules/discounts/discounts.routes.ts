import {
  adminDiscountCodeSchema,
  adminDiscountListQuerySchema,
  adminDiscountListSchema,
  createDiscountCodeRequestSchema,
  discountCheckRequestSchema,
  discountCheckSchema,
  discountCodeParamsSchema,
  discountStatusRequestSchema,
  updateDiscountCodeRequestSchema,
} from '@shop/contract/discounts';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireCustomer, requireStaff } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import { checkDiscount } from './discount-rules';
import { changeCode, changeCodeStatus, createCode, getCode, pageOfCodes } from './discounts.service';

const denied = {
  401: errorEnvelopeSchema.describe('Not signed in'),
  403: errorEnvelopeSchema.describe('Staff only'),
};
const security = [{ bearer: [] }];

/** The back office's discount codes (staff and admins): list, create, change, pause, resume, end. */
export const discountCodesStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireStaff);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/admin/discount-codes/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Discount codes, newest first (staff)',
        description: '`status` keeps one status; `q` finds codes containing the text. Paged.',
        security,
        querystring: adminDiscountListQuerySchema,
        response: {
          200: adminDiscountListSchema,
          ...denied,
          422: errorEnvelopeSchema.describe('Invalid filter'),
        },
      },
    },
    async (request) => pageOfCodes(app.db, request.query),
  );

  app.post(
    '/admin/discount-codes/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a discount code (staff)',
        description:
          'Percentage (1–100) or fixed amount in UGX; minimum order (the bottles’ subtotal), start and end, ' +
          'total uses and uses per customer (null: no limit), optionally only some categories. Audited.',
        security,
        body: createDiscountCodeRequestSchema,
        response: {
          201: adminDiscountCodeSchema,
          ...denied,
          409: errorEnvelopeSchema.describe('The code exists already (field `code`)'),
          422: errorEnvelopeSchema.describe('Invalid code: each bad field is named with the reason'),
        },
      },
    },
    async (request, reply) => {
      const created = await createCode(app.db, actorOf(currentAuth(request).user), request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/admin/discount-codes/:id/',
    {
      schema: {
        tags: ['admin'],
        summary: 'One discount code (staff)',
        security,
        params: discountCodeParamsSchema,
        response: {
          200: adminDiscountCodeSchema,
          ...denied,
          404: errorEnvelopeSchema.describe('No such code'),
        },
      },
    },
    async (request) => getCode(app.db, request.params.id),
  );

  app.patch(
    '/admin/discount-codes/:id/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a discount code (staff)',
        description:
          'Only the fields sent change; the code itself never does. Orders already placed keep their ' +
          'discount. An ended code cannot change (409). Audited.',
        security,
        params: discountCodeParamsSchema,
        body: updateDiscountCodeRequestSchema,
        response: {
          200: adminDiscountCodeSchema,
          ...denied,
          404: errorEnvelopeSchema.describe('No such code'),
          409: errorEnvelopeSchema.describe('The code has ended'),
          422: errorEnvelopeSchema.describe('Invalid change: each bad field is named with the reason'),
        },
      },
    },
    async (request) =>
      changeCode(app.db, actorOf(currentAuth(request).user), request.params.id, request.body),
  );

  app.post(
    '/admin/discount-codes/:id/status/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Pause, resume or end a discount code (staff)',
        description:
          '`paused` stops the code until resumed (`active`); `ended` stops it for good (409 afterwards). Audited.',
        security,
        params: discountCodeParamsSchema,
        body: discountStatusRequestSchema,
        response: {
          200: adminDiscountCodeSchema,
          ...denied,
          404: errorEnvelopeSchema.describe('No such code'),
          409: errorEnvelopeSchema.describe('The code has ended'),
          422: errorEnvelopeSchema.describe('Invalid status'),
        },
      },
    },
    async (request) =>
      changeCodeStatus(app.db, actorOf(currentAuth(request).user), request.params.id, request.body.status),
  );
};

/** The checkout page's "check code", for signed-in customers. */
export const discountCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireCustomer);

  app.post(
    '/orders/cart/discount-check/',
    {
      schema: {
        tags: ['cart', 'orders'],
        summary: 'Check a discount code against the cart: the saving, or why it does not apply',
        description:
          'Nothing is reserved: checkout applies the code again in its own transaction (and may still refuse ' +
          'it, e.g. when the last use went meanwhile). Refusals are 422 naming `discount_code`: unknown, ' +
          'paused, ended, not started, expired, minimum not reached, used up, already used by you, not for ' +
          'these bottles.',
        security,
        body: discountCheckRequestSchema,
        response: {
          200: discountCheckSchema,
          401: errorEnvelopeSchema.describe('Not signed in'),
          409: errorEnvelopeSchema.describe('The cart is empty'),
          422: errorEnvelopeSchema.describe(
            'The code does not apply (field `discount_code`, with the reason)',
          ),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return checkDiscount(app.db, currentAuth(request).user.id, request.body.discount_code);
    },
  );
};
