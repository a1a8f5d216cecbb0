// A relative import: Vite bundles it into the config (the package itself exports TypeScript sources).

import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import type { ChunkingContext, LogLevel, LogOrStringHandler, RolldownLog } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { BRAND } from '../../packages/contract/src/brand.ts';
import { preactAliases } from './renderer.ts';

/** The API the dev server forwards to (`npm run dev` starts it on this port). */
const apiTarget = 'http://127.0.0.1:3001';

/** Fills index.html's %BRAND_…% placeholders from the contract, where the brand is one setting. */
function brandHtml(): Plugin {
  const values: Record<string, string> = {
    BRAND_NAME: BRAND.name,
    BRAND_TAGLINE: BRAND.tagline,
    BRAND_PHONE: BRAND.phone,
  };
  return {
    name: 'shop-brand-html',
    transformIndexHtml: (html) =>
      html.replace(/%(BRAND_[A-Z]+)%/g, (match, key: string) => values[key] ?? match),
  };
}

/** The app, loaded by the entry (main.tsx): after the first paint on a server-rendered page. */
const appModule = fileURLToPath(new URL('./src/boot.tsx', import.meta.url));
/** The app's own code, which boot.tsx imports after the libraries it builds on. */
const startModule = fileURLToPath(new URL('./src/start.tsx', import.meta.url));

/**
 * Preloads the app's chunks in the page shell, as if the entry imported it: a page left to the
 * browser starts the app at once. The server takes these preloads out of a rendered page, whose
 * entry fetches the app after the first paint (see main.tsx).
 */
function preloadApp(): Plugin {
  return {
    name: 'shop-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) => {
        if (!bundle) return html;
        const app = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.facadeModuleId === appModule,
        );
        if (app?.type !== 'chunk') throw new Error('The build has no chunk for src/boot.tsx');
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const output = bundle[fileName];
          if (files.has(fileName) || output?.type !== 'chunk') return;
          files.add(fileName);
          for (const imported of output.imports) visit(imported);
        };
        visit(app.fileName);
        // The parts the app's entry imports one after the other (see firstPageChunks), downloaded together.
        for (const part of app.dynamicImports) visit(part);
        return [
          // Where main.tsx finds the app (a plain import() of it would make Vite's preload helper,
          // which is in the app's chunk, a static import of the entry).
          {
            tag: 'meta',
            attrs: { name: 'app-module', content: `/${app.fileName}` },
            injectTo: 'head' as const,
          },
          ...[...files]
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head' as const,
            })),
        ];
      },
    },
  };
}

/** Vite's helper for the preloads of a dynamic import, imported by the app's entry (boot.tsx). */
const preloadHelper = /^\0?vite\/preload-helper/;

/** The libraries the app is built on, which boot.tsx imports a task before the app itself. */
const librariesModule = fileURLToPath(new URL('./src/libraries.ts', import.meta.url));

/** The chunk of a part the app's entry imports: "libraries" (libraries.ts), or "app" (start.tsx). */
function partName(moduleId: string): string {
  return moduleId === librariesModule ? 'libraries' : 'app';
}

/**
 * The modules the app imports, in one chunk per part that its entry (boot.tsx) imports and evaluates
 * in a task of its own: the libraries ("libraries": Preact, TanStack's router and query cache), then
 * the app itself ("app"), each part taking what the earlier ones have not. Left to itself the bundler
 * gives every set of pages that shares code a chunk of its own, and the first page loaded a score of
 * tiny ones (an icon, a hook), each a request that waits its turn among the browser's six
 * connections. zod and the modules that build schemas with it are left out: their schemas are
 * dropped from the first page (see pureZodSchemas), but a whole module would carry them, and zod
 * with them, into it. So is Vite's preload helper, which the entry imports: in a part's chunk it
 * would make the entry evaluate that part before its first line: it has a (tiny) chunk of its own.
 */
function firstPageChunks() {
  let parts: Map<string, string> | undefined;
  const partOf = (moduleId: string, context: ChunkingContext) => {
    if (!parts) {
      const usesZod = (id: string) =>
        /[\\/]node_modules[\\/]zod[\\/]/.test(id) ||
        (context.getModuleInfo(id)?.importedIds ?? []).some((imported) =>
          /[\\/]node_modules[\\/]zod[\\/]|^zod$/.test(imported),
        );
      const found = new Map<string, string>();
      for (const part of context.getModuleInfo(appModule)?.dynamicallyImportedIds ?? []) {
        const name = partName(part);
        const queue = [part];
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (found.has(id) || usesZod(id) || preloadHelper.test(id) || id === appModule) continue;
          found.set(id, name);
          queue.push(...(context.getModuleInfo(id)?.importedIds ?? []));
        }
      }
      if (found.get(startModule) !== 'app') throw new Error('boot.tsx does not import start.tsx');
      parts = found;
    }
    return parts.get(moduleId);
  };
  // A group takes the modules its modules import too: the earlier parts' groups come first (a higher
  // priority), so that the app's does not take Preact or the router with it.
  const groups = ['libraries', 'app'].map((name, index, names) => ({
    name: (moduleId: string, context: ChunkingContext) => (partOf(moduleId, context) === name ? name : null),
    debugName: name,
    priority: names.length - index + 1,
  }));
  // The preload helper in a chunk of its own, before any part's group can take it.
  return [{ name: 'preload-helper', test: preloadHelper, priority: groups.length + 2 }, ...groups];
}

/**
 * The server renderer (`vite build --ssr src/entry-server.tsx`, see entry-server.tsx): the module
 * the API imports at start-up, kept out of dist so that it is never served. Code reached only
 * through a lazy import stays in chunks of its own beside it: the back office's charts (recharts)
 * are never rendered on the server, and loading them anyway cost the server 8 MB of heap.
 */
const serverBuild = {
  outDir: 'dist-server',
  emptyOutDir: true,
  sourcemap: false,
  copyPublicDir: false,
  rolldownOptions: { onLog: buildLogs },
} as const;

/**
 * The public events pages' shared modules (their queries, labels and cards), in one chunk that the
 * list's route loads. Left to the bundler, /events loaded eight chunks of 1–2 KB besides the entry, each
 * a request on a phone's slow connection (Lighthouse counted them before the first paint). Modules
 * other pages use too (the page shell, Kampala time) stay out: those pages would load this chunk.
 */
const eventsPagesModules =
  /[\\/]src[\\/]features[\\/]events[\\/](api[\\/](get-events|get-event|event-keys)|lib[\\/](event-display|events-search)|components[\\/](event-badges|event-card)|routes[\\/]loaders)\.tsx?$|[\\/]contract[\\/]src[\\/]event-labels\.ts$/;

/**
 * Marks the shop's zod schema builders (`z.object(…)`, `z.string().min(1)`…) as calls without
 * effects (a `@__PURE__` annotation), in the shop's own modules only: a module-level schema nobody
 * uses (such as the contract's error envelope, next to failureMessage) is then dropped, keeping zod
 * out of the home page's JavaScript until a page that validates with it is opened. (Rolldown's
 * `manualPureFunctions: ['z']` did this by name in every module, and dropped the calls of a
 * minified library's own `z`: Preact's, which sets a style property, was one.)
 */
function pureZodSchemas(): Plugin {
  const shopModule = /[\\/](?:apps[\\/]web[\\/]src|packages[\\/]contract[\\/]src)[\\/][^?]*\.tsx?$/;
  // `z.` where an expression starts (not `x.z.` or `fooz.`); `z.config` sets zod's options, an effect.
  const builderCall = /(?<![\w$.])z\.(?!config\b)(?=[a-zA-Z]+(?:\.[a-zA-Z]+)?\()/g;
  return {
    name: 'shop-pure-zod-schemas',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!shopModule.test(id) || !code.includes('z.')) return null;
      return { code: code.replace(builderCall, '/* @__PURE__ */ z.'), map: null };
    },
  };
}

/**
 * Two logs that are not faults a newcomer should read in the build's output; every other passes:
 * - TanStack Router reads `React.use` and falls back when it is missing, as it is in preact/compat:
 *   "import will always be undefined" for that one name is the fallback working.
 * - "use client" at the top of a library's module marks it for React Server Components, which this
 *   shop does not use: the bundler saying it drops the marker changes nothing (React's Vite plugin,
 *   gone with decision 0022, used to silence it).
 */
function buildLogs(level: LogLevel, log: RolldownLog, handler: LogOrStringHandler) {
  const routerReadsUse =
    log.code === 'IMPORT_IS_UNDEFINED' &&
    /Import `use` /.test(log.message) &&
    /[\\/]preact[\\/]compat[\\/]/.test(log.message) &&
    /[\\/]@tanstack[\\/]react-router[\\/]/.test(log.id ?? log.message);
  const clientDirective = log.code === 'MODULE_LEVEL_DIRECTIVE' && /"use client"/.test(log.message);
  if (!routerReadsUse && !clientDirective) handler(level, log);
}

const browserBuild = {
  outDir: 'dist',
  emptyOutDir: true,
  sourcemap: false,
  // Read by the server (apps/api web-app plugin) to preload a page's own chunks with the entry.
  manifest: true,
  rolldownOptions: {
    // The page and the app: the entry imports the app by the URL the page names (see preloadApp).
    input: [fileURLToPath(new URL('./index.html', import.meta.url)), appModule],
    onLog: buildLogs,
    output: {
      codeSplitting: { groups: [...firstPageChunks(), { name: 'events', test: eventsPagesModules }] },
    },
  },
};

/**
 * The app runs on Preact (preact/compat) in React's place, in the dev server, the component tests
 * and both builds (renderer.ts, decisions 0018 and 0022). JSX is compiled by Vite itself (the React
 * plugin's Fast Refresh patches React's internals, which Preact has not: a change reloads the page).
 */
export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [tailwindcss(), brandHtml(), preloadApp(), pureZodSchemas()],
  resolve: { alias: preactAliases },
  build: isSsrBuild ? serverBuild : browserBuild,
  // Built: every package is bundled into the server renderer, so that each imports Preact through
  // the aliases (an external one would import React). Only the icons the shop uses are loaded
  // (importing lucide-react whole made 1,500 icon components: 7 MB of the server's heap).
  ssr: { noExternal: command === 'build' ? true : ['lucide-react'] },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, ws: true },
      '/media': { target: apiTarget, ws: true },
    },
  },
  preview: { port: 4173 },
}));
