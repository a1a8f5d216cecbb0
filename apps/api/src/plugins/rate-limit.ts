import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { isInternalRequest } from '../lib/internal-request';

/** Limits each client address to RATE_LIMIT_MAX API requests per window. */
export default fp(
  async (app) => {
    await app.register(rateLimit, {
      max: app.config.RATE_LIMIT_MAX,
      timeWindow: app.config.RATE_LIMIT_WINDOW_MS,
      // A page rendered on the server asks the API in-process for its data (plugins/server-render).
      allowList: (request) => isInternalRequest(request.headers),
      errorResponseBuilder: () =>
        new AppError('rate_limited', 'Too many requests. Please wait a moment and try again.'),
    });
  },
  { name: 'rate-limit', dependencies: ['config', 'error-handler'] },
);
