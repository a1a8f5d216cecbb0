import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../config';
import { connectDatabase, type DatabaseHandle, runMigrations } from '../../db/client';
import { acquireDataDirLock, DataDirInUseError } from '../../db/data-dir-lock';
import { startEmbeddedPostgres } from '../../db/embedded-postgres';
import { loadDataDirSecrets } from '../../db/secrets';

export type OpenedDatabase = {
  database: DatabaseHandle;
  /** Where the data is, for messages. */
  where: string;
  close: () => Promise<void>;
};

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's (the embedded PostgreSQL runs as `postgres` under root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): { pid: number; lines: string[] } | undefined {
  try {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const pid = Number.parseInt(lines[0]?.trim() ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? { pid, lines } : undefined;
  } catch {
    return undefined;
  }
}

export class RunningShopWithoutDatabaseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The shop (pid ${pid}) holds the data directory ${dataDir}, but its embedded database is not ` +
        'running (is the shop starting or stopping?). Try again in a moment.',
    );
    this.name = 'RunningShopWithoutDatabaseError';
  }
}

/**
 * The embedded PostgreSQL of a shop that is running on DATA_DIR, found from the files it keeps
 * there: `shop.lock` (the server's pid), `postgres/postmaster.pid` (PostgreSQL's pid, and its
 * port on the fourth line) and `secrets.json` (the generated password). Undefined when no live
 * process holds the directory; throws when the shop holds it but its database is not up.
 */
export function findRunningEmbeddedDatabase(
  dataDir: string,
): { url: string; port: number; pid: number } | undefined {
  const shop = readPid(path.join(dataDir, 'shop.lock'));
  if (!shop || shop.pid === process.pid || !isAlive(shop.pid)) return undefined;
  const postmaster = readPid(path.join(dataDir, 'postgres', 'postmaster.pid'));
  const port = Number.parseInt(postmaster?.lines[3]?.trim() ?? '', 10);
  if (!postmaster || !isAlive(postmaster.pid) || !Number.isInteger(port) || port <= 0) {
    throw new RunningShopWithoutDatabaseError(dataDir, shop.pid);
  }
  const { postgresPassword } = loadDataDirSecrets(dataDir);
  return {
    url: `postgres://postgres:${encodeURIComponent(postgresPassword)}@127.0.0.1:${port}/shop`,
    port,
    pid: shop.pid,
  };
}

/**
 * The shop's database for a command-line tool, exactly as the server finds it: DATABASE_URL,
 * or the embedded PostgreSQL in DATA_DIR, with the migrations applied. While a shop runs on
 * DATA_DIR, a tool that passes `attachToRunningShop` uses that shop's database (found by
 * findRunningEmbeddedDatabase); other tools refuse (only one process may run the database).
 */
export async function openDatabase(
  log: {
    info: (message: string) => void;
    warn: (message: string) => void;
  },
  options: { attachToRunningShop?: boolean } = {},
) {
  const config = loadConfig();
  const cleanups: Array<() => Promise<void> | void> = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    let databaseUrl = config.DATABASE_URL;
    let where = 'DATABASE_URL';
    const running =
      !databaseUrl && options.attachToRunningShop ? findRunningEmbeddedDatabase(config.dataDir) : undefined;
    if (running) {
      databaseUrl = running.url;
      where = `the database of the shop running on ${config.dataDir} (pid ${running.pid})`;
      log.info(`Using ${where}`);
    } else if (!databaseUrl) {
      cleanups.push(acquireDataDirLock(config.dataDir));
      const secrets = loadDataDirSecrets(config.dataDir);
      const embedded = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        password: secrets.postgresPassword,
        log,
      });
      cleanups.push(embedded.stop);
      databaseUrl = embedded.url;
      where = `the embedded database in ${config.dataDir}`;
    }
    await runMigrations(databaseUrl);
    const database = connectDatabase(databaseUrl, 4);
    cleanups.push(database.close);
    return { database, where, close } satisfies OpenedDatabase;
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

/** A message for the errors a tool expects (bad settings, data directory in use), else undefined. */
export function expectedFailure(error: unknown): string | undefined {
  if (error instanceof ConfigError) return error.message;
  if (error instanceof RunningShopWithoutDatabaseError) return error.message;
  if (error instanceof DataDirInUseError) {
    return `${error.message} (or point the tool at the server's database with DATABASE_URL).`;
  }
  return undefined;
}
