import { defineProject } from 'vitest/config';
import { packagesImportingReact, preactAliases } from './renderer.ts';

export default defineProject({
  // The renderer that ships: Preact (renderer.ts, decision 0022). A package's ES module build first
  // (Testing Library's `main` is CommonJS, whose require('react') the aliases do not reach).
  resolve: { alias: preactAliases, mainFields: ['module', 'main'] },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    setupFiles: ['src/test/setup.ts'],
    server: { deps: { inline: packagesImportingReact } },
    // Whole journeys through a page (render, type, click, answer) share two cores with the API
    // tests: 5 s was met on a quiet machine only. A test that hangs still fails, and each wait
    // inside a test keeps its own 5 s (asyncUtilTimeout in the setup).
    testTimeout: 20_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
