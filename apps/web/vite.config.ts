// A relative import: Vite bundles it into the config (the package itself exports TypeScript sources).

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { BRAND } from '../../packages/contract/src/brand.ts';

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

export default defineConfig({
  plugins: [react(), tailwindcss(), brandHtml()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // Building a zod schema has no side effect: a module-level schema nobody uses (such as the
        // contract's error envelope, next to failureMessage) can be dropped, keeping zod out of the
        // home page's JavaScript until a page that validates with it is opened.
        manualPureFunctions: ['z'],
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, ws: true },
      '/media': { target: apiTarget, ws: true },
    },
  },
  preview: { port: 4173 },
});
