import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../src/lib/net';
import { apiRoot } from '../src/lib/paths';
import { createTestDatabase } from './test-database';

/** The real server process, started from the sources as `npm run dev` would. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiRoot, 'src', 'server.ts')], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', RATE_LIMIT_MAX: '100000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('is ready in')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`server exited before it was ready:\n${output}`));
    });
  });
  // Servers expected to fail never become ready; that is not an unhandled error.
  ready.catch(() => undefined);
  return { child, exited, ready, output: () => output };
}

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('finishes every acknowledged request when stopped with SIGTERM under load', async () => {
    const database = await createTestDatabase();
    const port = await findFreePort();
    const server = startServer({ DATABASE_URL: database.url, PORT: String(port), LOG_REQUESTS: 'true' });
    children.push(server.child);
    await server.ready;

    const results: Array<number | 'refused' | 'lost'> = [];
    // One connection per request (no keep-alive), so that an outcome belongs to one request.
    // Connections still waiting in the kernel's backlog when the socket closes are refused or
    // reset without ever reaching the app; the server's own log proves which requests it took.
    const send = () =>
      new Promise<void>((resolve) => {
        const request = http.get(
          { host: '127.0.0.1', port, path: '/api/v1/ready', agent: false },
          (response) => {
            response.resume();
            response.on('end', () => {
              results.push(response.statusCode ?? 0);
              resolve();
            });
          },
        );
        request.on('error', (error: NodeJS.ErrnoException) => {
          results.push(error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET' ? 'refused' : 'lost');
          resolve();
        });
      });
    const load = Array.from({ length: 200 }, (_, index) =>
      new Promise((resolve) => setTimeout(resolve, index * 2)).then(send),
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    server.child.kill('SIGTERM');
    await Promise.all(load);
    expect(await server.exited).toBe(0);

    expect(results).toHaveLength(200);
    expect(results).not.toContain('lost');
    const answered = results.filter((result) => typeof result === 'number');
    expect(answered.filter((status) => status === 200).length).toBeGreaterThan(0);
    // Every request the app took in was completed and its answer reached the client; none was
    // turned away with a 503 (the listener closes first, and what was accepted is served).
    expect(answered.every((status) => status === 200)).toBe(true);
    const ok = answered.filter((status) => status === 200).length;
    const logLines = server.output().split('\n');
    const taken = logLines.filter((line) => line.includes('"msg":"incoming request"')).length;
    const completed = logLines.filter((line) => line.includes('"msg":"request completed"')).length;
    expect(taken).toBe(ok);
    expect(completed).toBe(ok);
    expect(server.output()).toContain('SIGTERM received: finishing in-flight requests');
    await database.drop();
  });

  it('refuses a second process on the same data directory', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-process-'));
    fs.chmodSync(dataDir, 0o755);
    dirs.push(dataDir);
    const first = startServer({ DATA_DIR: dataDir, PORT: String(await findFreePort()), DATABASE_URL: '' });
    children.push(first.child);
    await first.ready;

    const second = startServer({ DATA_DIR: dataDir, PORT: String(await findFreePort()), DATABASE_URL: '' });
    children.push(second.child);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('Another shop process');
    expect(second.output()).toContain(`pid ${first.child.pid}`);

    // The first is unharmed and stops cleanly, taking its PostgreSQL with it.
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'shop.lock'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });

  it('prints the address that works, and a browser there (or at 127.0.0.1) may sign in', async () => {
    const database = await createTestDatabase();
    const port = await findFreePort();
    // PUBLIC_URL unset: http://localhost:<port>, while the server listens on 127.0.0.1.
    const server = startServer({ DATABASE_URL: database.url, PORT: String(port), PUBLIC_URL: '' });
    children.push(server.child);
    await server.ready;
    expect(server.output()).toContain(`Server listening at http://localhost:${port}`);
    expect(server.output()).not.toContain(`127.0.0.1:${port}`);

    const signIn = (origin: string) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/v1/auth/sign-in/anonymous',
            // As a browser that has visited: better-auth checks the origin of requests with cookies.
            headers: { origin, cookie: `csrf_token=${'a'.repeat(43)}`, 'content-type': 'application/json' },
            agent: false,
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        request.on('error', reject);
        request.end('{}');
      });
    expect(await signIn(`http://localhost:${port}`)).toBe(200);
    expect(await signIn(`http://127.0.0.1:${port}`)).toBe(200);
    expect(await signIn('http://evil.example')).toBe(403);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await database.drop();
  });

  it('stops with a message naming a wrong setting', async () => {
    const server = startServer({ PORT: 'eighty', DATABASE_URL: 'postgres://x@127.0.0.1:1/none' });
    children.push(server.child);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT must be a port number (got "eighty")');
  });
});
