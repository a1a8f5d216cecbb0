import crypto from 'node:crypto';
import { efrisCreditNoteListSchema } from '@shop/contract/efris';
import { type Transaction, transactionSchema } from '@shop/contract/payments';
import { refundResponseSchema } from '@shop/contract/refunds';
import { DEFAULT_SHOP_SETTINGS } from '@shop/contract/settings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_EFRIS_CODES, type FakeEfris, taxpayerKeys } from '../../../test/fakes/efris';
import { EFRIS_DEVICE, EFRIS_TIN, efrisHarness } from '../../../test/fixtures/efris';
import { type Customer, secondInstance, signedInCustomer, staffMember } from '../../../test/fixtures/orders';
import { setShopSettings } from '../../../test/fixtures/settings';
import { pdfText } from '../../../test/pdf-text';
import type { TestApp } from '../../../test/test-app';
import type { TestBrowser } from '../identity/testing';
import { customer, placeOrder, productAt, startPayment, waitFor } from '../payments/testing';
import { creditNoteApplication, processCreditNote, sweepCreditNotes } from './efris.credit-notes';
import { fiscaliseDocument } from './efris.service';

/**
 * Refunds' credit notes at URA (decision 0030) against the fake EFRIS: applied for (T110) once
 * whatever fails, URA's approval followed (T111), a rejection shown with URA's message, the
 * reference where the refund is shown and on the credit note, and who may see and retry them.
 * This instance runs no jobs: each attempt is made here.
 */

const SETTINGS = '/api/v1/admin/efris/settings/';
const CREDIT_NOTES = '/api/v1/admin/efris/credit-notes/';
const SUMMARY = '/api/v1/admin/efris/summary/';
const REFUNDS = '/api/v1/admin/refunds/';
const SUBJECT = '/api/v1/admin/refunds/subject/';
const SHOP_TIN = EFRIS_TIN;
const DEVICE = EFRIS_DEVICE;

let harness: TestApp;
let fake: FakeEfris;
let admin: Customer;
const taxpayer = taxpayerKeys();

beforeAll(async () => {
  ({ fake, harness } = await efrisHarness(taxpayer, {
    LOG_LEVEL: 'error',
  }));
  admin = await staffMember(harness.app, 'admin');
  await setShopSettings(harness.app, { vat_tin: SHOP_TIN });
  const key = await admin.client.request({
    method: 'PUT',
    url: `${SETTINGS}private-key/`,
    payload: { private_key: taxpayer.privateKeyPem },
  });
  expect(key.statusCode).toBe(200);
  const saved = await admin.client.request({
    method: 'PUT',
    url: SETTINGS,
    payload: {
      enabled: true,
      environment: 'test',
      tin: SHOP_TIN,
      device_no: DEVICE,
      commodity_code: '50202201',
    },
  });
  expect(saved.statusCode).toBe(200);
});

afterAll(async () => {
  if (harness) {
    await setShopSettings(harness.app, { vat_tin: DEFAULT_SHOP_SETTINGS.vat_tin });
    await harness.close();
  }
  await fake?.stop();
});

beforeEach(() => {
  fake.reset();
});

const pool = () => harness.database.pool;

async function approvePayment(client: TestBrowser, transaction: Transaction): Promise<Transaction> {
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

/** A mobile-money order of two bottles at 118,000, paid and its tax invoice fiscalised. */
async function fiscalisedOrder() {
  const buyer = await customer(harness);
  const product = await productAt(harness, 118_000, 20);
  const order = await placeOrder(buyer.client, product, { quantity: 2 });
  const payment = await approvePayment(buyer.client, await startPayment(buyer.client, order.id));
  expect(payment.status).toBe('successful');
  const document = await waitFor(async () => {
    const rows = await pool().query<{ id: number; reference_no: string }>(
      'SELECT id, reference_no FROM efris_documents WHERE order_id = $1',
      [order.id],
    );
    return rows.rows[0];
  }, 'the EFRIS document');
  expect(await fiscaliseDocument(harness.app.efris, document.id)).toBe('fiscalised');
  const invoiceNo = fake.uploadsOf(document.reference_no)[0]!.invoiceNo;
  return { ...buyer, order, payment, document, invoiceNo };
}

async function refund(transactionId: string, amount: number, reason = 'One bottle arrived broken') {
  const response = await admin.client.post(REFUNDS, {
    transaction_id: transactionId,
    amount,
    reason,
    idempotency_key: `test-${crypto.randomUUID()}`,
  });
  expect(response.statusCode, response.body).toBe(201);
  const made = refundResponseSchema.parse(response.json());
  expect(made.status).toBe('succeeded');
  const record = await waitFor(async () => {
    const rows = await pool().query<{ id: number }>(
      'SELECT id FROM efris_credit_notes WHERE credit_note_id = $1',
      [made.credit_note!.id],
    );
    return rows.rows[0];
  }, 'the EFRIS credit note');
  return { made, creditNoteId: record.id, number: made.credit_note!.number };
}

async function recordOf(id: number) {
  const rows = await pool().query<{
    state: string;
    attempts: number;
    ura_reference_no: string | null;
    fiscal_document_number: string | null;
    last_error: string | null;
    last_return_code: string | null;
    application_started_at: Date | null;
  }>('SELECT * FROM efris_credit_notes WHERE id = $1', [id]);
  return rows.rows[0]!;
}

const makeDue = (id: number) =>
  pool().query('UPDATE efris_credit_notes SET next_attempt_at = now() WHERE id = $1', [id]);

describe('a refund of a fiscalised invoice', () => {
  it('applies for its credit note once, is approved, and shows URA’s number on the refund and the PDF', async () => {
    const { order, payment, invoiceNo, client } = await fiscalisedOrder();
    const { creditNoteId, number, made } = await refund(payment.id, 118_000);
    expect(await processCreditNote(harness.app.efris, creditNoteId)).toBe('approved');
    const [application] = fake.applicationsOf(number);
    expect(fake.applicationsOf(number)).toHaveLength(1);
    expect(application).toMatchObject({ oriInvoiceNo: invoiceNo, approveStatus: '101' });
    expect(application!.application.summary.grossAmount).toBe('-118000.00');
    expect(application!.application.reasonCode).toBe('105');
    expect(await recordOf(creditNoteId)).toMatchObject({
      state: 'approved',
      ura_reference_no: application!.referenceNo,
      fiscal_document_number: application!.invoiceNo,
    });
    // Done is done.
    expect(await processCreditNote(harness.app.efris, creditNoteId)).toBe('not_claimed');
    expect(fake.applicationsOf(number)).toHaveLength(1);

    const refunds = (await admin.client.get(`${SUBJECT}?purpose=order&subject_id=${order.id}`)).json();
    const shown = JSON.stringify(refunds);
    expect(shown).toContain(application!.invoiceNo);
    const pdf = pdfText((await client.get(made.credit_note!.pdf_url)).rawPayload);
    expect(pdf).toContain('EFRIS credit note no.');
    expect(pdf).toContain(application!.invoiceNo);
  });

  it('is applied for and approved by the job queue after the refund, on an instance running jobs', async () => {
    const { payment } = await fiscalisedOrder();
    const worker = await secondInstance(harness, { config: { JOBS_ENABLED: true } });
    try {
      const { creditNoteId, number } = await refund(payment.id, 118_000);
      await waitFor(
        async () => (await recordOf(creditNoteId))?.state === 'approved',
        'the credit note approved by the job',
        30_000,
      );
      expect(fake.applicationsOf(number)).toHaveLength(1);
    } finally {
      await worker.close();
    }
  });

  it('credits what is left: a second partial refund is its own credit note, the whole never above the invoice', async () => {
    const { payment, invoiceNo } = await fiscalisedOrder();
    const first = await refund(payment.id, 100_000);
    expect(await processCreditNote(harness.app.efris, first.creditNoteId)).toBe('approved');
    const second = await refund(payment.id, 136_000, 'Cancelled by the customer');
    expect(await processCreditNote(harness.app.efris, second.creditNoteId)).toBe('approved');
    const credited = fake.creditNotes
      .filter((note) => note.oriInvoiceNo === invoiceNo)
      .map((note) => note.application.summary.grossAmount);
    expect(credited).toEqual(['-100000.00', '-136000.00']);
  });

  it('does not apply twice after a lost answer (restart mid-application): finds it at URA first', async () => {
    const { payment } = await fiscalisedOrder();
    const { creditNoteId, number } = await refund(payment.id, 50_000);
    // URA takes the application, but its answer arrives after the client gave up.
    fake.answerLate(1_500, 1, 'T110');
    const lost = await processCreditNote(harness.app.efris, creditNoteId);
    expect(lost).toBe('retry_later');
    expect(fake.applicationsOf(number)).toHaveLength(1);
    const after = await recordOf(creditNoteId);
    expect(after.state).toBe('pending');
    expect(after.application_started_at).not.toBeNull();
    await makeDue(creditNoteId);
    expect(await processCreditNote(harness.app.efris, creditNoteId)).toBe('approved');
    expect(fake.applicationsOf(number)).toHaveLength(1);
    expect(fake.calls).toContain('T112');
    expect((await recordOf(creditNoteId)).fiscal_document_number).toBe(
      fake.applicationsOf(number)[0]!.invoiceNo,
    );
  });

  it('retries while URA is down, then applies once; two workers at once apply once', async () => {
    const { payment } = await fiscalisedOrder();
    const { creditNoteId, number } = await refund(payment.id, 40_000);
    fake.failNext({ kind: 'http', status: 503 });
    expect(await processCreditNote(harness.app.efris, creditNoteId)).toBe('retry_later');
    const waiting = await recordOf(creditNoteId);
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1 });
    expect(waiting.last_error).toContain('HTTP 503');
    await makeDue(creditNoteId);
    const outcomes = await Promise.all([
      processCreditNote(harness.app.efris, creditNoteId),
      processCreditNote(harness.app.efris, creditNoteId),
      sweepCreditNotes(harness.app.efris),
    ]);
    expect(outcomes.filter((outcome) => outcome === 'approved')).toHaveLength(1);
    expect(fake.applicationsOf(number)).toHaveLength(1);
  });

  it('is found by the minute’s sweep when its event was lost (the instance stopped after the refund)', async () => {
    const { payment } = await fiscalisedOrder();
    const { creditNoteId, number, made } = await refund(payment.id, 25_000);
    await pool().query('DELETE FROM efris_credit_notes WHERE id = $1', [creditNoteId]);
    await sweepCreditNotes(harness.app.efris);
    const found = await pool().query<{ state: string; reference_no: string }>(
      'SELECT state, reference_no FROM efris_credit_notes WHERE credit_note_id = $1',
      [made.credit_note!.id],
    );
    expect(found.rows).toEqual([{ state: 'approved', reference_no: number }]);
    expect(fake.applicationsOf(number)).toHaveLength(1);
  });

  it('waits for the invoice’s fiscal number before applying', async () => {
    const buyer = await customer(harness);
    const product = await productAt(harness, 59_000, 20);
    const order = await placeOrder(buyer.client, product, { quantity: 1 });
    const payment = await approvePayment(buyer.client, await startPayment(buyer.client, order.id));
    const { creditNoteId, number } = await refund(payment.id, 59_000);
    expect(await processCreditNote(harness.app.efris, creditNoteId)).toBe('waiting_for_invoice');
    const waiting = await recordOf(creditNoteId);
    expect(waiting).toMatchObject({ state: 'pending', attempts: 0 });
    expect(waiting.last_error).toMatch(/^Waits for invoice INV-/);
    expect(fake.applicationsOf(number)).toHaveLength(0);
    const document = await pool().query<{ id: number }>(
      'SELECT id FROM efris_documents WHERE order_id = $1',
      [order.id],
    );
    expect(await fiscaliseDocument(harness.app.efris, document.rows[0]!.id)).toBe('fiscalised');
    await makeDue(creditNoteId);
    expect(await processCreditNote(harness.app.efris, creditNoteId)).toBe('approved');
    // A full refund is the purchase cancelled.
    expect(fake.applicationsOf(number)[0]!.application.reasonCode).toBe('102');
  });
});

describe('URA’s approval', () => {
  it('is followed while URA decides, and a rejection is shown with URA’s message; staff may apply again', async () => {
    const { order, payment } = await fiscalisedOrder();
    const { creditNoteId, number } = await refund(payment.id, 30_000);
    fake.holdCreditNotes();
    expect(await processCreditNote(harness.app.efris, creditNoteId)).toBe('awaiting_approval');
    const applied = await recordOf(creditNoteId);
    expect(applied.state).toBe('applied');
    expect(applied.ura_reference_no).toBe(fake.applicationsOf(number)[0]!.referenceNo);
    await makeDue(creditNoteId);
    expect(await processCreditNote(harness.app.efris, creditNoteId)).toBe('awaiting_approval');

    fake.decideCreditNote(number, 'reject', 'The goods were not returned');
    await makeDue(creditNoteId);
    expect(await processCreditNote(harness.app.efris, creditNoteId)).toBe('rejected');
    const rejected = await recordOf(creditNoteId);
    expect(rejected.state).toBe('rejected');
    expect(rejected.last_error).toBe('URA rejected the credit note: The goods were not returned');

    const staff = (await staffMember(harness.app, 'staff')).client;
    const listed = efrisCreditNoteListSchema.parse(
      (await staff.get(`${CREDIT_NOTES}?state=rejected&page_size=100`)).json(),
    );
    expect(listed.results.find((row) => row.id === creditNoteId)).toMatchObject({
      state: 'rejected',
      order_id: order.id,
      reference_no: number,
      last_error: 'URA rejected the credit note: The goods were not returned',
    });
    expect((await staff.get(SUMMARY)).json().credit_notes_failed).toBeGreaterThanOrEqual(1);
    const onRefund = JSON.stringify(
      (await admin.client.get(`${SUBJECT}?purpose=order&subject_id=${order.id}`)).json(),
    );
    expect(onRefund).toContain('The goods were not returned');

    // Staff send it again: a new application (the rejected one stays rejected at URA), approved.
    fake.holdCreditNotes(false);
    const retried = await staff.post(`${CREDIT_NOTES}${creditNoteId}/retry/`);
    expect(retried.statusCode).toBe(202);
    expect(await processCreditNote(harness.app.efris, creditNoteId)).toBe('approved');
    expect(fake.applicationsOf(number).map((note) => note.approveStatus)).toEqual(['103', '101']);
    expect((await staff.post(`${CREDIT_NOTES}${creditNoteId}/retry/`)).statusCode).toBe(409);
    expect((await staff.post(`${CREDIT_NOTES}999999/retry/`)).statusCode).toBe(404);
  });

  it('fails the application URA refuses, with URA’s code and message, without retrying it', async () => {
    const { payment } = await fiscalisedOrder();
    const { creditNoteId, number } = await refund(payment.id, 20_000);
    // Someone credited the whole invoice at URA's portal meanwhile: nothing is left to credit.
    const original = fake.invoices.at(-1)!;
    fake.creditNotes.push({
      id: 'portal-1',
      referenceNo: 'CR-PORTAL',
      sellersReferenceNo: 'PORTAL',
      oriInvoiceNo: original.invoiceNo,
      tin: SHOP_TIN,
      application: creditNoteApplication(
        {
          invoiceId: original.invoiceId,
          invoiceNo: original.invoiceNo,
          goodsDetails: original.upload.goodsDetails,
          buyerDetails: original.upload.buyerDetails,
          paymentMode: '105',
        },
        { referenceNo: 'PORTAL', amount: 236_000, reason: 'Portal', restocked: false, remarks: '' },
        new Date(),
      ),
      approveStatus: '101',
      invoiceNo: '32999999999',
      approveRemarks: '',
    });
    expect(await processCreditNote(harness.app.efris, creditNoteId)).toBe('failed');
    const failed = await recordOf(creditNoteId);
    expect(failed).toMatchObject({ state: 'failed', last_return_code: FAKE_EFRIS_CODES.creditAboveInvoice });
    expect(failed.last_error).toContain('Cannot be greater than the remaining amount');
    expect(fake.applicationsOf(number)).toHaveLength(0);
    await makeDue(creditNoteId);
    expect(await processCreditNote(harness.app.efris, creditNoteId)).toBe('not_claimed');
  });
});

describe('the credit notes queue', () => {
  it('is for staff and admins only: visitors 401, customers 403; bad input 422', async () => {
    const shopper = await signedInCustomer(harness.app);
    const visitor = new (admin.client.constructor as new (app: unknown) => TestBrowser)(harness.app);
    for (const call of [
      (client: TestBrowser) => client.get(CREDIT_NOTES),
      (client: TestBrowser) => client.post(`${CREDIT_NOTES}1/retry/`),
    ]) {
      expect((await call(visitor)).statusCode).toBe(401);
      expect((await call(shopper.client)).statusCode).toBe(403);
    }
    expect((await admin.client.get(CREDIT_NOTES)).statusCode).toBe(200);
    const bad = await admin.client.get(`${CREDIT_NOTES}?state=lost`);
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('state');
    expect((await admin.client.post(`${CREDIT_NOTES}abc/retry/`)).statusCode).toBe(422);
  });
});
