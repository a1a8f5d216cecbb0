import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findRunningEmbeddedDatabase, RunningShopWithoutDatabaseError } from './open-database';

/** A data directory as a running shop leaves it: shop.lock, postgres/postmaster.pid, secrets.json. */
function dataDir(files: { shopPid?: number; postgresPid?: number; port?: number; password?: string }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-running-'));
  dirs.push(dir);
  if (files.shopPid !== undefined) fs.writeFileSync(path.join(dir, 'shop.lock'), String(files.shopPid));
  if (files.postgresPid !== undefined) {
    fs.mkdirSync(path.join(dir, 'postgres'));
    // postmaster.pid: pid, data directory, start time, port, socket directory, listen address…
    fs.writeFileSync(
      path.join(dir, 'postgres', 'postmaster.pid'),
      `${files.postgresPid}\n${dir}/postgres\n1795700000\n${files.port ?? 5432}\n${dir}/postgres\n127.0.0.1\n`,
    );
  }
  fs.writeFileSync(
    path.join(dir, 'secrets.json'),
    JSON.stringify({ postgresPassword: files.password ?? 'generated/pass word' }),
  );
  return dir;
}

const dirs: string[] = [];
const children: Array<ReturnType<typeof spawn>> = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  for (const child of children.splice(0)) child.kill();
});

/** A live process other than this one (the "running shop"). */
function otherProcess(): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
  children.push(child);
  if (child.pid === undefined) throw new Error('no child');
  return child.pid;
}

/** A pid no process has: one that has just exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  const pid = child.pid ?? 0;
  await new Promise((resolve) => child.on('exit', resolve));
  return pid;
}

describe("finding a running shop's embedded database", () => {
  it('answers its address, port and generated password', () => {
    const shop = otherProcess();
    const dir = dataDir({ shopPid: shop, postgresPid: otherProcess(), port: 54_987 });
    expect(findRunningEmbeddedDatabase(dir)).toEqual({
      url: `postgres://postgres:${encodeURIComponent('generated/pass word')}@127.0.0.1:54987/shop`,
      port: 54_987,
      pid: shop,
    });
  });

  it('answers nothing when no shop holds the directory, or its lock is stale', async () => {
    expect(findRunningEmbeddedDatabase(dataDir({}))).toBeUndefined();
    const stale = await deadPid();
    expect(findRunningEmbeddedDatabase(dataDir({ shopPid: stale, postgresPid: stale }))).toBeUndefined();
    // This very process's own lock is not "another shop".
    expect(
      findRunningEmbeddedDatabase(dataDir({ shopPid: process.pid, postgresPid: process.pid })),
    ).toBeUndefined();
  });

  it('refuses clearly when the shop holds the directory but its database is not up', async () => {
    const shop = otherProcess();
    expect(() => findRunningEmbeddedDatabase(dataDir({ shopPid: shop }))).toThrow(
      RunningShopWithoutDatabaseError,
    );
    const stale = await deadPid();
    expect(() => findRunningEmbeddedDatabase(dataDir({ shopPid: shop, postgresPid: stale }))).toThrow(
      /embedded database is not running/,
    );
  });
});
