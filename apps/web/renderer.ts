import { fileURLToPath } from 'node:url';

/**
 * The one renderer the storefront runs on, everywhere: Preact through preact/compat, in the dev
 * server, the component tests, the server renderer and the browser bundle (decision 0022). The app
 * and its libraries import `react`; these aliases make every such import Preact. Imported by
 * vite.config.ts and vitest.config.ts, so that the set is written once.
 */
export const preactAliases = [
  // CommonJS helpers that libraries import (the router's store, the charts): on Preact's hooks.
  { find: /^use-sync-external-store\/shim(?:\/index\.js)?$/, replacement: 'preact/compat' },
  {
    find: /^use-sync-external-store\/(?:shim\/)?with-selector(?:\.js)?$/,
    replacement: fileURLToPath(new URL('./src/lib/renderer/with-selector.ts', import.meta.url)),
  },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  // Testing Library's act(): Preact's, which flushes Preact's render queue and effects.
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * The packages that import React, in the component tests: Vitest runs a package's own files in
 * Node, where these aliases do not reach (a `require('react')` there would load React itself). Run
 * through Vite instead, each imports Preact. A package missing here shows as two renderers in one
 * test: the renderer test (src/test/renderer.test.tsx) fails.
 */
export const packagesImportingReact = [
  /[\\/]node_modules[\\/]@testing-library[\\/]react[\\/]/,
  /[\\/]node_modules[\\/]@tanstack[\\/]react-/,
  /[\\/]node_modules[\\/]react-hook-form[\\/]/,
  /[\\/]node_modules[\\/]@hookform[\\/]/,
  /[\\/]node_modules[\\/]sonner[\\/]/,
  /[\\/]node_modules[\\/]lucide-react[\\/]/,
  /[\\/]node_modules[\\/]recharts[\\/]/,
  /[\\/]node_modules[\\/]react-redux[\\/]/,
  /[\\/]node_modules[\\/]@reduxjs[\\/]toolkit[\\/]/,
  // Radix's primitives (menus, dialogs) and the helpers they import React through.
  /[\\/]node_modules[\\/]@radix-ui[\\/]/,
  /[\\/]node_modules[\\/]@floating-ui[\\/]react-dom[\\/]/,
  /[\\/]node_modules[\\/]react-remove-scroll(?:-bar)?[\\/]/,
  /[\\/]node_modules[\\/]react-style-singleton[\\/]/,
  /[\\/]node_modules[\\/]use-callback-ref[\\/]/,
  /[\\/]node_modules[\\/]use-sidecar[\\/]/,
];
