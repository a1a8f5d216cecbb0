import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  markAllReadResponseSchema,
  markReadResponseSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationParamsSchema,
  pushKeyResponseSchema,
  registerPushRequestSchema,
  registerPushResponseSchema,
} from '@shop/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireCustomer } from '../../plugins/auth';
import {
  getNotifications,
  readAllNotifications,
  readNotification,
  registerPushSubscription,
} from './notifications.service';
import { registerNotificationSocket } from './notifications.socket';

const errors = { 401: errorEnvelopeSchema, 422: errorEnvelopeSchema } as const;

/** docs/product.md section 7: the signed-in customer's notifications, push registration and websocket. */
const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications/',
    {
      preValidation: requireCustomer,
      schema: {
        tags: ['notifications'],
        summary: "The customer's notifications, newest first, with the unread count",
        security: [{ bearer: [] }],
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getNotifications(app.db, currentAuth(request).user.id, request.query);
    },
  );

  app.post(
    '/notifications/:id/mark_read/',
    {
      preValidation: requireCustomer,
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of your notifications read',
        security: [{ bearer: [] }],
        params: notificationParamsSchema,
        response: { 200: markReadResponseSchema, 404: errorEnvelopeSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readNotification(app.db, currentAuth(request).user.id, request.params.id);
    },
  );

  app.post(
    '/notifications/mark_all_read/',
    {
      preValidation: requireCustomer,
      schema: {
        tags: ['notifications'],
        summary: 'Mark all your notifications read',
        security: [{ bearer: [] }],
        response: { 200: markAllReadResponseSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readAllNotifications(app.db, currentAuth(request).user.id);
    },
  );

  app.post(
    '/notifications/register/',
    {
      preValidation: requireCustomer,
      schema: {
        tags: ['notifications'],
        summary:
          "Register this browser's Web Push subscription (token = the subscription's JSON, platform web)",
        security: [{ bearer: [] }],
        body: registerPushRequestSchema,
        response: { 200: registerPushResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await registerPushSubscription(app.db, currentAuth(request).user.id, request.body.token, {
        allowedHosts: app.config.WEB_PUSH_ENDPOINT_HOSTS,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return { registered: true as const, platform: request.body.platform };
    },
  );

  app.get(
    '/notifications/push_key/',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The VAPID public key browsers subscribe to Web Push with',
        response: { 200: pushKeyResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { public_key: app.notifications.vapid.publicKey };
    },
  );

  registerNotificationSocket(app, app.notifications.hub);
};

export default notificationsRoutes;
