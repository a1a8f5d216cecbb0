import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { sessions, users } from '../../db/schema/identity';
import { currentAuth, requireStaff, requireVisitor } from '../../plugins/auth';
import { type LiveSession, SessionCache } from './session-cache';
import { TestBrowser, uniqueEmail } from './testing';

const live = (userId: string, token: string, expiresAt = new Date(Date.now() + 3_600_000)): LiveSession =>
  ({
    user: { id: userId, role: 'customer' },
    session: { token, userId, expiresAt },
  }) as LiveSession;

describe('the session cache', () => {
  const listeningCache = (ttlMs = 60_000, maxEntries = 10_000) => {
    const cache = new SessionCache(ttlMs, maxEntries);
    cache.listening();
    return cache;
  };

  it('serves what it kept until its time is up or the session expires', () => {
    const cache = listeningCache(1_000);
    const now = Date.now();
    cache.remember('a', live('u1', 'a'), cache.generation, now);
    expect(cache.find('a', now + 999)?.user.id).toBe('u1');
    expect(cache.find('a', now + 1_000)).toBeUndefined();

    cache.remember('b', live('u1', 'b', new Date(now + 10)), cache.generation, now);
    expect(cache.find('b', now + 9)).toBeDefined();
    expect(cache.find('b', now + 10)).toBeUndefined();
  });

  it('keeps and serves nothing before a LISTEN is in place, after it is lost, or with a TTL of 0', () => {
    const notYet = new SessionCache(60_000);
    notYet.remember('a', live('u1', 'a'), notYet.generation);
    expect(notYet.size).toBe(0);

    const lost = listeningCache();
    lost.remember('a', live('u1', 'a'), lost.generation);
    lost.lost();
    expect(lost.find('a')).toBeUndefined();
    expect(lost.size).toBe(0);
    lost.remember('a', live('u1', 'a'), lost.generation);
    expect(lost.size).toBe(0);

    const off = new SessionCache(0);
    off.listening();
    off.remember('a', live('u1', 'a'), off.generation);
    expect(off.find('a')).toBeUndefined();
  });

  it('forgets one session, every session of a user, or everything, as the database says', () => {
    const cache = listeningCache();
    cache.remember('a', live('u1', 'a'), cache.generation);
    cache.remember('b', live('u1', 'b'), cache.generation);
    cache.remember('c', live('u2', 'c'), cache.generation);

    cache.changed('s:a');
    expect(cache.find('a')).toBeUndefined();
    expect(cache.find('b')).toBeDefined();

    cache.changed('u:u1');
    expect(cache.find('b')).toBeUndefined();
    expect(cache.find('c')).toBeDefined();

    cache.changed('all');
    expect(cache.size).toBe(0);
  });

  it('does not keep a lookup that raced a change (read before the message, kept after it)', () => {
    const cache = listeningCache();
    const before = cache.generation;
    cache.changed('s:a');
    cache.remember('a', live('u1', 'a'), before);
    expect(cache.find('a')).toBeUndefined();

    const beforeSignOut = cache.generation;
    cache.forgetCaller('a');
    cache.remember('a', live('u1', 'a'), beforeSignOut);
    expect(cache.size).toBe(0);
  });

  it('forgets every session of the caller’s user on forgetCaller', () => {
    const cache = listeningCache();
    cache.remember('a', live('u1', 'a'), cache.generation);
    cache.remember('b', live('u1', 'b'), cache.generation);
    cache.forgetCaller('a');
    expect(cache.size).toBe(0);
  });

  it('stays within its size, dropping the oldest first', () => {
    const cache = listeningCache(60_000, 2);
    for (const token of ['a', 'b', 'c']) cache.remember(token, live(`u-${token}`, token), cache.generation);
    expect(cache.size).toBe(2);
    expect(cache.find('a')).toBeUndefined();
    expect(cache.find('c')).toBeDefined();
  });
});

describe('sessions kept in memory by the API', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp(
      { AUTH_TEST_FAST_HASHING: 'true', SESSION_CACHE_TTL_MS: '60000' },
      (app) => {
        app.get('/api/v1/test/who/', { preHandler: requireVisitor }, async (request) => ({
          role: currentAuth(request).user.role,
        }));
        app.get('/api/v1/test/back-office/', { preHandler: requireStaff }, async () => ({ ok: true }));
      },
    );
    await waitFor(() => harness.app.sessionCache.enabled);
  });
  afterAll(() => harness?.close());

  /** Polls `check` every 10 ms for at most 3 s (a NOTIFY takes milliseconds). */
  async function waitFor(check: () => boolean | Promise<boolean>) {
    const deadline = Date.now() + 3_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async function signedIn() {
    const client = new TestBrowser(harness.app);
    const answer = await client.register(uniqueEmail());
    const { token, user } = answer.json() as { token: string; user: { id: string } };
    const bearer = { authorization: `Bearer ${token}` };
    return { client, token, userId: user.id, bearer };
  }

  const call = (url: string, headers: Record<string, string>) =>
    harness.app.inject({ method: 'GET', url, headers });

  it('answers a known session from memory', async () => {
    const { token, bearer } = await signedIn();
    expect((await call('/api/v1/test/who/', bearer)).statusCode).toBe(200);
    expect(harness.app.sessionCache.find(token)?.session.token).toBe(token);
  });

  it('refuses a signed-out session on the very next call', async () => {
    const { client, bearer } = await signedIn();
    expect((await call('/api/v1/test/who/', bearer)).statusCode).toBe(200);
    const signOut = await client.post('/api/v1/auth/sign-out', {}, bearer);
    expect(signOut.statusCode).toBe(200);
    expect((await call('/api/v1/test/who/', bearer)).statusCode).toBe(401);
  });

  it('hears a role changed in the database', async () => {
    const { userId, bearer } = await signedIn();
    expect((await call('/api/v1/test/back-office/', bearer)).statusCode).toBe(403);
    await harness.app.db.update(users).set({ role: 'staff' }).where(eq(users.id, userId));
    await waitFor(async () => (await call('/api/v1/test/back-office/', bearer)).statusCode === 200);
    await harness.app.db.update(users).set({ role: 'customer' }).where(eq(users.id, userId));
    await waitFor(async () => (await call('/api/v1/test/back-office/', bearer)).statusCode === 403);
  });

  it('hears a session deleted or expired in the database', async () => {
    const deleted = await signedIn();
    const expired = await signedIn();
    for (const { bearer } of [deleted, expired]) {
      expect((await call('/api/v1/test/who/', bearer)).statusCode).toBe(200);
    }
    await harness.app.db.delete(sessions).where(eq(sessions.token, deleted.token));
    await harness.app.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.token, expired.token));
    for (const { bearer } of [deleted, expired]) {
      await waitFor(async () => (await call('/api/v1/test/who/', bearer)).statusCode === 401);
    }
  });

  it('stops serving from memory while its LISTEN is down, and resumes once it is back', async () => {
    const { token, bearer } = await signedIn();
    expect((await call('/api/v1/test/who/', bearer)).statusCode).toBe(200);
    expect(harness.app.sessionCache.find(token)).toBeDefined();

    const admin = new pg.Client({ connectionString: harness.testDatabase.url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND query = 'LISTEN "identity_changed"'`,
      );
      expect(rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    await waitFor(() => !harness.app.sessionCache.enabled);
    expect(harness.app.sessionCache.size).toBe(0);
    // Still answered, from the database.
    expect((await call('/api/v1/test/who/', bearer)).statusCode).toBe(200);
    expect(harness.app.sessionCache.size).toBe(0);

    await waitFor(() => harness.app.sessionCache.enabled);
    expect((await call('/api/v1/test/who/', bearer)).statusCode).toBe(200);
    expect(harness.app.sessionCache.find(token)).toBeDefined();
  });
});
