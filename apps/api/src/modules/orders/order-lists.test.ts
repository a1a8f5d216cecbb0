import { companySchema } from '@shop/contract/companies';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { kampalaDayAfter } from '@shop/contract/gifts';
import {
  ORDER_LIST_MAX_ROWS,
  type OrderListPreview,
  orderListPreviewSchema,
  orderListSchema,
} from '@shop/contract/order-lists';
import { transactionSchema } from '@shop/contract/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Customer,
  newKey,
  signedInCustomer,
  staffMember,
  stockedProduct,
  stockOf,
  zoneBySlug,
} from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { parseCsv } from '../../lib/csv';
import { TestBrowser } from '../identity/testing';
import { MTN_PHONE, verifyUrl, waitFor } from '../payments/testing';

/**
 * A company's list of recipients (issue 39, decision 0036): one CSV, a preview naming each bad
 * row and column, one order per recipient placed in one transaction, one payment for all.
 */

let harness: TestApp;
let central: Awaited<ReturnType<typeof zoneBySlug>>;
let staff: Customer;

const LISTS = '/api/v1/orders/lists/';
const COMPANIES = '/api/v1/companies/';
const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;
const unique = () => Math.random().toString(36).slice(2, 8);
let tinCounter = 0;

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  central = await zoneBySlug(harness.database.pool);
  staff = await staffMember(harness.app);
});
afterAll(() => harness?.close());

async function buyerOfCompany() {
  const buyer = await signedInCustomer(harness.app, 'Grace Auma');
  const applied = await buyer.client.post(COMPANIES, {
    name: 'Acacia Lodge Ltd',
    tin: `30${String(Date.now() % 1e6).padStart(6, '0')}${String(tinCounter++).padStart(2, '0')}`,
    billing_address: 'Plot 14, Acacia Avenue, Kololo',
    billing_contact_name: 'Grace Auma',
    billing_contact_phone: '0772 555123',
    billing_email: 'accounts@acacia.example',
  });
  expect(applied.statusCode, applied.body).toBe(201);
  const company = companySchema.parse(applied.json());
  const decided = await staff.client.post(`/api/v1/companies/admin/companies/${company.id}/decision/`, {
    status: 'approved',
  });
  expect(decided.statusCode).toBe(200);
  return { buyer, company };
}

async function bottle(price: number, stock: number) {
  const product = await stockedProduct(harness.database.pool, { name: `List Red ${unique()}`, price, stock });
  const result = await harness.database.pool.query<{ sku: string }>(
    'SELECT sku FROM product_variants WHERE id = $1',
    [product.variantIds[0]],
  );
  return { ...product, variantId: product.variantIds[0]!, sku: result.rows[0]!.sku };
}

const HEADER = 'recipient,phone,area,street,landmark,delivery_date,message,items';
const phoneOf = (index: number) => `+2567${String(10_000_000 + index).padStart(8, '0')}`;

function csvOf(rows: Array<Partial<Record<string, string>>>) {
  const day = kampalaDayAfter(new Date(), 5);
  const lines = rows.map((row, index) =>
    [
      row.recipient ?? `Recipient ${index + 1}`,
      row.phone ?? phoneOf(index),
      row.area ?? central.name,
      row.street ?? '"Plot 5, Kololo Hill Drive"',
      row.landmark ?? '',
      row.delivery_date ?? day,
      row.message ?? '"Season’s greetings, with thanks"',
      row.items ?? '',
    ].join(','),
  );
  return `${HEADER}\n${lines.join('\n')}\n`;
}

const countOf = async (sql: string, params: unknown[] = []) =>
  Number((await harness.database.pool.query(sql, params)).rows[0].count);

describe('previewing a list', () => {
  it('prices every row and names every bad row and column; nothing is kept', async () => {
    const { buyer, company } = await buyerOfCompany();
    const red = await bottle(100_000, 20);
    const far = kampalaDayAfter(new Date(), 61);
    const csv = csvOf([
      { items: `${red.sku}:2` },
      { phone: '12345', items: red.sku },
      { items: 'NO-SUCH-SKU:1' },
      { delivery_date: far, items: red.sku },
      { area: 'Atlantis', items: red.sku },
      { street: '', landmark: '', items: red.sku },
    ]);
    const before = await countOf('SELECT count(*) FROM orders WHERE company_id = $1', [company.id]);
    const response = await buyer.client.post(`${LISTS}preview/`, { company_id: company.id, csv });
    expect(response.statusCode, response.body).toBe(200);
    const preview: OrderListPreview = orderListPreviewSchema.parse(response.json());
    expect(preview.rows).toHaveLength(1);
    expect(preview.rows[0]).toMatchObject({ row: 2, subtotal: 200_000, delivery_fee: central.fee });
    expect(preview.totals).toEqual({
      deliveries: 1,
      subtotal: 200_000,
      delivery_fees: central.fee,
      total: 200_000 + central.fee,
    });
    expect(preview.errors.map((error) => [error.row, error.column])).toEqual([
      [3, 'phone'],
      [4, 'items'],
      [5, 'delivery_date'],
      [6, 'area'],
      [7, 'street'],
    ]);
    expect(preview.errors[1]!.message).toContain('Unknown SKU NO-SUCH-SKU');
    expect(await countOf('SELECT count(*) FROM orders WHERE company_id = $1', [company.id])).toBe(before);
  });

  it('refuses a list longer than the maximum, naming the file', async () => {
    const { buyer, company } = await buyerOfCompany();
    const red = await bottle(10_000, 5);
    const csv = csvOf(Array.from({ length: ORDER_LIST_MAX_ROWS + 1 }, () => ({ items: red.sku })));
    const response = await buyer.client.post(`${LISTS}preview/`, { company_id: company.id, csv });
    expect(response.statusCode, response.body).toBe(200);
    expect(orderListPreviewSchema.parse(response.json()).errors).toEqual([
      expect.objectContaining({
        row: 1,
        column: 'file',
        message: expect.stringContaining(`${ORDER_LIST_MAX_ROWS}`),
      }),
    ]);
  });
});

describe('placing a list', () => {
  it('turns a 200-row list into 200 gift deliveries, paid by one payment', async () => {
    const { buyer, company } = await buyerOfCompany();
    const red = await bottle(50_000, 250);
    const gin = await bottle(80_000, 250);
    const csv = csvOf(
      Array.from({ length: 200 }, (_, index) => ({
        items: index % 2 ? `${red.sku}:1; ${gin.sku}` : red.sku,
      })),
    );
    const started = performance.now();
    const response = await buyer.client.post(LISTS, {
      company_id: company.id,
      csv,
      idempotency_key: newKey(),
      lpo_number: 'LPO-2026/88',
      payment_method: 'mobile_money',
    });
    const elapsed = performance.now() - started;
    expect(response.statusCode, response.body).toBe(201);
    const list = orderListSchema.parse(response.json());
    console.info(`200-row list placed in ${Math.round(elapsed)} ms`);
    const settledAt = performance.now();
    expect(list.delivery_count).toBe(200);
    expect(list.deliveries).toHaveLength(200);
    expect(list.deliveries[0]).toMatchObject({ recipient_phone: phoneOf(0), order_status: 'pending' });
    expect(list.deliveries[199]).toMatchObject({ recipient_phone: phoneOf(199) });
    const expected = 100 * 50_000 + 100 * 130_000 + 200 * central.fee;
    expect(list.total).toBe(expected);
    expect(list).toMatchObject({ payment_status: 'pending', payable: true, lpo_number: 'LPO-2026/88' });
    expect(await stockOf(harness.database.pool, red.variantId)).toBe(50);
    expect(await stockOf(harness.database.pool, gin.variantId)).toBe(150);
    expect(
      await countOf(
        'SELECT count(*) FROM gift_recipients g JOIN orders o ON o.id = g.order_id WHERE o.order_list_id = $1',
        [list.id],
      ),
    ).toBe(200);

    // One payment for the whole list, through the sandbox's phone prompt.
    const started2 = await buyer.client.post(`${LISTS}${list.id}/pay/`, { network: 'MTN', phone: MTN_PHONE });
    expect(started2.statusCode, started2.body).toBe(200);
    const transaction = transactionSchema.parse(started2.json());
    expect(transaction).toMatchObject({ purpose: 'order_list', amount: expected });
    const approved = await buyer.client.post(
      `/api/v1/payments/sandbox/charges/${encodeURIComponent(transaction.reference)}/approve/`,
      { pin: '12345' },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    await waitFor(async () => {
      const verified = transactionSchema.parse((await buyer.client.post(verifyUrl(transaction.id))).json());
      return verified.status === 'pending' ? undefined : verified;
    }, 'the list payment to settle');

    expect(
      await countOf(
        `SELECT count(*) FROM payment_transactions WHERE subject_id = $1 AND status = 'successful'`,
        [list.id],
      ),
    ).toBe(1);
    const paid = orderListSchema.parse((await buyer.client.get(`${LISTS}${list.id}/`)).json());
    expect(paid.payment_status).toBe('paid');
    expect(new Set(paid.deliveries.map((delivery) => delivery.order_status))).toEqual(new Set(['confirmed']));
    // Each delivery is its own: tracked, and its recipient told by SMS.
    await waitFor(
      async () =>
        (await countOf(
          `SELECT count(*) FROM deliveries d JOIN orders o ON o.id = d.order_id WHERE o.order_list_id = $1`,
          [list.id],
        )) === 200 || undefined,
      'the 200 deliveries',
      90_000,
    );
    await waitFor(
      async () =>
        (await countOf(
          `SELECT count(DISTINCT phone) FROM sms_messages WHERE kind = 'gift_coming' AND phone = ANY($1)`,
          [Array.from({ length: 200 }, (_, index) => phoneOf(index))],
        )) === 200 || undefined,
      'the 200 recipients’ SMS',
      90_000,
    );

    console.info(`paid, 200 deliveries and SMS in ${Math.round(performance.now() - settledAt)} ms`);
    // The report: one line per delivery with its state, in the shop's CSV.
    const report = await buyer.client.get(`${LISTS}${list.id}/report.csv`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    const records = parseCsv(report.body);
    expect(records).toHaveLength(201);
    expect(records[0]!.fields).toContain('delivery_status');
    expect(records[1]!.fields[1]).toBe('Recipient 1');
    expect(records[1]!.fields[6]).toBe('confirmed');
  }, 300_000);

  it('refuses a list with a bad row: 422 naming rows.<line>.<column>, nothing placed, stock untouched', async () => {
    const { buyer, company } = await buyerOfCompany();
    const red = await bottle(50_000, 10);
    const csv = csvOf([{ items: red.sku }, { phone: 'not a phone', items: red.sku }, { items: 'GHOST-1' }]);
    const response = await buyer.client.post(LISTS, {
      company_id: company.id,
      csv,
      idempotency_key: newKey(),
      payment_method: 'mobile_money',
    });
    expect(response.statusCode).toBe(422);
    expect(envelope(response.body).fields?.map((field) => field.field)).toEqual([
      'rows.3.phone',
      'rows.4.items',
    ]);
    expect(await countOf('SELECT count(*) FROM order_lists WHERE company_id = $1', [company.id])).toBe(0);
    expect(await stockOf(harness.database.pool, red.variantId)).toBe(10);
  });

  it('checks the whole list’s stock: two lists at once never oversell', async () => {
    const { buyer, company } = await buyerOfCompany();
    const red = await bottle(50_000, 5);
    const csv = csvOf(Array.from({ length: 3 }, () => ({ items: red.sku })));
    const place = () =>
      buyer.client.post(LISTS, {
        company_id: company.id,
        csv,
        idempotency_key: newKey(),
        payment_method: 'mobile_money',
      });
    const answers = await Promise.all([place(), place()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    const refused = answers.find((answer) => answer.statusCode === 422)!;
    expect(envelope(refused.body).fields?.[0]).toMatchObject({ field: 'rows.2.items' });
    expect(await stockOf(harness.database.pool, red.variantId)).toBe(2);
  });

  it('answers a retried upload with the same list, and refuses the key with another file', async () => {
    const { buyer, company } = await buyerOfCompany();
    const red = await bottle(50_000, 10);
    const body = {
      company_id: company.id,
      csv: csvOf([{ items: red.sku }, { items: red.sku }]),
      idempotency_key: newKey(),
      payment_method: 'mobile_money',
    };
    const [first, second] = await Promise.all([
      buyer.client.post(LISTS, body),
      buyer.client.post(LISTS, body),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().id).toBe(second.json().id);
    const again = await buyer.client.post(LISTS, body);
    expect(again.statusCode).toBe(200);
    expect(await countOf('SELECT count(*) FROM order_lists WHERE company_id = $1', [company.id])).toBe(1);
    expect(await stockOf(harness.database.pool, red.variantId)).toBe(8);
    const other = await buyer.client.post(LISTS, { ...body, csv: csvOf([{ items: red.sku }]) });
    expect(other.statusCode).toBe(409);
  });
});

describe('who may send and read a list', () => {
  it('a visitor 401; another company’s buyer 404; staff on the company’s behalf', async () => {
    const { buyer, company } = await buyerOfCompany();
    const red = await bottle(50_000, 10);
    const body = {
      company_id: company.id,
      csv: csvOf([{ items: red.sku }]),
      idempotency_key: newKey(),
      payment_method: 'mobile_money',
    };
    const visitor = new TestBrowser(harness.app);
    expect((await visitor.post(`${LISTS}preview/`, body)).statusCode).toBe(401);
    expect((await visitor.post(LISTS, body)).statusCode).toBe(401);

    const stranger = await buyerOfCompany();
    expect((await stranger.buyer.client.post(`${LISTS}preview/`, body)).statusCode).toBe(404);
    expect((await stranger.buyer.client.post(LISTS, body)).statusCode).toBe(404);

    const placed = await buyer.client.post(LISTS, body);
    expect(placed.statusCode).toBe(201);
    const listId = placed.json().id as string;
    expect((await stranger.buyer.client.get(`${LISTS}${listId}/`)).statusCode).toBe(404);
    expect((await stranger.buyer.client.get(`${LISTS}${listId}/report.csv`)).statusCode).toBe(404);
    expect((await visitor.get(`${LISTS}${listId}/`)).statusCode).toBe(401);
    const pay = await stranger.buyer.client.post(`${LISTS}${listId}/pay/`, {
      network: 'MTN',
      phone: MTN_PHONE,
    });
    expect(pay.statusCode).toBe(404);

    expect((await staff.client.get(`${LISTS}${listId}/`)).statusCode).toBe(200);
    const byStaff = await staff.client.post(LISTS, { ...body, idempotency_key: newKey() });
    expect(byStaff.statusCode, byStaff.body).toBe(201);
    expect(orderListSchema.parse(byStaff.json()).company_id).toBe(company.id);
    // The company's buyer follows what staff placed for it.
    expect((await buyer.client.get(`${LISTS}${byStaff.json().id}/`)).statusCode).toBe(200);
  });
});
