import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  CAMPAIGN_MAX_BLOCKS,
  campaignListQuerySchema,
  campaignListSchema,
  campaignParamsSchema,
  campaignPreviewSchema,
  campaignRequestSchema,
  campaignSchema,
  campaignTestResponseSchema,
  subscriberListQuerySchema,
  subscriberListSchema,
} from '@shop/contract/newsletter-campaigns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireStaff } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import {
  changeCampaign,
  createCampaign,
  getCampaign,
  pageOfCampaigns,
  pageOfSubscribers,
  previewCampaign,
  sendCampaign,
  sendTestCampaign,
} from './campaigns.service';

const security = [{ bearer: [] }];
const denied = {
  401: errorEnvelopeSchema.describe('Not signed in'),
  403: errorEnvelopeSchema.describe('Staff only'),
};
const CAMPAIGNS = '/admin/newsletter/campaigns/';

/** The newsletter's back office (staff and admins): subscribers and campaigns. */
const campaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireStaff);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/admin/newsletter/subscribers/',
    {
      schema: {
        tags: ['admin', 'newsletter'],
        summary: 'Newsletter subscribers, newest first (staff)',
        description:
          '`status` keeps one state (pending, confirmed, unsubscribed); `q` finds addresses containing ' +
          'the text. Paged. The confirmed ones as CSV: GET /newsletter/subscriptions/export/.',
        security,
        querystring: subscriberListQuerySchema,
        response: { 200: subscriberListSchema, ...denied, 422: errorEnvelopeSchema },
      },
    },
    async (request) => pageOfSubscribers(app.db, request.query),
  );

  app.get(
    CAMPAIGNS,
    {
      schema: {
        tags: ['admin', 'newsletter'],
        summary: 'Newsletter campaigns, newest first, with their send counts (staff)',
        security,
        querystring: campaignListQuerySchema,
        response: { 200: campaignListSchema, ...denied, 422: errorEnvelopeSchema },
      },
    },
    async (request) => pageOfCampaigns(app.db, request.query),
  );

  app.post(
    CAMPAIGNS,
    {
      schema: {
        tags: ['admin', 'newsletter'],
        summary: 'Draft a newsletter campaign (staff)',
        description:
          `A subject and 1 to ${CAMPAIGN_MAX_BLOCKS} blocks: heading {text}, paragraph {text}, product ` +
          '{product_id} (a product that is sold), button {label, url (http or https)}. Audited.',
        security,
        body: campaignRequestSchema,
        response: { 201: campaignSchema, ...denied, 422: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const created = await createCampaign(app.db, actorOf(currentAuth(request).user), request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    `${CAMPAIGNS}:id/`,
    {
      schema: {
        tags: ['admin', 'newsletter'],
        summary: 'One campaign with its sent / failed / pending counts (staff)',
        security,
        params: campaignParamsSchema,
        response: { 200: campaignSchema, ...denied, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema },
      },
    },
    async (request) => getCampaign(app.db, request.params.id),
  );

  app.patch(
    `${CAMPAIGNS}:id/`,
    {
      schema: {
        tags: ['admin', 'newsletter'],
        summary: 'Change a draft campaign (staff)',
        description: 'The whole draft (subject and blocks). A campaign being sent or sent is a 409. Audited.',
        security,
        params: campaignParamsSchema,
        body: campaignRequestSchema,
        response: {
          200: campaignSchema,
          ...denied,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request) =>
      changeCampaign(app.db, actorOf(currentAuth(request).user), request.params.id, request.body),
  );

  app.get(
    `${CAMPAIGNS}:id/preview/`,
    {
      schema: {
        tags: ['admin', 'newsletter'],
        summary: 'The campaign e-mail as subscribers get it: HTML and text (staff)',
        description: 'Its unsubscribe link is a sample that unsubscribes nobody.',
        security,
        params: campaignParamsSchema,
        response: {
          200: campaignPreviewSchema,
          ...denied,
          404: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request) => previewCampaign(app.campaigns, request.params.id),
  );

  app.post(
    `${CAMPAIGNS}:id/test/`,
    {
      schema: {
        tags: ['admin', 'newsletter'],
        summary: "Send the campaign to the staff member's own address, as a test (staff)",
        security,
        params: campaignParamsSchema,
        response: {
          200: campaignTestResponseSchema,
          ...denied,
          404: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request) => sendTestCampaign(app.campaigns, request.params.id, currentAuth(request).user.email),
  );

  app.post(
    `${CAMPAIGNS}:id/send/`,
    {
      schema: {
        tags: ['admin', 'newsletter'],
        summary: 'Send the campaign to every confirmed subscriber (staff)',
        description:
          'Answers 202 at once; the job queue sends, throttled (NEWSLETTER_SEND_RATE_PER_MINUTE), once per ' +
          'subscriber even across restarts, each with their own unsubscribe link. Follow the counts on ' +
          'GET …/{id}/. A campaign being sent or sent is a 409. Audited.',
        security,
        params: campaignParamsSchema,
        response: {
          202: campaignSchema,
          ...denied,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const campaign = await sendCampaign(
        app.campaigns,
        actorOf(currentAuth(request).user),
        request.params.id,
      );
      return reply.code(202).send(campaign);
    },
  );
};

export default campaignsRoutes;
