import crypto from 'node:crypto';
import os from 'node:os';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  markAllReadResponseSchema,
  markReadResponseSchema,
  notificationListResponseSchema,
  pushMessages,
} from '@shop/contract/notifications';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { loadConfig } from '../../config';
import { notifications, pushSubscriptions } from '../../db/schema/notifications';
import { TestBrowser, uniqueEmail } from '../identity/testing';
import { CLEANUP_QUEUE } from './notifications.plugin';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER, removeOldReadNotifications } from './notifications.service';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({
    AUTH_TEST_FAST_HASHING: 'true',
    WEB_PUSH_ENDPOINT_HOSTS: 'push.example.test',
    // Not the default (30), to prove the clean-up job reads the setting.
    READ_NOTIFICATION_RETENTION_DAYS: '20',
  });
});
afterAll(() => harness?.close());

const LIST = '/api/v1/notifications/';
const MARK_ALL = '/api/v1/notifications/mark_all_read/';
const REGISTER = '/api/v1/notifications/register/';
const markRead = (id: string) => `/api/v1/notifications/${id}/mark_read/`;
const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;

async function customer(options: ConstructorParameters<typeof TestBrowser>[1] = {}) {
  const client = new TestBrowser(harness.app, options);
  const email = uniqueEmail('notified');
  const signIn = await client.register(email);
  return { client, email, id: signIn.json().user.id as string };
}

async function notify(userId: string, title: string, extra: { dedupeKey?: string; priority?: 'low' } = {}) {
  const created = await harness.app.notifications.create({
    userId,
    type: 'order_update',
    title,
    message: `${title}: message`,
    relatedId: crypto.randomUUID(),
    ...extra,
  });
  if (!created) throw new Error('expected a notification');
  return created;
}

/** A browser's push subscription, as PushSubscription.toJSON() gives it. */
function subscriptionJson(endpoint = `https://fcm.push.example.test/send/${crypto.randomUUID()}`) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: crypto.randomBytes(16).toString('base64url'),
    },
  };
}

describe('GET /notifications/', () => {
  it('answers an empty page and zero unread for a new customer, never cached', async () => {
    const { client } = await customer();
    const response = await client.get(LIST);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(notificationListResponseSchema.parse(response.json())).toEqual({
      results: [],
      count: 0,
      total_pages: 0,
      next: null,
      unread_count: 0,
    });
  });

  it('lists newest first, paged, with the unread count across pages', async () => {
    const { client, id } = await customer();
    for (const title of ['first', 'second', 'third']) await notify(id, title);
    const page1 = notificationListResponseSchema.parse((await client.get(`${LIST}?page_size=2`)).json());
    expect(page1.results.map((item) => item.title)).toEqual(['third', 'second']);
    expect(page1).toMatchObject({ count: 3, total_pages: 2, next: 2, unread_count: 3 });
    expect(page1.results[0]).toMatchObject({
      type: 'order_update',
      message: 'third: message',
      priority: 'normal',
      is_read: false,
    });
    const page2 = notificationListResponseSchema.parse(
      (await client.get(`${LIST}?page_size=2&page=2`)).json(),
    );
    expect(page2.results.map((item) => item.title)).toEqual(['first']);
    expect(page2.next).toBeNull();
    const beyond = notificationListResponseSchema.parse((await client.get(`${LIST}?page=9`)).json());
    expect(beyond.results).toEqual([]);
    expect(beyond.count).toBe(3);
  });

  it('filters by read state', async () => {
    const { client, id } = await customer();
    const read = await notify(id, 'read one');
    await notify(id, 'unread one');
    await client.post(markRead(read.id));
    const onlyRead = notificationListResponseSchema.parse((await client.get(`${LIST}?is_read=true`)).json());
    expect(onlyRead.results.map((item) => item.title)).toEqual(['read one']);
    const onlyUnread = notificationListResponseSchema.parse(
      (await client.get(`${LIST}?is_read=false`)).json(),
    );
    expect(onlyUnread.results.map((item) => item.title)).toEqual(['unread one']);
    expect(onlyUnread.unread_count).toBe(1);
  });

  it('refuses bad paging with the field and the reason', async () => {
    const { client } = await customer();
    const tooBig = await client.get(`${LIST}?page_size=101`);
    expect(tooBig.statusCode).toBe(422);
    expect(envelope(tooBig.body).fields).toEqual([{ field: 'page_size', message: 'must be at most 100' }]);
    const badFilter = await client.get(`${LIST}?is_read=maybe`);
    expect(badFilter.statusCode).toBe(422);
    expect(envelope(badFilter.body).fields?.[0]?.field).toBe('is_read');
  });

  it('is for signed-in customers only', async () => {
    expect((await new TestBrowser(harness.app).get(LIST)).statusCode).toBe(401);
    const visitor = new TestBrowser(harness.app);
    await visitor.startVisit();
    expect((await visitor.get(LIST)).statusCode).toBe(401);
    expect((await visitor.post(MARK_ALL)).statusCode).toBe(401);
    expect((await visitor.post(markRead(crypto.randomUUID()))).statusCode).toBe(401);
    expect(
      (await visitor.post(REGISTER, { platform: 'web', token: JSON.stringify(subscriptionJson()) }))
        .statusCode,
    ).toBe(401);
  });

  it("never shows one customer another's notifications", async () => {
    const alice = await customer();
    const bob = await customer();
    await notify(alice.id, 'for alice');
    const bobs = notificationListResponseSchema.parse(
      (await bob.client.get(`${LIST}?user=${alice.id}`)).json(),
    );
    expect(bobs.results).toEqual([]);
    expect(bobs.unread_count).toBe(0);
  });
});

describe('creating notifications', () => {
  it('writes one notification per dedupe key', async () => {
    const { id, client } = await customer();
    const first = await notify(id, 'once', { dedupeKey: 'order:x:status:processing' });
    const again = await harness.app.notifications.create({
      userId: id,
      type: 'order_update',
      title: 'once again',
      message: 'ignored',
      dedupeKey: 'order:x:status:processing',
    });
    expect(again).toBeNull();
    // The key is per customer: another customer's equal key is theirs alone.
    const other = await customer();
    expect(await notify(other.id, 'theirs', { dedupeKey: 'order:x:status:processing' })).toBeTruthy();
    const list = notificationListResponseSchema.parse((await client.get(LIST)).json());
    expect(list.results.map((item) => item.id)).toEqual([first.id]);
  });

  it('keeps titles and messages within their limits', async () => {
    const { id } = await customer();
    const long = await harness.app.notifications.create({
      userId: id,
      type: 'system',
      title: `  ${'T'.repeat(400)}  `,
      message: 'M'.repeat(5_000),
    });
    expect(long?.title).toHaveLength(150);
    expect(long?.title.endsWith('…')).toBe(true);
    expect(long?.message).toHaveLength(1_000);
  });

  it('tells the customer of a password change and of a sign-in from a new device', async () => {
    const { client, email, id } = await customer({ userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/130.0' });
    const changed = await client.post('/api/v1/auth/change-password', {
      currentPassword: 'correct horse battery staple',
      newPassword: 'a much better passphrase',
    });
    expect(changed.statusCode).toBe(200);
    const laptop = new TestBrowser(harness.app, {
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari/605.1.15',
      ip: '10.20.30.40',
    });
    await laptop.get('/api/v1/auth/csrf');
    expect((await laptop.signIn(email, 'a much better passphrase')).statusCode).toBe(200);

    const rows = await harness.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, id))
      .orderBy(notifications.createdAt);
    expect(rows.map((row) => [row.type, row.priority, row.title])).toEqual([
      ['security', 'high', 'Your password was changed'],
      ['security', 'high', 'New sign-in to your account'],
    ]);
    expect(rows[0]?.message).toContain('Chrome on Windows');
    expect(rows[1]?.message).toContain('Safari on macOS (address 10.20.30.40)');
  });
});

describe('POST /notifications/{id}/mark_read/', () => {
  it('marks one read and answers the count left', async () => {
    const { client, id } = await customer();
    const one = await notify(id, 'one');
    await notify(id, 'two');
    const response = await client.post(markRead(one.id));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = markReadResponseSchema.parse(response.json());
    expect(body.notification).toMatchObject({ id: one.id, is_read: true });
    expect(body.unread_count).toBe(1);
    // Again: still read, nothing else changes.
    expect(markReadResponseSchema.parse((await client.post(markRead(one.id))).json()).unread_count).toBe(1);
  });

  it("answers 404 for another customer's notification and leaves it unread", async () => {
    const alice = await customer();
    const bob = await customer();
    const alices = await notify(alice.id, 'private');
    const response = await bob.client.post(markRead(alices.id));
    expect(response.statusCode).toBe(404);
    expect(envelope(response.body).code).toBe('not_found');
    const [row] = await harness.app.db.select().from(notifications).where(eq(notifications.id, alices.id));
    expect(row?.isRead).toBe(false);
    expect((await bob.client.post(markRead(crypto.randomUUID()))).statusCode).toBe(404);
  });

  it('refuses an id that is not a UUID', async () => {
    const { client } = await customer();
    const response = await client.post(markRead('42'));
    expect(response.statusCode).toBe(422);
    expect(envelope(response.body).fields).toEqual([
      { field: 'id', message: 'Notification id must be a UUID' },
    ]);
  });
});

describe('POST /notifications/mark_all_read/', () => {
  it("marks all of the customer's own, and no one else's", async () => {
    const alice = await customer();
    const bob = await customer();
    await notify(alice.id, 'a1');
    await notify(alice.id, 'a2');
    await notify(bob.id, 'b1');
    const response = await alice.client.post(MARK_ALL);
    expect(response.statusCode).toBe(200);
    expect(markAllReadResponseSchema.parse(response.json())).toEqual({ marked: 2, unread_count: 0 });
    expect(markAllReadResponseSchema.parse((await alice.client.post(MARK_ALL)).json()).marked).toBe(0);
    const bobs = notificationListResponseSchema.parse((await bob.client.get(LIST)).json());
    expect(bobs.unread_count).toBe(1);
  });
});

describe('POST /notifications/register/', () => {
  it("saves the browser's push subscription, and moves it when another account registers it", async () => {
    const alice = await customer({ userAgent: 'Firefox/131.0' });
    const subscription = subscriptionJson();
    const response = await alice.client.post(REGISTER, {
      platform: 'web',
      token: JSON.stringify(subscription),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ registered: true, platform: 'web' });
    const [row] = await harness.app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, subscription.endpoint));
    expect(row).toMatchObject({
      userId: alice.id,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      userAgent: 'Firefox/131.0',
    });

    // Registering again is harmless; the same browser signed in as Bob now pushes to Bob.
    expect(
      (await alice.client.post(REGISTER, { platform: 'web', token: JSON.stringify(subscription) }))
        .statusCode,
    ).toBe(200);
    const bob = await customer();
    await bob.client.post(REGISTER, { platform: 'web', token: JSON.stringify(subscription) });
    const rows = await harness.app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, subscription.endpoint));
    expect(rows.map((item) => item.userId)).toEqual([bob.id]);
  });

  it(`keeps the ${MAX_PUSH_SUBSCRIPTIONS_PER_USER} most recent browsers of a customer`, async () => {
    const { client, id } = await customer();
    const endpoints: string[] = [];
    for (let index = 0; index < MAX_PUSH_SUBSCRIPTIONS_PER_USER + 2; index++) {
      const subscription = subscriptionJson();
      endpoints.push(subscription.endpoint);
      expect(
        (await client.post(REGISTER, { platform: 'web', token: JSON.stringify(subscription) })).statusCode,
      ).toBe(200);
    }
    const rows = await harness.app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, id));
    expect(rows.map((row) => row.endpoint).sort()).toEqual(endpoints.slice(2).sort());
  });

  it.each([
    ['no platform', { token: JSON.stringify(subscriptionJson()) }, 'platform', pushMessages.platform],
    [
      'another platform',
      { platform: 'ios', token: JSON.stringify(subscriptionJson()) },
      'platform',
      pushMessages.platform,
    ],
    ['no token', { platform: 'web' }, 'token', pushMessages.token],
    ['a token that is not JSON', { platform: 'web', token: 'abc' }, 'token', pushMessages.token],
    [
      'an http endpoint',
      { platform: 'web', token: JSON.stringify(subscriptionJson('http://fcm.push.example.test/x')) },
      'token',
      pushMessages.endpoint,
    ],
    [
      'missing keys',
      { platform: 'web', token: JSON.stringify({ endpoint: 'https://fcm.push.example.test/x' }) },
      'token',
      pushMessages.keys,
    ],
    [
      'a short auth key',
      {
        platform: 'web',
        token: JSON.stringify({
          ...subscriptionJson(),
          keys: { ...subscriptionJson().keys, auth: 'c2hvcnQ' },
        }),
      },
      'token',
      'keys.auth must be 16 bytes',
    ],
    [
      'an endpoint that is no push service',
      {
        platform: 'web',
        token: JSON.stringify(subscriptionJson('https://169.254.169.254/latest/meta-data')),
      },
      'token',
      'The push endpoint is not a known browser push service',
    ],
  ])('refuses %s with 422 naming the field, saving nothing', async (_case, body, field, message) => {
    const { client, id } = await customer();
    const response = await client.post(REGISTER, body);
    expect(response.statusCode).toBe(422);
    expect(envelope(response.body).fields).toEqual([{ field, message }]);
    expect(
      await harness.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, id)),
    ).toEqual([]);
  });

  it('gives the VAPID public key browsers subscribe with', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/notifications/push_key/' });
    expect(response.statusCode).toBe(200);
    expect(response.json().public_key).toBe(harness.app.notifications.vapid.publicKey);
    expect(Buffer.from(response.json().public_key, 'base64url')).toHaveLength(65);
  });
});

describe('the clean-up of old read notifications', () => {
  it('removes read notifications older than the retention, and keeps unread and recent ones', async () => {
    const { id } = await customer();
    const now = new Date('2026-06-30T12:00:00Z');
    const day = 24 * 60 * 60 * 1000;
    const make = async (title: string, ageDays: number, isRead: boolean) => {
      const created = await notify(id, title);
      await harness.app.db
        .update(notifications)
        .set({ isRead, createdAt: new Date(now.getTime() - ageDays * day) })
        .where(eq(notifications.id, created.id));
    };
    await make('read, 31 days', 31, true);
    await make('read, 90 days', 90, true);
    await make('read, 29 days', 29, true);
    await make('unread, 200 days', 200, false);
    await make('read, 30 days and a bit', 30.01, true);

    expect(await removeOldReadNotifications(harness.app.db, 30, now)).toBe(3);
    const left = await harness.app.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, id))
      .orderBy(notifications.title);
    expect(left.map((row) => row.title)).toEqual(['read, 29 days', 'unread, 200 days']);
    // A setting of 7 days removes more; a second run finds nothing.
    expect(await removeOldReadNotifications(harness.app.db, 7, now)).toBe(1);
    expect(await removeOldReadNotifications(harness.app.db, 7, now)).toBe(0);
  });

  it('is scheduled daily, and removes what is older than the configured retention', async () => {
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir() }).READ_NOTIFICATION_RETENTION_DAYS).toBe(30);
    expect(harness.app.config.READ_NOTIFICATION_RETENTION_DAYS).toBe(20);
    const schedules = await harness.app.jobs.boss.getSchedules();
    expect(schedules.map((schedule) => [schedule.name, schedule.cron])).toContainEqual([
      CLEANUP_QUEUE,
      '17 0 * * *',
    ]);

    // The job itself, as its schedule fires it: 20 days is the setting here.
    const { id } = await customer();
    const day = 24 * 60 * 60 * 1000;
    const make = async (title: string, ageDays: number) => {
      const created = await notify(id, title);
      await harness.app.db
        .update(notifications)
        .set({ isRead: true, createdAt: new Date(Date.now() - ageDays * day) })
        .where(eq(notifications.id, created.id));
    };
    await make('read, 21 days', 21);
    await make('read, 19 days', 19);
    expect(await harness.app.jobs.send(CLEANUP_QUEUE, {})).not.toBeNull();
    harness.app.jobs.wake(CLEANUP_QUEUE);
    const titles = async () =>
      (
        await harness.app.db
          .select({ title: notifications.title })
          .from(notifications)
          .where(eq(notifications.userId, id))
      ).map((row) => row.title);
    const deadline = Date.now() + 10_000;
    while ((await titles()).length > 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await titles()).toEqual(['read, 19 days']);
  });
});

describe('indexes', () => {
  it('serve the page, the unread count and the clean-up', async () => {
    const userId = crypto.randomUUID();
    const plans = await harness.app.db.transaction(async (tx) => {
      // On a near-empty table the planner would rightly scan; this asks whether an index can serve.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const explain = async (query: ReturnType<typeof sql>) =>
        (await tx.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN ${query}`)).rows
          .map((row) => row['QUERY PLAN'])
          .join('\n');
      return {
        page: await explain(
          sql`SELECT * FROM notifications WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT 12`,
        ),
        unread: await explain(
          sql`SELECT count(*) FROM notifications WHERE user_id = ${userId} AND is_read = false`,
        ),
        cleanup: await explain(
          sql`SELECT id FROM notifications WHERE is_read = true AND created_at < now() - interval '30 days'`,
        ),
      };
    });
    expect(plans.page).toContain('notifications_user_created_idx');
    expect(plans.unread).toContain('notifications_user_unread_idx');
    expect(plans.cleanup).toContain('notifications_read_created_idx');
  });
});

describe('OpenAPI', () => {
  it('documents every notifications call', async () => {
    const document = (await harness.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const path of [
      '/api/v1/notifications/',
      '/api/v1/notifications/{id}/mark_read/',
      '/api/v1/notifications/mark_all_read/',
      '/api/v1/notifications/register/',
      '/api/v1/notifications/push_key/',
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
  });
});
