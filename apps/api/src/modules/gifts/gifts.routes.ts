import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  GIFT_LINK_DAYS_AFTER_DELIVERY,
  giftTokenParamsSchema,
  recipientGiftSchema,
  updateRecipientGiftSchema,
} from '@shop/contract/gifts';
import { staffOrderParamsSchema } from '@shop/contract/staff-orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import { sendPdf } from '../../lib/pdf-reply';
import { requireStaff } from '../../plugins/auth';
import { renderGiftCardPdf } from './gift-card-pdf';
import { findGiftOfOrder, findGiftSender } from './gifts.repository';
import { recipientGift, updateRecipientGift } from './gifts.service';

/** Requests to one gift link a minute from one client address: a person needs a few. */
export const GIFT_LINK_REQUESTS_PER_MINUTE = 30;

const linkErrors = {
  404: errorEnvelopeSchema.describe('No gift has this link'),
  410: errorEnvelopeSchema.describe(
    `The link expired (${GIFT_LINK_DAYS_AFTER_DELIVERY} days after delivery)`,
  ),
  429: errorEnvelopeSchema.describe('Too many requests'),
};

/**
 * The recipient's page (no account: the link's token is the key; answers never cached, never a
 * price or the buyer beyond a first name) and the staff's printed gift card.
 */
const giftsRoutes: FastifyPluginAsyncZod = async (app) => {
  const limited = { rateLimit: { max: GIFT_LINK_REQUESTS_PER_MINUTE, timeWindow: 60_000 } };
  const common = { tags: ['gifts'] };

  app.get(
    '/gifts/:token/',
    {
      config: limited,
      schema: {
        ...common,
        summary: 'A gift as its recipient sees it (the link of the recipient’s SMS; no sign-in)',
        params: giftTokenParamsSchema,
        response: { 200: recipientGiftSchema, 422: errorEnvelopeSchema, ...linkErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return recipientGift(app.db, request.params.token);
    },
  );

  app.patch(
    '/gifts/:token/',
    {
      config: limited,
      schema: {
        ...common,
        summary: 'The recipient chooses the delivery window or leaves instructions (no sign-in)',
        description: 'Refused (409) once the gift is out for delivery, delivered or cancelled.',
        params: giftTokenParamsSchema,
        body: updateRecipientGiftSchema,
        response: {
          200: recipientGiftSchema,
          409: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
          ...linkErrors,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return updateRecipientGift(app.db, request.params.token, request.body);
    },
  );

  app.get(
    '/orders/admin/orders/:id/gift-card.pdf',
    {
      preValidation: requireStaff,
      schema: {
        tags: ['orders-admin'],
        security: [{ bearer: [] }],
        summary: 'The printed gift card of a gift order, as a PDF (staff)',
        description: 'The recipient’s name, the message as typed and the sender’s first name; no prices.',
        params: staffOrderParamsSchema,
        response: {
          200: {
            description: 'The gift card',
            content: { 'application/pdf': { schema: z.string().describe('PDF document') } },
          },
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema.describe('No such order, or not a gift'),
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const gift = await findGiftOfOrder(app.db, request.params.id);
      if (!gift) throw notFound('Gift');
      const sender = (await findGiftSender(app.db, request.params.id)) ?? '';
      const pdf = await renderGiftCardPdf(gift, sender);
      return sendPdf(reply, pdf, { name: 'gift-card.pdf', disposition: 'inline' });
    },
  );
};

export default giftsRoutes;
