import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SOCKET_CLOSE_CODES } from '@shop/contract/notification-constants';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { connectDatabase } from '../../db/client';
import { sessions } from '../../db/schema/identity';
import { TestBrowser, uniqueEmail } from '../identity/testing';
import { LISTENER_APPLICATION_NAME } from './notification-hub';
import { isNotification, isUpdate, TestSocket } from './testing';

let harness: TestApp;
let socketUrl: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  await harness.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = harness.app.server.address() as AddressInfo;
  socketUrl = `ws://127.0.0.1:${port}/api/v1/ws/notifications`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await harness?.close();
});

async function customer(userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0') {
  const client = new TestBrowser(harness.app, { userAgent });
  const email = uniqueEmail('socket');
  const signIn = await client.register(email);
  return { client, email, id: signIn.json().user.id as string, token: signIn.json().token as string };
}

function open(headers: Record<string, string> = {}) {
  const socket = new TestSocket(socketUrl, headers);
  sockets.push(socket);
  return socket;
}

/** A socket as the storefront opens it: the session cookie, from the shop's own origin. */
async function openAsPage(client: TestBrowser) {
  const socket = open({ cookie: client.cookieHeader(), origin: harness.app.config.publicUrl });
  await socket.next(isUpdate);
  return socket;
}

const create = (userId: string, title: string, priority: 'normal' | 'high' = 'normal') =>
  harness.app.notifications.create({ userId, type: 'system', title, message: `${title}.`, priority });

describe('the notifications websocket', () => {
  it('admits a customer by the session cookie and pushes new notifications and read changes', async () => {
    const { client, id } = await customer();
    await create(id, 'Before connecting');
    const socket = await openAsPage(client);
    expect(socket.messages[0]).toEqual({
      type: 'notification_update',
      read_ids: [],
      all_read: false,
      unread_count: 1,
    });

    const created = await create(id, 'Order on its way', 'high');
    const pushed = await socket.next(isNotification);
    expect(pushed).toEqual({ type: 'notification', notification: created, unread_count: 2 });

    const from = socket.messages.length;
    await client.post(`/api/v1/notifications/${created?.id}/mark_read/`);
    expect(await socket.next(isUpdate, { from })).toEqual({
      type: 'notification_update',
      read_ids: [created?.id],
      all_read: false,
      unread_count: 1,
    });
    const afterOne = socket.messages.length;
    await client.post('/api/v1/notifications/mark_all_read/');
    expect(await socket.next(isUpdate, { from: afterOne })).toEqual({
      type: 'notification_update',
      read_ids: null,
      all_read: true,
      unread_count: 0,
    });
  });

  it("reaches every socket of the customer and none of another customer's", async () => {
    const alice = await customer();
    const bob = await customer();
    const aliceTab1 = await openAsPage(alice.client);
    const aliceTab2 = await openAsPage(alice.client);
    const bobTab = await openAsPage(bob.client);
    await create(alice.id, 'For Alice');
    await create(bob.id, 'For Bob');
    expect((await aliceTab1.next(isNotification)).notification.title).toBe('For Alice');
    expect((await aliceTab2.next(isNotification)).notification.title).toBe('For Alice');
    // Bob's first notification is his own: Alice's never reached him.
    expect((await bobTab.next(isNotification)).notification.title).toBe('For Bob');
    expect(bobTab.messages.filter(isNotification)).toHaveLength(1);
  });

  it('a password change ends the socket of the replaced session; the new session sees the notice', async () => {
    const { client } = await customer();
    const socket = await openAsPage(client);
    const changed = await client.post('/api/v1/auth/change-password', {
      currentPassword: 'correct horse battery staple',
      newPassword: 'a much better passphrase',
    });
    expect(changed.statusCode).toBe(200);
    // Changing the password replaces every session, the socket's own included.
    expect((await socket.closed).code).toBe(SOCKET_CLOSE_CODES.sessionEnded);
    const reopened = await openAsPage(client);
    expect(reopened.messages[0]).toMatchObject({ type: 'notification_update', unread_count: 1 });
    const list = await client.get('/api/v1/notifications/');
    expect(list.json().results[0]).toMatchObject({
      type: 'security',
      priority: 'high',
      title: 'Your password was changed',
      is_read: false,
    });
  });

  it('admits a bearer token on the upgrade, or in a first message', async () => {
    const { id, token } = await customer();
    const byHeader = open({ authorization: `Bearer ${token}` });
    await byHeader.next(isUpdate);
    const byMessage = open();
    await byMessage.opened();
    byMessage.send({ type: 'auth', token });
    await byMessage.next(isUpdate);
    await create(id, 'To both');
    expect((await byHeader.next(isNotification)).notification.title).toBe('To both');
    expect((await byMessage.next(isNotification)).notification.title).toBe('To both');
  });

  it.each([
    ['a wrong token', { type: 'auth', token: 'not-a-session-token' }],
    ['a message that is not JSON', 'hello'],
    ['a message of another type', { type: 'subscribe', channel: 'everything' }],
  ])('closes with 4401 on %s', async (_case, message) => {
    const socket = open();
    await socket.opened();
    socket.send(message);
    expect((await socket.closed).code).toBe(SOCKET_CLOSE_CODES.unauthorized);
    expect(socket.messages).toEqual([]);
  });

  it('refuses anonymous visitors', async () => {
    const visitor = new TestBrowser(harness.app);
    await visitor.startVisit();
    const socket = open({ cookie: visitor.cookieHeader(), origin: harness.app.config.publicUrl });
    expect((await socket.closed).code).toBe(SOCKET_CLOSE_CODES.unauthorized);
    expect(socket.messages).toEqual([]);
  });

  it("ignores the customer's cookie on a socket opened by a page of another site", async () => {
    const { client, token } = await customer();
    const hijack = open({ cookie: client.cookieHeader(), origin: 'https://evil.example' });
    await hijack.opened();
    // The cookie did not admit it: the socket still waits for credentials, and garbage ends it.
    hijack.send('{}');
    expect((await hijack.closed).code).toBe(SOCKET_CLOSE_CODES.unauthorized);
    expect(hijack.messages).toEqual([]);
    // A client elsewhere that holds the token itself may still authenticate with it.
    const app = open({ origin: 'https://partner.example' });
    await app.opened();
    app.send({ type: 'auth', token });
    await app.next(isUpdate);
  });

  it('closes with 4403 when the session expires', async () => {
    const { client, token } = await customer();
    await harness.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 1_500) })
      .where(eq(sessions.token, token));
    const socket = await openAsPage(client);
    expect((await socket.closed).code).toBe(SOCKET_CLOSE_CODES.sessionEnded);
  });

  it('reconnects its LISTEN connection when it drops, and tells sockets to read the list again', async () => {
    const { client, id } = await customer();
    const socket = await openAsPage(client);
    const from = socket.messages.length;
    const killed = await harness.app.db.execute<{ killed: boolean }>(sql`
      SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
      WHERE application_name = ${LISTENER_APPLICATION_NAME} AND datname = current_database()`);
    expect(killed.rows).toEqual([{ killed: true }]);

    const resync = await socket.next(isUpdate, { from, timeoutMs: 10_000 });
    expect(resync).toEqual({ type: 'notification_update', read_ids: null, all_read: false, unread_count: 0 });
    await create(id, 'After the reconnection');
    expect((await socket.next(isNotification)).notification.title).toBe('After the reconnection');
  });
});

describe('a socket ends with its session, on every instance, within a second', () => {
  const WITHIN_MS = 1_000;

  /** How long the socket took to close after `since`, failing past the limit. */
  async function closesWithin(socket: TestSocket, since: number) {
    const closed = await Promise.race([
      socket.closed,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), WITHIN_MS + 500)),
    ]);
    expect(closed, 'the socket stayed open').not.toBeNull();
    expect(closed?.code).toBe(SOCKET_CLOSE_CODES.sessionEnded);
    expect(Date.now() - since).toBeLessThan(WITHIN_MS);
  }

  it("closes on sign-out through the API, and leaves the same customer's other session open", async () => {
    const { client, email } = await customer();
    const otherDevice = new TestBrowser(harness.app);
    await otherDevice.get('/api/v1/auth/csrf');
    await otherDevice.signIn(email);
    const socket = await openAsPage(client);
    const kept = await openAsPage(otherDevice);

    const since = Date.now();
    expect((await client.post('/api/v1/auth/sign-out')).statusCode).toBe(200);
    await closesWithin(socket, since);
    await create((await otherDevice.session())?.user.id ?? '', 'Still here');
    expect((await kept.next(isNotification)).notification.title).toBe('Still here');
  });

  it('closes when the session row is deleted in SQL', async () => {
    const { client, token } = await customer();
    const socket = await openAsPage(client);
    const since = Date.now();
    await harness.app.db.delete(sessions).where(eq(sessions.token, token));
    await closesWithin(socket, since);
  });

  it('closes at the new expiry when the session is shortened while the socket is open', async () => {
    const { client, token } = await customer();
    const socket = await openAsPage(client);
    const expiresAt = Date.now() + 300;
    await harness.app.db
      .update(sessions)
      .set({ expiresAt: new Date(expiresAt) })
      .where(eq(sessions.token, token));
    await closesWithin(socket, expiresAt);
  });

  it('closes a socket held by another instance when the session ends on this one', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-second-instance-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: harness.testDatabase.url,
      SESSION_CACHE_TTL_MS: '0',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    });
    const database = connectDatabase(harness.testDatabase.url, 2);
    const second = await buildApp({ config, database });
    try {
      await second.listen({ host: '127.0.0.1', port: 0 });
      const { port } = second.server.address() as AddressInfo;
      const { client, token } = await customer();
      const socket = new TestSocket(`ws://127.0.0.1:${port}/api/v1/ws/notifications`);
      sockets.push(socket);
      await socket.opened();
      socket.send({ type: 'auth', token });
      await socket.next(isUpdate);

      const since = Date.now();
      expect((await client.post('/api/v1/auth/sign-out')).statusCode).toBe(200);
      await closesWithin(socket, since);
    } finally {
      await second.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the socket of a stopping instance', () => {
  it('refuses a new socket with 1012, so that the client connects again to another instance', async () => {
    const stopping = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
    try {
      await stopping.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = stopping.app.server.address() as AddressInfo;
      // The shutdown has begun (its listener would be closed; here the test still connects).
      stopping.app.drain.start();
      const late = new TestSocket(`ws://127.0.0.1:${port}/api/v1/ws/notifications`);
      expect(await late.closed).toEqual({ code: SOCKET_CLOSE_CODES.restarting, reason: 'Restarting' });
    } finally {
      await stopping.close();
    }
  });
});
