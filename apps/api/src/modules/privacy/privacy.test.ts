import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ERASED_RECIPIENT } from '@shop/contract/erasure';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  type Breach,
  type BreachList,
  DEFAULT_RETENTION,
  type PrivacyFacts,
  type RetentionSettings,
  SERVER_LOG_NAMESPACE,
  SERVER_LOG_RETENTION_DAYS,
} from '@shop/contract/privacy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftAndCompanyOf } from '../../../test/fixtures/gift-and-company';
import { type Customer, staffMember } from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { customer } from '../payments/testing';
import { applyRetentionNow } from './privacy.service';
import { processorsOf } from './processors';

let harness: TestApp;
let admin: Customer;
let staff: Customer;

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true', LOG_LEVEL: 'error' });
  admin = await staffMember(harness.app, 'admin');
  staff = await staffMember(harness.app, 'staff');
});
afterAll(() => harness?.close());

const RETENTION = '/api/v1/admin/privacy/retention/';
const BREACHES = '/api/v1/admin/privacy/breaches/';
const PROCESSORS = '/api/v1/admin/privacy/processors/';
const FACTS = '/api/v1/privacy/facts/';
const pool = () => harness.database.pool;
const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;
const fieldsOf = (body: string) => envelope(body).fields?.map((field) => field.field) ?? [];

const deployFile = (name: string) =>
  fs.readFileSync(fileURLToPath(new URL(`../../../../../deploy/${name}`, import.meta.url)), 'utf8');

describe("the logs' retention (fixed by the deploy configuration)", () => {
  it('is the journal namespace the units log to, deleting after the period the privacy page states', async () => {
    const unit = deployFile('kampala-cellars@.service');
    expect(unit).toMatch(new RegExp(`^LogNamespace=${SERVER_LOG_NAMESPACE}$`, 'm'));
    const journal = deployFile(`journald@${SERVER_LOG_NAMESPACE}.conf`);
    const section = journal.split(/^\[/m).find((part) => part.startsWith('Journal]'));
    expect(section?.match(/^MaxRetentionSec=(.*)$/gm)).toEqual([
      `MaxRetentionSec=${SERVER_LOG_RETENTION_DAYS}day`,
    ]);
    expect(journal).toContain(`after ${SERVER_LOG_RETENTION_DAYS} days`);

    const facts = (await harness.app.inject({ method: 'GET', url: FACTS })).json() as PrivacyFacts;
    expect(facts.kept).toContainEqual(
      expect.objectContaining({
        data: expect.stringMatching(/^Server logs .*never your name/),
        kept: expect.stringMatching(new RegExp(`^${SERVER_LOG_RETENTION_DAYS} days,`)),
      }),
    );
  });
});

describe('retention settings', () => {
  it('are validated field by field, saved by admins with the version, audited, and shown on the privacy page', async () => {
    const current = (await admin.client.get(RETENTION)).json() as RetentionSettings;
    const { version, updated_at: _a, updated_by: _b, ...fields } = current;

    const bad = await admin.client.request({
      method: 'PUT',
      url: RETENTION,
      payload: { ...fields, notifications: 5, messages: 1.5, version },
    });
    expect(bad.statusCode).toBe(422);
    expect(fieldsOf(bad.body).sort()).toEqual(['messages', 'notifications']);
    expect(((await admin.client.get(RETENTION)).json() as RetentionSettings).version).toBe(version);

    const saved = await admin.client.request({
      method: 'PUT',
      url: RETENTION,
      payload: { ...fields, messages: 45, version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ messages: 45, version: version + 1 });
    const stale = await admin.client.request({
      method: 'PUT',
      url: RETENTION,
      payload: { ...fields, version },
    });
    expect(stale.statusCode).toBe(409);
    const audit = await pool().query(
      `SELECT summary FROM audit_entries WHERE kind = 'privacy.retention' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.rows[0].summary).toContain('messages: 180 → 45 days');

    const facts = (await harness.app.inject({ method: 'GET', url: FACTS })).json() as PrivacyFacts;
    expect(facts.kept).toContainEqual(
      expect.objectContaining({ data: expect.stringContaining('Messages sent to you'), kept: '45 days' }),
    );
    expect(facts.kept).toContainEqual(expect.objectContaining({ kept: expect.stringContaining('6 years') }));
    expect(facts.processors.map((processor) => processor.name)).toEqual(
      processorsOf(harness.app.config).map((processor) => processor.name),
    );
  });

  it('are applied by the hourly job: each kind older than its period goes, younger stays', async () => {
    const who = await customer(harness, 'Kintu Retained');
    const old = `now() - interval '${DEFAULT_RETENTION.notifications + 1} days'`;
    await pool().query(
      `INSERT INTO notifications (user_id, type, title, message, created_at)
       VALUES ($1, 'news', 'Old', 'Old news', ${old}), ($1, 'news', 'New', 'New news', now())`,
      [who.userId],
    );
    await pool().query(
      `INSERT INTO sms_messages (kind, user_id, phone, body, state, idempotency_key, created_at)
       VALUES ('order_update', $1, '+256772000001', 'old', 'sent', $2, now() - interval '400 days'),
              ('order_update', $1, '+256772000001', 'stuck', 'queued', $3, now() - interval '400 days')`,
      [who.userId, `t:${crypto.randomUUID()}`, `t:${crypto.randomUUID()}`],
    );
    await pool().query(
      `INSERT INTO known_devices (user_id, fingerprint, last_seen_at) VALUES ($1, 'old', now() - interval '2 years'), ($1, 'new', now())`,
      [who.userId],
    );
    await applyRetentionNow(harness.app.db, new Date());
    const left = await pool().query(
      `SELECT (SELECT array_agg(title ORDER BY title) FROM notifications WHERE user_id = $1) AS notifications,
              (SELECT array_agg(body ORDER BY body) FROM sms_messages WHERE user_id = $1) AS sms,
              (SELECT array_agg(fingerprint ORDER BY fingerprint) FROM known_devices WHERE user_id = $1) AS devices`,
      [who.userId],
    );
    expect(left.rows[0]).toMatchObject({ notifications: ['New'], sms: ['stuck'] });
    // The sign-in's own device (seen now) stays with the new one.
    expect(left.rows[0].devices).toContain('new');
    expect(left.rows[0].devices).not.toContain('old');
  });

  it('clear a gift’s recipient once the gift was delivered longer ago than its period', async () => {
    const gifts = [];
    for (const [name, phone] of [
      ['Mukasa Longago', '+256772000311'],
      ['Nalwoga Recently', '+256772000312'],
    ] as const) {
      const who = { ...(await customer(harness, name)), name, phone, street: 'Plot 1 Kira Road' };
      gifts.push(await giftAndCompanyOf(harness, who, admin));
    }
    const [old, recent] = gifts as [(typeof gifts)[0], (typeof gifts)[0]];
    const deliveredDaysAgo = (orderId: string, days: number) =>
      pool().query(
        `UPDATE deliveries SET delivered_at = now() - make_interval(days => $2) WHERE order_id = $1`,
        [orderId, days],
      );
    await deliveredDaysAgo(old.giftOrder.id, DEFAULT_RETENTION.gift_recipients + 1);
    await deliveredDaysAgo(recent.giftOrder.id, DEFAULT_RETENTION.gift_recipients - 1);
    await applyRetentionNow(harness.app.db, new Date());
    const left = await pool().query(
      `SELECT order_id, recipient_name, recipient_phone, message, link_hash FROM gift_recipients
       WHERE order_id = ANY($1::uuid[])`,
      [[old.giftOrder.id, recent.giftOrder.id]],
    );
    const byOrder = Object.fromEntries(left.rows.map(({ order_id, ...row }) => [order_id, row]));
    expect(byOrder[old.giftOrder.id]).toEqual({
      recipient_name: ERASED_RECIPIENT,
      recipient_phone: '',
      message: null,
      link_hash: null,
    });
    expect(byOrder[recent.giftOrder.id]).toMatchObject({
      recipient_name: recent.recipientName,
      recipient_phone: recent.recipientPhone,
      message: recent.giftMessage,
    });
  });

  it('are for admins only', async () => {
    expect((await staff.client.get(RETENTION)).statusCode).toBe(403);
    expect((await staff.client.request({ method: 'PUT', url: RETENTION, payload: {} })).statusCode).toBe(403);
    expect((await harness.app.inject({ method: 'GET', url: RETENTION })).statusCode).toBe(401);
    expect((await harness.app.inject({ method: 'GET', url: FACTS })).statusCode).toBe(200);
  });
});

describe('processors and breaches', () => {
  it('lists the processors from the configuration, for staff', async () => {
    const listed = await staff.client.get(PROCESSORS);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ processors: processorsOf(harness.app.config) });
    const who = await customer(harness, 'Nabirye Curious');
    expect((await who.client.get(PROCESSORS)).statusCode).toBe(403);
    // Configured services appear, with what they receive.
    const configured = processorsOf({
      ...harness.app.config,
      SMS_PROVIDER: 'africastalking',
      SMTP_URL: 'smtp://mail.example.ug:587',
      PAYMENT_PROVIDER: 'flutterwave',
    });
    expect(configured.map((processor) => processor.id)).toEqual(
      expect.arrayContaining(['flutterwave', 'smtp', 'africastalking']),
    );
    expect(configured.find((processor) => processor.id === 'smtp')?.name).toContain('mail.example.ug');
  });

  it('records a breach and when people and the PDPO were told (admins, audited, validated)', async () => {
    const missing = await admin.client.post(BREACHES, { what: '', occurred_at: 'yesterday' });
    expect(missing.statusCode).toBe(422);
    expect(fieldsOf(missing.body)).toEqual(expect.arrayContaining(['what', 'data_affected', 'occurred_at']));
    const backwards = await admin.client.post(BREACHES, {
      what: 'A laptop with the order export was stolen',
      data_affected: 'Names and phones of about 40 customers',
      occurred_at: '2026-11-20T10:00:00+03:00',
      discovered_at: '2026-11-19T10:00:00+03:00',
      who_was_told: null,
      people_told_at: null,
      pdpo_told_at: null,
    });
    expect(backwards.statusCode).toBe(422);
    expect(fieldsOf(backwards.body)).toEqual(['discovered_at']);

    const created = await admin.client.post(BREACHES, {
      what: 'A laptop with the order export was stolen',
      data_affected: 'Names and phones of about 40 customers',
      occurred_at: '2026-11-20T10:00:00+03:00',
      discovered_at: '2026-11-21T09:00:00+03:00',
      who_was_told: null,
      people_told_at: null,
      pdpo_told_at: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    const breach = created.json() as Breach;
    const told = await admin.client.patch(`${BREACHES}${breach.id}/`, {
      who_was_told: 'The 40 customers, by e-mail',
      people_told_at: '2026-11-21T15:00:00+03:00',
      pdpo_told_at: '2026-11-21T12:00:00+03:00',
    });
    expect(told.statusCode, told.body).toBe(200);
    expect(told.json()).toMatchObject({
      who_was_told: 'The 40 customers, by e-mail',
      pdpo_told_at: '2026-11-21T09:00:00.000Z',
    });
    const list = (await admin.client.get(`${BREACHES}?page_size=5`)).json() as BreachList;
    expect(list.results[0]).toMatchObject({ id: breach.id, recorded_by: expect.any(String) });
    const audit = await pool().query(
      `SELECT kind FROM audit_entries WHERE subject_type = 'privacy' AND subject_id = $1 ORDER BY id`,
      [`breach-${breach.id}`],
    );
    expect(audit.rows.map((row) => row.kind)).toEqual(['privacy.breach_record', 'privacy.breach_update']);

    expect((await staff.client.get(BREACHES)).statusCode).toBe(403);
    expect((await staff.client.post(BREACHES, {})).statusCode).toBe(403);
    expect((await staff.client.patch(`${BREACHES}${breach.id}/`, {})).statusCode).toBe(403);
    expect((await admin.client.patch(`${BREACHES}999999/`, { what: 'x' })).statusCode).toBe(404);
  });
});
