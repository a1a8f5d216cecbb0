import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { allowedOrigins } from '../lib/origins';

/**
 * Browser features the storefront never uses are switched off for the shop's pages and anything
 * they embed. The camera stays on for the shop's own pages: staff scan tickets at the door
 * (features/events, check-in), riders photograph a handover. So does the position, for the rider's
 * proof of delivery (asked only when the rider ticks it; issue 38). Mobile money goes through the server, not the Payment Request API.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=(self)',
  'payment=()',
  'usb=()',
  'serial=()',
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
 * The headers Helmet sets for these options, worked out once. They depend on nothing in the
 * request, and @fastify/helmet made Helmet's middleware anew for every request, parsing the
 * Content-Security-Policy each time (6 % of the server's CPU for a list page).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers (with a Permissions-Policy) with a Content-Security-Policy, and CORS for the
 * origins of lib/origins.ts (the shop's own, under each loopback name when local, and
 * CORS_ORIGINS). The shop's own pages are same-origin and need no CORS at all.
 */
export default fp(
  async (app) => {
    const securityHeaders = {
      ...helmetHeaders({
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
      }),
      'permissions-policy': PERMISSIONS_POLICY,
    };
    // On every answer, the 404s and errors included; a route may replace one (a picture's CSP).
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(securityHeaders);
      done();
    });

    const allowed = new Set(allowedOrigins(app.config));
    await app.register(cors, {
      origin: (origin, callback) => {
        // Requests without an Origin header are same-origin or not from a browser: they need no
        // CORS headers (false skips them; Vary: Origin is still sent).
        callback(null, origin !== undefined && allowed.has(origin));
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
