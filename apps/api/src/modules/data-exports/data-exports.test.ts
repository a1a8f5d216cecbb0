import crypto from 'node:crypto';
import { DATA_EXPORT_KINDS, type DataExport, dataExportSchema } from '@shop/contract/data-exports';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { type Transaction, transactionSchema } from '@shop/contract/payments';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GiftAndCompany, giftAndCompanyOf } from '../../../test/fixtures/gift-and-company';
import { type Customer, staffMember } from '../../../test/fixtures/orders';
import { pdfText } from '../../../test/pdf-text';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestEvent, rsvp } from '../events/testing';
import type { TestBrowser } from '../identity/testing';
import { customer, placeOrder, productAt, startPayment, waitFor } from '../payments/testing';
import { purgeExports } from './data-exports.service';

let harness: TestApp;
let admin: Customer;

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true', LOG_LEVEL: 'error' });
  admin = await staffMember(harness.app, 'admin');
});
afterAll(() => harness?.close());

const EXPORTS = '/api/v1/users/users/data-exports/';
const LATEST = `${EXPORTS}latest/`;
const pool = () => harness.database.pool;
const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;

async function approve(client: TestBrowser, transaction: Transaction): Promise<Transaction> {
  const approved = await client.post(
    `/api/v1/payments/sandbox/charges/${encodeURIComponent(transaction.reference)}/approve/`,
    { pin: '12345' },
  );
  expect(approved.statusCode, approved.body).toBe(200);
  return waitFor(async () => {
    const settled = transactionSchema.parse(
      (await client.post(`/api/v1/payments/transactions/${transaction.id}/verify_payment/`)).json(),
    );
    return settled.status === 'pending' ? undefined : settled;
  }, 'the payment to settle');
}

type Planted = Customer & { name: string; phone: string; street: string } & GiftAndCompany;

/** A customer with every kind of data: profile, address, paid and refunded order, RSVP, gift, company, … */
async function customerWithEverything(name: string, phone: string): Promise<Planted> {
  const who = await customer(harness, name);
  const street = `Plot ${crypto.randomInt(100, 999)} ${name.split(' ')[1]} Road`;
  const profile = await who.client.patch('/api/v1/users/users/update_profile/', {
    phone,
    default_delivery_address: { area: 'Kololo', street },
    newsletter_opt_in: true,
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const product = await productAt(harness, 90_000, 20);
  const order = await placeOrder(who.client, product);
  const payment = await approve(who.client, await startPayment(who.client, order.id));
  expect(payment.status).toBe('successful');
  const refunded = await admin.client.post('/api/v1/admin/refunds/', {
    transaction_id: payment.id,
    amount: 10_000,
    reason: 'One bottle short',
    idempotency_key: crypto.randomUUID(),
  });
  expect(refunded.statusCode, refunded.body).toBe(201);
  const event = await createTestEvent(harness);
  await rsvp(who.client, event.id);
  expect((await who.client.post('/api/v1/orders/wishlist/', { product: product.id })).statusCode).toBe(201);
  await pool().query(
    `INSERT INTO product_reviews (product_id, user_id, rating, title, body) VALUES ($1, $2, 5, 'Lovely', $3)`,
    [product.id, who.userId, `Written by ${name}`],
  );
  await pool().query(
    `INSERT INTO sms_messages (kind, user_id, phone, body, state, idempotency_key)
     VALUES ('order_update', $1, $2, 'Your order is on its way', 'unsent', $3)`,
    [who.userId, phone, `test:${crypto.randomUUID()}`],
  );
  await harness.app.notifications.create({
    userId: who.userId,
    type: 'news',
    title: 'Tasting on Friday',
    message: `Dear ${name}, join us`,
  });
  return {
    ...who,
    name,
    phone,
    street,
    ...(await giftAndCompanyOf(harness, { ...who, name, phone, street }, admin)),
  };
}

async function exportReady(client: TestBrowser): Promise<DataExport> {
  const asked = await client.post(EXPORTS);
  expect(asked.statusCode, asked.body).toBe(202);
  const id = dataExportSchema.parse(asked.json()).id;
  return waitFor(
    async () => {
      const latest = (await client.get(LATEST)).json() as { export: DataExport | null };
      return latest.export?.id === id && latest.export.state === 'ready' ? latest.export : undefined;
    },
    'the export to be ready',
    30_000,
  );
}

/** A file's text: a PDF's drawn text (test/pdf-text.ts), anything else as it is. */
function textOf(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1');
  return raw.startsWith('%PDF') ? pdfText(bytes) : raw;
}

function contains(files: Record<string, Uint8Array>, needle: string): string[] {
  return Object.entries(files)
    .filter(([, bytes]) => {
      return textOf(bytes).toLowerCase().includes(needle.toLowerCase());
    })
    .map(([name]) => name);
}

describe('a copy of my data', () => {
  it('holds every kind of the customer’s data and nothing of another customer’s', async () => {
    const mine = await customerWithEverything('Achieng Exportowner', '+256772100731');
    const other = await customerWithEverything('Birungi Bystander', '+256752900842');

    const ready = await exportReady(mine.client);
    expect(ready.download_url).toBe(`${EXPORTS}${ready.id}/download/`);
    const download = await mine.client.get(ready.download_url!);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(download.rawPayload));

    for (const kind of DATA_EXPORT_KINDS) {
      const rows = JSON.parse(strFromU8(files[`${kind}.json`]!)) as unknown[];
      expect(rows.length, `${kind}.json has rows`).toBeGreaterThan(0);
      expect(strFromU8(files[`${kind}.csv`]!).split('\r\n').length, `${kind}.csv has lines`).toBeGreaterThan(
        2,
      );
    }
    expect(
      Object.keys(files).filter((name) => name.startsWith('invoices/') && name.endsWith('.pdf')),
    ).toHaveLength(2);
    expect(
      Object.keys(files).filter((name) => name.startsWith('credit_notes/') && name.endsWith('.pdf')),
    ).toHaveLength(1);
    const history = JSON.parse(strFromU8(files['sign_in_history.json']!)) as Array<Record<string, unknown>>;
    expect(history.some((row) => 'token' in row || 'fingerprint' in row)).toBe(false);

    // The search finds the owner's own data in the same files (JSON, CSV and the PDFs' text).
    expect(contains(files, mine.email)).toEqual(expect.arrayContaining(['profile.json', 'emails.csv']));
    expect(contains(files, mine.name)).toEqual(
      expect.arrayContaining([
        'profile.csv',
        'reviews.json',
        expect.stringMatching(/^credit_notes\/.*\.pdf$/),
      ]),
    );
    expect(contains(files, 'Namara Kisakye')).toContainEqual(expect.stringMatching(/^invoices\/.*\.pdf$/));
    expect(contains(files, mine.phone)).toEqual(expect.arrayContaining(['sms.json', 'profile.json']));
    expect(contains(files, mine.street)).toContain('addresses.json');
    expect(contains(files, mine.recipientName)).toEqual(['gifts.json', 'gifts.csv']);
    expect(contains(files, mine.companyTin)).toEqual(
      expect.arrayContaining(['companies.json', 'companies.csv']),
    );
    // … and nothing of the other customer's anywhere.
    for (const needle of [
      other.name,
      other.email,
      other.phone,
      other.street,
      other.userId,
      other.recipientName,
      other.recipientPhone,
      other.companyName,
      other.companyTin,
    ]) {
      expect(contains(files, needle), needle).toEqual([]);
    }
  });

  it('downloads once, within its time, for its own account only; one request at a time', async () => {
    const owner = await customer(harness, 'Kato Owner');
    const stranger = await customer(harness, 'Opio Stranger');
    const ready = await exportReady(owner.client);

    const notice = await waitFor(async () => {
      const result = await pool().query<{ title: string; message: string }>(
        'SELECT title, message FROM notifications WHERE user_id = $1 AND related_id = $2',
        [owner.userId, ready.id],
      );
      return result.rows[0];
    }, 'the notification');
    expect(notice.title).toBe('Your data is ready');
    // The e-mail follows the notification, in the same job.
    const mail = await waitFor(async () => {
      const result = await pool().query<{ subject: string; text: string }>(
        `SELECT subject, text FROM dev_mailbox WHERE "to" = $1 AND subject LIKE '%data is ready%'`,
        [owner.email],
      );
      return result.rows.length > 0 ? result : undefined;
    }, 'the e-mail');
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]!.text).not.toContain(ready.id);

    const theirs = await stranger.client.get(ready.download_url!);
    expect(theirs.statusCode).toBe(404);
    const first = await owner.client.get(ready.download_url!);
    expect(first.statusCode).toBe(200);
    const second = await owner.client.get(ready.download_url!);
    expect(second.statusCode).toBe(410);
    expect(envelope(second.body).message).toContain('downloaded already');

    // Expired: 24 hours after it was ready, and the purge job drops the file.
    const late = await exportReady(owner.client);
    await pool().query(`UPDATE data_exports SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      late.id,
    ]);
    const expired = await owner.client.get(late.download_url!);
    expect(expired.statusCode).toBe(410);
    expect(envelope(expired.body).message).toContain('expired');
    expect(((await owner.client.get(LATEST)).json() as { export: DataExport }).export).toMatchObject({
      state: 'expired',
      download_url: null,
    });
    await purgeExports(harness.app.db, new Date());
    const kept = await pool().query<{ id: string; state: string }>(
      'SELECT id, state FROM data_exports WHERE user_id = $1 AND file IS NOT NULL',
      [owner.userId],
    );
    expect(kept.rows).toEqual([]);

    // One pending request at a time: the second names the first.
    const pending = await pool().query<{ id: string }>(
      `INSERT INTO data_exports (user_id) VALUES ($1) RETURNING id`,
      [stranger.userId],
    );
    const again = await stranger.client.post(EXPORTS);
    expect(again.statusCode).toBe(409);
    expect(envelope(again.body).message).toContain(pending.rows[0]!.id);
    const queued = await stranger.client.get(`${EXPORTS}${pending.rows[0]!.id}/download/`);
    expect(queued.statusCode).toBe(409);
  });

  it('is for signed-in customers only', async () => {
    const response = await harness.app.inject({ method: 'GET', url: LATEST });
    expect(response.statusCode).toBe(401);
  });
});
