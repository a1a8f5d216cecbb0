import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  adminReviewListQuerySchema,
  adminReviewListSchema,
  createReviewRequestSchema,
  hideReviewRequestSchema,
  myReviewResponseSchema,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_REPORT_NOTE_MAX_LENGTH,
  REVIEW_REPORT_REASONS,
  REVIEW_TEXT_MAX_LENGTH,
  REVIEW_TITLE_MAX_LENGTH,
  reportReviewRequestSchema,
  reportReviewResponseSchema,
  reviewHelpfulResponseSchema,
  reviewListQuerySchema,
  reviewListResponseSchema,
  reviewParamsSchema,
  reviewProductQuerySchema,
  reviewSchema,
  reviewSummarySchema,
  unhideReviewRequestSchema,
  updateReviewRequestSchema,
} from '@shop/contract/reviews';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth, requireCustomer, requireStaff } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import {
  changeReview,
  createReview,
  getModerationQueue,
  getReview,
  getReviewSummary,
  getReviews,
  markHelpful,
  moderateReview,
  ownReviewAndEligibility,
  removeReview,
  reportReview,
  type Viewer,
} from './reviews.service';

const security = [{ bearer: [] }];
const errors = {
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};

/** The signed-in customer (or staff member) reading, or null for visitors. */
async function viewerOf(request: FastifyRequest): Promise<Viewer> {
  const auth = await request.auth;
  if (!auth || auth.user.isAnonymous) return null;
  return { id: auth.user.id, isStaff: auth.user.role === 'staff' || auth.user.role === 'admin' };
}

function staffActor(request: FastifyRequest) {
  const user = currentAuth(request).user;
  return { ...actorOf(user), id: user.id };
}

/**
 * docs/product.md section 7: `/orders/reviews/`. Reading is open to everyone; writing needs a signed-in
 * customer, moderating a staff member. Answers carry the caller's own marks (is_own,
 * voted_helpful), so none is cached.
 */
const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/orders/reviews/',
    {
      schema: {
        tags: ['reviews'],
        summary: "A product's reviews, newest or most helpful first",
        description:
          'Visible reviews of `product`, paged. Staff may add include_hidden=true (403 for anyone else). ' +
          'An unknown product is a 404.',
        querystring: reviewListQuerySchema,
        response: { 200: reviewListResponseSchema, ...errors },
      },
    },
    async (request) => getReviews(app.db, await viewerOf(request), request.query),
  );

  app.get(
    '/orders/reviews/summary/',
    {
      schema: {
        tags: ['reviews'],
        summary: "A product's average rating, review count and stars distribution",
        description: 'Counts visible reviews only; the same average and count as the product itself.',
        querystring: reviewProductQuerySchema,
        response: { 200: reviewSummarySchema, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema },
      },
    },
    async (request) => getReviewSummary(app.db, request.query.product),
  );

  app.get(
    '/orders/reviews/mine/',
    {
      preHandler: requireCustomer,
      schema: {
        tags: ['reviews'],
        summary: "The signed-in customer's own review of a product, or null",
        security,
        querystring: reviewProductQuerySchema,
        response: { 200: myReviewResponseSchema, 401: errorEnvelopeSchema, 422: errorEnvelopeSchema },
      },
    },
    async (request) =>
      ownReviewAndEligibility(
        app.db,
        currentAuth(request).user.id,
        request.query.product,
        (await app.shopSettings.current()).review_policy,
      ),
  );

  app.get(
    '/orders/reviews/:id/',
    {
      schema: {
        tags: ['reviews'],
        summary: 'One review',
        description: 'A hidden review is found only by its author and staff.',
        params: reviewParamsSchema,
        response: { 200: reviewSchema, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema },
      },
    },
    async (request) => getReview(app.db, request.params.id, await viewerOf(request)),
  );

  app.post(
    '/orders/reviews/',
    {
      preHandler: requireCustomer,
      schema: {
        tags: ['reviews'],
        summary: 'Write a review',
        description:
          `rating: a whole number from ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX}; title: 1 to ` +
          `${REVIEW_TITLE_MAX_LENGTH} characters; text: 1 to ${REVIEW_TEXT_MAX_LENGTH}. One review per ` +
          'customer per product (409 for a second: edit the first). An unknown or withdrawn product is a ' +
          "422 on `product`. The product's average and count change at once. The shop's review policy " +
          '(setting) may allow only customers with a delivered order of the product (403 otherwise).',
        security,
        body: createReviewRequestSchema,
        response: { 201: reviewSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { review_policy } = await app.shopSettings.current();
      const review = await createReview(app.db, currentAuth(request).user.id, request.body, review_policy);
      return reply.code(201).send(review);
    },
  );

  app.patch(
    '/orders/reviews/:id/',
    {
      preHandler: requireCustomer,
      schema: {
        tags: ['reviews'],
        summary: 'Change your own review',
        description: "Only the fields sent change. Someone else's review is not found (404).",
        security,
        params: reviewParamsSchema,
        body: updateReviewRequestSchema,
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (request) => changeReview(app.db, currentAuth(request).user.id, request.params.id, request.body),
  );

  app.delete(
    '/orders/reviews/:id/',
    {
      preHandler: requireCustomer,
      schema: {
        tags: ['reviews'],
        summary: 'Delete your own review',
        description: "Someone else's review is not found (404).",
        security,
        params: reviewParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await removeReview(app.db, currentAuth(request).user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  for (const [method, helpful] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/orders/reviews/:id/helpful/',
      preHandler: requireCustomer,
      schema: {
        tags: ['reviews'],
        summary: helpful ? "Mark another customer's review as helpful" : 'Take back your helpful mark',
        description: 'Repeating changes nothing. Your own review cannot be marked (409).',
        security,
        params: reviewParamsSchema,
        response: { 200: reviewHelpfulResponseSchema, ...errors },
      },
      handler: async (request) =>
        markHelpful(app.db, currentAuth(request).user.id, request.params.id, helpful),
    });
  }

  app.post(
    '/orders/reviews/:id/report/',
    {
      preHandler: requireCustomer,
      schema: {
        tags: ['reviews'],
        summary: "Report another customer's review to staff",
        description:
          `reason: one of ${REVIEW_REPORT_REASONS.join(', ')}; note: optional, at most ` +
          `${REVIEW_REPORT_NOTE_MAX_LENGTH} characters. Once per customer per review: a second report ` +
          'is a 409, as is reporting your own review. A hidden or unknown review is a 404.',
        security,
        params: reviewParamsSchema,
        body: reportReviewRequestSchema,
        response: { 200: reportReviewResponseSchema, ...errors },
      },
    },
    async (request) => reportReview(app.db, currentAuth(request).user.id, request.params.id, request.body),
  );

  app.post(
    '/orders/reviews/:id/hide/',
    {
      // Before validation: a customer is refused (403) whatever the body holds.
      preValidation: requireStaff,
      schema: {
        tags: ['reviews', 'staff'],
        summary: 'Staff: hide a review',
        description:
          "A hidden review leaves the product's average and count and the public list; its author " +
          'still sees it, marked hidden, with the reason. Audited.',
        security,
        params: reviewParamsSchema,
        body: hideReviewRequestSchema,
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (request) =>
      moderateReview(app.db, staffActor(request), request.params.id, {
        hide: true,
        reason: request.body.reason,
      }),
  );

  app.post(
    '/orders/reviews/:id/unhide/',
    {
      preValidation: requireStaff,
      schema: {
        tags: ['reviews', 'staff'],
        summary: 'Staff: show a hidden review again',
        description: 'The optional reason goes to the audit trail.',
        security,
        params: reviewParamsSchema,
        body: unhideReviewRequestSchema.nullish(),
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (request) =>
      moderateReview(app.db, staffActor(request), request.params.id, {
        hide: false,
        reason: request.body?.reason || null,
      }),
  );
};

export default reviewsRoutes;

/** The back office's moderation queue (staff and admins). */
export const reviewsStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireStaff);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/admin/reviews/',
    {
      schema: {
        tags: ['admin', 'reviews'],
        summary: 'Staff: the review moderation queue',
        description:
          'filter=all: reported reviews still shown come first, then the newest; reported: reviews with ' +
          'at least one report; hidden: hidden reviews. Each with its reports (reason, note, who), paged.',
        security,
        querystring: adminReviewListQuerySchema,
        response: {
          200: adminReviewListSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request) => getModerationQueue(app.db, request.query),
  );
};
