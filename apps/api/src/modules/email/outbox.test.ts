import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { emailDeliveryResponseSchema, outboxListSchema, outboxMailSchema } from '@shop/contract/outbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCustomer, staffMember } from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { connectDatabase } from '../../db/client';
import { TestBrowser, uniqueEmail } from '../identity/testing';

const OUTBOX = '/api/v1/admin/outbox/';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
});
afterAll(() => harness?.close());

/** A customer asks for a password reset, signed out, as the forgot-password form does. */
async function requestReset(harness: TestApp): Promise<string> {
  const email = uniqueEmail('forgetful');
  await new TestBrowser(harness.app).register(email);
  const requester = new TestBrowser(harness.app);
  await requester.get('/api/v1/auth/csrf');
  const response = await requester.post('/api/v1/auth/request-password-reset', { email });
  expect(response.statusCode).toBe(200);
  await harness.app.email.idle();
  return email;
}

describe('the outbox (e-mail kept without SMTP_URL)', () => {
  it('refuses a visitor (401) and a customer (403)', async () => {
    const visitor = new TestBrowser(harness.app);
    const { client: customer } = await signedInCustomer(harness.app);
    for (const url of [OUTBOX, `${OUTBOX}1/`]) {
      const anonymous = await visitor.get(url);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json().error.code).toBe('unauthorized');
      const forbidden = await customer.get(url);
      expect(forbidden.statusCode, url).toBe(403);
      expect(forbidden.json().error.code).toBe('forbidden');
    }
  });

  it('lists a password reset to staff as held, and reads it with a reset link that works', async () => {
    const email = await requestReset(harness);
    const { client: staff } = await staffMember(harness.app);

    const page = await staff.get(`${OUTBOX}?page_size=50`);
    expect(page.statusCode).toBe(200);
    const list = outboxListSchema.parse(page.json());
    expect(list.smtp_configured).toBe(false);
    const summary = list.results.find((mail) => mail.to === email);
    expect(summary).toMatchObject({
      subject: 'Reset your Kampala Cellars password',
      kind: 'password_reset',
      status: 'held',
    });
    // Newest first.
    expect(list.results.map((mail) => mail.id)).toEqual(
      [...list.results.map((mail) => mail.id)].sort((a, b) => b - a),
    );

    const read = await staff.get(`${OUTBOX}${summary?.id}/`);
    expect(read.statusCode).toBe(200);
    const mail = outboxMailSchema.parse(read.json());
    expect(mail.text).toContain('Choose a new password');
    expect(mail.html).toContain('<a href=');
    const link = mail.links.find((url) => new URL(url).pathname === '/reset-password');
    if (!link) throw new Error(`no reset link among ${mail.links.join(', ')}`);
    const token = new URL(link).searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await new TestBrowser(harness.app).post('/api/v1/auth/reset-password', {
      token,
      newPassword: 'a brand new passphrase 42',
    });
    expect(reset.statusCode).toBe(200);

    const missing = await staff.get(`${OUTBOX}2147483647/`);
    expect(missing.statusCode).toBe(404);
    const bad = await staff.get(`${OUTBOX}abc/`);
    expect(bad.statusCode).toBe(422);
  });

  it('tells the storefront that e-mail is held', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/email/delivery/' });
    expect(response.statusCode).toBe(200);
    expect(emailDeliveryResponseSchema.parse(response.json())).toEqual({ email_delivery: 'held' });
  });

  it('is in the OpenAPI document', async () => {
    const document = (await harness.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/admin/outbox/',
        '/api/v1/admin/outbox/{id}/',
        '/api/v1/email/delivery/',
      ]),
    );
  });
});

describe('in production', () => {
  it('keeps the outbox for staff while the development mailbox answers 404', async () => {
    const production = await createTestApp({ NODE_ENV: 'production', AUTH_TEST_FAST_HASHING: 'false' });
    try {
      const email = await requestReset(production);
      expect((await production.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox/' })).statusCode).toBe(
        404,
      );
      const { client: staff } = await staffMember(production.app);
      const list = outboxListSchema.parse((await staff.get(OUTBOX)).json());
      expect(list.results.find((mail) => mail.to === email)).toMatchObject({ kind: 'password_reset' });
    } finally {
      await production.close();
    }
  });
});

describe('with SMTP_URL set', () => {
  it('says e-mail is sent and lists only what was kept before', async () => {
    const smtp = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true', SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      const delivery = await smtp.app.inject({ method: 'GET', url: '/api/v1/email/delivery/' });
      expect(delivery.json()).toEqual({ email_delivery: 'sent' });
      const { client: staff } = await staffMember(smtp.app);
      const list = outboxListSchema.parse((await staff.get(OUTBOX)).json());
      expect(list).toMatchObject({ smtp_configured: true, count: 0, results: [] });
    } finally {
      await smtp.close();
    }
  });
});

describe('the start-up warning', () => {
  async function startUpLog(env: Record<string, string>): Promise<Array<{ level: number; msg: string }>> {
    const lines: string[] = [];
    const capture = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const testDatabase = await createTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-outbox-log-'));
    const database = connectDatabase(testDatabase.url, 2);
    try {
      const config = loadConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        DATA_DIR: dataDir,
        DATABASE_URL: testDatabase.url,
        JOBS_ENABLED: 'false',
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
        ...env,
      });
      const app = await buildApp({ config, database, logStream: capture });
      await app.ready();
      await app.close();
    } finally {
      await database.close();
      await testDatabase.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    return lines.flatMap((line) => line.split('\n').filter(Boolean)).map((line) => JSON.parse(line));
  }

  it('warns loudly without SMTP_URL, naming it and the outbox page', async () => {
    const warnings = (await startUpLog({})).filter((entry) => entry.level === 40);
    const warning = warnings.find((entry) => entry.msg.includes('SMTP_URL'));
    expect(warning?.msg).toMatch(/^E-MAIL IS NOT BEING SENT: SMTP_URL is not set\./);
    expect(warning?.msg).toContain('/admin/outbox');
    expect(warning?.msg.split('\n').length).toBeGreaterThan(2);
  });

  it('says nothing of it with SMTP_URL set', async () => {
    const log = await startUpLog({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect(log.filter((entry) => entry.msg?.includes('SMTP_URL'))).toEqual([]);
  });
});
