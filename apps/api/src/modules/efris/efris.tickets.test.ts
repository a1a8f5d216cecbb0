import crypto from 'node:crypto';
import { DEFAULT_SHOP_SETTINGS } from '@shop/contract/settings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeEfris, taxpayerKeys } from '../../../test/fakes/efris';
import { EFRIS_DEVICE, EFRIS_TIN, efrisHarness } from '../../../test/fixtures/efris';
import { secondInstance, staffMember } from '../../../test/fixtures/orders';
import { setShopSettings } from '../../../test/fixtures/settings';
import { pdfText } from '../../../test/pdf-text';
import type { TestApp } from '../../../test/test-app';
import { approveAndSettle, createTestEvent, customer, rsvp, rsvpUrl, startPaying } from '../events/testing';
import { TestBrowser } from '../identity/testing';
import { processCreditNote } from './efris.credit-notes';
import { fiscaliseDocument } from './efris.service';

/**
 * Paid tickets' invoices (decision 0034) against the fake URA: issued with the payment in the
 * INV- series, the buyer's own (and staff's), claiming nothing without EFRIS, fiscalised once
 * through the document queue when EFRIS is on. This instance runs no jobs: attempts are made here.
 */

const SETTINGS = '/api/v1/admin/efris/settings/';
const DOCUMENTS = '/api/v1/admin/efris/documents/';
const SHOP_TIN = EFRIS_TIN;
const DEVICE = EFRIS_DEVICE;
const taxpayer = taxpayerKeys();

let harness: TestApp;
let fake: FakeEfris;
let admin: TestBrowser;

const put = (client: TestBrowser, url: string, payload: object) =>
  client.request({ method: 'PUT', url, payload });

async function efris(enabled: boolean) {
  expect(
    (await put(admin, `${SETTINGS}private-key/`, { private_key: taxpayer.privateKeyPem })).statusCode,
  ).toBe(200);
  const saved = await put(admin, SETTINGS, {
    enabled,
    environment: 'test',
    tin: SHOP_TIN,
    device_no: DEVICE,
    commodity_code: '50202201',
  });
  expect(saved.statusCode).toBe(200);
}

beforeAll(async () => {
  ({ fake, harness } = await efrisHarness(taxpayer, {
    LOG_LEVEL: 'error',
  }));
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

beforeEach(() => fake.reset());

/** A customer books two seats of a paid tasting and pays on the sandbox. */
async function paidTicket() {
  const event = await createTestEvent(harness, { price: 150_000, capacity: 10, title: 'Rioja masterclass' });
  const buyer = await customer(harness, 'Namara Kisakye');
  const held = await rsvp(buyer.client, event.id, { guests: 2 });
  const settled = await approveAndSettle(buyer.client, await startPaying(buyer.client, held.id));
  expect(settled.status).toBe('successful');
  const shown = (await buyer.client.get(rsvpUrl(held.id))).json();
  expect(shown.invoice).not.toBeNull();
  return { buyer, rsvpId: held.id as string, invoice: shown.invoice, payment: settled };
}

const pdfOf = async (client: TestBrowser, url: string) => {
  const response = await client.get(url);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toContain('application/pdf');
  return pdfText(response.rawPayload);
};

async function documentOf(ticketInvoiceId: number) {
  const result = await harness.database.pool.query<{
    id: number;
    kind: string;
    state: string;
    reference_no: string;
  }>('SELECT id, kind, state, reference_no FROM efris_documents WHERE ticket_invoice_id = $1', [
    ticketInvoiceId,
  ]);
  return result.rows[0];
}

describe("a paid ticket's invoice", () => {
  it('is issued with the payment in the INV- series, a tax invoice claiming nothing without EFRIS', async () => {
    await efris(false);
    const { buyer, invoice } = await paidTicket();
    expect(invoice).toMatchObject({
      invoice_number: expect.stringMatching(/^INV-\d{6,}$/),
      tax_invoice: true,
      efris: { state: 'none', fiscal: null },
    });
    const text = await pdfOf(buyer.client, invoice.pdf_url);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(invoice.invoice_number);
    expect(text).toContain(`TIN ${SHOP_TIN}`);
    expect(text).toContain('Rioja masterclass');
    expect(text).toContain('Ticket, 2 seats');
    expect(text).toContain('300,000');
    expect(text).toContain('VAT');
    expect(text).toContain('PAID');
    expect(text).not.toContain('iscalised');
    expect(text).not.toContain('DELIVER TO');
    expect(await documentOf(invoice.id)).toBeUndefined();
  });

  it('is the buyer’s own: another customer 404, a visitor 401, staff may download it', async () => {
    await efris(false);
    const { invoice } = await paidTicket();
    const other = await customer(harness, 'Brian Okello');
    expect((await other.client.get(invoice.pdf_url)).statusCode).toBe(404);
    expect((await new TestBrowser(harness.app).get(invoice.pdf_url)).statusCode).toBe(401);
    const staff = await staffMember(harness.app, 'staff');
    expect(await pdfOf(staff.client, invoice.pdf_url)).toContain(invoice.invoice_number);
    expect((await other.client.get('/api/v1/events/ticket-invoices/0/pdf/')).statusCode).toBe(422);
  });

  it('is fiscalised once through T109 when EFRIS is on, two workers at once, and shows its fiscal number', async () => {
    await efris(true);
    const { buyer, rsvpId, invoice } = await paidTicket();
    expect(invoice.efris).toEqual({ state: 'pending', fiscal: null });
    expect(await pdfOf(buyer.client, invoice.pdf_url)).toContain('Not yet fiscalised');
    const document = await documentOf(invoice.id);
    expect(document).toMatchObject({
      kind: 'ticket',
      state: 'pending',
      reference_no: invoice.invoice_number,
    });

    // It is in the staff's queue, as a ticket's.
    const queue = (await admin.get(`${DOCUMENTS}?state=pending`)).json();
    expect(queue.results).toContainEqual(
      expect.objectContaining({
        id: document!.id,
        kind: 'ticket',
        order_id: null,
        reference_no: invoice.invoice_number,
      }),
    );

    const other = await secondInstance(harness, { config: { JOBS_ENABLED: false } });
    try {
      const outcomes = await Promise.all([
        fiscaliseDocument(harness.app.efris, document!.id),
        fiscaliseDocument(other.app.efris, document!.id),
      ]);
      expect(outcomes.filter((outcome) => outcome === 'fiscalised')).toHaveLength(1);
    } finally {
      await other.close();
    }
    const uploads = fake.uploadsOf(invoice.invoice_number);
    expect(uploads).toHaveLength(1);
    const upload = uploads[0]!.upload;
    expect(upload.buyerDetails.buyerType).toBe('1');
    expect(upload.goodsDetails).toHaveLength(1);
    expect(upload.goodsDetails[0]).toMatchObject({ qty: '2', total: '300000.00' });
    expect(upload.summary.grossAmount).toBe('300000.00');

    const shown = (await buyer.client.get(rsvpUrl(rsvpId))).json();
    expect(shown.invoice.efris).toMatchObject({
      state: 'fiscalised',
      fiscal: { fiscal_document_number: uploads[0]!.invoiceNo, verification_code: uploads[0]!.antifakeCode },
    });
    const text = await pdfOf(buyer.client, invoice.pdf_url);
    expect(text).toContain(uploads[0]!.invoiceNo);
    expect(text).toContain(uploads[0]!.antifakeCode);
    expect(text).not.toContain('Not yet fiscalised');
  });

  it('gets its credit note applied for at URA when the ticket is refunded', async () => {
    await efris(true);
    const { invoice, payment } = await paidTicket();
    const document = await documentOf(invoice.id);
    expect(await fiscaliseDocument(harness.app.efris, document!.id)).toBe('fiscalised');
    const invoiceNo = fake.uploadsOf(invoice.invoice_number)[0]!.invoiceNo;

    const refunded = await admin.post('/api/v1/admin/refunds/', {
      transaction_id: payment.id,
      amount: 150_000,
      reason: 'One guest could not come',
      idempotency_key: `test-${crypto.randomUUID()}`,
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const creditNote = refunded.json().credit_note as { id: string; number: string };
    const record = await harness.database.pool.query<{ id: number; document_id: number }>(
      'SELECT id, document_id FROM efris_credit_notes WHERE credit_note_id = $1',
      [creditNote.id],
    );
    expect(record.rows[0]).toMatchObject({ document_id: document!.id });
    expect(await processCreditNote(harness.app.efris, record.rows[0]!.id)).toBe('approved');
    const applications = fake.applicationsOf(creditNote.number);
    expect(applications).toHaveLength(1);
    expect(applications[0]).toMatchObject({ oriInvoiceNo: invoiceNo });

    const list = (await admin.get('/api/v1/admin/efris/credit-notes/')).json();
    expect(list.results).toContainEqual(
      expect.objectContaining({ reference_no: creditNote.number, order_id: null, state: 'approved' }),
    );
  });
});
