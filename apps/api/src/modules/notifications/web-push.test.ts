import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BRAND } from '@shop/contract/brand';
import type { PushPayload } from '@shop/contract/notification-constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { loadConfig } from '../../config';
import { pushSubscriptions } from '../../db/schema/notifications';
import { TestBrowser, uniqueEmail } from '../identity/testing';
import { deliverPush } from './notifications.push';
import { toPushPayload } from './notifications.service';
import { isAllowedPushEndpoint, resolveVapidDetails } from './web-push';

/**
 * Web Push end to end: a local HTTPS push service (self-signed certificate, trusted by the test
 * only) receives what the shop sends, checks the VAPID signature and decrypts the payload with
 * the browser's keys (RFC 8291, written here independently of the `web-push` package).
 */

type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };

const received: Received[] = [];
let pushService: https.Server;
let pushOrigin: string;
let harness: TestApp;
let certDir: string;
const originalAgent = https.globalAgent;

/** How the local push service answers each path (201 by default). */
const answers = new Map<string, number>();

beforeAll(async () => {
  certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-push-cert-'));
  const key = path.join(certDir, 'key.pem');
  const cert = path.join(certDir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const certificate = fs.readFileSync(cert);
  pushService = https.createServer({ key: fs.readFileSync(key), cert: certificate }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const pathname = request.url ?? '';
      received.push({ path: pathname, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answers.get(pathname) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushOrigin = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  // The shop's HTTPS requests trust the test's certificate (and only in this test process).
  https.globalAgent = new https.Agent({ ca: certificate, keepAlive: false });

  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true', WEB_PUSH_ENDPOINT_HOSTS: '127.0.0.1' });
});

afterAll(async () => {
  https.globalAgent = originalAgent;
  await harness?.close();
  await new Promise<void>((resolve) => pushService?.close(() => resolve()));
  fs.rmSync(certDir, { recursive: true, force: true });
});

/** A browser: its P-256 key pair and auth secret, and the subscription it would register. */
function browserKeys(pathname: string) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: {
      endpoint: `${pushOrigin}${pathname}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

/** RFC 8291 (Message Encryption for Web Push) with RFC 8188's aes128gcm, one record. */
function decrypt(body: Buffer, keys: { ecdh: crypto.ECDH; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const hkdf = (ikm: Buffer, hkdfSalt: Buffer, info: Buffer, length: number) =>
    Buffer.from(crypto.hkdfSync('sha256', ikm, hkdfSalt, info, length));

  const shared = keys.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublicKey]);
  const ikm = hkdf(shared, keys.auth, keyInfo, 32);
  const contentKey = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);

  const decipher = crypto.createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then optional zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** Checks the VAPID Authorization header (RFC 8292): an ES256 JWT for the push service's origin. */
function verifyVapid(authorization: string, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  expect(match).not.toBeNull();
  const [, jwt = '', key = ''] = match ?? [];
  expect(key).toBe(publicKey);
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const verifier = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: verifier, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(valid).toBe(true);
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud: string;
    sub: string;
    exp: number;
  };
  expect(payload.aud).toBe(pushOrigin);
  expect(payload.sub).toBe(`mailto:${BRAND.email}`);
  expect(payload.exp * 1000).toBeGreaterThan(Date.now());
}

async function waitFor<T>(
  find: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function customerWithBrowser(pathname: string) {
  const client = new TestBrowser(harness.app);
  const signIn = await client.register(uniqueEmail('pushed'));
  const keys = browserKeys(pathname);
  const registered = await client.post('/api/v1/notifications/register/', {
    platform: 'web',
    token: JSON.stringify(keys.subscription),
  });
  expect(registered.statusCode).toBe(200);
  return { client, userId: signIn.json().user.id as string, keys };
}

describe('Web Push', () => {
  it('sends high notifications, encrypted for the browser and signed with VAPID; not normal ones', async () => {
    const pathname = `/push/${crypto.randomUUID()}`;
    const { userId, keys } = await customerWithBrowser(pathname);

    await harness.app.notifications.create({
      userId,
      type: 'news',
      title: 'Quiet news',
      message: 'No push.',
    });
    const loud = await harness.app.notifications.create({
      userId,
      type: 'delivery_update',
      priority: 'high',
      title: 'Order ORD-1 is on its way',
      message: 'Your rider is on the way.',
      relatedId: crypto.randomUUID(),
    });
    if (!loud) throw new Error('expected a notification');

    const request = await waitFor(() => received.find((item) => item.path === pathname));
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers.ttl).toBe('86400');
    expect(request.headers.urgency).toBe('normal');
    expect(request.headers.topic).toBe(loud.id.replace(/-/g, ''));
    verifyVapid(String(request.headers.authorization), harness.app.notifications.vapid.publicKey);

    const payload = JSON.parse(decrypt(request.body, keys)) as PushPayload;
    expect(payload).toEqual(toPushPayload(loud));
    expect(payload.url).toBe('/delivery-tracking');
    // The normal one was never pushed.
    expect(received.filter((item) => item.path === pathname)).toHaveLength(1);
  });

  it('pushes urgent ones with high urgency', async () => {
    const pathname = `/push/${crypto.randomUUID()}`;
    const { userId, keys } = await customerWithBrowser(pathname);
    const urgent = await harness.app.notifications.create({
      userId,
      type: 'event',
      priority: 'urgent',
      title: 'Tasting cancelled',
      message: 'The event will not take place.',
      relatedId: 7,
    });
    const request = await waitFor(() => received.find((item) => item.path === pathname));
    expect(request.headers.urgency).toBe('high');
    expect(JSON.parse(decrypt(request.body, keys))).toEqual(urgent && toPushPayload(urgent));
  });

  it('removes a subscription the push service says is gone (410 and 404)', async () => {
    for (const status of [410, 404]) {
      const pathname = `/push/gone-${status}-${crypto.randomUUID()}`;
      answers.set(pathname, status);
      const { userId, keys } = await customerWithBrowser(pathname);
      await harness.app.notifications.create({
        userId,
        type: 'security',
        priority: 'high',
        title: 'New sign-in',
        message: 'Someone signed in.',
      });
      await waitFor(() => received.find((item) => item.path === pathname));
      await waitFor(async () => {
        const rows = await harness.app.db
          .select()
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.endpoint, keys.subscription.endpoint));
        return rows.length === 0 ? true : undefined;
      });
    }
  });

  it('keeps the subscription and fails (for a retry) when the push service errs', async () => {
    const pathname = `/push/busy-${crypto.randomUUID()}`;
    answers.set(pathname, 503);
    const { userId, keys } = await customerWithBrowser(pathname);
    const [subscription] = await harness.app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, keys.subscription.endpoint));
    // Written quietly (normal priority), then pushed by hand as the job would.
    const notification = await harness.app.notifications.create({
      userId,
      type: 'system',
      title: 'Busy push service',
      message: 'Try later.',
    });
    const options = {
      vapid: harness.app.notifications.vapid,
      allowedHosts: harness.app.config.WEB_PUSH_ENDPOINT_HOSTS,
    };
    const job = { notificationId: notification?.id ?? '', subscriptionId: subscription?.id ?? '' };
    await expect(deliverPush(harness.app.db, job, options)).rejects.toMatchObject({ statusCode: 503 });
    expect(
      await harness.app.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.id, job.subscriptionId)),
    ).toHaveLength(1);

    // Once the service is back, the retry delivers it.
    answers.set(pathname, 201);
    expect(await deliverPush(harness.app.db, job, options)).toBe('sent');
  });

  it('skips a push the customer has already read, or whose browser now belongs to someone else', async () => {
    const pathname = `/push/${crypto.randomUUID()}`;
    const { client, userId, keys } = await customerWithBrowser(pathname);
    const [subscription] = await harness.app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, keys.subscription.endpoint));
    const notification = await harness.app.notifications.create({
      userId,
      type: 'system',
      title: 'Seen already',
      message: 'Read on the bell.',
    });
    await client.post(`/api/v1/notifications/${notification?.id}/mark_read/`);
    const options = {
      vapid: harness.app.notifications.vapid,
      allowedHosts: harness.app.config.WEB_PUSH_ENDPOINT_HOSTS,
    };
    const job = { notificationId: notification?.id ?? '', subscriptionId: subscription?.id ?? '' };
    expect(await deliverPush(harness.app.db, job, options)).toBe('skipped');

    const unread = await harness.app.notifications.create({
      userId,
      type: 'system',
      title: 'Not for the new owner',
      message: 'Private.',
    });
    const other = new TestBrowser(harness.app);
    await other.register(uniqueEmail('new-owner'));
    await other.post('/api/v1/notifications/register/', {
      platform: 'web',
      token: JSON.stringify(keys.subscription),
    });
    expect(await deliverPush(harness.app.db, { ...job, notificationId: unread?.id ?? '' }, options)).toBe(
      'skipped',
    );
    expect(received.filter((item) => item.path === pathname)).toHaveLength(0);
  });
});

describe('VAPID keys', () => {
  it('are generated once into the data directory and kept across restarts', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-vapid-'));
    try {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
      const log = { warn: () => undefined };
      const first = resolveVapidDetails(config, log);
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
      // An uncompressed P-256 point, as browsers expect the application server key.
      expect(Buffer.from(first.publicKey, 'base64url')[0]).toBe(0x04);
      expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
      expect(resolveVapidDetails(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), log)).toEqual(first);
      const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
      expect(secrets.webPushVapidKeys).toBe(`${first.publicKey}.${first.privateKey}`);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('come from the environment when given, and must be given together', () => {
    const keys = { publicKey: harness.app.notifications.vapid.publicKey, privateKey: 'x'.repeat(43) };
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: os.tmpdir(),
      WEB_PUSH_VAPID_PUBLIC_KEY: keys.publicKey,
      WEB_PUSH_VAPID_PRIVATE_KEY: keys.privateKey,
      WEB_PUSH_SUBJECT: 'https://kampalacellars.example/contact',
    });
    expect(resolveVapidDetails(config, { warn: () => undefined })).toEqual({
      ...keys,
      subject: 'https://kampalacellars.example/contact',
    });
    expect(() => loadConfig({ NODE_ENV: 'test', WEB_PUSH_VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      'WEB_PUSH_VAPID_PUBLIC_KEY and WEB_PUSH_VAPID_PRIVATE_KEY must be set together',
    );
  });
});

describe('push endpoints', () => {
  it('are accepted on the push services only, over https', () => {
    const hosts = ['fcm.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com'];
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(true);
    expect(isAllowedPushEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x', hosts)).toBe(true);
    expect(isAllowedPushEndpoint('https://db5p.notify.windows.com/w/?token=x', hosts)).toBe(true);
    expect(isAllowedPushEndpoint('http://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('https://evilfcm.googleapis.com.example/x', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('https://user:pass@fcm.googleapis.com/x', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('https://127.0.0.1/x', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('not a url', hosts)).toBe(false);
  });
});
