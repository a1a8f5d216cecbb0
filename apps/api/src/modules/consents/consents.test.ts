import { consentsResponseSchema } from '@shop/contract/consents';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { consentRecords } from '../../db/schema/consents';
import { devMailbox } from '../../db/schema/email';
import { ADULT_BIRTH_DATE, STRONG_PASSWORD, TestBrowser, uniqueEmail } from '../identity/testing';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
});
afterAll(() => harness?.close());

const CONSENTS = '/api/v1/users/users/consents/';
const UPDATE_PROFILE = '/api/v1/users/users/update_profile/';
const SMS_SETTINGS = '/api/v1/sms/settings/';
const SUBSCRIBE = '/api/v1/newsletter/subscriptions/';
const CONFIRM = '/api/v1/newsletter/subscriptions/confirm/';
const UNSUBSCRIBE = '/api/v1/newsletter/subscriptions/unsubscribe/';
const ONE_CLICK = '/api/v1/newsletter/one-click-unsubscribe/';

async function customer() {
  const client = new TestBrowser(harness.app);
  const email = uniqueEmail();
  await client.register(email);
  const session = await client.session();
  if (!session) throw new Error('no session');
  return { client, email, userId: session.user.id };
}

const recordsOf = (userId: string) =>
  harness.app.db
    .select()
    .from(consentRecords)
    .where(eq(consentRecords.userId, userId))
    .orderBy(asc(consentRecords.id));

async function newsletterToken(address: string, path: string) {
  await harness.app.email.idle();
  const mails = await harness.app.db
    .select()
    .from(devMailbox)
    .where(eq(devMailbox.to, address))
    .orderBy(devMailbox.id);
  const text = mails.map((mail) => mail.text).join('\n');
  const tokens = [...text.matchAll(new RegExp(`${path}\\?token=([A-Za-z0-9_-]{43})`, 'g'))];
  const token = tokens.at(-1)?.[1];
  if (!token) throw new Error(`no ${path} link for ${address}`);
  return token;
}

describe('the consent ledger', () => {
  it('records the newsletter box ticked at sign-up, once, with the words shown', async () => {
    const client = new TestBrowser(harness.app);
    await client.get('/api/v1/auth/csrf');
    const email = uniqueEmail();
    const signUp = await client.post('/api/v1/auth/sign-up/email', {
      name: 'Achen Grace',
      email,
      password: STRONG_PASSWORD,
      date_of_birth: ADULT_BIRTH_DATE,
      newsletter_opt_in: true,
    });
    expect(signUp.statusCode).toBe(200);
    await client.signIn(email);
    const userId = (await client.session())?.user.id ?? '';
    const records = await recordsOf(userId);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      purpose: 'newsletter',
      action: 'given',
      source: 'sign_up_form',
      shownText: expect.stringContaining('Send me the newsletter'),
    });
  });

  it('records each change of the profile newsletter box once, and nothing when it stays', async () => {
    const { client, userId } = await customer();
    expect(await recordsOf(userId)).toHaveLength(0);
    expect((await client.patch(UPDATE_PROFILE, { newsletter_opt_in: true })).statusCode).toBe(200);
    expect(await recordsOf(userId)).toHaveLength(1);
    await client.patch(UPDATE_PROFILE, { newsletter_opt_in: true, name: 'Same Choice' });
    expect(await recordsOf(userId)).toHaveLength(1);
    await client.patch(UPDATE_PROFILE, { newsletter_opt_in: false });
    const records = await recordsOf(userId);
    expect(records.map((row) => [row.purpose, row.action, row.source])).toEqual([
      ['newsletter', 'given', 'profile_form'],
      ['newsletter', 'withdrawn', 'profile_form'],
    ]);
  });

  it('records each SMS topic that changes, one row per topic', async () => {
    const { client, userId } = await customer();
    const response = await client.patch(SMS_SETTINGS, { marketing: true, order_updates: true });
    expect(response.statusCode).toBe(200);
    // order_updates is on by default: only marketing changed.
    expect((await recordsOf(userId)).map((row) => [row.purpose, row.action, row.source])).toEqual([
      ['sms_marketing', 'given', 'sms_settings'],
    ]);
    await client.patch(SMS_SETTINGS, { event_updates: false });
    const last = (await recordsOf(userId)).at(-1);
    expect(last).toMatchObject({ purpose: 'sms_event_updates', action: 'withdrawn' });
    expect(await recordsOf(userId)).toHaveLength(2);
  });

  it("records the newsletter's request, confirmation and withdrawal against the address's account", async () => {
    const { email, userId } = await customer();
    const anyone = new TestBrowser(harness.app);
    expect((await anyone.post(SUBSCRIBE, { email: email.toUpperCase() })).statusCode).toBe(202);
    expect((await recordsOf(userId)).map((row) => row.action)).toEqual(['requested']);
    const confirm = await anyone.post(CONFIRM, {
      token: await newsletterToken(email, '/newsletter/confirm'),
    });
    expect(confirm.statusCode).toBe(200);
    // Confirming again changes nothing, so records nothing.
    await anyone.post(CONFIRM, { token: await newsletterToken(email, '/newsletter/confirm') });
    expect((await recordsOf(userId)).map((row) => row.action)).toEqual(['requested', 'given']);
    const unsubscribeToken = await newsletterToken(email, '/newsletter/unsubscribe');
    expect((await anyone.post(UNSUBSCRIBE, { token: unsubscribeToken })).statusCode).toBe(200);
    await anyone.post(UNSUBSCRIBE, { token: unsubscribeToken });
    const records = await recordsOf(userId);
    expect(records.map((row) => [row.purpose, row.action, row.source, row.email])).toEqual([
      ['newsletter_email', 'requested', 'newsletter_form', email.toLowerCase()],
      ['newsletter_email', 'given', 'newsletter_confirm_link', email.toLowerCase()],
      ['newsletter_email', 'withdrawn', 'newsletter_unsubscribe_link', email.toLowerCase()],
    ]);
  });

  it('records a one-click unsubscribe by address alone when no account has it', async () => {
    const email = uniqueEmail().toLowerCase();
    const anyone = new TestBrowser(harness.app);
    await anyone.post(SUBSCRIBE, { email });
    await anyone.post(CONFIRM, { token: await newsletterToken(email, '/newsletter/confirm') });
    const token = await newsletterToken(email, '/newsletter/unsubscribe');
    const response = await anyone.request({ method: 'POST', url: `${ONE_CLICK}?token=${token}` });
    expect(response.statusCode).toBe(200);
    const rows = await harness.app.db
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.email, email))
      .orderBy(asc(consentRecords.id));
    expect(rows.map((row) => [row.userId, row.action, row.source])).toEqual([
      [null, 'requested', 'newsletter_form'],
      [null, 'given', 'newsletter_confirm_link'],
      [null, 'withdrawn', 'newsletter_one_click'],
    ]);
  });

  it('refuses to change or delete a record', async () => {
    const { client, userId } = await customer();
    await client.patch(UPDATE_PROFILE, { newsletter_opt_in: true });
    await expect(
      harness.app.db.execute(sql`UPDATE consent_records SET action = 'withdrawn' WHERE user_id = ${userId}`),
    ).rejects.toThrow();
    await expect(
      harness.app.db.execute(sql`DELETE FROM consent_records WHERE user_id = ${userId}`),
    ).rejects.toThrow();
    expect(await recordsOf(userId)).toHaveLength(1);
    // The account row itself may go: its records stay, without the link to it.
    const [record] = await recordsOf(userId);
    await harness.app.db.execute(sql`DELETE FROM users WHERE id = ${userId}`);
    const [kept] = await harness.app.db
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.id, record?.id ?? 0));
    expect(kept).toMatchObject({ userId: null, purpose: 'newsletter', action: 'given' });
  });
});

describe('the profile consents', () => {
  it("answers only one's own consents, with when and how each last changed", async () => {
    const mine = await customer();
    const other = await customer();
    await other.client.patch(UPDATE_PROFILE, { newsletter_opt_in: true });
    await other.client.patch(SMS_SETTINGS, { marketing: true });
    await mine.client.patch(SMS_SETTINGS, { order_updates: false });

    const response = await mine.client.get(CONSENTS);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { consents } = consentsResponseSchema.parse(response.json());
    const byPurpose = Object.fromEntries(consents.map((consent) => [consent.purpose, consent]));
    expect(byPurpose.newsletter).toMatchObject({ granted: false, last_change: null });
    expect(byPurpose.sms_marketing).toMatchObject({ granted: false, last_change: null });
    expect(byPurpose.sms_order_updates).toMatchObject({
      granted: false,
      last_change: { action: 'withdrawn', source: 'sms_settings' },
    });
    expect(byPurpose.sms_event_updates).toMatchObject({ granted: true, last_change: null });
  });

  it('changes one consent and records it as given from the consents section', async () => {
    const { client, userId } = await customer();
    const response = await client.request({
      method: 'PUT',
      url: CONSENTS,
      payload: { purpose: 'sms_marketing', granted: true },
    });
    expect(response.statusCode).toBe(200);
    const { consents } = consentsResponseSchema.parse(response.json());
    expect(consents.find((consent) => consent.purpose === 'sms_marketing')).toMatchObject({
      granted: true,
      last_change: { action: 'given', source: 'consents_section' },
    });
    expect(await recordsOf(userId)).toHaveLength(1);
  });

  it('asks for the e-mailed confirmation before the newsletter goes to the address', async () => {
    const { client, userId } = await customer();
    const response = await client.request({
      method: 'PUT',
      url: CONSENTS,
      payload: { purpose: 'newsletter_email', granted: true },
    });
    const { consents } = consentsResponseSchema.parse(response.json());
    expect(consents.find((consent) => consent.purpose === 'newsletter_email')).toMatchObject({
      granted: false,
      pending: true,
      last_change: { action: 'requested', source: 'consents_section' },
    });
    expect(await recordsOf(userId)).toHaveLength(1);
  });

  it('names the field of a bad change and records nothing', async () => {
    const { client, userId } = await customer();
    const response = await client.request({
      method: 'PUT',
      url: CONSENTS,
      payload: { purpose: 'cookies', granted: 'yes' },
    });
    expect(response.statusCode).toBe(422);
    const fields = errorEnvelopeSchema.parse(response.json()).error.fields?.map((field) => field.field);
    expect(fields).toEqual(expect.arrayContaining(['purpose', 'granted']));
    expect(await recordsOf(userId)).toHaveLength(0);
  });

  it('needs a signed-in customer', async () => {
    const response = await new TestBrowser(harness.app).get(CONSENTS);
    expect(response.statusCode).toBe(401);
  });
});
