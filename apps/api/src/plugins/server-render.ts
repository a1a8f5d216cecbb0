import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppRouteName } from '@shop/contract/pages';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { INTERNAL_REQUEST_HEADER, INTERNAL_REQUEST_TOKEN } from '../lib/internal-request';

/*
 * The storefront's public pages rendered on the server (docs/decisions/0013): the web build's
 * server module (`apps/web/dist-server/entry-server.js`, next to the browser build) renders a page
 * from the router and the query cache, asking this API for the page's data in-process.
 */

/** What apps/web/src/entry-server.tsx exports. */
export type RenderPage = (input: {
  url: string;
  pageData?: unknown;
  fetch: typeof fetch;
  settings?: unknown;
}) => Promise<{ html: string; queriesJson: string } | null>;

/** The public pages, the same for every visitor (signed-in parts fill in in the browser). */
export const SERVER_RENDERED_ROUTES: ReadonlySet<AppRouteName> = new Set<AppRouteName>([
  'home',
  'products',
  'product_detail',
  'events',
  'event_detail',
  'about',
  'support',
  'privacy',
  'guide',
  'orders',
  'contact',
  'shipping',
  'returns',
  'faq',
  'terms',
  'cookies',
]);

/**
 * Pages whose rendered HTML is kept (plugins/page-cache.ts) until a change can have changed them:
 * the catalog's pages and the fixed content pages. The events pages show seats left, which change with every RSVP and
 * tell no cache: they are rendered on every request.
 */
export const CACHED_RENDERED_ROUTES: ReadonlySet<AppRouteName> = new Set<AppRouteName>(
  [...SERVER_RENDERED_ROUTES].filter((name) => name !== 'events' && name !== 'event_detail'),
);

/**
 * The route modules of pages (keys of Vite's manifest, see apps/web/src/app/router.tsx): a
 * rendered page needs its code before it is hydrated, so it is preloaded with the entry.
 */
export function routeModules(name: AppRouteName): string[] {
  switch (name) {
    case 'products':
      return ['src/features/catalog/routes/products.tsx'];
    case 'product_detail':
      return ['src/app/routes/product-detail.tsx'];
    case 'events':
      return ['src/features/events/routes/events.tsx', 'src/features/events/routes/loaders.ts'];
    case 'event_detail':
      return ['src/features/events/routes/event-detail.tsx', 'src/features/events/routes/loaders.ts'];
    case 'home':
      return [];
    default:
      return [`src/features/content/routes/${name}.tsx`];
  }
}

/** The renderer built next to `distDir` (`../dist-server/entry-server.js`), or undefined. */
export async function loadRenderer(distDir: string): Promise<RenderPage | undefined> {
  const file = path.join(distDir, '..', 'dist-server', 'entry-server.js');
  if (!fs.existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { renderPage?: RenderPage };
  return typeof module.renderPage === 'function' ? module.renderPage : undefined;
}

/**
 * A fetch answered by the API's own routes (`app.inject`), as an anonymous visitor: no cookie is
 * passed on, so nothing private can end up in a rendered page.
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    headers[INTERNAL_REQUEST_HEADER] = INTERNAL_REQUEST_TOKEN;
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as InjectOptions['method'],
      url: String(input),
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const contentType = answer.headers['content-type'];
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: typeof contentType === 'string' ? { 'content-type': contentType } : {},
    });
  };
}

/** The page shell with the rendered markup in #root. */
export function withRenderedRoot(shell: string, markup: string): string {
  return scriptsAfterPaint(shell).replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
}

/**
 * A rendered page is read, and its links work, before its JavaScript runs: its code (the app and
 * the page's chunks, 130–150 KB) is not preloaded with the HTML but listed in #page-modules, which
 * the entry (apps/web/src/main.tsx) preloads after the first paint. On a phone's slow connection the
 * HTML, the style sheet and the first screen's pictures then have the bandwidth to themselves.
 * Pages left to the browser keep their preloads: nothing shows without the app.
 */
export function scriptsAfterPaint(html: string): string {
  const files: string[] = [];
  const withoutPreloads = html.replace(
    /[ \t]*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\n?/g,
    (_tag, href: string) => {
      files.push(href);
      return '';
    },
  );
  if (files.length === 0) return html;
  // `<` escaped so that no file name could close the script element.
  const list = JSON.stringify(files).replace(/</g, '\\u003c');
  return withoutPreloads.replace(
    '</body>',
    () => `<script type="application/json" id="page-modules">${list}</script>\n  </body>`,
  );
}
