import crypto from 'node:crypto';
import { smsOutboxListSchema, smsSettingsSchema } from '@shop/contract/sms';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAfricasTalking } from '../../../test/fakes/africastalking';
import {
  addToCart,
  CHECKOUT,
  type Customer,
  checkoutBody,
  ORDERS,
  secondInstance,
  signedInCustomer,
  staffMember,
  stockedProduct,
  zoneBySlug,
} from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { smsMessages, smsPhoneCodes } from '../../db/schema/sms';
import type { DomainEventMap } from '../../lib/domain-events';
import { createTestEvent, rsvp } from '../events/testing';
import { TestBrowser } from '../identity/testing';
import { waitFor } from '../payments/testing';
import { sendEventReminders } from './sms.events';
import { deliverSms, SMS_SEND_QUEUE } from './sms.service';
import { PHONE_CODE_NOT_KEPT } from './sms.templates';

const SETTINGS = '/api/v1/sms/settings/';
const CODE = '/api/v1/sms/phone/code/';
const VERIFY = '/api/v1/sms/phone/verify/';
const OUTBOX = '/api/v1/admin/outbox/sms/';
const CALLBACK_TOKEN = 'test-callback-token-0123456789abcdef';

let fake: FakeAfricasTalking;
let harness: TestApp;

/** A fresh MTN number, so that tests do not share the per-number code limit. */
const randomPhone = () => `+25677${String(crypto.randomInt(0, 10_000_000)).padStart(7, '0')}`;

const providerEnv = (url: string) => ({
  AUTH_TEST_FAST_HASHING: 'true',
  SMS_PROVIDER: 'africastalking',
  AT_USERNAME: 'sandbox',
  AT_API_KEY: 'atsk_fake_key_for_tests_0123456789',
  AT_BASE_URL: url,
  AT_SENDER_ID: 'KCellars',
  AT_CALLBACK_TOKEN: CALLBACK_TOKEN,
  AT_TIMEOUT_MS: '2000',
  SMS_RETRY_DELAY_SECONDS: '1',
  SMS_MAX_ATTEMPTS: '3',
});

beforeAll(async () => {
  fake = await new FakeAfricasTalking().start();
  harness = await createTestApp(providerEnv(fake.url));
  const address = await harness.app.listen({ port: 0, host: '127.0.0.1' });
  fake.callbackUrl = `${address}/api/v1/sms/delivery-reports/${CALLBACK_TOKEN}/`;
});
afterAll(async () => {
  await harness?.close();
  await fake?.stop();
});

/** Places an order of one bottle; answers the checkout's answer and the order as read afterwards. */
async function orderOf(app: App, customer: Customer) {
  const product = await stockedProduct(app.pool);
  await addToCart(customer.client, product.id, product.variantIds[0]!);
  const zone = await zoneBySlug(app.pool);
  const placed = await customer.client.post(CHECKOUT, checkoutBody(zone.id));
  expect(placed.statusCode, placed.body).toBe(201);
  const read = await customer.client.get(`${ORDERS}/${placed.json().id}/`);
  expect(read.statusCode, read.body).toBe(200);
  return { placed: placed.json(), read: read.json() };
}

const codeIn = (text: string) => /code is (\d{6})/.exec(text)?.[1];

async function smsRows(app: App, userId: string) {
  return app.db
    .select()
    .from(smsMessages)
    .where(eq(smsMessages.userId, userId))
    .orderBy(smsMessages.createdAt);
}

/** Asks for a code and reads it from the fake's received SMS. */
async function requestCode(customer: Customer, phone: string): Promise<string> {
  const before = fake.messagesTo(phone).length;
  const asked = await customer.client.post(CODE, { phone });
  expect(asked.statusCode, asked.body).toBe(202);
  const sms = await waitFor(async () => fake.messagesTo(phone)[before], 'the code SMS');
  const code = codeIn(sms.message);
  if (!code) throw new Error(`no code in ${sms.message}`);
  return code;
}

async function verifiedCustomer(phone = randomPhone()): Promise<Customer & { phone: string }> {
  const customer = await signedInCustomer(harness.app);
  const code = await requestCode(customer, phone);
  const verified = await customer.client.post(VERIFY, { phone, code });
  expect(verified.statusCode, verified.body).toBe(200);
  return { ...customer, phone };
}

function orderPlaced(userId: string, overrides: Partial<DomainEventMap['order.placed']> = {}) {
  return {
    orderId: crypto.randomUUID(),
    orderNumber: `ORD-20261127-${crypto.randomBytes(3).toString('hex').slice(0, 5).toUpperCase()}`,
    userId,
    status: 'pending' as const,
    paymentMethod: 'mobile_money' as const,
    fulfilment: 'delivery' as const,
    itemCount: 2,
    total: 250_000,
    currency: 'UGX' as const,
    invoiceNumber: 'INV-000001',
    paymentDueAt: new Date('2026-11-27T12:15:00Z'),
    placedAt: new Date('2026-11-27T12:00:00Z'),
    ...overrides,
  };
}

describe('phone verification', () => {
  it('sends a 6-digit code by SMS and, once entered, sends SMS to that phone only', async () => {
    const customer = await signedInCustomer(harness.app);
    const phone = randomPhone();
    const before = smsSettingsSchema.parse((await customer.client.get(SETTINGS)).json());
    expect(before).toMatchObject({
      verified_phone: null,
      preferences: { order_updates: true, event_updates: true, marketing: false },
      sms_enabled: true,
    });
    const code = await requestCode(customer, phone);
    const sms = fake.messagesTo(phone).at(-1);
    expect(sms).toMatchObject({ username: 'sandbox', from: 'KCellars' });
    // Only a hash is kept.
    const [stored] = await harness.app.db.select().from(smsPhoneCodes).where(eq(smsPhoneCodes.phone, phone));
    expect(stored?.codeHash).not.toContain(code);

    const verified = await customer.client.post(VERIFY, { phone: `0${phone.slice(4)}`, code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ verified_phone: phone });
    const profile = await customer.client.get('/api/v1/users/users/profile/');
    expect(profile.json().phone).toBe(phone);
  });

  it('keeps no code with a provider: the SMS row and the staff outbox show a code was sent, never its digits', async () => {
    const customer = await signedInCustomer(harness.app);
    const phone = randomPhone();
    const code = await requestCode(customer, phone);
    const rows = await smsRows(harness.app, customer.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'phone_verification', state: 'sent', attempts: 1 });
    expect(rows[0]?.body).toContain(PHONE_CODE_NOT_KEPT);
    // Not in any column of the row, nor in a queued job.
    expect(JSON.stringify(rows[0])).not.toContain(code);
    const jobs = await harness.app.db.execute<{ data: unknown }>(
      sql`SELECT data FROM pgboss.job WHERE name = ${SMS_SEND_QUEUE} AND data->>'smsId' = ${rows[0]?.id}`,
    );
    expect(jobs.rows).toEqual([]);

    const { client: staff } = await staffMember(harness.app);
    const list = smsOutboxListSchema.parse((await staff.get(`${OUTBOX}?state=all&page_size=100`)).json());
    expect(list.sms_configured).toBe(true);
    const listed = list.results.find((sms) => sms.id === rows[0]?.id);
    expect(listed).toMatchObject({ kind_label: 'Phone verification code', state: 'sent' });
    expect(listed?.body).toContain(PHONE_CODE_NOT_KEPT);
    expect(JSON.stringify(list)).not.toContain(code);
    // And the code the customer got works.
    expect((await customer.client.post(VERIFY, { phone, code })).statusCode).toBe(200);
  });

  it('fails a code SMS the provider refuses at once (it cannot be retried without its code), keeping no code', async () => {
    const customer = await signedInCustomer(harness.app);
    const phone = randomPhone();
    fake.failNext({ kind: 'http', status: 500 });
    const asked = await customer.client.post(CODE, { phone });
    expect(asked.statusCode).toBe(202);
    const [row] = await smsRows(harness.app, customer.userId);
    expect(row).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: expect.stringContaining('HTTP 500'),
    });
    expect(row?.body).toContain(PHONE_CODE_NOT_KEPT);
    expect(row?.body).not.toMatch(/\d{6}/);
  });

  it('allows 3 codes per number an hour, for any account, without saying who owns it', async () => {
    const phone = randomPhone();
    const first = await signedInCustomer(harness.app);
    for (let index = 0; index < 3; index++)
      expect((await first.client.post(CODE, { phone })).statusCode).toBe(202);
    const fourth = await first.client.post(CODE, { phone });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.code).toBe('rate_limited');
    // Another account gets the same answer for that number: the limit is the number's.
    const other = await signedInCustomer(harness.app);
    const refused = await other.client.post(CODE, { phone });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(fourth.json().error.message);
  });

  it('keeps the limit when requests for one number arrive at once', async () => {
    const phone = randomPhone();
    const customers = await Promise.all([0, 1, 2, 3, 4].map(() => signedInCustomer(harness.app)));
    const answers = await Promise.all(customers.map((customer) => customer.client.post(CODE, { phone })));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
  });

  it('answers alike for a number another account verified', async () => {
    const owner = await verifiedCustomer();
    const other = await signedInCustomer(harness.app);
    const asked = await other.client.post(CODE, { phone: owner.phone });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ phone: owner.phone, expires_in_minutes: 10, delivery: 'sms' });
  });

  it('allows 5 wrong tries per code, then the right one no longer works', async () => {
    const customer = await signedInCustomer(harness.app);
    const phone = randomPhone();
    const code = await requestCode(customer, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let index = 0; index < 4; index++) {
      const answer = await customer.client.post(VERIFY, { phone, code: wrong });
      expect(answer.statusCode).toBe(422);
      expect(answer.json().error.fields).toEqual([
        { field: 'code', message: expect.stringContaining('not right') },
      ]);
    }
    const fifth = await customer.client.post(VERIFY, { phone, code: wrong });
    expect(fifth.json().error.fields[0].message).toContain('Too many wrong tries');
    const right = await customer.client.post(VERIFY, { phone, code });
    expect(right.statusCode).toBe(422);
    expect((await customer.client.get(SETTINGS)).json().verified_phone).toBeNull();
  });

  it('refuses an expired code, and a code for another number', async () => {
    const customer = await signedInCustomer(harness.app);
    const phone = randomPhone();
    const code = await requestCode(customer, phone);
    const otherNumber = await customer.client.post(VERIFY, { phone: randomPhone(), code });
    expect(otherNumber.statusCode).toBe(422);
    await harness.app.db
      .update(smsPhoneCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(smsPhoneCodes.phone, phone));
    const late = await customer.client.post(VERIFY, { phone, code });
    expect(late.statusCode).toBe(422);
    expect(late.json().error.fields[0]).toMatchObject({
      field: 'code',
      message: expect.stringContaining('expired'),
    });
  });

  it('names the field of a bad number or code (422), and refuses visitors (401)', async () => {
    const customer = await signedInCustomer(harness.app);
    const bad = await customer.client.post(CODE, { phone: '12345' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields[0].field).toBe('phone');
    const visitor = new TestBrowser(harness.app);
    await visitor.startVisit();
    for (const [method, url] of [
      ['GET', SETTINGS],
      ['PATCH', SETTINGS],
      ['POST', CODE],
      ['POST', VERIFY],
    ] as const) {
      const answer = await visitor.request({ method, url, payload: {} });
      expect(answer.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe("messages through Africa's Talking (the fake)", () => {
  it('sends the order SMS to the verified phone, with its cost and message id', async () => {
    const customer = await verifiedCustomer();
    const event = orderPlaced(customer.userId);
    await harness.app.events.publish('order.placed', event);
    const sms = await waitFor(
      async () => fake.messagesTo(customer.phone).find((item) => item.message.includes(event.orderNumber)),
      'the order SMS',
    );
    expect(sms.message).toMatch(/^Kampala Cellars: we have order ORD-/);
    expect(sms.message).toContain('15:15'); // due 12:15 UTC, told in Kampala time
    const row = await waitFor(async () => {
      const rows = await smsRows(harness.app, customer.userId);
      return rows.find((item) => item.kind === 'order_placed' && item.state === 'sent');
    }, 'the sent row');
    expect(row).toMatchObject({ providerMessageId: sms.messageId, cost: 'UGX 30.0000', attempts: 1 });

    // The same event again (a retried dispatch) sends nothing more.
    await harness.app.events.publish('order.placed', event);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      fake.messagesTo(customer.phone).filter((item) => item.message.includes(event.orderNumber)),
    ).toHaveLength(1);
  });

  it('tells out for delivery with the rider, and delivered', async () => {
    const customer = await verifiedCustomer();
    const orderId = crypto.randomUUID();
    const base = {
      deliveryId: 1,
      orderId,
      orderNumber: 'ORD-20261127-RIDER',
      userId: customer.userId,
      riderName: 'Joseph Okello',
      riderPhone: '+256701234567',
      estimatedDeliveryTime: null,
      at: new Date('2026-11-27T13:00:00Z'),
    };
    await harness.app.events.publish('delivery.status_changed', {
      ...base,
      from: 'ready_for_delivery',
      to: 'out_for_delivery',
    });
    await harness.app.events.publish('delivery.status_changed', {
      ...base,
      from: 'out_for_delivery',
      to: 'delivered',
    });
    const texts = await waitFor(async () => {
      const got = fake
        .messagesTo(customer.phone)
        .slice(1)
        .map((item) => item.message);
      return got.length >= 2 ? got : undefined;
    }, 'two delivery SMS');
    expect(texts[0]).toContain('is on its way with Joseph Okello, +256701234567');
    expect(texts[1]).toContain('ORD-20261127-RIDER was delivered at 16:00');
  });

  it('updates the state from delivery reports, idempotently, and refuses a wrong token', async () => {
    const customer = await verifiedCustomer();
    await harness.app.events.publish('order.placed', orderPlaced(customer.userId));
    const row = await waitFor(async () => {
      const rows = await smsRows(harness.app, customer.userId);
      return rows.find((item) => item.kind === 'order_placed' && item.state === 'sent');
    }, 'the sent SMS');
    const id = row.providerMessageId as string;
    expect(await fake.report(id, 'Buffered')).toBe(200);
    expect(await fake.report(id, 'Success')).toBe(200);
    const state = async () =>
      (await harness.app.db.select().from(smsMessages).where(eq(smsMessages.id, row.id)))[0];
    expect(await state()).toMatchObject({ state: 'delivered', providerStatus: 'Success' });
    // Again, and a late intermediate report: nothing changes.
    const again = await harness.app.inject({
      method: 'POST',
      url: `/api/v1/sms/delivery-reports/${CALLBACK_TOKEN}/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ id, status: 'Success', phoneNumber: customer.phone }).toString(),
    });
    expect(again.json()).toEqual({ received: true, changed: false });
    expect(await fake.report(id, 'Sent')).toBe(200);
    expect((await state())?.state).toBe('delivered');

    const wrong = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/sms/delivery-reports/not-the-token/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ id, status: 'Failed' }).toString(),
    });
    expect(wrong.statusCode).toBe(404);
    expect((await state())?.state).toBe('delivered');
  });

  it('marks a message failed from a "Failed" report, with the reason', async () => {
    const customer = await verifiedCustomer();
    await harness.app.events.publish('order.placed', orderPlaced(customer.userId));
    const row = await waitFor(async () => {
      const rows = await smsRows(harness.app, customer.userId);
      return rows.find((item) => item.kind === 'order_placed' && item.state === 'sent');
    }, 'the sent SMS');
    expect(await fake.report(row.providerMessageId as string, 'Failed', 'AbsentSubscriber')).toBe(200);
    const [after] = await harness.app.db.select().from(smsMessages).where(eq(smsMessages.id, row.id));
    expect(after).toMatchObject({ state: 'failed', lastError: 'not delivered: AbsentSubscriber' });
  });

  it('retries a failed send later with back-off through the job queue, then sends it once', async () => {
    const customer = await verifiedCustomer();
    fake.failNext({ kind: 'http', status: 500 });
    const event = orderPlaced(customer.userId);
    await harness.app.events.publish('order.placed', event);
    const failedOnce = await waitFor(async () => {
      const rows = await smsRows(harness.app, customer.userId);
      return rows.find(
        (item) => item.kind === 'order_placed' && item.attempts === 1 && item.state === 'queued',
      );
    }, 'the first failed attempt');
    expect(failedOnce.lastError).toContain('HTTP 500');
    // The queue holds the job for a retry later, with a doubling delay.
    const job = await harness.app.db.execute<{ state: string; retry_backoff: boolean; retry_delay: number }>(
      sql`SELECT state, retry_backoff, retry_delay FROM pgboss.job WHERE name = ${SMS_SEND_QUEUE} AND data->>'smsId' = ${failedOnce.id}`,
    );
    expect(job.rows[0]).toMatchObject({ retry_backoff: true, retry_delay: 1 });
    const sent = await waitFor(async () => {
      const rows = await smsRows(harness.app, customer.userId);
      return rows.find((item) => item.kind === 'order_placed' && item.state === 'sent');
    }, 'the retried send');
    expect(sent.attempts).toBe(2);
    expect(
      fake.messagesTo(customer.phone).filter((item) => item.message.includes(event.orderNumber)),
    ).toHaveLength(1);
  });

  it('fails a message at once when the number is refused (403), without retrying', async () => {
    const customer = await verifiedCustomer();
    const requestsBefore = fake.requests;
    fake.failNext({ kind: 'recipient', statusCode: 403, status: 'InvalidPhoneNumber' });
    await harness.app.events.publish('order.placed', orderPlaced(customer.userId));
    const failed = await waitFor(async () => {
      const rows = await smsRows(harness.app, customer.userId);
      return rows.find((item) => item.kind === 'order_placed' && item.state === 'failed');
    }, 'the refused SMS');
    expect(failed).toMatchObject({ attempts: 1, providerStatus: 'InvalidPhoneNumber' });
    expect(failed.lastError).toContain('InvalidPhoneNumber (403)');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(fake.requests - requestsBefore).toBe(1);
  });

  it('gives up after SMS_MAX_ATTEMPTS temporary failures (405 InsufficientBalance)', async () => {
    const customer = await verifiedCustomer();
    fake.failNext(
      { kind: 'recipient', statusCode: 405, status: 'InsufficientBalance' },
      { kind: 'recipient', statusCode: 405, status: 'InsufficientBalance' },
      { kind: 'recipient', statusCode: 405, status: 'InsufficientBalance' },
    );
    await harness.app.events.publish('order.placed', orderPlaced(customer.userId));
    const failed = await waitFor(
      async () => {
        const rows = await smsRows(harness.app, customer.userId);
        return rows.find((item) => item.kind === 'order_placed' && item.state === 'failed');
      },
      'three attempts',
      20_000,
    );
    expect(failed.attempts).toBe(3);
  });

  it('sends each message exactly once with two instances working the queue', async () => {
    const second = await secondInstance(harness);
    try {
      const customer = await verifiedCustomer();
      const requestsBefore = fake.requests;
      const ids: string[] = [];
      for (let index = 0; index < 8; index++) {
        const [row] = await harness.app.db
          .insert(smsMessages)
          .values({
            kind: 'order_placed',
            userId: customer.userId,
            phone: customer.phone,
            body: `Kampala Cellars: exactly once ${index}`,
            state: 'queued',
            idempotencyKey: `test-once:${crypto.randomUUID()}`,
            provider: 'africastalking',
          })
          .returning({ id: smsMessages.id });
        ids.push(row!.id);
      }
      // Every message twice from each instance's queue, and twice by hand at the same time.
      await Promise.all(
        ids.flatMap((smsId) => [
          harness.app.jobs.send(SMS_SEND_QUEUE, { smsId }),
          second.app.jobs.send(SMS_SEND_QUEUE, { smsId }),
          deliverSms(harness.app.sms, smsId),
          deliverSms(second.app.sms, smsId),
        ]),
      );
      await waitFor(async () => {
        const rows = await smsRows(harness.app, customer.userId);
        return rows.filter((row) => ids.includes(row.id)).every((row) => row.state === 'sent');
      }, 'all sent');
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (let index = 0; index < 8; index++) {
        expect(
          fake.messagesTo(customer.phone).filter((sms) => sms.message.endsWith(`once ${index}`)),
        ).toHaveLength(1);
      }
      expect(fake.requests - requestsBefore).toBe(8);
    } finally {
      await second.close();
    }
  });
});

describe('events', () => {
  it('confirms the ticket, and reminds once the day before, from 09:00 Kampala', async () => {
    const customer = await verifiedCustomer();
    // "Today" at 10:00 and 06:00 in Kampala (UTC+3), and an event tomorrow at 19:00 Kampala.
    const today = new Date(
      `${new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10)}T00:00:00+03:00`,
    );
    const morning = new Date(today.getTime() + 10 * 3_600_000);
    const early = new Date(today.getTime() + 6 * 3_600_000);
    const startsAt = new Date(today.getTime() + 43 * 3_600_000);
    const event = await createTestEvent(harness, { starts_at: startsAt, title: 'Rioja evening' });
    const booked = await rsvp(customer.client, event.id, { guests: 2 });
    const ticket = await waitFor(
      async () =>
        fake.messagesTo(customer.phone).find((sms) => sms.message.includes('booked for Rioja evening')),
      'the ticket SMS',
    );
    expect(ticket.message).toContain('2 seats booked for Rioja evening');
    expect(ticket.message).toContain('19:00');
    expect(ticket.message).toContain(`Ticket ${booked.ticket?.display_code}.`);

    expect(await sendEventReminders(harness.app.sms, early)).toBe(0);
    // Two runs at once (two instances' schedules, a repeated slot) remind once.
    const runs = await Promise.all([
      sendEventReminders(harness.app.sms, morning),
      sendEventReminders(harness.app.sms, morning),
    ]);
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await sendEventReminders(harness.app.sms, morning)).toBe(0);
    const reminder = await waitFor(
      async () => fake.messagesTo(customer.phone).find((sms) => sms.message.includes('see you tomorrow')),
      'the reminder',
    );
    expect(reminder.message).toContain('see you tomorrow at 19:00 for Rioja evening');
    expect(
      fake.messagesTo(customer.phone).filter((sms) => sms.message.includes('see you tomorrow')),
    ).toHaveLength(1);
  });
});

describe("the customer's choices", () => {
  it('sends nothing to a phone that was not verified', async () => {
    const customer = await signedInCustomer(harness.app);
    const phone = randomPhone();
    const profile = await customer.client.patch('/api/v1/users/users/update_profile/', { phone });
    expect(profile.statusCode, profile.body).toBe(200);
    await harness.app.events.publish('order.placed', orderPlaced(customer.userId));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await smsRows(harness.app, customer.userId)).toEqual([]);
    expect(fake.messagesTo(phone)).toEqual([]);
  });

  it('respects order updates turned off, and offers only once turned on (with the opt-out link)', async () => {
    const customer = await verifiedCustomer();
    const off = await customer.client.patch(SETTINGS, { order_updates: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().preferences).toEqual({ order_updates: false, event_updates: true, marketing: false });
    await harness.app.events.publish('order.placed', orderPlaced(customer.userId));

    const alert = {
      alertId: crypto.randomInt(1, 2 ** 31),
      userId: customer.userId,
      productId: 1,
      productName: 'Nederburg Baronne',
      productSlug: 'nederburg-baronne',
      price: 45_000,
      originalPrice: 60_000,
    } as unknown as DomainEventMap['wishlist.product_on_sale'];
    await harness.app.events.publish('wishlist.product_on_sale', alert);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await smsRows(harness.app, customer.userId)).map((row) => row.kind)).toEqual([
      'phone_verification',
    ]);

    await customer.client.patch(SETTINGS, { marketing: true });
    await harness.app.events.publish('wishlist.product_on_sale', {
      ...alert,
      alertId: crypto.randomInt(1, 2 ** 31),
    });
    const offer = await waitFor(
      async () => fake.messagesTo(customer.phone).find((sms) => sms.message.includes('Nederburg')),
      'the offer',
    );
    expect(offer.message).toMatch(/Stop offers: http:\/\/localhost:\d+\/profile$/);
  });

  it('says where an order’s SMS go: the verified phone only, and nowhere when order updates are off', async () => {
    const verified = await verifiedCustomer();
    const { placed, read } = await orderOf(harness.app, verified);
    // The contact phone of the order is not where SMS go: only the verified one is.
    expect(placed.contact_phone).toBe('+256772123456');
    expect(placed.sms_updates_to).toBe(verified.phone);
    expect(read.sms_updates_to).toBe(verified.phone);

    await verified.client.patch(SETTINGS, { order_updates: false });
    expect((await verified.client.get(`${ORDERS}/${placed.id}/`)).json().sms_updates_to).toBeNull();

    const unverified = await signedInCustomer(harness.app);
    await unverified.client.patch('/api/v1/users/users/update_profile/', { phone: randomPhone() });
    const theirs = await orderOf(harness.app, unverified);
    expect(theirs.placed.sms_updates_to).toBeNull();
    expect(theirs.read.sms_updates_to).toBeNull();
  });

  it('refuses unknown preference fields (422)', async () => {
    const customer = await signedInCustomer(harness.app);
    const answer = await customer.client.patch(SETTINGS, { sms_everything: true });
    expect(answer.statusCode).toBe(422);
  });
});

describe('without an SMS provider', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  });
  afterAll(() => bare?.close());

  it('keeps every SMS unsent in the staff outbox, never pretending it was sent', async () => {
    const customer = await signedInCustomer(bare.app);
    const phone = randomPhone();
    expect((await customer.client.get(SETTINGS)).json().sms_enabled).toBe(false);
    const asked = await customer.client.post(CODE, { phone });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().delivery).toBe('held');
    const [row] = await smsRows(bare.app, customer.userId);
    expect(row).toMatchObject({
      kind: 'phone_verification',
      state: 'unsent',
      lastError: 'not sent: no SMS provider',
      attempts: 0,
      sentAt: null,
    });
    const jobs = await bare.app.db.execute<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM pgboss.job WHERE name = ${SMS_SEND_QUEUE}`,
    );
    expect(jobs.rows[0]?.count).toBe(0);

    const { client: staff } = await staffMember(bare.app);
    const list = smsOutboxListSchema.parse((await staff.get(OUTBOX)).json());
    expect(list.sms_configured).toBe(false);
    expect(list.results.find((sms) => sms.id === row?.id)).toMatchObject({
      phone,
      state: 'unsent',
      state_label: 'not sent: no SMS provider',
      kind_label: 'Phone verification code',
      // Without a provider staff read the code to the customer by phone.
      body: expect.stringMatching(/code is \d{6}\./),
    });
  });

  it('promises no SMS about an order: the answer says none are sent', async () => {
    const customer = await signedInCustomer(bare.app);
    const { placed, read } = await orderOf(bare.app, customer);
    expect(placed.sms_updates_to).toBeNull();
    expect(read.sms_updates_to).toBeNull();
  });

  it('shows the SMS outbox to staff only', async () => {
    const visitor = new TestBrowser(bare.app);
    expect((await visitor.get(OUTBOX)).statusCode).toBe(401);
    const { client: customer } = await signedInCustomer(bare.app);
    const forbidden = await customer.get(OUTBOX);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('forbidden');
    const { client: staff } = await staffMember(bare.app);
    expect((await staff.get(`${OUTBOX}?state=nonsense`)).statusCode).toBe(422);
  });

  it('has no delivery-report endpoint without AT_CALLBACK_TOKEN', async () => {
    const answer = await bare.app.inject({
      method: 'POST',
      url: '/api/v1/sms/delivery-reports/anything/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'id=ATXid_1&status=Success',
    });
    expect(answer.statusCode).toBe(404);
  });
});
