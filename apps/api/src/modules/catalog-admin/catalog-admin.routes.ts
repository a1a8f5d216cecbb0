import {
  adminProductListQuerySchema,
  adminProductListSchema,
  adminProductParamsSchema,
  adminProductSchema,
  adminVariantParamsSchema,
  productCreateSchema,
  productRemovalSchema,
  productUpdateSchema,
  variantCreateSchema,
  variantOrderSchema,
  variantUpdateSchema,
} from '@shop/contract/catalog-admin';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireStaff } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import { createCatalogAdminService } from './catalog-admin.service';

const staffErrors = {
  401: errorEnvelopeSchema.describe('Not signed in'),
  403: errorEnvelopeSchema.describe('Staff only'),
  404: errorEnvelopeSchema.describe('No such product or size'),
  422: errorEnvelopeSchema.describe(
    'Invalid input: each bad field is named with the reason; nothing written',
  ),
};
const security = [{ bearer: [] }];

/**
 * The back office's products and sizes (staff and admins). Every change is in the audit trail
 * (who, when, before → after) and reaches the storefront at once through the catalog tables'
 * NOTIFY. Stock is not written here: see the stock movements endpoint.
 */
const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireStaff);
  const service = createCatalogAdminService(app.db, app.catalog);
  const actor = (request: Parameters<typeof currentAuth>[0]) => actorOf(currentAuth(request).user);

  app.get(
    '/admin/catalog/products/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every product (listed, hidden, archived) with its sizes: search, filter, sort, page',
        description:
          'The storefront’s typo-tolerant search over every product (a search’s count stops at the search cap), ' +
          'filters by category, status, stock state (low: a size at or below its threshold), sale and featured; ' +
          'each row carries its sellable sizes.',
        security,
        querystring: adminProductListQuerySchema,
        response: {
          200: adminProductListSchema,
          401: staffErrors[401],
          403: staffErrors[403],
          422: staffErrors[422],
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.list(request.query);
    },
  );

  app.post(
    '/admin/catalog/products/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a product (add its sizes next)',
        description: 'The slug is generated from the name when left out (made unique with -2, -3, …).',
        security,
        body: productCreateSchema,
        response: { 201: adminProductSchema, ...staffErrors },
      },
    },
    async (request, reply) => {
      const product = await service.create(actor(request), request.body);
      return reply.status(201).send(product);
    },
  );

  app.get(
    '/admin/catalog/products/:id/',
    {
      schema: {
        tags: ['admin'],
        summary: 'A product with every field staff edit, its version and all its sizes',
        security,
        params: adminProductParamsSchema,
        response: { 200: adminProductSchema, ...staffErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.get(request.params.id);
    },
  );

  app.patch(
    '/admin/catalog/products/:id/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit a product (send the version it was read at)',
        description:
          'Only the fields sent change. A version older than the product’s is a 409 `conflict` saying who ' +
          'changed it and when; nothing is written. A changed slug leaves the old one redirecting.',
        security,
        params: adminProductParamsSchema,
        body: productUpdateSchema,
        response: {
          200: adminProductSchema,
          ...staffErrors,
          409: errorEnvelopeSchema.describe('Someone saved the product since it was read: reload'),
        },
      },
    },
    async (request) => service.update(actor(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/catalog/products/:id/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a never-ordered product, or archive one that was ordered',
        description:
          'An ordered product is archived (hidden from the storefront and search; order lines keep their ' +
          'copy), never deleted. The answer says which happened.',
        security,
        params: adminProductParamsSchema,
        response: { 200: productRemovalSchema, ...staffErrors },
      },
    },
    async (request) => service.remove(actor(request), request.params.id),
  );

  app.post(
    '/admin/catalog/products/:id/variants/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a size to a product (stock starts at 0)',
        description:
          'Stock arrives through a stock movement (received). The product’s first sellable size becomes its ' +
          'default. A SKU already used is a 422 naming `sku`.',
        security,
        params: adminProductParamsSchema,
        body: variantCreateSchema,
        response: { 201: adminProductSchema, ...staffErrors },
      },
    },
    async (request, reply) => {
      const product = await service.addVariant(actor(request), request.params.id, request.body);
      return reply.status(201).send(product);
    },
  );

  app.put(
    '/admin/catalog/products/:id/variants/order/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reorder a product’s sizes',
        description: 'Send every size id of the product (retired ones too) in the new order.',
        security,
        params: adminProductParamsSchema,
        body: variantOrderSchema,
        response: { 200: adminProductSchema, ...staffErrors },
      },
    },
    async (request) => service.reorderVariants(actor(request), request.params.id, request.body.ids),
  );

  app.patch(
    '/admin/catalog/variants/:id/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit a size, make it the default, retire it or bring it back',
        description:
          'The compare-at price must be above the price (or null). A retired size is no longer sold or ' +
          'shown (it leaves carts) and stays on old orders; the default moves to the next sellable size. ' +
          'Answers the whole product.',
        security,
        params: adminVariantParamsSchema,
        body: variantUpdateSchema,
        response: { 200: adminProductSchema, ...staffErrors },
      },
    },
    async (request) => service.updateVariant(actor(request), request.params.id, request.body),
  );
};

export default catalogAdminRoutes;
