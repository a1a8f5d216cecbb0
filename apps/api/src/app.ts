import crypto from 'node:crypto';
import type { Writable } from 'node:stream';
import compress from '@fastify/compress';
import websocket from '@fastify/websocket';
import { API_BASE_PATH } from '@shop/contract/constants';
import Fastify, {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { AppError } from './errors';
import { domainEventsPlugin } from './lib/domain-events';
import { encodableSerializerCompiler } from './lib/encodable-schema';
import { logRedaction } from './lib/log-redaction';
import auditRoutes from './modules/audit/audit.routes';
import cartPlugin from './modules/cart/cart.plugin';
import cartRoutes from './modules/cart/cart.routes';
import catalogPlugin from './modules/catalog/catalog.plugin';
import catalogRoutes from './modules/catalog/catalog.routes';
import catalogPages from './modules/catalog/catalog-pages';
import mediaRoutes from './modules/catalog/media/media.routes';
import photosRoutes from './modules/catalog/photos/photos.routes';
import catalogAdminPlugin from './modules/catalog-admin/catalog-admin.plugin';
import catalogAdminRoutes from './modules/catalog-admin/catalog-admin.routes';
import catalogBulkRoutes from './modules/catalog-admin/catalog-bulk.routes';
import companiesRoutes from './modules/companies/companies.routes';
import companyAccountsPlugin from './modules/companies/company-accounts.plugin';
import companyAccountsRoutes from './modules/companies/company-accounts.routes';
import consentsRoutes from './modules/consents/consents.routes';
import { backOfficeSearchRoutes } from './modules/dashboard/back-office-search.routes';
import { backOfficeWorkRoutes } from './modules/dashboard/back-office-work.routes';
import dashboardRoutes from './modules/dashboard/dashboard.routes';
import dataExportsPlugin from './modules/data-exports/data-exports.plugin';
import dataExportsRoutes from './modules/data-exports/data-exports.routes';
import deliveryPlugin from './modules/delivery/delivery.plugin';
import deliveryRoutes from './modules/delivery/delivery.routes';
import { discountCheckRoutes, discountCodesStaffRoutes } from './modules/discounts/discounts.routes';
import efrisGoodsPlugin from './modules/efris/efris.goods.plugin';
import { efrisGoodsAdminRoutes, efrisGoodsStaffRoutes } from './modules/efris/efris.goods.routes';
import efrisPlugin from './modules/efris/efris.plugin';
import { efrisQueueRoutes, efrisSettingsRoutes } from './modules/efris/efris.routes';
import devMailboxRoutes from './modules/email/dev-mailbox.routes';
import emailPlugin from './modules/email/email.plugin';
import outboxRoutes from './modules/email/outbox.routes';
import erasurePlugin from './modules/erasure/erasure.plugin';
import { erasureRoutes, erasureStaffRoutes } from './modules/erasure/erasure.routes';
import eventsPlugin from './modules/events/events.plugin';
import eventsRoutes from './modules/events/events.routes';
import eventsStaffRoutes from './modules/events/events-staff.routes';
import rsvpPaymentsRoutes from './modules/events/rsvp-payments.routes';
import giftsPlugin from './modules/gifts/gifts.plugin';
import giftsRoutes from './modules/gifts/gifts.routes';
import hampersRoutes from './modules/hampers/hampers.routes';
import healthRoutes from './modules/health/health.routes';
import identityRoutes from './modules/identity/identity.routes';
import newsletterCampaignsPlugin from './modules/newsletter/campaigns.plugin';
import newsletterCampaignsRoutes from './modules/newsletter/campaigns.routes';
import newsletterRoutes from './modules/newsletter/newsletter.routes';
import notificationsPlugin from './modules/notifications/notifications.plugin';
import notificationsRoutes from './modules/notifications/notifications.routes';
import deliveryZonesRoutes from './modules/orders/delivery-zones.routes';
import orderListsRoutes from './modules/orders/order-lists.routes';
import orderPaymentsRoutes from './modules/orders/order-payments.routes';
import ordersPlugin from './modules/orders/orders.plugin';
import ordersRoutes from './modules/orders/orders.routes';
import paymentsPlugin from './modules/payments/payments.plugin';
import paymentsRoutes from './modules/payments/payments.routes';
import sandboxRoutes from './modules/payments/sandbox.routes';
import { backOfficeAccessRoutes } from './modules/people/back-office-access.routes';
import {
  customersAdminRoutes,
  customersStaffRoutes,
  staffAccountsRoutes,
} from './modules/people/people.routes';
import privacyPlugin from './modules/privacy/privacy.plugin';
import { privacyAdminRoutes, privacyFactsRoutes, privacyStaffRoutes } from './modules/privacy/privacy.routes';
import profileRoutes from './modules/profile/profile.routes';
import refundsPlugin from './modules/refunds/refunds.plugin';
import { refundsCustomerRoutes, refundsDeskRoutes } from './modules/refunds/refunds.routes';
import reviewsRoutes, { reviewsStaffRoutes } from './modules/reviews/reviews.routes';
import riderPlugin from './modules/rider/rider.plugin';
import riderRoutes from './modules/rider/rider.routes';
import settingsPlugin from './modules/settings/settings.plugin';
import { settingsAdminRoutes, settingsPublicRoutes } from './modules/settings/settings.routes';
import smsPlugin from './modules/sms/sms.plugin';
import smsRoutes from './modules/sms/sms.routes';
import stockPlugin from './modules/stock/stock.plugin';
import stockRoutes from './modules/stock/stock.routes';
import wishlistPlugin from './modules/wishlist/wishlist.plugin';
import wishlistRoutes from './modules/wishlist/wishlist.routes';
import authPlugin from './plugins/auth';
import configPlugin from './plugins/config';
import csrfPlugin from './plugins/csrf';
import databasePlugin from './plugins/database';
import drain from './plugins/drain';
import errorHandler, { sendError } from './plugins/error-handler';
import handlersInFlight from './plugins/handlers-in-flight';
import inputSafety from './plugins/input-safety';
import jobsPlugin from './plugins/jobs';
import metricsPlugin from './plugins/metrics';
import openapi from './plugins/openapi';
import rateLimit from './plugins/rate-limit';
import security from './plugins/security';
import tracingPlugin from './plugins/tracing';
import webApp from './plugins/web-app';

export type AppDependencies = {
  config: Config;
  database: DatabaseHandle;
  /** Where the log goes (standard output unless given; tests capture it). */
  logStream?: Writable;
};

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,128}$/;

function loggerOptions(config: Config, logStream?: Writable): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  return {
    level: config.LOG_LEVEL,
    ...logRedaction,
    ...(logStream ? { stream: logStream } : {}),
  };
}

/**
 * A line per request (and per unknown route) only with LOG_REQUESTS: in a shop's normal traffic they
 * drown what matters. A request that failed is logged whatever the setting.
 */
class RequestLogController extends LogController {
  constructor(private readonly logRequests: boolean) {
    super();
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (this.logRequests) super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ) {
    if (error || this.logRequests) super.requestCompleted(error, request, reply, metadata);
  }

  override routeNotFound(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (this.logRequests) super.routeNotFound(request, reply, metadata);
  }
}

/**
 * Builds the application: external plugins first, then the app's own, then the routes. The
 * caller owns the database connection and the listening socket.
 */
export async function buildApp({ config, database, logStream }: AppDependencies) {
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    logController: new RequestLogController(config.LOG_REQUESTS),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT_BYTES,
    // A client may pass its own request id (for tracing across services) if it looks sane.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : crypto.randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    // A request that still reaches a stopping instance over a connection opened before the stop
    // is served (and its connection closed, see plugins/drain.ts), not refused with a 503: nginx
    // never passes a refused POST to another instance.
    return503OnClosing: false,
    // A URL that cannot be decoded (odd percent-escapes) is the client's error, in our envelope.
    frameworkErrors: (error, request, reply) => {
      sendError(
        request,
        reply,
        new AppError('bad_request', `The request could not be read: ${error.message}`),
      );
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(encodableSerializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Before anything registers a route: shutting down waits for running handlers.
  await app.register(handlersInFlight);
  await app.register(drain);
  // External plugins.
  await app.register(configPlugin, { config });
  // First of the hooks: a request's span holds everything that runs for it (TRACING_OTLP_URL).
  await app.register(tracingPlugin);
  await app.register(errorHandler);
  await app.register(inputSafety);
  await app.register(security);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(openapi);
  // Websockets (the notifications socket): small messages only; open sockets close with the app.
  await app.register(websocket, { options: { maxPayload: 4096 } });

  // The app's own plugins.
  await app.register(databasePlugin, { database });
  await app.register(domainEventsPlugin);
  // Before the plugins that report to it (jobs, catalog, e-mail, pages); /metrics is outside
  // /api/v1 and its rate limit, behind METRICS_TOKEN.
  await app.register(metricsPlugin);
  await app.register(jobsPlugin);
  await app.register(settingsPlugin);
  await app.register(catalogPlugin);
  await app.register(catalogAdminPlugin);
  await app.register(emailPlugin);
  await app.register(authPlugin);
  await app.register(csrfPlugin);
  await app.register(cartPlugin);
  // Payments before the modules that register what it can pay for (orders, events).
  await app.register(paymentsPlugin);
  await app.register(ordersPlugin);
  await app.register(deliveryPlugin);
  await app.register(riderPlugin);
  await app.register(notificationsPlugin);
  await app.register(eventsPlugin);
  await app.register(wishlistPlugin);
  await app.register(stockPlugin);
  await app.register(refundsPlugin);
  await app.register(smsPlugin);
  await app.register(giftsPlugin);
  await app.register(companyAccountsPlugin);
  await app.register(newsletterCampaignsPlugin);
  await app.register(dataExportsPlugin);
  await app.register(efrisPlugin);
  await app.register(efrisGoodsPlugin);
  await app.register(erasurePlugin);
  await app.register(privacyPlugin);

  // Routes: the API under /api/v1, rate limited, then the storefront.
  await app.register(
    async (api) => {
      await api.register(rateLimit);
      await api.register(healthRoutes);
      await api.register(catalogRoutes);
      await api.register(identityRoutes);
      await api.register(profileRoutes);
      await api.register(consentsRoutes);
      await api.register(dataExportsRoutes);
      await api.register(erasureRoutes);
      await api.register(erasureStaffRoutes);
      await api.register(privacyFactsRoutes);
      await api.register(privacyStaffRoutes);
      await api.register(privacyAdminRoutes);
      await api.register(eventsRoutes);
      await api.register(eventsStaffRoutes);
      await api.register(rsvpPaymentsRoutes);
      await api.register(cartRoutes);
      await api.register(ordersRoutes);
      await api.register(deliveryZonesRoutes);
      await api.register(deliveryRoutes);
      await api.register(riderRoutes);
      await api.register(giftsRoutes);
      await api.register(companiesRoutes);
      await api.register(companyAccountsRoutes);
      await api.register(notificationsRoutes);
      await api.register(wishlistRoutes);
      await api.register(reviewsRoutes);
      await api.register(reviewsStaffRoutes);
      await api.register(newsletterRoutes);
      await api.register(newsletterCampaignsRoutes);
      await api.register(paymentsRoutes);
      await api.register(orderPaymentsRoutes);
      await api.register(orderListsRoutes);
      await api.register(sandboxRoutes);
      await api.register(devMailboxRoutes);
      await api.register(auditRoutes);
      await api.register(outboxRoutes);
      await api.register(async (staffCatalog) => {
        // A staff change is answered once this instance's catalog index holds it, so the next
        // read of the person who made it shows it (decision 0027).
        // The change is committed by then: an index slow to catch up must not turn its answer into
        // an error that a client would retry (and so apply twice).
        staffCatalog.addHook('onSend', async (request, reply) => {
          if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
          await app.catalog.indexKeeper.caughtUp().catch((error: unknown) => {
            request.log.warn({ err: error }, 'catalog index behind a staff change it answers');
          });
        });
        await staffCatalog.register(catalogAdminRoutes);
        await staffCatalog.register(catalogBulkRoutes);
        await staffCatalog.register(photosRoutes);
        await staffCatalog.register(stockRoutes);
        await staffCatalog.register(hampersRoutes);
      });
      await api.register(refundsDeskRoutes);
      await api.register(refundsCustomerRoutes);
      await api.register(efrisSettingsRoutes);
      await api.register(efrisQueueRoutes);
      await api.register(efrisGoodsStaffRoutes);
      await api.register(efrisGoodsAdminRoutes);
      await api.register(discountCodesStaffRoutes);
      await api.register(discountCheckRoutes);
      await api.register(dashboardRoutes);
      await api.register(smsRoutes);
      await api.register(customersStaffRoutes);
      await api.register(customersAdminRoutes);
      await api.register(staffAccountsRoutes);
      await api.register(backOfficeAccessRoutes);
      await api.register(backOfficeWorkRoutes);
      await api.register(backOfficeSearchRoutes);
      await api.register(settingsPublicRoutes);
      await api.register(settingsAdminRoutes);
      api.get('/openapi.json', { schema: { hide: true }, config: { rateLimit: false } }, async () =>
        app.swagger(),
      );
    },
    { prefix: API_BASE_PATH },
  );
  await app.register(mediaRoutes);
  await app.register(webApp);
  await app.register(catalogPages);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
