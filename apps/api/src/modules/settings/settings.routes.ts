import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  adminShopSettingsSchema,
  publicShopSettingsSchema,
  updateShopSettingsRequestSchema,
} from '@shop/contract/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireSection } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import { saveSettings } from './settings.service';

const security = [{ bearer: [] }];

/** The shop's settings as the storefront shows them: contact details, hours, thresholds (public). */
export const settingsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/',
    {
      schema: {
        tags: ['settings'],
        summary: 'The shop’s settings: contact details, opening hours, free-delivery threshold, minimum age…',
        description:
          'What the storefront shows in its footer, home and contact pages and uses at checkout. Changed by ' +
          'admins at `PUT /admin/settings/`; effective at once on every instance.',
        response: { 200: publicShopSettingsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return app.shopSettings.fields();
    },
  );
};

/** The settings form of the back office (admins only). */
export const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireSection('settings'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const denied = {
    401: errorEnvelopeSchema.describe('Not signed in'),
    403: errorEnvelopeSchema.describe('Admins only'),
  };

  app.get(
    '/admin/settings/',
    {
      schema: {
        tags: ['admin'],
        summary: 'The shop’s settings with their version and who saved last (admins)',
        security,
        response: { 200: adminShopSettingsSchema, ...denied },
      },
    },
    async () => app.shopSettings.current(),
  );

  app.put(
    '/admin/settings/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Save the shop’s settings (admins)',
        description:
          'Every setting, with the `version` the form was loaded at: a stale one is a 409 `conflict` naming who ' +
          'saved since and when. Effective at once on every instance (NOTIFY settings_changed). Audited ' +
          '(`settings.update`, the changed fields before → after).',
        security,
        body: updateShopSettingsRequestSchema,
        response: {
          200: adminShopSettingsSchema,
          ...denied,
          409: errorEnvelopeSchema.describe('Someone saved the settings after this form was loaded'),
          422: errorEnvelopeSchema.describe('Invalid settings: each bad field is named with the reason'),
        },
      },
    },
    async (request) => {
      const saved = await saveSettings(app.db, actorOf(currentAuth(request).user), request.body);
      app.shopSettings.refresh();
      return saved;
    },
  );
};
