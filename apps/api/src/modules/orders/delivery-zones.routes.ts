import {
  createDeliveryZoneRequestSchema,
  deliveryZoneListQuerySchema,
  deliveryZoneListSchema,
  deliveryZoneParamsSchema,
  deliveryZoneSchema,
  updateDeliveryZoneRequestSchema,
} from '@shop/contract/delivery';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCachedBody } from '../../lib/http-cache';
import { currentAuth, requireStaff } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import { changeZone, createZone, zoneList, zoneListBody } from './delivery-zones.service';

/** Zones change rarely: browsers and proxies keep the list a minute, then revalidate by ETag. */
export const DELIVERY_ZONES_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

const staffErrors = {
  401: errorEnvelopeSchema.describe('Not signed in'),
  403: errorEnvelopeSchema.describe('Staff only'),
  404: errorEnvelopeSchema.describe('No such zone'),
  409: errorEnvelopeSchema.describe('The slug is taken'),
  422: errorEnvelopeSchema.describe('Invalid input: each bad field is named with the reason'),
};

/**
 * The delivery areas around Kampala with their fees and usual times: public for checkout, kept
 * by staff. Orders keep the zone's name and time they were placed with.
 */
const deliveryZonesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/delivery-zones/',
    {
      schema: {
        tags: ['delivery'],
        summary: 'Delivery zones with their fees and delivery times',
        description:
          `Public and cached (\`Cache-Control: ${DELIVERY_ZONES_CACHE_CONTROL}\`, ETag). With ` +
          '`include_inactive=true` (staff only) withdrawn zones are listed too, uncached.',
        querystring: deliveryZoneListQuerySchema,
        response: {
          200: deliveryZoneListSchema,
          304: z.null().describe('Not modified'),
          401: staffErrors[401],
          403: staffErrors[403],
        },
      },
    },
    async (request, reply) => {
      if (request.query.include_inactive) {
        await requireStaff(request);
        reply.header('cache-control', 'no-store');
        return zoneList(app.db, true);
      }
      return sendCachedBody(request, reply, await zoneListBody(app.db), 'application/json; charset=utf-8', {
        'cache-control': DELIVERY_ZONES_CACHE_CONTROL,
      });
    },
  );

  app.post(
    '/orders/delivery-zones/',
    {
      preValidation: requireStaff,
      schema: {
        tags: ['delivery'],
        summary: 'Add a delivery zone (staff)',
        security: [{ bearer: [] }],
        body: createDeliveryZoneRequestSchema,
        response: { 201: deliveryZoneSchema, ...staffErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await createZone(app.db, actorOf(currentAuth(request).user), request.body));
    },
  );

  app.patch(
    '/orders/delivery-zones/:id/',
    {
      preValidation: requireStaff,
      schema: {
        tags: ['delivery'],
        summary: 'Change a delivery zone’s name, areas, fee, time, order or availability (staff)',
        description: 'Orders already placed keep the zone name, time and fee they were placed with.',
        security: [{ bearer: [] }],
        params: deliveryZoneParamsSchema,
        body: updateDeliveryZoneRequestSchema,
        response: { 200: deliveryZoneSchema, ...staffErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return changeZone(app.db, actorOf(currentAuth(request).user), request.params.id, request.body);
    },
  );
};

export default deliveryZonesRoutes;
