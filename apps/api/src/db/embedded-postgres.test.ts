import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../lib/net';
import { startEmbeddedPostgres } from './embedded-postgres';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-embedded-'));
fs.chmodSync(dataDir, 0o755);
const quiet = { info: () => undefined, warn: () => undefined };
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('moves to another port when the chosen one is taken, and keeps data across restarts', async () => {
    const blocker = net.createServer();
    const takenPort = await findFreePort();
    await new Promise<void>((resolve) => blocker.listen(takenPort, '127.0.0.1', resolve));
    const ports = [takenPort];
    const findPort = async () => ports.shift() ?? findFreePort();

    try {
      const first = await startEmbeddedPostgres({ dataDir, password: 'pw-1', log: quiet, findPort });
      expect(first.port).not.toBe(takenPort);
      await query(first.url, 'CREATE TABLE kept (bottle text)');
      await query(first.url, "INSERT INTO kept VALUES ('Château Margaux 2015')");
      const [settings] = await query(first.url, "SELECT current_setting('fsync') AS fsync");
      expect(settings).toEqual({ fsync: 'on' });
      // The shop's own connections use the Unix socket in the data directory (no server
      // address); tools still reach it over loopback TCP.
      expect(new URL(first.url).searchParams.get('host')).toBe(path.join(dataDir, 'postgres'));
      expect(await query(first.url, 'SELECT inet_server_addr() AS address')).toEqual([{ address: null }]);
      const overTcp = `postgres://postgres:pw-1@127.0.0.1:${first.port}/shop`;
      expect(await query(overTcp, 'SELECT inet_server_addr()::text AS address')).toEqual([
        { address: '127.0.0.1/32' },
      ]);
      await first.stop();

      const second = await startEmbeddedPostgres({ dataDir, password: 'pw-1', log: quiet });
      expect(await query(second.url, 'SELECT bottle FROM kept')).toEqual([
        { bottle: 'Château Margaux 2015' },
      ]);
      await second.stop();
    } finally {
      blocker.close();
    }
  });

  it('falls back to loopback TCP alone when the socket path would be too long', async () => {
    const deep = path.join(dataDir, 'a-data-directory-whose-path-is-too-long-for-a-unix-socket-'.repeat(2));
    const server = await startEmbeddedPostgres({ dataDir: deep, password: 'pw-2', log: quiet });
    try {
      expect(new URL(server.url).searchParams.get('host')).toBeNull();
      expect(await query(server.url, 'SELECT inet_server_addr()::text AS address')).toEqual([
        { address: '127.0.0.1/32' },
      ]);
    } finally {
      await server.stop();
    }
  });

  it('stops a server left running by a shop process that died, then starts cleanly', async () => {
    const orphan = await startEmbeddedPostgres({ dataDir, password: 'pw-1', log: quiet });
    // A new start on the same directory (the lock says its owner is gone) must not run a
    // second server over the same files.
    const warnings: string[] = [];
    const fresh = await startEmbeddedPostgres({
      dataDir,
      password: 'pw-1',
      log: { info: () => undefined, warn: (message) => warnings.push(message) },
    });
    expect(warnings.join('\n')).toMatch(/left running by an earlier shop process/);
    expect(await query(fresh.url, 'SELECT count(*)::int AS n FROM kept')).toEqual([{ n: 1 }]);
    await fresh.stop();
    await orphan.stop();
  });
});
