import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  addWishlistItemRequestSchema,
  MAX_WISHLIST_ITEMS,
  wishlistItemParamsSchema,
  wishlistItemSchema,
  wishlistListQuerySchema,
  wishlistListResponseSchema,
  wishlistSummarySchema,
} from '@shop/contract/wishlist';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth, requireVisitor } from '../../plugins/auth';
import { addToWishlist, getWishlist, getWishlistSummary, removeFromWishlist } from './wishlist.service';

const security = [{ bearer: [] }];
const who =
  "The caller's own wishlist: a signed-in customer's, or an anonymous visitor's (which moves into " +
  'their account when they sign in or register).';

/** docs/product.md section 7: `/orders/wishlist/`. Every answer is the caller's own data: never cached. */
const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/orders/wishlist/',
    {
      preHandler: requireVisitor,
      schema: {
        tags: ['wishlist'],
        summary: 'Saved bottles, newest first, with current price, stock and sale',
        description: who,
        security,
        querystring: wishlistListQuerySchema,
        response: { 200: wishlistListResponseSchema, 401: errorEnvelopeSchema, 422: errorEnvelopeSchema },
      },
    },
    async (request) => getWishlist(app.db, currentAuth(request).user.id, request.query),
  );

  app.get(
    '/orders/wishlist/summary/',
    {
      preHandler: requireVisitor,
      schema: {
        tags: ['wishlist'],
        summary: 'Which bottles are saved (for the hearts and the header count)',
        description: `${who} Every entry in brief; a wishlist holds at most ${MAX_WISHLIST_ITEMS}.`,
        security,
        response: { 200: wishlistSummarySchema, 401: errorEnvelopeSchema },
      },
    },
    async (request) => getWishlistSummary(app.db, currentAuth(request).user.id),
  );

  app.post(
    '/orders/wishlist/',
    {
      preHandler: requireVisitor,
      schema: {
        tags: ['wishlist'],
        summary: 'Save a bottle (optionally one size)',
        description:
          `${who} Saving what is already saved answers the existing entry with 200 (201 for a new one). ` +
          'An unknown or withdrawn product, or a size of another product, is a 422 naming the field; ' +
          `a wishlist of ${MAX_WISHLIST_ITEMS} is full (409).`,
        security,
        body: addWishlistItemRequestSchema,
        response: {
          200: wishlistItemSchema,
          201: wishlistItemSchema,
          401: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { item, created } = await addToWishlist(app.db, currentAuth(request).user.id, request.body);
      return reply.code(created ? 201 : 200).send(item);
    },
  );

  app.delete(
    '/orders/wishlist/:id/',
    {
      preHandler: requireVisitor,
      schema: {
        tags: ['wishlist'],
        summary: 'Remove a saved bottle',
        description: `${who} An entry that is not the caller's is not found (404).`,
        security,
        params: wishlistItemParamsSchema,
        response: {
          204: z.null().describe('Removed'),
          401: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      await removeFromWishlist(app.db, currentAuth(request).user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default wishlistRoutes;
