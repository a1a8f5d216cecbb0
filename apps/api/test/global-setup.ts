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

/** CI may name a database for the run that does not exist yet: create it from `postgres`. */
async function ensureDatabaseExists(url: string) {
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    await probe.end();
  } catch (error) {
    await probe.end().catch(() => undefined);
    if ((error as { code?: string }).code !== '3D000') throw error;
    const name = new URL(url).pathname.slice(1);
    const server = new pg.Client({ connectionString: databaseUrl(url, 'postgres') });
    await server.connect();
    await server.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    await server.end();
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

  await ensureDatabaseExists(adminUrl);
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
