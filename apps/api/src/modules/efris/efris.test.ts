import crypto from 'node:crypto';
import { DEFAULT_SHOP_SETTINGS } from '@shop/contract/settings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_EFRIS_CODES, type FakeEfris, taxpayerKeys } from '../../../test/fakes/efris';
import { EFRIS_DEVICE, EFRIS_TIN, efrisHarness } from '../../../test/fixtures/efris';
import {
  addToCart,
  CHECKOUT,
  checkoutBody,
  INVOICES,
  ORDERS,
  secondInstance,
  signedInCustomer,
  staffMember,
  stockedProduct,
  zoneBySlug,
} from '../../../test/fixtures/orders';
import { setShopSettings } from '../../../test/fixtures/settings';
import { pdfText } from '../../../test/pdf-text';
import type { TestApp } from '../../../test/test-app';
import type { Tx } from '../../db/transaction';
import type { TestBrowser } from '../identity/testing';
import { markOrderPaid } from '../orders/order-lifecycle';
import { goodsForInvoice } from './efris.goods';
import { fiscaliseDocument, sweepDocuments } from './efris.service';

/**
 * EFRIS against the fake URA (test/fakes/efris.ts): the admin's settings (the key never comes
 * back), the key exchange and signatures, each paid tax invoice fiscalised once whatever fails,
 * and what staff and the invoice show. This instance runs no jobs (JOBS_ENABLED=false), so each
 * attempt is made here, step by step; one test lets a second instance's worker do it all.
 */

const SETTINGS = '/api/v1/admin/efris/settings/';
const DOCUMENTS = '/api/v1/admin/efris/documents/';
const SUMMARY = '/api/v1/admin/efris/summary/';
const SHOP_TIN = EFRIS_TIN;
const DEVICE = EFRIS_DEVICE;
const COMMODITY = '50202201';

let harness: TestApp;
let fake: FakeEfris;
let admin: TestBrowser;
let zoneId: number;
const taxpayer = taxpayerKeys();

const put = (client: TestBrowser, url: string, payload: unknown) =>
  client.request({ method: 'PUT', url, payload: payload as object });

beforeAll(async () => {
  ({ fake, harness } = await efrisHarness(taxpayer));
  zoneId = (await zoneBySlug(harness.database.pool)).id;
  admin = (await staffMember(harness.app, 'admin')).client;
  await setShopSettings(harness.app, { vat_tin: SHOP_TIN });
});

afterAll(async () => {
  if (harness) {
    await setShopSettings(harness.app, { vat_tin: DEFAULT_SHOP_SETTINGS.vat_tin });
    await harness.close();
  }
  await fake?.stop();
});

async function configure(enabled = true) {
  const key = await put(admin, `${SETTINGS}private-key/`, { private_key: taxpayer.privateKeyPem });
  expect(key.statusCode).toBe(200);
  const saved = await put(admin, SETTINGS, {
    enabled,
    environment: 'test',
    tin: SHOP_TIN,
    device_no: DEVICE,
    commodity_code: COMMODITY,
  });
  expect(saved.statusCode).toBe(200);
}

/** A paid cash-on-delivery order (paid as the rider's cash is recorded), its `order.paid` out. */
async function paidOrder(options: { business?: boolean } = {}) {
  const customer = await signedInCustomer(harness.app, 'Namara Kisakye');
  const product = await stockedProduct(harness.database.pool, { price: 118_000, stock: 20 });
  await addToCart(customer.client, product.id, product.variantIds[0]!, 2);
  const response = await customer.client.post(
    CHECKOUT,
    checkoutBody(
      zoneId,
      options.business ? { vat_invoice: { business_name: 'Acacia Lodge Ltd', tin: '1000987654' } } : {},
    ),
  );
  expect(response.statusCode).toBe(201);
  const orderId = response.json().id as string;
  await harness.app.events.transaction<Tx, unknown>(harness.app.db, (tx, outbox) =>
    markOrderPaid(tx, orderId, { outbox }),
  );
  const invoice = await harness.database.pool.query<{ id: number; invoice_number: string }>(
    'SELECT id, invoice_number FROM invoices WHERE order_id = $1',
    [orderId],
  );
  return { orderId, customer, invoiceId: invoice.rows[0]!.id, referenceNo: invoice.rows[0]!.invoice_number };
}

async function documentOf(orderId: string) {
  const result = await harness.database.pool.query<{
    id: number;
    state: string;
    attempts: number;
    last_error: string | null;
    last_return_code: string | null;
    fiscal_document_number: string | null;
    verification_code: string | null;
    upload_started_at: Date | null;
  }>('SELECT * FROM efris_documents WHERE order_id = $1', [orderId]);
  return result.rows[0];
}

/** The order's sizes registered with URA first (T130: decision 0033), so what follows hits T109. */
async function registerGoodsOf(orderId: string) {
  const sizes = await harness.database.pool.query<{ variant_id: number }>(
    'SELECT variant_id FROM order_items WHERE order_id = $1',
    [orderId],
  );
  const goods = await goodsForInvoice(
    harness.app.efris,
    sizes.rows.map((row) => row.variant_id),
  );
  expect(goods.ready).toBe(true);
}

/** Makes a pending document due now (its back-off passed). */
const makeDue = (id: number) =>
  harness.database.pool.query('UPDATE efris_documents SET next_attempt_at = now() WHERE id = $1', [id]);

beforeEach(() => {
  fake.reset();
});

describe('settings', () => {
  it('are for admins only: visitors 401, customers and staff 403, on every endpoint', async () => {
    const customer = await signedInCustomer(harness.app);
    const staff = await staffMember(harness.app, 'staff');
    const visitor = new (admin.constructor as new (app: unknown) => TestBrowser)(harness.app);
    const calls = [
      (client: TestBrowser) => client.get(SETTINGS),
      (client: TestBrowser) =>
        put(client, SETTINGS, {
          enabled: false,
          environment: 'test',
          tin: null,
          device_no: null,
          commodity_code: null,
        }),
      (client: TestBrowser) =>
        put(client, `${SETTINGS}private-key/`, { private_key: taxpayer.privateKeyPem }),
      (client: TestBrowser) => client.post(`${SETTINGS}test-connection/`),
    ];
    for (const call of calls) {
      expect((await call(visitor)).statusCode).toBe(401);
      expect((await call(customer.client)).statusCode).toBe(403);
      expect((await call(staff.client)).statusCode).toBe(403);
    }
    const row = await harness.database.pool.query('SELECT private_key_ciphertext FROM efris_settings');
    expect(row.rows[0]?.private_key_ciphertext ?? null).toBeNull();
  });

  it('keep the key encrypted, answer only its fingerprint, and never return it', async () => {
    const upload = await put(admin, `${SETTINGS}private-key/`, { private_key: taxpayer.privateKeyPem });
    expect(upload.statusCode).toBe(200);
    const spki = taxpayer.publicKey.export({ type: 'spki', format: 'der' });
    const fingerprint = crypto.createHash('sha256').update(spki).digest('hex');
    expect(upload.json()).toMatchObject({ key_on_file: true, key_fingerprint: fingerprint });
    const read = await admin.get(SETTINGS);
    const keyBody = taxpayer.privateKeyPem.split('\n')[3]!;
    for (const body of [upload.body, read.body]) {
      expect(body).not.toContain('PRIVATE KEY');
      expect(body).not.toContain(keyBody);
    }
    const stored = await harness.database.pool.query<{ private_key_ciphertext: string }>(
      'SELECT private_key_ciphertext FROM efris_settings',
    );
    expect(stored.rows[0]!.private_key_ciphertext).toMatch(/^v1\./);
    expect(stored.rows[0]!.private_key_ciphertext).not.toContain(keyBody);
    // The audit trail says who replaced the key, by its fingerprint only.
    const audit = await harness.database.pool.query<{ kind: string; after: unknown; actor_role: string }>(
      "SELECT kind, after, actor_role FROM audit_entries WHERE kind = 'settings.efris_key' ORDER BY id DESC LIMIT 1",
    );
    expect(audit.rows[0]).toMatchObject({ actor_role: 'admin', after: { key_fingerprint: fingerprint } });
    expect(JSON.stringify(audit.rows)).not.toContain(keyBody);
  });

  it('refuse a bad key and switching on without what EFRIS needs, naming the fields', async () => {
    const bad = await put(admin, `${SETTINGS}private-key/`, {
      private_key: `-----BEGIN PRIVATE KEY-----\n${'A'.repeat(200)}\n-----END PRIVATE KEY-----`,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('private_key');
    const small = crypto
      .generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' });
    expect((await put(admin, `${SETTINGS}private-key/`, { private_key: small })).statusCode).toBe(422);
    const missing = await put(admin, SETTINGS, {
      enabled: true,
      environment: 'test',
      tin: SHOP_TIN,
      device_no: null,
      commodity_code: null,
    });
    expect(missing.statusCode).toBe(422);
    expect(
      missing
        .json()
        .error.fields.map((field: { field: string }) => field.field)
        .sort(),
    ).toEqual(['commodity_code', 'device_no']);
    const wrongTin = await put(admin, SETTINGS, {
      enabled: false,
      environment: 'test',
      tin: '12',
      device_no: null,
      commodity_code: null,
    });
    expect(wrongTin.statusCode).toBe(422);
    expect(wrongTin.body).toContain('tin');
  });

  it('test the connection: T101 and T103, showing the registration for confirmation', async () => {
    await configure(false);
    const tested = await admin.post(`${SETTINGS}test-connection/`);
    expect(tested.statusCode).toBe(200);
    expect(tested.json()).toMatchObject({
      ok: true,
      clock_within_limit: true,
      registration: { tin: SHOP_TIN, legal_name: 'KAMPALA CELLARS LIMITED', device_no: DEVICE },
      error: null,
    });
    expect(fake.calls).toEqual(['T101', 'T104', 'T103']);
    expect((await admin.get(SETTINGS)).json().registration.business_name).toBe('Kampala Cellars');
    // The session key is kept: a second test asks for no new one.
    await admin.post(`${SETTINGS}test-connection/`);
    expect(fake.calls.filter((call) => call === 'T104')).toHaveLength(1);
  });

  it('report a clock more than 10 minutes off URA’s, and do not go on', async () => {
    await configure(false);
    fake.driftClock(25 * 60 * 1000);
    const tested = (await admin.post(`${SETTINGS}test-connection/`)).json();
    expect(tested).toMatchObject({ ok: false, clock_within_limit: false, registration: null });
    expect(tested.clock_offset_seconds).toBeGreaterThan(24 * 60);
    expect(tested.error).toContain('25 minutes behind');
    expect(fake.calls).toEqual(['T101']);
    const summary = (await admin.get(SUMMARY)).json();
    expect(summary.clock_skew_seconds).toBeGreaterThan(24 * 60);
  });
});

describe('fiscalising paid orders', () => {
  beforeAll(async () => {
    await configure(true);
  });

  it('uploads the paid tax invoice once and prints its fiscal number, code and QR on the invoice', async () => {
    const order = await paidOrder();
    const document = await documentOf(order.orderId);
    expect(document).toMatchObject({ state: 'pending', attempts: 0 });
    const before = pdfText(
      (await order.customer.client.get(`${INVOICES}/${order.invoiceId}/pdf/`)).rawPayload,
    );
    expect(before).toContain('Not yet fiscalised');

    expect(await fiscaliseDocument(harness.app.efris, document!.id)).toBe('fiscalised');
    const uploads = fake.uploadsOf(order.referenceNo);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.upload.buyerDetails.buyerType).toBe('1');
    expect(uploads[0]!.upload.summary.grossAmount).toBe(
      Number(uploads[0]!.upload.goodsDetails.reduce((sum, line) => sum + Number(line.total), 0)).toFixed(2),
    );
    const after = await documentOf(order.orderId);
    expect(after).toMatchObject({
      state: 'fiscalised',
      fiscal_document_number: uploads[0]!.invoiceNo,
      verification_code: uploads[0]!.antifakeCode,
    });
    // Done is done: another attempt does nothing.
    expect(await fiscaliseDocument(harness.app.efris, document!.id)).toBe('not_claimed');
    expect(fake.uploadsOf(order.referenceNo)).toHaveLength(1);

    const pdf = (await order.customer.client.get(`${INVOICES}/${order.invoiceId}/pdf/`)).rawPayload;
    const text = pdfText(pdf);
    expect(text).toContain(uploads[0]!.invoiceNo);
    expect(text).toContain(uploads[0]!.antifakeCode);
    expect(text).not.toContain('Not yet fiscalised');
    // The QR code's modules are drawn as filled squares (`re` … `f`) in the page's content.
    expect(Buffer.from(pdf).length).toBeGreaterThan(Buffer.from(before).length + 2_000);

    const shown = (await order.customer.client.get(`${ORDERS}/${order.orderId}/`)).json();
    expect(shown.fiscal).toMatchObject({ fiscal_document_number: uploads[0]!.invoiceNo });
  });

  it('sends a business that asked for a VAT invoice as business-to-business with its TIN', async () => {
    const order = await paidOrder({ business: true });
    const document = await documentOf(order.orderId);
    expect(await fiscaliseDocument(harness.app.efris, document!.id)).toBe('fiscalised');
    expect(fake.uploadsOf(order.referenceNo)[0]!.upload.buyerDetails).toEqual({
      buyerTin: '1000987654',
      buyerLegalName: 'Acacia Lodge Ltd',
      buyerType: '0',
    });
  });

  it('retries while URA is down, with back-off, and fiscalises once when it is back', async () => {
    const order = await paidOrder();
    await registerGoodsOf(order.orderId);
    const document = (await documentOf(order.orderId))!;
    fake.failNext({ kind: 'http', status: 503 });
    expect(await fiscaliseDocument(harness.app.efris, document.id)).toBe('retry_later');
    const waiting = await documentOf(order.orderId);
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1 });
    expect(waiting!.last_error).toContain('HTTP 503');
    // Not due yet: the sweep leaves it.
    await sweepDocuments(harness.app.efris);
    expect((await documentOf(order.orderId))!.attempts).toBe(1);

    fake.failNext({ kind: 'code', code: FAKE_EFRIS_CODES.systemError });
    await makeDue(document.id);
    expect(await fiscaliseDocument(harness.app.efris, document.id)).toBe('retry_later');
    expect((await documentOf(order.orderId))!.last_return_code).toBe('99');

    await makeDue(document.id);
    await sweepDocuments(harness.app.efris);
    expect(await documentOf(order.orderId)).toMatchObject({ state: 'fiscalised', attempts: 3 });
    expect(fake.uploadsOf(order.referenceNo)).toHaveLength(1);
  });

  it('does not upload again after a lost answer (restart mid-upload): asks URA first', async () => {
    const order = await paidOrder();
    await registerGoodsOf(order.orderId);
    const document = (await documentOf(order.orderId))!;
    // URA takes the invoice but its answer comes after our timeout: as if we stopped mid-upload.
    fake.answerLate(2_500, 10);
    await harness.database.pool.query(
      'UPDATE efris_settings SET clock_checked_at = now(), clock_offset_ms = 0',
    );
    expect(await fiscaliseDocument(harness.app.efris, document.id)).toBe('retry_later');
    expect(fake.uploadsOf(order.referenceNo)).toHaveLength(1);
    const lost = (await documentOf(order.orderId))!;
    expect(lost.state).toBe('pending');
    expect(lost.upload_started_at).not.toBeNull();
    expect(lost.last_error).toContain('did not');
    fake.answerLate(0, 0);

    await makeDue(document.id);
    fake.calls.length = 0;
    expect(await fiscaliseDocument(harness.app.efris, document.id)).toBe('fiscalised');
    expect(fake.calls).toEqual(['T106', 'T108']);
    expect(fake.uploadsOf(order.referenceNo)).toHaveLength(1);
    expect((await documentOf(order.orderId))!.fiscal_document_number).toBe(
      fake.uploadsOf(order.referenceNo)[0]!.invoiceNo,
    );
  });

  it('refuses a request whose signature is not the taxpayer’s (URA’s code and message kept)', async () => {
    const order = await paidOrder();
    await registerGoodsOf(order.orderId);
    const document = (await documentOf(order.orderId))!;
    const impostor = taxpayerKeys();
    fake.registerTaxpayer({
      tin: SHOP_TIN,
      deviceNo: DEVICE,
      legalName: 'KAMPALA CELLARS LIMITED',
      businessName: 'Kampala Cellars',
      address: 'Plot 12 Acacia Avenue, Kololo',
      // URA holds another public key than the one the shop signs with.
      publicKey: impostor.publicKey,
    });
    try {
      expect(await fiscaliseDocument(harness.app.efris, document.id)).toBe('failed');
    } finally {
      fake.registerTaxpayer({
        tin: SHOP_TIN,
        deviceNo: DEVICE,
        legalName: 'KAMPALA CELLARS LIMITED',
        businessName: 'Kampala Cellars',
        address: 'Plot 12 Acacia Avenue, Kololo',
        publicKey: taxpayer.publicKey,
      });
    }
    const refused = (await documentOf(order.orderId))!;
    expect(refused).toMatchObject({ state: 'failed', last_return_code: FAKE_EFRIS_CODES.signature });
    expect(refused.last_error).toContain('signature verification failed');
    expect(fake.uploadsOf(order.referenceNo)).toHaveLength(0);

    // Staff see it with URA's message, and retry it once the key is right.
    const staff = (await staffMember(harness.app, 'staff')).client;
    const failed = (await staff.get(`${DOCUMENTS}?state=failed`)).json();
    expect(failed.results).toContainEqual(
      expect.objectContaining({
        id: document.id,
        state: 'failed',
        last_error: expect.stringContaining('signature'),
      }),
    );
    expect((await staff.post(`${DOCUMENTS}${document.id}/retry/`)).statusCode).toBe(202);
    expect((await documentOf(order.orderId))!.state).toBe('pending');
    const retried = await harness.database.pool.query(
      "SELECT actor_role FROM audit_entries WHERE kind = 'order.efris_retry' AND subject_id = $1",
      [order.orderId],
    );
    expect(retried.rows).toEqual([{ actor_role: 'staff' }]);
    expect(await fiscaliseDocument(harness.app.efris, document.id)).toBe('fiscalised');
    expect((await staff.post(`${DOCUMENTS}${document.id}/retry/`)).statusCode).toBe(409);
    expect((await staff.post(`${DOCUMENTS}999999/retry/`)).statusCode).toBe(404);
  });

  it('fiscalises each of many invoices once when two instances work them at the same time', async () => {
    const orders = [];
    for (let index = 0; index < 6; index += 1) orders.push(await paidOrder());
    const other = await secondInstance(harness, { config: { JOBS_ENABLED: false } });
    try {
      const ids = (await Promise.all(orders.map((order) => documentOf(order.orderId)))).map(
        (document) => document!.id,
      );
      // Both instances try every document at once, twice over; on a loaded machine a call may time
      // out (a lost answer), so rounds go on until every document is done.
      let fiscalised = 0;
      let outcomesFailed = 0;
      for (let round = 0; round < 5; round += 1) {
        await harness.database.pool.query(
          "UPDATE efris_documents SET next_attempt_at = now() WHERE id = ANY($1) AND state = 'pending'",
          [ids],
        );
        const [outcomes, swept] = await Promise.all([
          Promise.all([
            ...ids.map((id) => fiscaliseDocument(harness.app.efris, id)),
            ...ids.map((id) => fiscaliseDocument(other.app.efris, id)),
          ]),
          Promise.all([sweepDocuments(harness.app.efris), sweepDocuments(other.app.efris)]),
        ]);
        outcomesFailed += outcomes.filter((outcome) => outcome === 'failed').length;
        fiscalised += outcomes.filter((outcome) => outcome === 'fiscalised').length + swept[0] + swept[1];
        const left = await harness.database.pool.query(
          "SELECT count(*)::int AS left FROM efris_documents WHERE id = ANY($1) AND state <> 'fiscalised'",
          [ids],
        );
        if (left.rows[0].left === 0) break;
      }
      // Each document was recorded fiscalised by exactly one attempt.
      expect(fiscalised).toBe(ids.length);
      // The instances share one session key (a second T104 would replace the first's at URA).
      expect(fake.calls.filter((call) => call === 'T104').length).toBeLessThanOrEqual(1);
      expect(outcomesFailed).toBe(0);
    } finally {
      await other.close();
    }
    for (const order of orders) {
      expect(fake.uploadsOf(order.referenceNo)).toHaveLength(1);
      expect((await documentOf(order.orderId))!.state).toBe('fiscalised');
    }
  });

  it('is done by the job queue after payment, on an instance running jobs', async () => {
    const worker = await secondInstance(harness, { config: { JOBS_ENABLED: true } });
    try {
      const order = await paidOrder();
      const deadline = Date.now() + 15_000;
      while ((await documentOf(order.orderId))?.state !== 'fiscalised' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect((await documentOf(order.orderId))!.state).toBe('fiscalised');
      expect(fake.uploadsOf(order.referenceNo)).toHaveLength(1);
    } finally {
      await worker.close();
    }
  });
});

describe('the staff queue', () => {
  it('lists documents by state and summarises what waits, for staff and admins only', async () => {
    const customer = await signedInCustomer(harness.app);
    const staff = (await staffMember(harness.app, 'staff')).client;
    const order = await paidOrder();
    const document = (await documentOf(order.orderId))!;
    await harness.database.pool.query(
      "UPDATE efris_documents SET created_at = now() - interval '2 hours', next_attempt_at = now() + interval '1 hour' WHERE id = $1",
      [document.id],
    );
    const pending = (await staff.get(`${DOCUMENTS}?state=pending&page_size=100`)).json();
    expect(pending.results.map((row: { id: number }) => row.id)).toContain(document.id);
    expect(pending.results.every((row: { state: string }) => row.state === 'pending')).toBe(true);
    const summary = (await staff.get(SUMMARY)).json();
    expect(summary).toMatchObject({ enabled: true });
    expect(summary.waiting_over_an_hour).toBeGreaterThanOrEqual(1);
    expect(summary.pending).toBeGreaterThanOrEqual(1);
    expect((await staff.get(`${DOCUMENTS}?state=lost`)).statusCode).toBe(422);

    for (const call of [
      (client: TestBrowser) => client.get(DOCUMENTS),
      (client: TestBrowser) => client.get(SUMMARY),
      (client: TestBrowser) => client.post(`${DOCUMENTS}${document.id}/retry/`),
    ]) {
      expect((await call(customer.client)).statusCode).toBe(403);
    }
    const visitor = new (admin.constructor as new (app: unknown) => TestBrowser)(harness.app);
    expect((await visitor.get(DOCUMENTS)).statusCode).toBe(401);
    expect((await admin.get(DOCUMENTS)).statusCode).toBe(200);
    // Cleared so later tests' sweeps are not slowed by it.
    await harness.database.pool.query('UPDATE efris_documents SET next_attempt_at = now() WHERE id = $1', [
      document.id,
    ]);
  });
});

describe('without EFRIS', () => {
  it('issues the invoice as today: no document, nothing claimed on the PDF', async () => {
    await put(admin, SETTINGS, {
      enabled: false,
      environment: 'test',
      tin: SHOP_TIN,
      device_no: DEVICE,
      commodity_code: COMMODITY,
    });
    try {
      const order = await paidOrder();
      expect(await documentOf(order.orderId)).toBeUndefined();
      const text = pdfText(
        (await order.customer.client.get(`${INVOICES}/${order.invoiceId}/pdf/`)).rawPayload,
      );
      expect(text).toContain('TAX INVOICE');
      expect(text).not.toContain('fiscalised');
      expect((await order.customer.client.get(`${ORDERS}/${order.orderId}/`)).json().fiscal).toBeNull();
    } finally {
      await configure(true);
    }
  });
});
