import { companySchema } from '@shop/contract/companies';
import {
  companyAccountMessages,
  companyAccountSchema,
  companyInvoiceListSchema,
  companyPaymentListSchema,
  companyPaymentSchema,
  companyStatementSchema,
} from '@shop/contract/company-accounts';
import { kampalaIsoDate } from '@shop/contract/kampala-time';
import { type CheckoutRequest, orderSchema } from '@shop/contract/orders';
import { DEFAULT_SHOP_SETTINGS } from '@shop/contract/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  CART,
  CHECKOUT,
  type Customer,
  checkoutBody,
  INVOICES,
  newKey,
  signedInCustomer,
  staffMember,
  stockedProduct,
  zoneBySlug,
} from '../../../test/fixtures/orders';
import { setShopSettings } from '../../../test/fixtures/settings';
import { pdfText } from '../../../test/pdf-text';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  OVERDUE_REMINDER_INTERVAL_DAYS,
  OVERDUE_REMINDER_QUEUE,
  queueOverdueReminders,
  sendOverdueReminder,
} from './company-accounts.jobs';

/**
 * Paying on account (issue 39, decision 0042): staff set a company's credit limit and terms;
 * its buyers' orders on account are confirmed without a payment, invoiced with a due date, and
 * never take it past its limit, even placed at the same instant; staff record payments, which
 * cannot exceed what an invoice owes and are not doubled by a double submit; the month's
 * statement adds up; only the company's buyers and staff read any of it.
 */

let harness: TestApp;
let central: Awaited<ReturnType<typeof zoneBySlug>>;
let staff: Customer;

const COMPANIES = '/api/v1/companies/';
const ADMIN = '/api/v1/companies/admin/companies';
const SHOP_TIN = '1000123456';
const PRICE = 150_000;

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  central = await zoneBySlug(harness.database.pool);
  staff = await staffMember(harness.app);
  await setShopSettings(harness.app, { vat_tin: SHOP_TIN });
});
afterAll(async () => {
  if (!harness) return;
  await setShopSettings(harness.app, { vat_tin: DEFAULT_SHOP_SETTINGS.vat_tin });
  await harness.close();
});

let tinCounter = 0;
const freshTin = () =>
  `21${String(Date.now() % 1e6).padStart(6, '0')}${String(tinCounter++).padStart(2, '0')}`;

async function approvedCompany(buyer: Customer, billingEmail = 'accounts@nileclub.example') {
  const applied = await buyer.client.post(COMPANIES, {
    name: 'Nile Breweries Club Ltd',
    tin: freshTin(),
    billing_address: 'Plot 9, Jinja Road, Kampala',
    billing_contact_name: 'Okello Peter',
    billing_contact_phone: '0772 555999',
    billing_email: billingEmail,
  });
  expect(applied.statusCode, applied.body).toBe(201);
  const company = companySchema.parse(applied.json());
  const decided = await staff.client.post(`${ADMIN}/${company.id}/decision/`, { status: 'approved' });
  expect(decided.statusCode).toBe(200);
  return company;
}

async function onAccount(companyId: string, creditLimit: number | null, days: number | null) {
  const response = await staff.client.put(`${ADMIN}/${companyId}/account/`, {
    credit_limit: creditLimit,
    payment_terms_days: days,
  });
  expect(response.statusCode, response.body).toBe(200);
  return companyAccountSchema.parse(response.json());
}

async function buyerOf(companyId: string): Promise<Customer> {
  const buyer = await signedInCustomer(harness.app, 'Akello Ruth');
  const added = await staff.client.post(`${ADMIN}/${companyId}/buyers/`, { email: buyer.email });
  expect(added.statusCode, added.body).toBe(200);
  return buyer;
}

async function withBottle(customer: Customer, price = PRICE) {
  const bottle = await stockedProduct(harness.database.pool, { price, stock: 50 });
  await addToCart(customer.client, bottle.id, bottle.variantIds[0]!, 1);
}

/** Collected at the counter: no delivery fee, so the order's total is the bottle's price. */
const onAccountBody = (companyId: string, overrides: Partial<CheckoutRequest> = {}) =>
  checkoutBody(central.id, {
    fulfilment: 'pickup',
    delivery_zone: null,
    street: null,
    delivery_instructions: null,
    payment_method: 'on_account',
    company: { company_id: companyId, lpo_number: 'LPO-7' },
    ...overrides,
  });

const countOf = async (sql: string, values: unknown[] = []) =>
  Number((await harness.database.pool.query(sql, values)).rows[0].count);

async function invoiceNumberOf(orderId: string): Promise<string> {
  const rows = await harness.database.pool.query('SELECT invoice_number FROM invoices WHERE order_id = $1', [
    orderId,
  ]);
  return rows.rows[0].invoice_number;
}

const payment = (invoiceNumber: string, amount: number, overrides: Record<string, unknown> = {}) => ({
  invoice_number: invoiceNumber,
  amount,
  received_on: kampalaIsoDate(new Date()),
  method: 'bank_transfer',
  reference: 'STANBIC-TRX-0091',
  idempotency_key: newKey(),
  ...overrides,
});

describe('allowing a company to pay on account', () => {
  it('sets the limit and terms, audited with before and after, and stops it again', async () => {
    const owner = await signedInCustomer(harness.app);
    const company = await approvedCompany(owner);
    expect(await onAccount(company.id, 2_000_000, 30)).toEqual({
      on_account: true,
      credit_limit: 2_000_000,
      payment_terms_days: 30,
      outstanding: 0,
      available: 2_000_000,
      overdue: 0,
    });
    const audit = await harness.database.pool.query(
      `SELECT before, after FROM audit_entries WHERE kind = 'company.account_terms' AND subject_id = $1`,
      [company.id],
    );
    expect(audit.rows).toEqual([
      {
        before: { credit_limit: null, payment_terms_days: null },
        after: { credit_limit: 2_000_000, payment_terms_days: 30 },
      },
    ]);
    expect((await onAccount(company.id, null, null)).on_account).toBe(false);
  });

  it('names a bad field and changes nothing', async () => {
    const owner = await signedInCustomer(harness.app);
    const company = await approvedCompany(owner);
    const response = await staff.client.put(`${ADMIN}/${company.id}/account/`, {
      credit_limit: 1_000_000,
      payment_terms_days: null,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fields).toEqual([
      { field: 'payment_terms_days', message: companyAccountMessages.bothOrNeither },
    ]);
    const negative = await staff.client.put(`${ADMIN}/${company.id}/account/`, {
      credit_limit: -5,
      payment_terms_days: 500,
    });
    expect(negative.statusCode).toBe(422);
    expect(
      negative
        .json()
        .error.fields.map((field: { field: string }) => field.field)
        .sort(),
    ).toEqual(['credit_limit', 'payment_terms_days']);
    const row = await harness.database.pool.query('SELECT credit_limit FROM companies WHERE id = $1', [
      company.id,
    ]);
    expect(row.rows[0].credit_limit).toBeNull();
  });
});

describe('ordering on account', () => {
  it('confirms the order without a payment and gives its tax invoice a due date (issued + terms)', async () => {
    const buyer = await signedInCustomer(harness.app);
    const company = await approvedCompany(buyer);
    await onAccount(company.id, 1_000_000, 30);
    await withBottle(buyer);
    const placed = await buyer.client.post(CHECKOUT, onAccountBody(company.id));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());
    expect(order).toMatchObject({ status: 'confirmed', payment_method: 'on_account', total: PRICE });
    const invoice = await harness.database.pool.query(
      `SELECT id, issued_at, due_at, round(extract(epoch FROM due_at - issued_at) / 86400) AS days
       FROM invoices WHERE order_id = $1`,
      [order.id],
    );
    expect(Number(invoice.rows[0].days)).toBe(30);
    const pdf = pdfText((await buyer.client.get(`${INVOICES}/${invoice.rows[0].id}/pdf/`)).rawPayload);
    for (const expected of ['Due date', 'On account', company.name]) expect(pdf).toContain(expected);

    const account = companyAccountSchema.parse(
      (await buyer.client.get(`${COMPANIES}${company.id}/account/`)).json(),
    );
    expect(account).toMatchObject({ outstanding: PRICE, available: 1_000_000 - PRICE, overdue: 0 });
  });

  it('refuses on account for a company that does not pay on account, and without a company', async () => {
    const buyer = await signedInCustomer(harness.app);
    const company = await approvedCompany(buyer);
    await withBottle(buyer);
    const before = await countOf('SELECT count(*) FROM orders');
    const refused = await buyer.client.post(CHECKOUT, onAccountBody(company.id));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual([
      { field: 'payment_method', message: companyAccountMessages.notOnAccount },
    ]);
    const noCompany = await buyer.client.post(CHECKOUT, onAccountBody(company.id, { company: null }));
    expect(noCompany.statusCode).toBe(422);
    expect(noCompany.json().error.fields).toEqual([
      { field: 'payment_method', message: companyAccountMessages.onAccountForCompany },
    ]);
    expect(await countOf('SELECT count(*) FROM orders')).toBe(before);
  });

  it('never takes the company past its limit, even with orders placed at the same instant', async () => {
    const owner = await signedInCustomer(harness.app);
    const company = await approvedCompany(owner);
    // Room for two orders of PRICE, not three.
    await onAccount(company.id, 2 * PRICE + PRICE / 2, 14);
    const buyers = [owner, ...(await Promise.all([1, 2, 3, 4].map(() => buyerOf(company.id))))];
    for (const buyer of buyers) await withBottle(buyer);
    const answers = await Promise.all(
      buyers.map((buyer) => buyer.client.post(CHECKOUT, onAccountBody(company.id))),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json().error.message).toContain(companyAccountMessages.overLimit);
      expect(refused.json().error.fields).toEqual([
        { field: 'payment_method', message: companyAccountMessages.overLimit },
      ]);
    }
    const account = companyAccountSchema.parse(
      (await staff.client.get(`${ADMIN}/${company.id}/account/`)).json(),
    );
    expect(account.outstanding).toBe(2 * PRICE);
    expect(await countOf('SELECT count(*) FROM orders WHERE company_id = $1', [company.id])).toBe(2);
    // A refused order changed nothing: its buyer's cart still holds the bottle.
    for (const [index, answer] of answers.entries()) {
      if (answer.statusCode !== 409) continue;
      expect((await buyers[index]!.client.get(`${CART}/my_cart/`)).json().item_count).toBe(1);
    }
  });
});

describe('payments received', () => {
  async function invoicedCompany(limit = 1_000_000) {
    const buyer = await signedInCustomer(harness.app);
    const company = await approvedCompany(buyer);
    await onAccount(company.id, limit, 30);
    await withBottle(buyer);
    const placed = await buyer.client.post(CHECKOUT, onAccountBody(company.id));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());
    return { buyer, company, order, invoiceNumber: await invoiceNumberOf(order.id) };
  }

  it('reduces the balance; paid in full, the invoice and order become paid; no overpayment', async () => {
    const { buyer, company, order, invoiceNumber } = await invoicedCompany();
    const first = await staff.client.post(
      `${ADMIN}/${company.id}/payments/`,
      payment(invoiceNumber, 100_000),
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(companyPaymentSchema.parse(first.json())).toMatchObject({
      amount: 100_000,
      invoice_number: invoiceNumber,
    });

    const over = await staff.client.post(`${ADMIN}/${company.id}/payments/`, payment(invoiceNumber, 50_001));
    expect(over.statusCode).toBe(422);
    expect(over.json().error.fields[0].field).toBe('amount');
    expect(over.json().error.fields[0].message).toContain(companyAccountMessages.overpayment);

    const account = companyAccountSchema.parse(
      (await buyer.client.get(`${COMPANIES}${company.id}/account/`)).json(),
    );
    expect(account.outstanding).toBe(PRICE - 100_000);

    const rest = await staff.client.post(`${ADMIN}/${company.id}/payments/`, payment(invoiceNumber, 50_000));
    expect(rest.statusCode).toBe(201);
    const paid = await harness.database.pool.query(
      `SELECT o.payment_status, o.paid_at IS NOT NULL AS order_paid, i.status AS invoice_status
       FROM orders o JOIN invoices i ON i.order_id = o.id WHERE o.id = $1`,
      [order.id],
    );
    expect(paid.rows[0]).toEqual({ payment_status: 'paid', order_paid: true, invoice_status: 'paid' });
    const invoices = companyInvoiceListSchema.parse(
      (await buyer.client.get(`${COMPANIES}${company.id}/invoices/`)).json(),
    );
    expect(invoices.results).toEqual([
      expect.objectContaining({ invoice_number: invoiceNumber, total: PRICE, paid: PRICE, balance: 0 }),
    ]);
    const payments = companyPaymentListSchema.parse(
      (await buyer.client.get(`${COMPANIES}${company.id}/payments/`)).json(),
    );
    expect(payments.count).toBe(2);
    const audit = await countOf(
      `SELECT count(*) FROM audit_entries WHERE kind = 'company.payment_record' AND subject_id = $1`,
      [company.id],
    );
    expect(audit).toBe(2);
  });

  it('records a double submit once (even at the same instant) and refuses the key with other details', async () => {
    const { company, invoiceNumber } = await invoicedCompany();
    const body = payment(invoiceNumber, 60_000);
    const answers = await Promise.all([
      staff.client.post(`${ADMIN}/${company.id}/payments/`, body),
      staff.client.post(`${ADMIN}/${company.id}/payments/`, body),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(answers[0]!.json().id).toBe(answers[1]!.json().id);
    expect(await countOf('SELECT count(*) FROM company_payments WHERE company_id = $1', [company.id])).toBe(
      1,
    );
    const reused = await staff.client.post(`${ADMIN}/${company.id}/payments/`, { ...body, amount: 1 });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.fields).toEqual([
      { field: 'idempotency_key', message: companyAccountMessages.keyReused },
    ]);
  });

  it('refuses another company’s invoice, a future day and a bad method, naming the field', async () => {
    const { company } = await invoicedCompany();
    const other = await invoicedCompany();
    const foreign = await staff.client.post(
      `${ADMIN}/${company.id}/payments/`,
      payment(other.invoiceNumber, 1_000),
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error.fields).toEqual([
      { field: 'invoice_number', message: companyAccountMessages.noSuchInvoice },
    ]);
    const tomorrow = kampalaIsoDate(new Date(Date.now() + 36 * 3600 * 1000));
    const future = await staff.client.post(
      `${ADMIN}/${company.id}/payments/`,
      payment(other.invoiceNumber, 1_000, { received_on: tomorrow }),
    );
    expect(future.statusCode).toBe(422);
    expect(future.json().error.fields[0].field).toBe('received_on');
    const method = await staff.client.post(
      `${ADMIN}/${company.id}/payments/`,
      payment(other.invoiceNumber, 1_000, { method: 'barter' }),
    );
    expect(method.statusCode).toBe(422);
    expect(method.json().error.fields[0].field).toBe('method');
    expect(
      await countOf('SELECT count(*) FROM company_payments WHERE company_id = ANY($1::uuid[])', [
        [company.id, other.company.id],
      ]),
    ).toBe(0);
  });

  it('frees credit once paid: an order refused for the limit goes through after a payment', async () => {
    const { buyer, company, invoiceNumber } = await invoicedCompany(PRICE + 10_000);
    await withBottle(buyer);
    const refused = await buyer.client.post(CHECKOUT, onAccountBody(company.id));
    expect(refused.statusCode).toBe(409);
    const paid = await staff.client.post(`${ADMIN}/${company.id}/payments/`, payment(invoiceNumber, PRICE));
    expect(paid.statusCode).toBe(201);
    const placed = await buyer.client.post(CHECKOUT, onAccountBody(company.id));
    expect(placed.statusCode, placed.body).toBe(201);
  });
});

describe('the month’s statement', () => {
  it('opens with last month’s balance and adds up this month’s invoices, cancellations and payments', async () => {
    const buyer = await signedInCustomer(harness.app);
    const company = await approvedCompany(buyer);
    await onAccount(company.id, 5_000_000, 30);
    const orders: string[] = [];
    for (const price of [100_000, 200_000, 300_000]) {
      await withBottle(buyer, price);
      const placed = await buyer.client.post(CHECKOUT, onAccountBody(company.id));
      expect(placed.statusCode, placed.body).toBe(201);
      orders.push(placed.json().id);
    }
    // The first invoice was issued last month and part-paid then; the rest are this month's.
    await harness.database.pool.query(
      `UPDATE invoices SET issued_at = date_trunc('month', now() AT TIME ZONE 'Africa/Kampala') AT TIME ZONE 'Africa/Kampala' - interval '5 days',
         due_at = date_trunc('month', now() AT TIME ZONE 'Africa/Kampala') AT TIME ZONE 'Africa/Kampala' + interval '25 days'
       WHERE order_id = $1`,
      [orders[0]],
    );
    const lastMonthDay = await harness.database.pool.query(
      `SELECT ((date_trunc('month', now() AT TIME ZONE 'Africa/Kampala') - interval '2 days')::date)::text AS day`,
    );
    const first = await invoiceNumberOf(orders[0]!);
    const second = await invoiceNumberOf(orders[1]!);
    const third = await invoiceNumberOf(orders[2]!);
    const pay = (invoiceNumber: string, amount: number, day?: string) =>
      staff.client.post(
        `${ADMIN}/${company.id}/payments/`,
        payment(invoiceNumber, amount, day ? { received_on: day } : {}),
      );
    expect((await pay(first, 40_000, lastMonthDay.rows[0].day)).statusCode).toBe(201);
    expect((await pay(second, 200_000)).statusCode).toBe(201);
    // Staff cancel the third order: its invoice is void, a credit on the statement.
    const cancelled = await staff.client.post(`/api/v1/orders/admin/orders/${orders[2]}/status/`, {
      status: 'cancelled',
      note: 'Client changed the LPO',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const month = kampalaIsoDate(new Date()).slice(0, 7);
    const statement = companyStatementSchema.parse(
      (await buyer.client.get(`${COMPANIES}${company.id}/statement/?month=${month}`)).json(),
    );
    expect(statement.opening_balance).toBe(100_000 - 40_000);
    expect(statement.paid).toBe(200_000);
    const lines = statement.lines.map((line) => [line.kind, line.document, line.debit, line.credit]);
    expect(lines).toEqual(
      expect.arrayContaining([
        ['invoice', second, 200_000, 0],
        ['invoice', third, 300_000, 0],
        ['payment', second, 0, 200_000],
      ]),
    );
    expect(lines).toContainEqual(['cancellation', third, 0, 300_000]);
    expect(statement.invoiced).toBe(200_000);
    const expectedClosing = 60_000 + 200_000 + 300_000 - 200_000 - 300_000;
    expect(statement.closing_balance).toBe(expectedClosing);
    expect(statement.lines.at(-1)?.balance).toBe(expectedClosing);
    const account = companyAccountSchema.parse(
      (await staff.client.get(`${ADMIN}/${company.id}/account/`)).json(),
    );
    expect(account.outstanding).toBe(expectedClosing);

    const bad = await buyer.client.get(`${COMPANIES}${company.id}/statement/?month=2026-13`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields[0].field).toBe('month');
  });
});

describe('overdue reminders', () => {
  it('sends one e-mail per overdue invoice and interval, however often the scan and the job run', async () => {
    const billingEmail = `accounts-${newKey().slice(0, 8)}@overdue.example`;
    const buyer = await signedInCustomer(harness.app);
    const company = await approvedCompany(buyer, billingEmail);
    await onAccount(company.id, 1_000_000, 30);
    await withBottle(buyer);
    const placed = await buyer.client.post(CHECKOUT, onAccountBody(company.id));
    expect(placed.statusCode, placed.body).toBe(201);
    const invoice = await harness.database.pool.query(
      `UPDATE invoices SET due_at = now() - interval '1 day' WHERE order_id = $1 RETURNING id, invoice_number`,
      [placed.json().id],
    );
    const { id: invoiceId, invoice_number: invoiceNumber } = invoice.rows[0];
    const { db, jobs, email } = harness.app;
    const mine = (written: { invoiceId: number; reminderNumber: number }[]) =>
      written.filter((reminder) => reminder.invoiceId === invoiceId);

    // Two scans at once, then a retry: one reminder, one job.
    const now = new Date();
    const scans = await Promise.all([
      queueOverdueReminders(db, jobs, now),
      queueOverdueReminders(db, jobs, now),
    ]);
    expect(scans.flatMap(mine)).toEqual([{ invoiceId, reminderNumber: 1 }]);
    expect(mine(await queueOverdueReminders(db, jobs, now))).toEqual([]);
    const queued = await countOf(
      `SELECT count(*) FROM pgboss.job WHERE name = $1 AND (data->>'invoiceId')::int = $2`,
      [OVERDUE_REMINDER_QUEUE, invoiceId],
    );
    expect(queued).toBe(1);

    // The job run twice at once (and perhaps by the worker too): one e-mail.
    const deps = { db, email, publicUrl: 'http://localhost:3000' };
    await Promise.all([
      sendOverdueReminder(deps, { invoiceId, reminderNumber: 1 }),
      sendOverdueReminder(deps, { invoiceId, reminderNumber: 1 }),
    ]);
    const mails = await harness.database.pool.query('SELECT subject, text FROM dev_mailbox WHERE "to" = $1', [
      billingEmail,
    ]);
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0].subject).toBe(`Invoice ${invoiceNumber} is overdue: Shs 150,000`);
    expect(mails.rows[0].text).toContain('LPO LPO-7');

    // The next interval brings the second reminder; once paid, none more.
    const nextInterval = new Date(now.getTime() + OVERDUE_REMINDER_INTERVAL_DAYS * 86_400_000);
    expect(mine(await queueOverdueReminders(db, jobs, nextInterval))).toEqual([
      { invoiceId, reminderNumber: 2 },
    ]);
    const paid = await staff.client.post(`${ADMIN}/${company.id}/payments/`, payment(invoiceNumber, PRICE));
    expect(paid.statusCode).toBe(201);
    const later = new Date(now.getTime() + 3 * OVERDUE_REMINDER_INTERVAL_DAYS * 86_400_000);
    expect(mine(await queueOverdueReminders(db, jobs, later))).toEqual([]);
  });
});

describe('who may read and change a company’s account', () => {
  it('answers a stranger 404 and a customer on staff endpoints 403, and a signed-out caller 401', async () => {
    const owner = await signedInCustomer(harness.app);
    const company = await approvedCompany(owner);
    await onAccount(company.id, 1_000_000, 30);
    const stranger = await signedInCustomer(harness.app);
    const month = kampalaIsoDate(new Date()).slice(0, 7);
    for (const path of ['account/', 'invoices/', 'payments/', `statement/?month=${month}`]) {
      expect((await owner.client.get(`${COMPANIES}${company.id}/${path}`)).statusCode, path).toBe(200);
      expect((await stranger.client.get(`${COMPANIES}${company.id}/${path}`)).statusCode, path).toBe(404);
      expect(
        (await harness.app.inject({ method: 'GET', url: `${COMPANIES}${company.id}/${path}` })).statusCode,
        path,
      ).toBe(401);
      expect((await owner.client.get(`${ADMIN}/${company.id}/${path}`)).statusCode, path).toBe(403);
      expect((await staff.client.get(`${ADMIN}/${company.id}/${path}`)).statusCode, path).toBe(200);
    }
    const put = await owner.client.put(`${ADMIN}/${company.id}/account/`, {
      credit_limit: 99_000_000,
      payment_terms_days: 90,
    });
    expect(put.statusCode).toBe(403);
    const post = await owner.client.post(`${ADMIN}/${company.id}/payments/`, payment('INV-000001', 1));
    expect(post.statusCode).toBe(403);
    const unknown = await staff.client.get(`${ADMIN}/00000000-0000-4000-8000-000000000000/account/`);
    expect(unknown.statusCode).toBe(404);
    const row = await harness.database.pool.query('SELECT credit_limit FROM companies WHERE id = $1', [
      company.id,
    ]);
    expect(row.rows[0].credit_limit).toBe(1_000_000);
  });
});
