import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { matchAppRoute } from '@shop/contract/pages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { defaultWebDistDir } from '../lib/paths';
import { sendError } from './error-handler';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built storefront from the same process as the API: hashed assets cached for a
 * year, everything else revalidated. A path that is a page of the shop gets the app with 200;
 * any other path gets the app's designed 404 page with a 404 status; unknown /api/ paths get
 * the JSON envelope.
 */
export default fp(
  async (app) => {
    const distDir = path.resolve(app.config.WEB_DIST_DIR ?? defaultWebDistDir);
    const indexFile = path.join(distDir, 'index.html');
    const hasWebApp = fs.existsSync(indexFile);
    const indexHtml = hasWebApp ? fs.readFileSync(indexFile) : Buffer.alloc(0);
    // The page shell is small and the same for every page: compress it once, serve it per
    // Accept-Encoding (it is below the on-the-fly compression threshold).
    const compressedHtml = {
      br: zlib.brotliCompressSync(indexHtml),
      gzip: zlib.gzipSync(indexHtml),
    };

    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root: distDir,
        prefix: '/',
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders: (res, filePath) => {
          const relative = path.relative(distDir, filePath);
          res.header(
            'cache-control',
            relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'public, max-age=3600, must-revalidate',
          );
        },
      });
    } else {
      app.log.warn(`No built storefront in ${distDir}; run \`npm run build\` to serve it from here`);
    }

    const sendApp = (request: FastifyRequest, reply: FastifyReply, status: number) => {
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
      const body = encoding ? compressedHtml[encoding] : indexHtml;
      reply
        .status(status)
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(request.method === 'HEAD' ? '' : body);
    };

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const wantsPage =
        hasWebApp &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !pathname.startsWith('/api/') &&
        pathname !== '/api';
      if (wantsPage) return sendApp(request, reply, matchAppRoute(pathname) ? 200 : 404);
      return sendError(
        request,
        reply,
        new AppError(404, 'not_found', 'The requested information could not be found.'),
      );
    });
  },
  { name: 'web-app', dependencies: ['config', 'error-handler'] },
);
