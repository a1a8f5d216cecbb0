import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { findFreePort } from '../../lib/net';
import { apiRoot } from '../../lib/paths';
import { ADULT_BIRTH_DATE, STRONG_PASSWORD, uniqueEmail } from '../identity/testing';
import { isNotification, isUpdate, TestSocket } from './testing';

/**
 * Two real API processes on different ports, sharing one PostgreSQL (as two instances behind a
 * load balancer): a notification written by one reaches a socket held by the other, through
 * LISTEN/NOTIFY.
 */

type Server = { child: ChildProcess; url: string; output: () => string };

const children: ChildProcess[] = [];
const dirs: string[] = [];
let database: TestDatabase;
let first: Server;
let second: Server;

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await findFreePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-instance-'));
  dirs.push(dataDir);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiRoot, 'src', 'server.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '100000',
      AUTH_TEST_FAST_HASHING: 'true',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('is ready in')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    child.on('exit', () => {
      clearInterval(timer);
      reject(new Error(`server exited before it was ready:\n${output}`));
    });
  });
  return { child, url, output: () => output };
}

/** Signs up on `server` the way the storefront does (CSRF pair, own origin); answers the sign-in. */
async function signUpAndIn(server: Server, email: string, userAgent: string) {
  const csrf = await fetch(`${server.url}/api/v1/auth/csrf`);
  const { csrf_token: token } = (await csrf.json()) as { csrf_token: string };
  const headers = {
    'content-type': 'application/json',
    origin: server.url,
    cookie: `csrf_token=${token}`,
    'x-csrf-token': token,
    'user-agent': userAgent,
  };
  const signUp = await fetch(`${server.url}/api/v1/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: 'Two Instances',
      email,
      password: STRONG_PASSWORD,
      date_of_birth: ADULT_BIRTH_DATE,
    }),
  });
  expect(signUp.status, await signUp.clone().text()).toBe(200);
  return signIn(server, email, userAgent);
}

async function signIn(server: Server, email: string, userAgent: string) {
  const csrf = await fetch(`${server.url}/api/v1/auth/csrf`);
  const { csrf_token: token } = (await csrf.json()) as { csrf_token: string };
  const response = await fetch(`${server.url}/api/v1/auth/sign-in/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.url,
      cookie: `csrf_token=${token}`,
      'x-csrf-token': token,
      'user-agent': userAgent,
    },
    body: JSON.stringify({ email, password: STRONG_PASSWORD }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { token: string; user: { id: string } };
}

const socketOf = (server: Server, token: string) =>
  new TestSocket(`${server.url.replace('http', 'ws')}/api/v1/ws/notifications`, {
    authorization: `Bearer ${token}`,
  });

beforeAll(async () => {
  database = await createTestDatabase();
  // Sessions are shared through the database; the instances must share the signing secret too.
  const env = { DATABASE_URL: database.url, AUTH_SECRET: crypto.randomBytes(32).toString('base64url') };
  // One after the other: pg-boss creating its queues from two processes at once can deadlock.
  first = await startServer(env);
  second = await startServer(env);
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  await database?.drop();
});

describe('two API instances on one PostgreSQL', () => {
  it('deliver a notification written by one to a socket held by the other', async () => {
    const email = uniqueEmail('instances');
    const phone = await signUpAndIn(first, email, 'Mozilla/5.0 (Linux; Android 14) Chrome/130.0');

    const onSecond = socketOf(second, phone.token);
    const onFirst = socketOf(first, phone.token);
    expect((await onSecond.next(isUpdate)).unread_count).toBe(0);
    await onFirst.next(isUpdate);

    // A sign-in from a new device, on the first instance, writes a security notice there.
    await signIn(first, email, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/131.0');
    const remote = await onSecond.next(isNotification, { timeoutMs: 10_000 });
    expect(remote.notification).toMatchObject({
      type: 'security',
      title: 'New sign-in to your account',
      is_read: false,
    });
    expect(remote.notification.message).toContain('Firefox on Windows');
    expect(remote.unread_count).toBe(1);
    const local = await onFirst.next(isNotification);
    expect(local).toEqual(remote);

    // Marked read through the second instance: the first instance's socket hears of it too.
    const csrf = await fetch(`${second.url}/api/v1/notifications/${remote.notification.id}/mark_read/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${phone.token}`, origin: second.url },
    });
    expect(csrf.status).toBe(200);
    const update = await onFirst.next(
      (message): message is Extract<typeof message, { type: 'notification_update' }> =>
        message.type === 'notification_update' && message.read_ids !== null && message.read_ids.length > 0,
      { timeoutMs: 10_000 },
    );
    expect(update).toEqual({
      type: 'notification_update',
      read_ids: [remote.notification.id],
      all_read: false,
      unread_count: 0,
    });
    onFirst.close();
    onSecond.close();
  });
});
