import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  NEWSLETTER_CONFIRMATION_TTL_HOURS,
  newsletterApiMessages,
  subscribeResponseSchema,
} from '@shop/contract/newsletter';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { devMailbox } from '../../db/schema/email';
import { newsletterSubscribers } from '../../db/schema/engagement';
import { users } from '../../db/schema/identity';
import { csvCell, parseCsv } from '../../lib/csv';
import type { OutgoingEmail } from '../email/email.service';
import { TestBrowser, uniqueEmail } from '../identity/testing';

let harness: TestApp;
const IP_LIMIT = 5;
const SUBSCRIBE = '/api/v1/newsletter/subscriptions/';
const CONFIRM = '/api/v1/newsletter/subscriptions/confirm/';
const UNSUBSCRIBE = '/api/v1/newsletter/subscriptions/unsubscribe/';
const ONE_CLICK = '/api/v1/newsletter/one-click-unsubscribe/';
const EXPORT = '/api/v1/newsletter/subscriptions/export/';
const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;

beforeAll(async () => {
  harness = await createTestApp({
    AUTH_TEST_FAST_HASHING: 'true',
    NEWSLETTER_IP_LIMIT_PER_HOUR: String(IP_LIMIT),
    NEWSLETTER_EMAIL_LIMIT_PER_DAY: '3',
  });
});
afterAll(() => harness?.close());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Each test's own client address, so the per-address limit is the only one it meets. */
const browser = () => new TestBrowser(harness.app);

async function mailsTo(address: string) {
  await harness.app.email.idle();
  return harness.app.db.select().from(devMailbox).where(eq(devMailbox.to, address)).orderBy(devMailbox.id);
}

function tokenIn(text: string, path: string): string {
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_-]{43})`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in:\n${text}`);
  return match[1];
}

async function subscriberOf(address: string) {
  const [row] = await harness.app.db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, address.toLowerCase()));
  return row;
}

/** Subscribes and confirms; answers the welcome e-mail (with its headers). */
async function confirmedSubscriber(address = uniqueEmail('reader')) {
  const client = browser();
  await client.post(SUBSCRIBE, { email: address });
  const [mail] = await mailsTo(address);
  const sent: OutgoingEmail[] = [];
  const spy = vi.spyOn(harness.app.email, 'sendInBackground');
  spy.mockImplementation((message) => {
    if (typeof message !== 'function') sent.push(message);
  });
  const confirmed = await client.post(CONFIRM, { token: tokenIn(mail?.text ?? '', '/newsletter/confirm') });
  expect(confirmed.statusCode).toBe(200);
  spy.mockRestore();
  const welcome = sent[0];
  if (!welcome) throw new Error('no welcome e-mail');
  return { address, welcome, client };
}

describe('POST /newsletter/subscriptions/', () => {
  it('answers 202 and sends a confirmation e-mail; only confirming subscribes', async () => {
    const address = uniqueEmail('amina');
    const response = await browser().post(SUBSCRIBE, { email: address });
    expect(response.statusCode).toBe(202);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(subscribeResponseSchema.parse(response.json())).toEqual({
      status: 'pending_confirmation',
      message: newsletterApiMessages.checkInbox,
    });
    expect((await subscriberOf(address))?.status).toBe('pending');

    const [mail] = await mailsTo(address);
    expect(mail?.subject).toBe('Confirm your subscription to the Kampala Cellars newsletter');
    expect(mail?.html).toContain('Confirm my subscription');
    const token = tokenIn(mail?.text ?? '', '/newsletter/confirm');
    expect(mail?.text).toContain(`${harness.app.config.publicUrl}/newsletter/confirm?token=${token}`);

    const confirmed = await browser().post(CONFIRM, { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      status: 'confirmed',
      email: address,
      message: newsletterApiMessages.confirmed,
    });
    const row = await subscriberOf(address);
    expect(row?.status).toBe('confirmed');
    expect(row?.confirmedAt).toBeInstanceOf(Date);
    // Clicking the link again says the same.
    expect((await browser().post(CONFIRM, { token })).json().status).toBe('confirmed');
  });

  it('treats letter case as one address and never makes a second subscriber', async () => {
    const address = uniqueEmail('case');
    const shouting = address.toUpperCase();
    for (const email of [address, shouting, `  ${address}  `]) {
      expect((await browser().post(SUBSCRIBE, { email })).statusCode).toBe(202);
    }
    const rows = await harness.app.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, address));
    expect(rows).toHaveLength(1);
    // Ten sign-ups of one address at once still make one row.
    const burst = uniqueEmail('burst');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        new TestBrowser(harness.app).post(SUBSCRIBE, { email: index % 2 ? burst.toUpperCase() : burst }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 202)).toBe(true);
    const burstRows = await harness.database.pool.query(
      'SELECT count(*)::int AS n FROM newsletter_subscribers WHERE lower(email) = lower($1)',
      [burst],
    );
    expect(burstRows.rows[0].n).toBe(1);
  });

  it('answers exactly the same for a new, a waiting and a confirmed address', async () => {
    const { address } = await confirmedSubscriber();
    const waiting = uniqueEmail('waiting');
    await browser().post(SUBSCRIBE, { email: waiting });
    const fresh = uniqueEmail('fresh');

    const answers = await Promise.all(
      [address, waiting, fresh].map((email) => browser().post(SUBSCRIBE, { email })),
    );
    const shapes = answers.map((answer) => [answer.statusCode, answer.body, answer.headers['content-type']]);
    expect(shapes[0]).toEqual(shapes[1]);
    expect(shapes[1]).toEqual(shapes[2]);
    // The confirmed address got no new e-mail and stays confirmed.
    expect((await mailsTo(address)).length).toBe(1);
    expect((await subscriberOf(address))?.status).toBe('confirmed');
  });

  it.each([
    ['an empty address', ''],
    ['spaces', '   '],
    ['no @', 'amina.example.ug'],
    ['no domain', 'amina@'],
    ['no name', '@example.ug'],
    ['a space inside', 'ami na@example.ug'],
    ['two @', 'a@b@example.ug'],
    [
      'an address over 254 characters',
      `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.ug`,
    ],
    ['a number', 42],
    ['null', null],
  ])('refuses %s with a 422 on email, and stores nothing', async (_case, email) => {
    const before = await harness.database.pool.query('SELECT count(*)::int AS n FROM newsletter_subscribers');
    const response = await browser().post(SUBSCRIBE, { email });
    expect(response.statusCode).toBe(422);
    expect(envelope(response.body).fields).toEqual([
      { field: 'email', message: newsletterApiMessages.emailInvalid },
    ]);
    const after = await harness.database.pool.query('SELECT count(*)::int AS n FROM newsletter_subscribers');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('refuses a body without an email', async () => {
    const response = await browser().post(SUBSCRIBE, {});
    expect(response.statusCode).toBe(422);
    expect(envelope(response.body).fields?.map((field) => field.field)).toEqual(['email']);
  });

  it('sends a fresh link on a second sign-up (the old one stops working)', async () => {
    const address = uniqueEmail('again');
    await browser().post(SUBSCRIBE, { email: address });
    await browser().post(SUBSCRIBE, { email: address });
    const mails = await mailsTo(address);
    expect(mails).toHaveLength(2);
    const [oldToken, newToken] = mails.map((mail) => tokenIn(mail.text, '/newsletter/confirm'));
    expect(oldToken).not.toBe(newToken);
    const old = await browser().post(CONFIRM, { token: oldToken });
    expect(old.statusCode).toBe(404);
    expect(envelope(old.body)).toEqual({ code: 'not_found', message: newsletterApiMessages.linkInvalid });
    expect((await browser().post(CONFIRM, { token: newToken })).statusCode).toBe(200);
  });

  it('sends at most 3 confirmation e-mails per address a day, answering the same', async () => {
    const address = uniqueEmail('flood');
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push((await browser().post(SUBSCRIBE, { email: address })).body);
    expect(new Set(answers).size).toBe(1);
    expect(await mailsTo(address)).toHaveLength(3);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000 + 1000);
    await browser().post(SUBSCRIBE, { email: address });
    expect(await mailsTo(address)).toHaveLength(4);
  });

  it(`limits one client address to ${IP_LIMIT} sign-ups an hour (429), others unaffected`, async () => {
    const client = browser();
    for (let i = 0; i < IP_LIMIT; i++) {
      expect((await client.post(SUBSCRIBE, { email: uniqueEmail('ip') })).statusCode).toBe(202);
    }
    const limited = await client.post(SUBSCRIBE, { email: uniqueEmail('ip') });
    expect(limited.statusCode).toBe(429);
    expect(envelope(limited.body).code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await browser().post(SUBSCRIBE, { email: uniqueEmail('ip') })).statusCode).toBe(202);
  });

  it('needs no session and no CSRF token', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: SUBSCRIBE,
      payload: { email: uniqueEmail('bare') },
      remoteAddress: '10.250.0.1',
    });
    expect(response.statusCode).toBe(202);
  });
});

describe('confirmation links', () => {
  it('expire after the confirmation period', async () => {
    const address = uniqueEmail('late');
    await browser().post(SUBSCRIBE, { email: address });
    const [mail] = await mailsTo(address);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + NEWSLETTER_CONFIRMATION_TTL_HOURS * 60 * 60 * 1000 + 1000);
    const late = await browser().post(CONFIRM, { token: tokenIn(mail?.text ?? '', '/newsletter/confirm') });
    expect(late.statusCode).toBe(404);
    expect((await subscriberOf(address))?.status).toBe('pending');
  });

  it.each([
    [{ token: 'short' }, 422],
    [{ token: 'x'.repeat(43) }, 404],
    [{ token: 'é'.repeat(43) }, 422],
    [{}, 422],
  ])('refuses %j with %i', async (body, status) => {
    expect((await browser().post(CONFIRM, body)).statusCode).toBe(status);
  });
});

describe('unsubscribing', () => {
  it('every newsletter e-mail carries the link and the RFC 8058 headers', async () => {
    const { welcome, address } = await confirmedSubscriber();
    const row = await subscriberOf(address);
    const token = row?.unsubscribeToken ?? '';
    expect(welcome.to).toBe(address);
    expect(welcome.headers).toEqual({
      'List-Unsubscribe': `<${harness.app.config.publicUrl}/api/v1/newsletter/one-click-unsubscribe/?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(welcome.text).toContain(
      `Unsubscribe: ${harness.app.config.publicUrl}/newsletter/unsubscribe?token=${token}`,
    );
    expect(welcome.html).toContain(
      `href="${harness.app.config.publicUrl}/newsletter/unsubscribe?token=${token}"`,
    );
  });

  it('one click from the link unsubscribes, signed out; again says the same', async () => {
    const { address } = await confirmedSubscriber();
    const token = (await subscriberOf(address))?.unsubscribeToken;
    const response = await browser().post(UNSUBSCRIBE, { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'unsubscribed',
      email: address,
      message: newsletterApiMessages.unsubscribed,
    });
    expect((await subscriberOf(address))?.status).toBe('unsubscribed');
    expect((await browser().post(UNSUBSCRIBE, { token })).statusCode).toBe(200);
    expect((await browser().post(UNSUBSCRIBE, { token: 'y'.repeat(43) })).statusCode).toBe(404);
    expect((await browser().post(UNSUBSCRIBE, { token: 'bad' })).statusCode).toBe(422);
  });

  it('a mail client’s one-click POST (form-encoded) unsubscribes; a browser GET goes to the page', async () => {
    const { address } = await confirmedSubscriber();
    const token = (await subscriberOf(address))?.unsubscribeToken ?? '';
    const opened = await harness.app.inject({ method: 'GET', url: `${ONE_CLICK}?token=${token}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/newsletter/unsubscribe?token=${token}`);
    expect((await subscriberOf(address))?.status).toBe('confirmed');

    const clicked = await harness.app.inject({
      method: 'POST',
      url: `${ONE_CLICK}?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode).toBe(200);
    expect((await subscriberOf(address))?.status).toBe('unsubscribed');
    expect((await harness.app.inject({ method: 'POST', url: `${ONE_CLICK}?token=nope` })).statusCode).toBe(
      422,
    );
  });

  it('after unsubscribing, the old confirmation link is dead; subscribing again needs a new confirmation', async () => {
    const address = uniqueEmail('returning');
    await browser().post(SUBSCRIBE, { email: address });
    const firstToken = tokenIn((await mailsTo(address))[0]?.text ?? '', '/newsletter/confirm');
    await browser().post(CONFIRM, { token: firstToken });
    await browser().post(UNSUBSCRIBE, { token: (await subscriberOf(address))?.unsubscribeToken });
    expect((await browser().post(CONFIRM, { token: firstToken })).statusCode).toBe(404);
    expect((await subscriberOf(address))?.status).toBe('unsubscribed');

    await browser().post(SUBSCRIBE, { email: address });
    expect((await subscriberOf(address))?.status).toBe('pending');
    const mails = await mailsTo(address);
    const secondToken = tokenIn(mails.at(-1)?.text ?? '', '/newsletter/confirm');
    expect((await browser().post(CONFIRM, { token: secondToken })).statusCode).toBe(200);
    expect((await subscriberOf(address))?.status).toBe('confirmed');
  });
});

describe('staff export', () => {
  async function staff() {
    const client = browser();
    const signIn = await client.register(uniqueEmail('staff'));
    await harness.app.db.update(users).set({ role: 'staff' }).where(eq(users.id, signIn.json().user.id));
    return client;
  }

  it('is for staff only', async () => {
    expect((await browser().get(EXPORT)).statusCode).toBe(401);
    const customer = browser();
    await customer.register(uniqueEmail());
    expect((await customer.get(EXPORT)).statusCode).toBe(403);
  });

  it('lists confirmed subscribers only, as CSV safe from formulas', async () => {
    const { address } = await confirmedSubscriber(uniqueEmail('export'));
    const waiting = uniqueEmail('export-waiting');
    await browser().post(SUBSCRIBE, { email: waiting });
    const pool = harness.database.pool;
    await pool.query(
      `INSERT INTO newsletter_subscribers (email, status, unsubscribe_token, confirmed_at)
       VALUES ('=hyperlink("http://evil.example")@evil.ug', 'confirmed', 'evil-token-1', now()),
              ('+1@evil.ug', 'confirmed', 'evil-token-2', now()),
              ('gone@example.ug', 'unsubscribed', 'gone-token', now())`,
    );
    const response = await (await staff()).get(EXPORT);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const [header, ...records] = parseCsv(response.body);
    expect(header?.fields).toEqual(['email', 'confirmed_at', 'subscribed_at']);
    const emails = records.map((record) => record.fields[0]);
    expect(emails).toContain(address);
    expect(emails).not.toContain(waiting);
    expect(emails).not.toContain('gone@example.ug');
    expect(response.body).toContain(`"'=hyperlink(""http://evil.example"")@evil.ug"`);
    expect(response.body).toContain(`\r\n'+1@evil.ug,`);
  });

  it('exports thousands of subscribers in batches, each once', async () => {
    const pool = harness.database.pool;
    const before = await pool.query(
      `SELECT count(*)::int AS n FROM newsletter_subscribers WHERE status = 'confirmed'`,
    );
    await pool.query(
      `INSERT INTO newsletter_subscribers (email, status, unsubscribe_token, confirmed_at)
       SELECT 'bulk' || i || '@example.ug', 'confirmed', 'bulk-token-' || i, now() - (i % 7) * interval '1 second'
       FROM generate_series(1, 2500) i`,
    );
    const response = await (await staff()).get(EXPORT);
    const lines = response.body.trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(before.rows[0].n + 2500);
    expect(new Set(lines).size).toBe(lines.length);
  });

  it.each([
    ['plain@example.ug', 'plain@example.ug'],
    ['=SUM(A1)', `'=SUM(A1)`],
    ['+cmd', `'+cmd`],
    ['-2+3', `'-2+3`],
    ['@import', `'@import`],
    ['\tTAB', `'\tTAB`],
    ['say "hi"', '"say ""hi"""'],
  ])('quotes %j as %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});
