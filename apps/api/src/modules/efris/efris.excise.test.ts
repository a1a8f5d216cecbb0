import crypto from 'node:crypto';
import { type Transaction, transactionSchema } from '@shop/contract/payments';
import { refundResponseSchema } from '@shop/contract/refunds';
import { DEFAULT_SHOP_SETTINGS } from '@shop/contract/settings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeEfris, taxpayerKeys } from '../../../test/fakes/efris';
import { createCategory, createProduct } from '../../../test/fixtures/catalog';
import { EFRIS_DEVICE, EFRIS_TIN, efrisHarness } from '../../../test/fixtures/efris';
import { type Customer, staffMember } from '../../../test/fixtures/orders';
import { setShopSettings } from '../../../test/fixtures/settings';
import type { TestApp } from '../../../test/test-app';
import type { TestBrowser } from '../identity/testing';
import { customer, placeOrder, startPayment, waitFor } from '../payments/testing';
import type { EfrisInvoiceUpload } from './efris.client';
import { processCreditNote } from './efris.credit-notes';
import { fiscaliseDocument } from './efris.service';

/**
 * Excise duty on fiscal documents (decision 0043) against the fake EFRIS, which refuses an
 * excisable good sent without its excise, a rate's tax that is not the rate, and totals that do
 * not add up: the invoice (T109) and its credit notes (T110) carry URA's excise fields, and an
 * excisable size without an excise code waits with a reason for staff instead of going wrong.
 */

const API = '/api/v1/admin/efris';
const REFUNDS = '/api/v1/admin/refunds/';

let harness: TestApp;
let fake: FakeEfris;
let admin: Customer;
const taxpayer = taxpayerKeys();

beforeAll(async () => {
  ({ fake, harness } = await efrisHarness(taxpayer, { LOG_LEVEL: 'error' }));
  admin = await staffMember(harness.app, 'admin');
  await setShopSettings(harness.app, { vat_tin: EFRIS_TIN });
  const key = await admin.client.request({
    method: 'PUT',
    url: `${API}/settings/private-key/`,
    payload: { private_key: taxpayer.privateKeyPem },
  });
  expect(key.statusCode).toBe(200);
  const saved = await admin.client.request({
    method: 'PUT',
    url: `${API}/settings/`,
    // Mineral water: a size nobody mapped is not excisable.
    payload: {
      enabled: true,
      environment: 'test',
      tin: EFRIS_TIN,
      device_no: EFRIS_DEVICE,
      commodity_code: '50202301',
    },
  });
  expect(saved.statusCode).toBe(200);
  const refreshed = await admin.client.post(`${API}/dictionaries/refresh/`);
  expect(refreshed.statusCode).toBe(200);
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
const cents = (text: string | undefined) => Math.round(Number(text ?? 0) * 100);

/** A product of one size, mapped (as an admin does) to URA's codes. */
async function mappedBottle(
  price: number,
  volumeMl: number,
  mapping: { commodity_code: string; unit: string; excise_code: string | null },
) {
  const category = await createCategory(pool());
  const product = await createProduct(pool(), {
    categoryId: category.id,
    variants: [{ name: 'Bottle', volumeMl, price, stock: 20 }],
  });
  const variantId = product.variantIds[0]!;
  const mapped = await admin.client.request({
    method: 'PUT',
    url: `${API}/goods/${variantId}/mapping/`,
    payload: mapping,
  });
  expect(mapped.statusCode, mapped.body).toBe(202);
  return { product, variantId };
}

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

/** A paid pick-up order of `quantity` bottles, and its EFRIS document. */
async function paidOrder(product: { id: number }, quantity: number) {
  const buyer = await customer(harness);
  const order = await placeOrder(buyer.client, product, { quantity });
  const payment = await approvePayment(buyer.client, await startPayment(buyer.client, order.id));
  expect(payment.status).toBe('successful');
  const document = await waitFor(async () => {
    const rows = await pool().query<{ id: number; reference_no: string }>(
      'SELECT id, reference_no FROM efris_documents WHERE order_id = $1',
      [order.id],
    );
    return rows.rows[0];
  }, 'the EFRIS document');
  return { order, payment, document };
}

/** The sums URA checks, worked out again from the lines. */
function expectAddsUp(document: {
  goodsDetails: EfrisInvoiceUpload['goodsDetails'];
  taxDetails: EfrisInvoiceUpload['taxDetails'];
  summary: { netAmount: string; taxAmount: string; grossAmount: string };
}) {
  const sum = (pick: (line: EfrisInvoiceUpload['goodsDetails'][number]) => string | undefined) =>
    document.goodsDetails.reduce((total, line) => total + cents(pick(line)), 0);
  const gross = sum((line) => line.total);
  const vat = sum((line) => line.tax);
  const excise = sum((line) => line.exciseTax);
  const net = gross - vat - excise;
  expect(cents(document.summary.grossAmount)).toBe(gross);
  expect(cents(document.summary.netAmount)).toBe(net);
  expect(cents(document.summary.taxAmount)).toBe(vat + excise);
  const rows = (code: string) => document.taxDetails.filter((row) => row.taxCategoryCode === code);
  expect(rows('01').reduce((total, row) => total + cents(row.taxAmount), 0)).toBe(vat);
  expect(rows('05').reduce((total, row) => total + cents(row.taxAmount), 0)).toBe(excise);
  for (const row of document.taxDetails)
    expect(cents(row.netAmount) + cents(row.taxAmount)).toBe(cents(row.grossAmount));
  return { net, vat, excise, gross };
}

async function refund(transactionId: string, amount: number) {
  const response = await admin.client.post(REFUNDS, {
    transaction_id: transactionId,
    amount,
    reason: 'One bottle arrived broken',
    idempotency_key: `test-${crypto.randomUUID()}`,
  });
  expect(response.statusCode, response.body).toBe(201);
  const made = refundResponseSchema.parse(response.json());
  const record = await waitFor(async () => {
    const rows = await pool().query<{ id: number }>(
      'SELECT id FROM efris_credit_notes WHERE credit_note_id = $1',
      [made.credit_note!.id],
    );
    return rows.rows[0];
  }, 'the EFRIS credit note');
  return { creditNoteId: record.id, number: made.credit_note!.number };
}

describe('excise on invoices', () => {
  it('sends wine by rate: exciseFlag 1, its code, rule 1 and the tax; net + VAT + excise = gross', async () => {
    const { product } = await mappedBottle(118_000, 750, {
      commodity_code: '50202203',
      unit: '102',
      excise_code: 'LED190300',
    });
    const { document } = await paidOrder(product, 2);
    expect(await fiscaliseDocument(harness.app.efris, document.id)).toBe('fiscalised');
    const upload = fake.uploadsOf(document.reference_no)[0]!.upload;
    expect(upload.goodsDetails).toHaveLength(1);
    // 236,000: VAT 36,000; the rest 200,000 holds 80 % excise: 200,000 × 0.8 / 1.8 = 88,888.9 → 88,889.
    expect(upload.goodsDetails[0]).toMatchObject({
      total: '236000.00',
      tax: '36000.00',
      exciseFlag: '1',
      categoryId: 'LED190300',
      categoryName: 'Wine made from grapes',
      exciseRule: '1',
      exciseRate: '0.8',
      exciseTax: '88889.00',
      exciseRateName: '80%',
    });
    expect(upload.taxDetails).toEqual([
      {
        taxCategoryCode: '01',
        netAmount: '200000.00',
        taxRate: '0.18',
        taxAmount: '36000.00',
        grossAmount: '236000.00',
      },
      {
        taxCategoryCode: '05',
        netAmount: '111111.00',
        taxRate: '0.8',
        taxAmount: '88889.00',
        grossAmount: '200000.00',
        taxRateName: '80%',
      },
    ]);
    expect(expectAddsUp(upload)).toEqual({
      net: 11_111_100,
      vat: 3_600_000,
      excise: 8_888_900,
      gross: 23_600_000,
    });
  });

  it('sends spirits by quantity when the rate per litre is the higher: rule 2, unit, currency, pack', async () => {
    // 1.75 l at 35,400: VAT 5,400; 100 % of the rest is 15,000, UGX 10,000 × 1.75 l = 17,500.
    const { product } = await mappedBottle(35_400, 1750, {
      commodity_code: '50202206',
      unit: '102',
      excise_code: 'LED190400',
    });
    const { document } = await paidOrder(product, 1);
    expect(await fiscaliseDocument(harness.app.efris, document.id)).toBe('fiscalised');
    const upload = fake.uploadsOf(document.reference_no)[0]!.upload;
    expect(upload.goodsDetails[0]).toMatchObject({
      exciseFlag: '1',
      categoryId: 'LED190400',
      exciseRule: '2',
      exciseRate: '10000',
      exciseUnit: '102',
      exciseCurrency: 'UGX',
      exciseTax: '17500.00',
      pack: '1',
      stick: '1',
      exciseRateName: 'UGX10000 per litre',
    });
    expect(upload.taxDetails.find((row) => row.taxCategoryCode === '05')).toMatchObject({
      taxRate: '10000',
      taxAmount: '17500.00',
      exciseUnit: '102',
      exciseCurrency: 'UGX',
    });
    expect(expectAddsUp(upload)).toEqual({
      net: 1_250_000,
      vat: 540_000,
      excise: 1_750_000,
      gross: 3_540_000,
    });
  });

  it('makes an excisable size without an excise code wait, saying why, and sends it once mapped', async () => {
    const { product, variantId } = await mappedBottle(59_000, 750, {
      commodity_code: '50202301',
      unit: '102',
      excise_code: null,
    });
    // URA's next refresh says the category is excisable (as wine's is): the mapping is now short.
    await pool().query("UPDATE efris_commodity_categories SET excisable = true WHERE code = '50202301'");
    try {
      const { document } = await paidOrder(product, 1);
      expect(await fiscaliseDocument(harness.app.efris, document.id)).toBe('retry_later');
      const waiting = await admin.client.get(`${API}/documents/?page_size=100`);
      const row = waiting.json().results.find((item: { id: number }) => item.id === document.id);
      expect(row).toMatchObject({ state: 'pending', attempts: 0 });
      expect(row.last_error).toMatch(/is excisable \(URA category 50202301\) but has no excise duty code/);
      expect(fake.calls.filter((call) => call === 'T109')).toHaveLength(0);

      const refused = await admin.client.request({
        method: 'PUT',
        url: `${API}/goods/${variantId}/mapping/`,
        payload: { commodity_code: '50202301', unit: '102', excise_code: null },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.fields).toContainEqual({
        field: 'excise_code',
        message: 'is needed: URA says goods of this category attract excise duty',
      });
      const fixed = await admin.client.request({
        method: 'PUT',
        url: `${API}/goods/${variantId}/mapping/`,
        payload: { commodity_code: '50202203', unit: '102', excise_code: 'LED190300' },
      });
      expect(fixed.statusCode).toBe(202);
      await pool().query('UPDATE efris_documents SET next_attempt_at = now() WHERE id = $1', [document.id]);
      expect(await fiscaliseDocument(harness.app.efris, document.id)).toBe('fiscalised');
      expect(fake.uploadsOf(document.reference_no)[0]!.upload.goodsDetails[0]).toMatchObject({
        exciseFlag: '1',
        categoryId: 'LED190300',
      });
    } finally {
      await pool().query("UPDATE efris_commodity_categories SET excisable = false WHERE code = '50202301'");
    }
  });
});

describe('excise on credit notes', () => {
  it('mirrors the invoice: a part refund credits the same share of excise, a full one all of it', async () => {
    const { product } = await mappedBottle(118_000, 750, {
      commodity_code: '50202203',
      unit: '102',
      excise_code: 'LED190300',
    });
    const { document, payment } = await paidOrder(product, 2);
    expect(await fiscaliseDocument(harness.app.efris, document.id)).toBe('fiscalised');

    const half = await refund(payment.id, 118_000);
    expect(await processCreditNote(harness.app.efris, half.creditNoteId)).toBe('approved');
    const partial = fake.applicationsOf(half.number)[0]!.application;
    expect(partial.goodsDetails[0]).toMatchObject({
      exciseFlag: '1',
      categoryId: 'LED190300',
      exciseRule: '1',
      exciseRate: '0.8',
      total: '-118000.00',
      tax: '-18000.00',
      exciseTax: '-44444.50',
    });
    expect(expectAddsUp(partial)).toEqual({
      net: -5_555_550,
      vat: -1_800_000,
      excise: -4_444_450,
      gross: -11_800_000,
    });

    const rest = await refund(payment.id, 118_000);
    expect(await processCreditNote(harness.app.efris, rest.creditNoteId)).toBe('approved');
    const second = fake.applicationsOf(rest.number)[0]!.application;
    const both = cents(partial.goodsDetails[0]!.exciseTax) + cents(second.goodsDetails[0]!.exciseTax);
    // Both credits together are the invoice's excise, to the shilling.
    expect(both).toBe(-8_888_900);
    expectAddsUp(second);
  });
});
