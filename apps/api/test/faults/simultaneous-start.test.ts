import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { findFreePort } from '../../src/lib/net';
import { migrationsFolder } from '../../src/lib/paths';
import { databaseUrl } from '../database-url';
import { type ShopProcess, startShop } from './shop-process';

/**
 * Two instances started at the same instant on an empty database (as after a deploy to a new
 * server, or systemd starting every instance at boot): the schema is migrated once, pg-boss is
 * installed once and its queues created once, and neither instance logs an error or a retry.
 * Before the queues' creation was serialized, one of them logged `deadlock detected`.
 */

const shops: ShopProcess[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const shop of shops) shop.child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function emptyDatabase(): Promise<string> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `shop_start_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });
  return databaseUrl(adminUrl, name);
}

describe('two instances starting at once on an empty database', () => {
  it('migrate once and set up the job queue once, with nothing wrong in either log', async () => {
    const url = await emptyDatabase();
    const ports = [await findFreePort(), await findFreePort()];
    for (const port of ports) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-start-'));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      shops.push(
        startShop(port, {
          DATABASE_URL: url,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'info',
          JOBS_ENABLED: 'true',
        }),
      );
    }
    await Promise.all(shops.map((shop) => shop.ready));
    // The queue's first start attempt ends before the server listens; give a failed attempt's
    // retry, or a late error, a moment to show in the logs.
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    const logs = shops.map((shop) => shop.output());
    for (const log of logs) {
      const wrong = log.split('\n').filter((line) => /deadlock|could not start|"level":(50|60)/.test(line));
      expect(wrong, log.slice(-4000)).toEqual([]);
      expect(log).toContain('is ready in');
    }

    const pool = new pg.Pool({ connectionString: url, max: 1 });
    cleanups.push(() => pool.end());
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    const applied = await pool.query<{ rows: number; distinct: number }>(
      'SELECT count(*)::int AS rows, count(DISTINCT hash)::int AS distinct FROM drizzle.__drizzle_migrations',
    );
    expect(applied.rows[0]).toEqual({ rows: journal.entries.length, distinct: journal.entries.length });
    const versions = await pool.query('SELECT version FROM pgboss.version');
    expect(versions.rowCount).toBe(1);
    // Each queue exists once, with its one partition attached.
    const queues = await pool.query<{ queues: number; partitions: number }>(
      `SELECT count(*)::int AS queues,
              (SELECT count(*)::int FROM pg_inherits WHERE inhparent = 'pgboss.job'::regclass) AS partitions
       FROM pgboss.queue`,
    );
    expect(queues.rows[0]!.queues).toBeGreaterThan(1);
    expect(queues.rows[0]!.partitions).toBe(queues.rows[0]!.queues);
  });
});
