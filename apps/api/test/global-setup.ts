import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { runMigrations } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { databaseUrl } from './database-url';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

/**
 * Prepares one migrated template database for the whole run. Each test file then clones its
 * own database from it, so files run in parallel without seeing each other's rows.
 * TEST_DATABASE_URL (CI's PostgreSQL) is used when set; otherwise an embedded server starts.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let tempDir: string | undefined;

  if (!adminUrl) {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-pg-'));
    fs.chmodSync(tempDir, 0o755);
    const embedded = await startEmbeddedPostgres({
      dataDir: tempDir,
      password: 'test-only-password',
      log: { info: () => undefined, warn: (message) => console.warn(message) },
    });
    adminUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }

  const templateDatabase = `shop_template_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${templateDatabase}`);
  await admin.end();
  await runMigrations(databaseUrl(adminUrl, templateDatabase));

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${templateDatabase} WITH (FORCE)`);
    await client.end();
    await stopEmbedded?.();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  };
}
