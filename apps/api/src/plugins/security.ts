import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers with a Content-Security-Policy, and CORS for the origins allowed by
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
