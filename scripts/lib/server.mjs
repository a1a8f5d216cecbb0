// Starts the production build of the shop (apps/api/dist/server.js) for tests and benchmarks:
// on a free loopback port, with a fresh data directory under /tmp that is removed afterwards.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fromRoot, repoRoot } from './paths.mjs';

export const serverEntry = fromRoot('apps', 'api', 'dist', 'server.js');

/**
 * V8 flags the server runs with (`npm start`, the bench and the journeys; the systemd unit in
 * deploy/ repeats them). A young generation of 2 × 8 MB instead of V8's 2 × 16 MB: 15 MB less
 * RSS under the bench's 50 connections at 100,000 products, for the same throughput (decision
 * record 0016, addendum). V8 sizes it when the process starts, so it cannot be a setting the
 * server reads.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];

/**
 * Environment the server process starts with, for the same reason (the systemd unit repeats it).
 * glibc gives each thread that allocates (V8's collector threads, libuv's pool, zlib) an arena of
 * its own, up to 8 per core, each keeping what was freed in it: two arenas cut the peak RSS under
 * the bench's distinct list pages at 100,000 products from 267–288 MB to 248–251 MB (alternated
 * runs, decision record 0016's third addendum). glibc reads it only when the process starts.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };

/** Asks the OS for a free TCP port on 127.0.0.1. */
export function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen({ host: '127.0.0.1', port: 0 }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('Could not read the free port'))));
    });
  });
}

/**
 * A fresh, empty data directory. As root, the embedded PostgreSQL runs as the `postgres` user,
 * so the directory lives under /tmp (not under /root) and is traversable by everyone (0755).
 * @param {string} prefix
 */
export function makeTempDataDir(prefix) {
  const base = process.platform === 'win32' ? os.tmpdir() : '/tmp';
  const dir = fs.mkdtempSync(path.join(base, prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

/** @param {string} dir */
export function removeDir(dir) {
  try {
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  } catch (error) {
    console.warn(`Could not remove ${dir}: ${error instanceof Error ? error.message : error}`);
  }
}

/**
 * Polls a URL until it answers 200, the deadline passes, or `stillRunning()` turns false.
 * @param {string} url
 * @param {{ timeoutMs?: number, stillRunning?: () => boolean }} [options]
 */
export async function waitForOk(url, { timeoutMs = 120_000, stillRunning = () => true } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (!stillRunning()) throw new Error(`The server exited before ${url} answered`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s (last: ${last})`);
}

/**
 * Runs the built server as a child process. The child gets its own process group (detached) so
 * that a Ctrl-C or a group-wide signal reaches only us, and we stop it exactly once with SIGTERM
 * (the server stops on the first SIGTERM; a second one would kill it before its database stops).
 *
 * @param {{
 *   port: number,
 *   dataDir: string,
 *   env?: Record<string, string | undefined>,
 *   stdio?: import('node:child_process').StdioOptions,
 * }} options
 */
export function startServer({ port, dataDir, env = {}, stdio = ['ignore', 'inherit', 'inherit'] }) {
  if (!fs.existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\``);
  const baseUrl = `http://127.0.0.1:${port}`;
  /** @type {Record<string, string | undefined>} */
  const childEnv = {
    ...SERVER_ENV,
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    ...env,
  };
  // The run gets its own embedded database; an inherited DATABASE_URL would share one.
  if (env.DATABASE_URL === undefined) delete childEnv.DATABASE_URL;
  for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key];

  // SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server under a bench
  // (Node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, serverEntry], {
    cwd: repoRoot,
    env: childEnv,
    stdio,
    detached: process.platform !== 'win32',
  });
  let exited = false;
  /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
  const exit = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    });
    child.on('error', (error) => {
      console.error(`Could not start the server: ${error.message}`);
      exited = true;
      resolve({ code: 1, signal: null });
    });
  });
  // If we die first, do not leave the server running.
  const onParentExit = () => {
    if (!exited) child.kill('SIGTERM');
  };
  process.on('exit', onParentExit);

  /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }> | undefined} */
  let stopping;
  /**
   * Sends one signal (SIGTERM), waits for the exit; SIGKILL to the group after `graceMs`.
   * @param {NodeJS.Signals} [signal]
   */
  const stop = (signal = 'SIGTERM', graceMs = 20_000) => {
    stopping ??= (async () => {
      if (!exited) child.kill(signal);
      const timer = setTimeout(() => {
        if (exited) return;
        console.error(`The server did not stop within ${graceMs / 1000} s: killing it`);
        try {
          if (child.pid === undefined) throw new Error('no pid');
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      }, graceMs);
      const result = await exit;
      clearTimeout(timer);
      process.off('exit', onParentExit);
      return result;
    })();
    return stopping;
  };

  return {
    child,
    baseUrl,
    exit,
    isRunning: () => !exited,
    stop,
    /** Resolves once /api/v1/ready answers 200. */
    ready: (timeoutMs = 120_000) =>
      waitForOk(`${baseUrl}/api/v1/ready`, { timeoutMs, stillRunning: () => !exited }),
  };
}

/**
 * Exit code of a child that ended with a code or a signal, as a shell reports it.
 * @param {{ code: number | null, signal: NodeJS.Signals | null }} result
 */
export function exitCodeOf({ code, signal }) {
  if (code !== null) return code;
  const number = signal ? os.constants.signals[signal] : undefined;
  return number ? 128 + number : 1;
}
