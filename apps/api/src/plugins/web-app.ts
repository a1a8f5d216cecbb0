import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { appRoutes, matchAppRoute } from '@shop/contract/pages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { defaultWebDistDir } from '../lib/paths';
import { sendError } from './error-handler';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** What a server-rendered page puts in its <head>, so a shared link shows the right preview. */
export type PageHead = {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  canonicalUrl: string;
  /** Absolute URL of the preview image. */
  imageUrl?: string;
  openGraphType?: 'website' | 'product';
  /** schema.org data, serialised into a JSON-LD script. */
  jsonLd?: Record<string, unknown>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers with the storefront's page shell, its <head> filled for this page. */
    sendPage: (
      request: FastifyRequest,
      reply: FastifyReply,
      page: { status: number; head?: PageHead },
    ) => FastifyReply;
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function headTags(head: PageHead): string {
  const meta = (attribute: string, key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`,
    meta('property', 'og:type', head.openGraphType ?? 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonicalUrl),
    ...(head.imageUrl ? [meta('property', 'og:image', head.imageUrl)] : []),
    meta('name', 'twitter:card', head.imageUrl ? 'summary_large_image' : 'summary'),
  ];
  if (head.jsonLd) {
    // `<` escaped so that no text in the data can close the script element.
    const json = JSON.stringify(head.jsonLd).replace(/</g, '\\u003c');
    tags.push(`<script type="application/ld+json">${json}</script>`);
  }
  return tags.join('\n    ');
}

/** The shell with its own <title> and description replaced by the page's. */
export function renderShell(shell: string, head: PageHead): string {
  return shell
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/>/, '')
    .replace('</head>', `  ${headTags(head)}\n  </head>`);
}

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
    const indexHtmlText = indexHtml.toString('utf8');
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

    const sendApp = (request: FastifyRequest, reply: FastifyReply, status: number, head?: PageHead) => {
      reply
        .status(status)
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8');
      if (request.method === 'HEAD') return reply.send('');
      // A page with its own head is compressed on the fly (by @fastify/compress).
      if (head) return reply.send(renderShell(indexHtmlText, head));
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding ? compressedHtml[encoding] : indexHtml);
    };
    app.decorate(
      'sendPage',
      (request: FastifyRequest, reply: FastifyReply, page: { status: number; head?: PageHead }) =>
        hasWebApp
          ? sendApp(request, reply, page.status, page.head)
          : sendError(
              request,
              reply,
              new AppError(404, 'not_found', 'The requested information could not be found.'),
            ),
    );

    // Every page but the signed-in ones, the payment round trip and the API may be indexed.
    const privatePaths = appRoutes
      .filter(
        (route) =>
          route.requiresAuth ||
          [
            'payment_return',
            'order_success',
            'reset_password',
            'newsletter_confirmation',
            'newsletter_unsubscribe',
          ].includes(route.name),
      )
      .map((route) => route.path.replace(/\/\$\w+$/, '/'));
    const robots = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      ...privatePaths.map((path) => `Disallow: ${path}`),
      `Sitemap: ${app.config.publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
    // A robots.txt shipped in the build (an older one) is served as a file instead.
    if (!fs.existsSync(path.join(distDir, 'robots.txt'))) {
      app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
        reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
      );
    }

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
