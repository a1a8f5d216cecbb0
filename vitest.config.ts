import { defineConfig } from 'vitest/config';

const api = {
  root: 'apps/api',
  environment: 'node',
  globalSetup: ['test/global-setup.ts'],
  // Several files start the shop or its commands as child processes (cold TypeScript starts):
  // on a busy two-core machine one such test can take half a minute.
  testTimeout: 90_000,
  hookTimeout: 60_000,
  pool: 'forks',
} as const;

/**
 * One Vitest run covers the contract, the API (against real PostgreSQL) and the web components.
 * Vitest's default on two cores is a single worker; most API tests wait on PostgreSQL, so three
 * workers keep both cores busy. The fault-injection tests kill and restart databases and time the
 * recovery: they run last, one file at a time, with the machine to themselves.
 */
export default defineConfig({
  test: {
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          ...api,
          name: 'api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['test/faults/**', '**/node_modules/**'],
        },
      },
      {
        test: {
          ...api,
          name: 'api-faults',
          include: ['test/faults/**/*.test.ts'],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
