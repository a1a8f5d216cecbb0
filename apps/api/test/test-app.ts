import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { type App, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { connectDatabase, type DatabaseHandle } from '../src/db/client';
import { createTestDatabase, type TestDatabase } from './test-database';

export type TestApp = {
  app: App;
  database: DatabaseHandle;
  testDatabase: TestDatabase;
  dataDir: string;
  close: () => Promise<void>;
};

/**
 * Builds the real app against a database of its own. Pass environment overrides to test a
 * setting; everything is torn down by `close`.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  /** Extra routes for tests of the app's plumbing (error handling, limits). */
  extend?: (app: App) => void,
  /** Where the app's log lines go (a test that reads them); none: nowhere at LOG_LEVEL silent. */
  logStream?: Writable,
): Promise<TestApp> {
  const testDatabase = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: testDatabase.url,
    RATE_LIMIT_MAX: '100000',
    // Tests change sessions and roles straight in the database and call at once, faster than a
    // NOTIFY arrives; session-cache.test.ts covers the cache with it on.
    SESSION_CACHE_TTL_MS: '0',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...env,
  });
  const database = connectDatabase(testDatabase.url, 5);
  const app = await buildApp({ config, database, ...(logStream ? { logStream } : {}) });
  extend?.(app);
  await app.ready();
  return {
    app,
    database,
    testDatabase,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      await testDatabase.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
