import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { type AppRouteName, appRoutes, matchAppRoute, pageTitle } from '@shop/contract/pages';
import { publicShopSettingsSchema } from '@shop/contract/settings';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { encodedBody, etagMatches, pickEncoding, type SendableBody } from '../lib/http-cache';
import { defaultWebDistDir } from '../lib/paths';
import { parseChange } from '../modules/catalog/catalog-index-keeper';
import { sendError } from './error-handler';
import { type CachedPage, type ChangedProduct, PageCache, type PageDependencies } from './page-cache';
import {
  CACHED_RENDERED_ROUTES,
  injectFetch,
  loadRenderer,
  routeModules,
  SERVER_RENDERED_ROUTES,
  withRenderedRoot,
} from './server-render';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Scripts, style sheets and fonts are only ever loaded by a page: the page's own headers govern
 * them (its Content-Security-Policy, framing, referrer, permissions), and on these files the
 * browser ignores those headers. Sent anyway, they were 900 of each file's 1,360 bytes of
 * headers: 11 KB of a phone's first visit over HTTP/1.1 (12 script files). `nosniff` and the
 * resource policy do apply to them and stay. Pictures (an SVG opened on its own is a document),
 * the service worker (its CSP is its own) and HTML keep every header.
 */
const SUBRESOURCE_PATH = /^\/assets\/[^/?]+\.(?:js|css|woff2?)(?:\?|$)/;
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

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

/** What lets a page's first screen paint without waiting for the app to ask the API. */
export type PageBoot = {
  /** Public data of the first screen, as JSON text; the app reads it from #page-data at start. */
  dataJson?: string;
  /** The first screen's main picture, fetched together with the app's code. */
  preloadImage?: string;
  /**
   * …or, when it is an uploaded photo, its AVIF srcset and the `sizes` it is shown at: the browser
   * preloads the very file its `<picture>` picks (browsers without AVIF skip it by its type).
   */
  preloadPicture?: { srcset: string; sizes: string };
  /**
   * The page's own code, split from the entry (keys of Vite's manifest, e.g.
   * `src/features/catalog/routes/products.tsx`): preloaded with the entry rather than after it runs.
   */
  modules?: string[];
};

/** Vite's build manifest (`.vite/manifest.json`): each source module's chunk and its static imports. */
type ViteManifest = Record<string, { file: string; imports?: string[] }>;

function readManifest(distDir: string): ViteManifest {
  try {
    return JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  } catch {
    return {};
  }
}

/** The files of the modules' chunks and of every chunk they import, each once. */
export function chunkFiles(manifest: ViteManifest, keys: string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files];
}

/**
 * A page of the shop: its status, and optionally its own head, first-screen data, and what it shows
 * of the catalog (when rendered and kept; by default any catalog change drops it).
 */
export type PageOptions = {
  status: number;
  head?: PageHead;
  boot?: PageBoot;
  dependencies?: PageDependencies;
};

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Answers with the page kept for this URL, if any (before the handler reads the page's data: a
     * kept page is dropped whenever what it shows changes); else undefined.
     */
    sendKeptPage: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;
    /** Answers with the storefront's page shell, its <head> filled for this page. */
    sendPage: (request: FastifyRequest, reply: FastifyReply, page: PageOptions) => Promise<FastifyReply>;
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

/**
 * JSON text that can sit inside a <script> element: `<`, `>` and `&` (which could close the element
 * or open a comment) and the line separators U+2028/U+2029 are written as \u escapes. Outside
 * strings JSON has none of these characters, so the data reads back the same.
 */
export function scriptSafeJson(json: string): string {
  return json.replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The shell with its own <title> and description replaced by the page's. */
export function renderShell(shell: string, head: PageHead): string {
  return (
    shell
      .replace(/<title>[\s\S]*?<\/title>/, '')
      .replace(/<meta\s+name="description"[\s\S]*?\/>/, '')
      // A replacer function: `$&` or `$'` in a product's text must not be read as replacement patterns.
      .replace('</head>', () => `  ${headTags(head)}\n  </head>`)
  );
}

/**
 * The shell for one page: its head, the preloads of its main picture and of its code (files of
 * `moduleFiles` the shell does not already load), and its first screen's data.
 */
export function renderPage(
  shell: string,
  { head, boot }: Pick<PageOptions, 'head' | 'boot'>,
  moduleFiles: string[] = [],
): string {
  let html = head ? renderShell(shell, head) : shell;
  const preloads = moduleFiles
    .filter((file) => !shell.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`);
  if (boot?.preloadPicture) {
    preloads.unshift(
      `<link rel="preload" as="image" type="image/avif" imagesrcset="${escapeHtml(boot.preloadPicture.srcset)}" ` +
        `imagesizes="${escapeHtml(boot.preloadPicture.sizes)}" fetchpriority="high" />`,
    );
  } else if (boot?.preloadImage) {
    preloads.unshift(
      `<link rel="preload" as="image" href="${escapeHtml(boot.preloadImage)}" fetchpriority="high" />`,
    );
  }
  if (preloads.length > 0) html = html.replace('</head>', () => `  ${preloads.join('\n    ')}\n  </head>`);
  if (boot?.dataJson !== undefined) {
    const data = `<script type="application/json" id="page-data">${scriptSafeJson(boot.dataJson)}</script>`;
    html = html.replace('</body>', () => `  ${data}\n  </body>`);
  }
  return html;
}

/**
 * Pages rendered with their own head or data, each distinct text kept with its compressed forms
 * (lib/http-cache). A page's text changes only with the catalog, so the home page, /products and
 * the popular bottles are compressed once per catalog change rather than on every request. The
 * oldest go first.
 */
export class RenderedPages {
  private readonly pages = new Map<string, Pick<SendableBody, 'body' | 'encoded'>>();

  constructor(private readonly maxPages = 200) {}

  get size(): number {
    return this.pages.size;
  }

  /** The page's text, compressed when an encoding is given. */
  encoded(html: string, encoding: 'br' | 'gzip' | undefined): Buffer | string {
    let page = this.pages.get(html);
    if (!page) {
      if (this.pages.size >= this.maxPages) this.pages.delete(this.pages.keys().next().value as string);
      page = { body: html };
      this.pages.set(html, page);
    }
    return encoding ? encodedBody(page, encoding) : page.body;
  }
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
    const manifest = hasWebApp ? readManifest(distDir) : {};
    // The page shell is small and the same for every page: compress it once, serve it per
    // Accept-Encoding (it is below the on-the-fly compression threshold).
    const compressedHtml = {
      br: zlib.brotliCompressSync(indexHtml),
      gzip: zlib.gzipSync(indexHtml),
    };
    const renderedPages = new RenderedPages();
    // The public pages rendered on the server, when the web build has its server module.
    const renderer = hasWebApp ? await loadRenderer(distDir) : undefined;
    const rendererFetch = injectFetch(app);
    // The rendered pages by URL, compressed, within a byte budget (plugins/page-cache.ts).
    const pageCache = new PageCache(app.config.PAGE_CACHE_MAX_BYTES);
    app.metrics.watchCache('rendered_pages', () => pageCache);
    const rendering = new Map<string, Promise<{ html: string; page: CachedPage } | undefined>>();
    app.onCatalogChange((reason) => {
      const { ids } = parseChange(reason);
      if (ids === null) return pageCache.clear();
      pageCache.dropProducts(ids);
      // The changed products as they are now: one may have come among a page's related products.
      app.pool
        .query<ChangedProduct>(
          `SELECT p.id, p.category_id AS "categoryId", p.price FROM products p
           JOIN categories c ON c.id = p.category_id WHERE p.id = ANY($1) AND p.listed AND c.is_active`,
          [ids],
        )
        .then(
          ({ rows }) => pageCache.dropWindows(rows),
          (error: unknown) => {
            app.log.warn({ err: error }, 'rendered pages dropped: the changed products could not be read');
            pageCache.clear();
          },
        );
    });
    // …and with the shop's settings (footer, hours, thresholds are in every page).
    app.shopSettings.onChange(() => pageCache.clear());
    // The settings as `GET /settings/` answers them, made once per change: every render carries them.
    let publicSettings: { source: unknown; value: unknown } | undefined;
    const settingsForPages = async () => {
      const current = await app.shopSettings.current();
      if (publicSettings?.source !== current) {
        const fields = await app.shopSettings.fields();
        publicSettings = {
          source: current,
          value: JSON.parse(JSON.stringify(publicShopSettingsSchema.parse(fields))),
        };
      }
      return publicSettings.value;
    };

    if (hasWebApp) {
      // In a scope of their own, so that the hook below runs for the built files only.
      await app.register(async (builtFiles) => {
        builtFiles.addHook('onSend', (request, reply, payload, done) => {
          const hashed = request.url.startsWith('/assets/');
          reply.header('cache-control', hashed ? IMMUTABLE : 'public, max-age=3600, must-revalidate');
          if (SUBRESOURCE_PATH.test(request.url)) {
            for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
          }
          done(null, payload);
        });
        await builtFiles.register(fastifyStatic, {
          root: distDir,
          prefix: '/',
          wildcard: false,
          index: false,
          preCompressed: true,
          cacheControl: false,
        });
      });
    } else {
      app.log.warn(`No built storefront in ${distDir}; run \`npm run build\` to serve it from here`);
    }

    /** The page rendered into the shell, or undefined when it is left to the browser. */
    const renderApp = async (
      request: FastifyRequest,
      routeName: AppRouteName,
      { head, boot }: Pick<PageOptions, 'head' | 'boot'>,
    ): Promise<string | undefined> => {
      if (!renderer) return undefined;
      try {
        const rendered = await renderer({
          url: request.url,
          pageData: boot?.dataJson === undefined ? undefined : JSON.parse(boot.dataJson),
          fetch: rendererFetch,
          settings: await settingsForPages(),
        });
        if (!rendered) return undefined;
        const modules = [...(boot?.modules ?? []), ...routeModules(routeName)];
        let html = renderPage(
          indexHtmlText,
          { head, boot: { ...boot, dataJson: `{"queries":${rendered.queriesJson}}` } },
          chunkFiles(manifest, modules),
        );
        if (!head) {
          html = html.replace(
            /<title>[\s\S]*?<\/title>/,
            () => `<title>${escapeHtml(pageTitle(routeName))}</title>`,
          );
        }
        return withRenderedRoot(html, rendered.html);
      } catch (error) {
        request.log.warn({ err: error }, 'page served without its server rendering');
        return undefined;
      }
    };

    /** A kept page, answered from its compressed form (304 when the browser's copy is current). */
    const sendKept = (
      request: FastifyRequest,
      reply: FastifyReply,
      page: CachedPage,
      encoding: 'br' | 'gzip' | undefined,
      html: () => string,
    ) => {
      reply.header('etag', page.etag);
      if (etagMatches(request.headers['if-none-match'], page.etag)) {
        reply.removeHeader('content-encoding');
        return reply.status(304).send();
      }
      if (encoding === 'br') return reply.send(page.br);
      if (encoding === 'gzip') return reply.send(pageCache.gzip(request.url, page, html));
      return reply.send(html());
    };
    const decompressed = (page: CachedPage) => () => zlib.brotliDecompressSync(page.br).toString('utf8');

    const pageHeaders = (reply: FastifyReply, status: number) =>
      reply
        .status(status)
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8');

    app.decorate('sendKeptPage', (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method !== 'GET') return undefined;
      const hit = pageCache.get(request.url);
      // A miss is counted where the page is then rendered (sendApp).
      if (!hit) return undefined;
      pageCache.hits += 1;
      const encoding = pickEncoding(request.headers['accept-encoding']);
      pageHeaders(reply, 200);
      if (encoding) reply.header('content-encoding', encoding);
      return sendKept(request, reply, hit, encoding, decompressed(hit));
    });

    const sendApp = async (
      request: FastifyRequest,
      reply: FastifyReply,
      { status, head, boot, dependencies }: PageOptions,
    ) => {
      pageHeaders(reply, status);
      if (request.method === 'HEAD') return reply.send('');
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const route = status === 200 ? matchAppRoute(request.url.split('?')[0] ?? '/') : undefined;
      const routeName =
        route && SERVER_RENDERED_ROUTES.has(route.name as AppRouteName)
          ? (route.name as AppRouteName)
          : undefined;
      const kept = routeName !== undefined && renderer !== undefined && CACHED_RENDERED_ROUTES.has(routeName);
      if (encoding) reply.header('content-encoding', encoding);
      if (kept) {
        const hit = pageCache.get(request.url);
        if (hit) {
          pageCache.hits += 1;
          return sendKept(request, reply, hit, encoding, decompressed(hit));
        }
        pageCache.misses += 1;
        // Rendered once however many ask for it at the same time.
        let pending = rendering.get(request.url);
        if (!pending) {
          const mark = pageCache.mark();
          pending = renderApp(request, routeName, { head, boot }).then((html) =>
            html === undefined
              ? undefined
              : { html, page: pageCache.set(request.url, html, dependencies ?? { kind: 'catalog' }, mark) },
          );
          rendering.set(request.url, pending);
          const url = request.url;
          const forget = () => rendering.delete(url);
          pending.then(forget, forget);
        }
        const rendered = await pending;
        if (rendered) return sendKept(request, reply, rendered.page, encoding, () => rendered.html);
      } else if (routeName !== undefined) {
        const html = await renderApp(request, routeName, { head, boot });
        // Rendered for this request alone (seats left change with every RSVP): compressed quickly.
        if (html !== undefined)
          return reply.send(encoding ? encodedBody({ body: html, once: true }, encoding) : html);
      }
      if (head || boot) {
        const moduleFiles = chunkFiles(manifest, boot?.modules ?? []);
        return reply.send(
          renderedPages.encoded(renderPage(indexHtmlText, { head, boot }, moduleFiles), encoding),
        );
      }
      return reply.send(encoding ? compressedHtml[encoding] : indexHtml);
    };
    app.decorate('sendPage', async (request: FastifyRequest, reply: FastifyReply, page: PageOptions) =>
      hasWebApp
        ? sendApp(request, reply, page)
        : sendError(
            request,
            reply,
            new AppError('not_found', 'The requested information could not be found.'),
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
            'gift',
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
      if (wantsPage) return sendApp(request, reply, { status: matchAppRoute(pathname) ? 200 : 404 });
      return sendError(
        request,
        reply,
        new AppError('not_found', 'The requested information could not be found.'),
      );
    });
  },
  { name: 'web-app', dependencies: ['config', 'error-handler', 'catalog', 'settings'] },
);
