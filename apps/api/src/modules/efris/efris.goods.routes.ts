import {
  efrisCategoryMappingListSchema,
  efrisCategoryParamsSchema,
  efrisCommodityCategoryListSchema,
  efrisDictionaryQuerySchema,
  efrisDictionaryRefreshSchema,
  efrisExciseCodeListSchema,
  efrisGoodListSchema,
  efrisGoodsQuerySchema,
  efrisMappingUpdateSchema,
  efrisMovementParamsSchema,
  efrisStockIncreaseListSchema,
  efrisStockQuerySchema,
  efrisVariantParamsSchema,
} from '@shop/contract/efris-goods';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { pageQuerySchema } from '@shop/contract/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth, requireAdmin, requireStaff } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import {
  getCategoryMappings,
  getCommodityCategories,
  getExciseCodes,
  getGoods,
  getStockIncreases,
  mapCategory,
  mapSize,
  refreshDictionaries,
  retryGood,
  retryStockIncrease,
} from './efris.goods';
import { EFRIS_GOODS_JOBS, stockIncreaseSingletonKey } from './efris.goods.jobs';

const invalid = {
  422: errorEnvelopeSchema.describe('Invalid input: each bad field is named with the reason'),
};
const queued = z.object({ queued: z.literal(true) });

/** What staff read and retry (401 visitors, 403 customers): the dictionaries, the goods, the stock reports. */
export const efrisGoodsStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = app.efris;
  app.addHook('preValidation', requireStaff);
  const denied = {
    401: errorEnvelopeSchema.describe('Not signed in'),
    403: errorEnvelopeSchema.describe('Not staff'),
  };
  const read = (summary: string) => ({ tags: ['admin'], summary, security: [{ bearer: [] }] });

  app.get(
    '/admin/efris/commodity-categories/',
    {
      schema: {
        ...read("URA's commodity categories (T124), searched by name words or the start of the code"),
        querystring: efrisDictionaryQuerySchema,
        response: { 200: efrisCommodityCategoryListSchema, ...denied, ...invalid },
      },
    },
    async (request) => getCommodityCategories(context, request.query),
  );

  app.get(
    '/admin/efris/excise-codes/',
    {
      schema: {
        ...read("URA's excise duty codes (T125), searched by name words or the start of the code"),
        querystring: efrisDictionaryQuerySchema,
        response: { 200: efrisExciseCodeListSchema, ...denied, ...invalid },
      },
    },
    async (request) => getExciseCodes(context, request.query),
  );

  app.get(
    '/admin/efris/category-mappings/',
    {
      schema: {
        ...read("Each category's mapping to URA's commodity, unit and excise codes"),
        querystring: pageQuerySchema,
        response: { 200: efrisCategoryMappingListSchema, ...denied, ...invalid },
      },
    },
    async (request) => getCategoryMappings(context, request.query),
  );

  app.get(
    '/admin/efris/goods/',
    {
      schema: {
        ...read('Each size on sale: its mapping in effect and its registration with URA (T130)'),
        querystring: efrisGoodsQuerySchema,
        response: { 200: efrisGoodListSchema, ...denied, ...invalid },
      },
    },
    async (request) => getGoods(context, request.query),
  );

  app.post(
    '/admin/efris/goods/:variant_id/retry/',
    {
      schema: {
        ...read('Sends a failed registration to URA again, at once'),
        params: efrisVariantParamsSchema,
        response: {
          202: queued,
          ...denied,
          404: errorEnvelopeSchema.describe('No registration of this size'),
          409: errorEnvelopeSchema.describe('The registration has not failed'),
          ...invalid,
        },
      },
    },
    async (request, reply) => {
      await retryGood(context, request.params.variant_id, actorOf(currentAuth(request).user));
      await app.efrisQueueRegistrations([request.params.variant_id]);
      return reply.code(202).send({ queued: true as const });
    },
  );

  app.get(
    '/admin/efris/stock-increases/',
    {
      schema: {
        ...read('Received stock reported to EFRIS (T131), newest first'),
        querystring: efrisStockQuerySchema,
        response: { 200: efrisStockIncreaseListSchema, ...denied, ...invalid },
      },
    },
    async (request) => getStockIncreases(context, request.query),
  );

  app.post(
    '/admin/efris/stock-increases/:movement_id/retry/',
    {
      schema: {
        ...read('Sends a failed stock increase to EFRIS again, at once'),
        params: efrisMovementParamsSchema,
        response: {
          202: queued,
          ...denied,
          404: errorEnvelopeSchema.describe('No report of this movement'),
          409: errorEnvelopeSchema.describe('The report has not failed'),
          ...invalid,
        },
      },
    },
    async (request, reply) => {
      const movementId = request.params.movement_id;
      await retryStockIncrease(context, movementId, actorOf(currentAuth(request).user));
      await app.jobs.send(
        EFRIS_GOODS_JOBS.stockIncrease,
        { movementId },
        { singletonKey: stockIncreaseSingletonKey(movementId) },
      );
      return reply.code(202).send({ queued: true as const });
    },
  );
};

/** What admins change (401 visitors, 403 customers and staff): the mappings, a refresh of the dictionaries. */
export const efrisGoodsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = app.efris;
  app.addHook('preValidation', requireAdmin);
  const denied = {
    401: errorEnvelopeSchema.describe('Not signed in'),
    403: errorEnvelopeSchema.describe('Not an admin'),
  };
  const write = (summary: string) => ({ tags: ['admin'], summary, security: [{ bearer: [] }] });
  const actor = (request: Parameters<typeof currentAuth>[0]) => {
    const user = currentAuth(request).user;
    return { ...actorOf(user), id: user.id };
  };

  app.put(
    '/admin/efris/category-mappings/:category_id/',
    {
      schema: {
        ...write(
          "Maps a category's sizes to URA's commodity, unit and excise codes; they are registered again",
        ),
        params: efrisCategoryParamsSchema,
        body: efrisMappingUpdateSchema,
        response: {
          202: queued,
          ...denied,
          404: errorEnvelopeSchema.describe('No such category'),
          ...invalid,
        },
      },
    },
    async (request, reply) => {
      const variantIds = await mapCategory(context, request.params.category_id, request.body, actor(request));
      await app.efrisQueueRegistrations(variantIds);
      return reply.code(202).send({ queued: true as const });
    },
  );

  app.put(
    '/admin/efris/goods/:variant_id/mapping/',
    {
      schema: {
        ...write("Maps one size on its own (over its category's); it is registered again"),
        params: efrisVariantParamsSchema,
        body: efrisMappingUpdateSchema,
        response: { 202: queued, ...denied, 404: errorEnvelopeSchema.describe('No such size'), ...invalid },
      },
    },
    async (request, reply) => {
      const variantIds = await mapSize(context, request.params.variant_id, request.body, actor(request));
      await app.efrisQueueRegistrations(variantIds);
      return reply.code(202).send({ queued: true as const });
    },
  );

  app.delete(
    '/admin/efris/goods/:variant_id/mapping/',
    {
      schema: {
        ...write("Removes a size's own mapping: its category's applies again"),
        params: efrisVariantParamsSchema,
        response: { 202: queued, ...denied, 404: errorEnvelopeSchema.describe('No such size'), ...invalid },
      },
    },
    async (request, reply) => {
      const variantIds = await mapSize(context, request.params.variant_id, null, actor(request));
      await app.efrisQueueRegistrations(variantIds);
      return reply.code(202).send({ queued: true as const });
    },
  );

  app.post(
    '/admin/efris/dictionaries/refresh/',
    {
      schema: {
        ...write("Reads URA's commodity categories (T124) and excise duty codes (T125) now"),
        response: {
          200: efrisDictionaryRefreshSchema,
          ...denied,
          ...invalid,
          503: errorEnvelopeSchema.describe('EFRIS did not answer'),
        },
      },
    },
    async () => refreshDictionaries(context),
  );
};
