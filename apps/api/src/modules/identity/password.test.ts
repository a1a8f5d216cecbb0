import type { AddressInfo } from 'node:net';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { sessions } from '../../db/schema/identity';
import type { DomainEventMap } from '../../lib/domain-events';
import { resetEmailBackoffMs } from './auth';
import { STRONG_PASSWORD, TestBrowser, uniqueEmail } from './testing';

/** A real SMTP server on loopback that keeps what it receives. */
type ReceivedMail = { from: string; to: string[]; raw: string };
const inbox: ReceivedMail[] = [];
let smtp: SMTPServer;
let harness: TestApp;
const changes: Array<DomainEventMap['identity.password_changed']> = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true', SMTP_URL: `smtp://127.0.0.1:${port}` });
  harness.app.events.subscribe('identity.password_changed', (payload) => {
    changes.push(payload);
  });
});
afterAll(async () => {
  await harness?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});
afterEach(() => {
  vi.useRealTimers();
});

const browser = () => new TestBrowser(harness.app);
const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;

/** Undoes quoted-printable soft line breaks and escapes. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

async function mailTo(address: string, count = 1): Promise<ReceivedMail[]> {
  await harness.app.email.idle();
  for (let attempt = 0; attempt < 100; attempt++) {
    const mails = inbox.filter((mail) => mail.to.includes(address));
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return inbox.filter((mail) => mail.to.includes(address));
}

function resetToken(mail: ReceivedMail): string {
  const decoded = decodeQuotedPrintable(mail.raw);
  const match = /http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9%_-]+)/.exec(decoded);
  if (!match?.[1]) throw new Error(`no reset link in:\n${decoded}`);
  return decodeURIComponent(match[1]);
}

describe('password reset by e-mail', () => {
  it('sends a branded text+HTML link through SMTP that works once, and ends every session', async () => {
    const email = uniqueEmail('forgetful');
    const owner = browser();
    await owner.register(email);
    const otherDevice = browser();
    await otherDevice.signIn(email);

    const requester = browser();
    await requester.get('/api/v1/auth/csrf');
    const response = await requester.post('/api/v1/auth/request-password-reset', { email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      message: 'If this email exists in our system, check your email for the reset link',
    });

    const [mail] = await mailTo(email);
    if (!mail) throw new Error('no e-mail arrived');
    expect(mail.from).toBe('hello@kampalacellars.ug');
    expect(mail.raw).toMatch(/^From: Kampala Cellars <hello@kampalacellars\.ug>/m);
    expect(mail.raw).toMatch(/^Subject: Reset your Kampala Cellars password/m);
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    const token = resetToken(mail);

    const reset = await requester.post('/api/v1/auth/reset-password', {
      token,
      newPassword: 'a brand new passphrase',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ status: true });

    expect(await owner.session()).toBeNull();
    expect(await otherDevice.session()).toBeNull();
    expect((await browser().signIn(email)).statusCode).toBe(401);
    expect((await browser().signIn(email, 'a brand new passphrase')).statusCode).toBe(200);
    expect(changes.filter((change) => change.email === email)).toEqual([
      expect.objectContaining({ method: 'reset', email }),
    ]);

    const again = await requester.post('/api/v1/auth/reset-password', {
      token,
      newPassword: 'yet another passphrase',
    });
    expect(again.statusCode).toBe(400);
    expect(envelope(again.body).fields).toEqual([{ field: 'token', message: 'is invalid or expired' }]);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const known = uniqueEmail('known');
    await browser().register(known);
    const unknown = uniqueEmail('unknown');
    const client = browser();
    await client.get('/api/v1/auth/csrf');
    const a = await client.post('/api/v1/auth/request-password-reset', { email: known });
    const b = await client.post('/api/v1/auth/request-password-reset', { email: unknown });
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body).toBe(b.body);
    await mailTo(known);
    expect(inbox.filter((mail) => mail.to.includes(unknown))).toEqual([]);
  });

  it('refuses a weak new password and an expired link', async () => {
    const email = uniqueEmail('weak');
    await browser().register(email);
    const client = browser();
    await client.get('/api/v1/auth/csrf');
    await client.post('/api/v1/auth/request-password-reset', { email });
    const [mail] = await mailTo(email);
    if (!mail) throw new Error('no e-mail arrived');
    const token = resetToken(mail);

    const weak = await client.post('/api/v1/auth/reset-password', { token, newPassword: 'qwertyuiop' });
    expect(weak.statusCode).toBe(422);
    expect(envelope(weak.body).fields).toEqual([
      { field: 'newPassword', message: 'This password is too common. Choose one that is harder to guess.' },
    ]);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60 * 60 * 1000 + 1000);
    const late = await client.post('/api/v1/auth/reset-password', {
      token,
      newPassword: 'a fine new passphrase',
    });
    expect(late.statusCode).toBe(400);
  });

  it('holds back repeated e-mails per account (back-off, not a lock-out) and limits each address', async () => {
    const email = uniqueEmail('impatient');
    await browser().register(email);
    const ask = async () => {
      const client = browser();
      await client.get('/api/v1/auth/csrf');
      return client.post('/api/v1/auth/request-password-reset', { email });
    };
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    await harness.app.email.idle();
    expect(await mailTo(email)).toHaveLength(1);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + resetEmailBackoffMs(1) + 1000);
    expect((await ask()).statusCode).toBe(200);
    expect(await mailTo(email, 2)).toHaveLength(2);
    vi.useRealTimers();

    // Per address: 5 requests in 15 minutes, whatever the accounts.
    const client = browser();
    await client.get('/api/v1/auth/csrf');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await client.post('/api/v1/auth/request-password-reset', { email: uniqueEmail() })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('change password', () => {
  it('needs the current password, applies the policy, and ends the other sessions', async () => {
    const email = uniqueEmail('changer');
    const here = browser();
    await here.register(email);
    const elsewhere = browser();
    const elsewhereSignIn = await elsewhere.signIn(email);
    const elsewhereToken = elsewhereSignIn.json().token as string;

    const wrong = await here.post('/api/v1/auth/change-password', {
      currentPassword: 'not my password',
      newPassword: 'a much better passphrase',
    });
    expect(wrong.statusCode).toBe(422);
    expect(envelope(wrong.body).fields).toEqual([
      { field: 'currentPassword', message: 'Your current password is not correct' },
    ]);

    const weak = await here.post('/api/v1/auth/change-password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'short',
    });
    expect(weak.statusCode).toBe(422);
    expect(envelope(weak.body).fields?.[0]?.field).toBe('newPassword');

    const changed = await here.post('/api/v1/auth/change-password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'a much better passphrase',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().token).toMatch(/^[A-Za-z0-9]{32}$/);

    expect(await elsewhere.session()).toBeNull();
    expect(await harness.app.db.select().from(sessions).where(eq(sessions.token, elsewhereToken))).toEqual(
      [],
    );
    expect((await here.session())?.user.email).toBe(email);
    expect((await browser().signIn(email, 'a much better passphrase')).statusCode).toBe(200);
    expect(changes.filter((change) => change.email === email)).toEqual([
      expect.objectContaining({ method: 'change', email }),
    ]);
  });

  it('is for signed-in customers only', async () => {
    const visitor = browser();
    await visitor.startVisit();
    const response = await visitor.post('/api/v1/auth/change-password', {
      currentPassword: 'whatever it is',
      newPassword: 'a much better passphrase',
    });
    expect(response.statusCode).toBe(401);
  });
});
