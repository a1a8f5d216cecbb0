import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { type App, buildApp } from './app';
import { loadConfig } from './config';
import { connectDatabase, type DatabaseHandle } from './db/client';

type Harness = { app: App; lines: string[]; close: () => Promise<void> };

const testDatabases: TestDatabase[] = [];
afterAll(async () => {
  for (const testDatabase of testDatabases) await testDatabase.drop();
});

/** The app at LOG_LEVEL=info, as `npm start` runs it, with its log captured line by line. */
async function startApp(environment: Record<string, string>): Promise<Harness> {
  const testDatabase = await createTestDatabase();
  testDatabases.push(testDatabase);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-request-log-'));
  const lines: string[] = [];
  const capture = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      callback();
    },
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    DATABASE_URL: testDatabase.url,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...environment,
  });
  const database: DatabaseHandle = connectDatabase(testDatabase.url, 2);
  const app = await buildApp({ config, database, logStream: capture });
  app.get('/api/v1/test/explode/', async () => {
    throw new Error('the handler failed');
  });
  await app.ready();
  return {
    app,
    lines,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const deprecations: string[] = [];
process.on('warning', (warning) => {
  if (warning.name === 'DeprecationWarning' || /^FSTDEP/.test(String((warning as { code?: string }).code))) {
    deprecations.push(warning.message);
  }
});

const messages = (lines: string[]) => lines.map((line) => JSON.parse(line).msg as string);

describe('request logging', () => {
  it('is off by default: served requests leave no line, a failure always does', async () => {
    const harness = await startApp({});
    try {
      harness.lines.length = 0;
      for (let i = 0; i < 5; i++) {
        expect((await harness.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
      }
      expect(messages(harness.lines)).not.toContain('incoming request');
      expect(messages(harness.lines)).not.toContain('request completed');

      const failed = await harness.app.inject({ method: 'GET', url: '/api/v1/test/explode/' });
      expect(failed.statusCode).toBe(500);
      const errorLines = harness.lines.map((line) => JSON.parse(line)).filter((line) => line.level >= 50);
      expect(errorLines.length).toBeGreaterThan(0);
      expect(JSON.stringify(errorLines)).toContain('the handler failed');
    } finally {
      await harness.close();
    }
  });

  it('LOG_REQUESTS=true logs each request and its completion', async () => {
    const harness = await startApp({ LOG_REQUESTS: 'true' });
    try {
      harness.lines.length = 0;
      expect((await harness.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
      expect(messages(harness.lines)).toEqual(
        expect.arrayContaining(['incoming request', 'request completed']),
      );
    } finally {
      await harness.close();
    }
  });

  it("leaves Prometheus's scrapes of /metrics out of the request log, even with LOG_REQUESTS=true", async () => {
    const token = 'request-log-metrics-token-0123456789';
    const harness = await startApp({ LOG_REQUESTS: 'true', METRICS_TOKEN: token });
    try {
      harness.lines.length = 0;
      const scrape = await harness.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(scrape.statusCode).toBe(200);
      expect(harness.lines).toEqual([]);
      // The token never reaches the log, whatever the level.
      expect(harness.lines.join('\n')).not.toContain(token);
    } finally {
      await harness.close();
    }
  });

  it('is set up without a deprecated option', () => {
    expect(deprecations).toEqual([]);
  });

  it('refuses a LOG_REQUESTS that is not a yes or no, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', LOG_REQUESTS: 'sometimes' })).toThrow(/LOG_REQUESTS/);
  });
});
