import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Browser features the storefront never uses are switched off for the shop's pages and anything
 * they embed. The camera stays on for the shop's own pages: staff scan tickets at the door
 * (features/events, check-in). Mobile money goes through the server, not the Payment Request API.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'screen-wake-lock=()',
  'xr-spatial-tracking=()',
  'publickey-credentials-get=()',
  'browsing-topics=()',
].join(', ');

/**
 * Security headers (with a Permissions-Policy) with a Content-Security-Policy, and CORS for the origins allowed by
 * CORS_ORIGINS. The shop's own pages are same-origin and need no CORS at all.
 */
export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          scriptSrc: ["'self'"],
          // Toast and dialog libraries inject small style elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          upgradeInsecureRequests:
            app.config.NODE_ENV === 'production' && app.config.publicUrl.startsWith('https:') ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: app.config.publicUrl.startsWith('https:'),
    });

    app.addHook('onSend', async (_request, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    });

    const allowed = new Set([app.config.publicUrl, ...app.config.CORS_ORIGINS]);
    await app.register(cors, {
      origin: (origin, callback) => {
        // Requests without an Origin header are same-origin or not from a browser.
        callback(null, origin === undefined || allowed.has(origin));
      },
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowedHeaders: [
        'Content-Type',
        'Authorization',
        'X-Platform',
        'X-App-Version',
        'X-CSRF-Token',
        'Idempotency-Key',
      ],
      exposedHeaders: ['X-Request-Id', 'ETag', 'Retry-After'],
      maxAge: 600,
    });
  },
  { name: 'security', dependencies: ['config'] },
);
