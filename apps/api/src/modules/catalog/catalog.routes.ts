import {
  CATALOG_CACHE_CONTROL,
  catalogStatsSchema,
  categoryListResponseSchema,
  productDetailSchema,
  productFacetsQuerySchema,
  productFacetsSchema,
  productListQuerySchema,
  productListResponseSchema,
  productParamsSchema,
  productSectionQuerySchema,
} from '@shop/contract/catalog';
import { API_BASE_PATH, MAX_PAGE_SIZE } from '@shop/contract/constants';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { sendCachedBody } from '../../lib/http-cache';
import type { ProductSection } from './catalog.service';
import type { CachedAnswer } from './catalog-cache';

const notModified = z.null().describe('Not modified: the ETag sent in If-None-Match still matches');
const badInput = errorEnvelopeSchema.describe('Invalid query: each bad field is named with the reason');
const caching =
  `Answers carry \`ETag\` and \`Cache-Control: ${CATALOG_CACHE_CONTROL}\`; send the ETag back in ` +
  '`If-None-Match` for a 304.';

/** Sends a cached answer as it is: already serialized (and compressed), with its ETag, or a 304. */
function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  return sendCachedBody(request, reply, answer, 'application/json; charset=utf-8', {
    'cache-control': CATALOG_CACHE_CONTROL,
  });
}

/**
 * Route options of every catalog answer: sendCachedBody has compressed it already (once, when it
 * is kept), and a GET has no body to decompress, so @fastify/compress's three hooks per request
 * (4 % of a list page's CPU in a profile at 100,000 products) are left out.
 */
const precompressed = { compress: false, decompress: false } as const;

/**
 * The catalog under /api/v1/products: product lists, sections, facets, statistics, a product,
 * and categories, answered from the catalog plugin's cache.
 */
const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.catalog;

  app.get(
    '/products/products/',
    {
      ...precompressed,
      schema: {
        tags: ['catalog'],
        summary: 'Products: search, filter, sort and page',
        description:
          `Paged product cards \`{ results, count, total_pages, next }\`. page_size defaults to 12, at most ${MAX_PAGE_SIZE}; ` +
          'a page past the end answers 200 with empty results. An unknown category or ordering, a negative ' +
          'price, price_min above price_max, or a page that is not a whole number is a 422 naming the field. ' +
          'Facet counts for the same query are at /products/products/facets/. ' +
          caching,
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, 304: notModified, 422: badInput },
      },
    },
    async (request, reply) => sendAnswer(request, reply, await service.listProducts(request.query)),
  );

  app.get(
    '/products/products/facets/',
    {
      ...precompressed,
      schema: {
        tags: ['catalog'],
        summary: 'Filter choices with their product counts for the current search and filters',
        description:
          'Takes the query of /products/products/ (page, page_size and ordering are ignored). Each facet ' +
          '(categories, product types, countries, price bands) counts products with every other filter ' +
          'applied but its own, so the panel can offer each choice that leads somewhere; choices with no ' +
          `products are left out. ${caching}`,
        querystring: productFacetsQuerySchema,
        response: { 200: productFacetsSchema, 304: notModified, 422: badInput },
      },
    },
    async (request, reply) => sendAnswer(request, reply, await service.facets(request.query)),
  );

  app.get(
    '/products/products/stats/',
    {
      ...precompressed,
      schema: {
        tags: ['catalog'],
        summary: "The home page's statistics",
        description: `Counts of active products, categories, featured products, new arrivals and products on sale. ${caching}`,
        response: { 200: catalogStatsSchema, 304: notModified },
      },
    },
    async (request, reply) => sendAnswer(request, reply, await service.stats()),
  );

  const sections: Array<[ProductSection, string, string]> = [
    ['featured', 'Featured products', 'Featured products, most premium first.'],
    ['new', 'New arrivals', 'Products added in the last 30 days, newest first.'],
    [
      'on_sale',
      'Products on sale',
      'Products whose original price is above their price, biggest discount first.',
    ],
  ];
  for (const [section, summary, description] of sections) {
    app.get(
      `/products/products/${section}/`,
      {
        ...precompressed,
        schema: {
          tags: ['catalog'],
          summary,
          description: `${description} Paged like /products/products/. ${caching}`,
          querystring: productSectionQuerySchema,
          response: { 200: productListResponseSchema, 304: notModified, 422: badInput },
        },
      },
      async (request, reply) => sendAnswer(request, reply, await service.listSection(section, request.query)),
    );
  }

  app.get(
    '/products/products/:id/',
    {
      ...precompressed,
      schema: {
        tags: ['catalog'],
        summary: 'One product by id or slug, with its sizes, images and related products',
        description:
          'An inactive or unknown product is a 404. An old slug of a renamed product is a 301 to its ' +
          `current address. ${caching}`,
        params: productParamsSchema,
        response: {
          200: productDetailSchema,
          301: z.null().describe('An old slug: `Location` is the product under its current slug'),
          304: notModified,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        return sendAnswer(request, reply, await service.product(request.params.id));
      } catch (error) {
        const renamed =
          error instanceof AppError &&
          error.code === 'not_found' &&
          (await service.renamedTo(request.params.id));
        if (renamed) {
          return reply.redirect(`${API_BASE_PATH}/products/products/${encodeURIComponent(renamed)}/`, 301);
        }
        throw error;
      }
    },
  );

  app.get(
    '/products/categories/',
    {
      ...precompressed,
      schema: {
        tags: ['catalog'],
        summary: 'Every active category with its number of active products',
        description: `All categories in the shop's order, answered as one page of the paged shape. ${caching}`,
        response: { 200: categoryListResponseSchema, 304: notModified },
      },
    },
    async (request, reply) => sendAnswer(request, reply, await service.categories()),
  );
};

export default catalogRoutes;
