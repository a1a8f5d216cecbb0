import {
  companyListSchema,
  companyMessages,
  companyOrderListSchema,
  companySchema,
  staffCompanyDetailSchema,
  staffCompanyListSchema,
} from '@shop/contract/companies';
import { companyOrderMessages } from '@shop/contract/company-order';
import { DEFAULT_SHOP_SETTINGS } from '@shop/contract/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  CART,
  CHECKOUT,
  type Customer,
  checkoutBody,
  INVOICES,
  signedInCustomer,
  staffMember,
  stockedProduct,
  zoneBySlug,
} from '../../../test/fixtures/orders';
import { setShopSettings } from '../../../test/fixtures/settings';
import { pdfText } from '../../../test/pdf-text';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Company accounts (issue 39): a customer asks for one, staff approve it and choose who orders
 * for it; its buyers' orders carry its name and TIN on the tax invoice and its LPO number; each
 * company's orders are seen by its own buyers and staff only; staff see what it owes.
 */

let harness: TestApp;
let central: Awaited<ReturnType<typeof zoneBySlug>>;
let staff: Customer;

const COMPANIES = '/api/v1/companies/';
const ADMIN = '/api/v1/companies/admin/companies';
const SHOP_TIN = '1000123456';

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
/** A TIN no other company of this file has. */
const freshTin = () =>
  `20${String(Date.now() % 1e6).padStart(6, '0')}${String(tinCounter++).padStart(2, '0')}`;

function application(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Acacia Lodge Ltd',
    tin: freshTin(),
    billing_address: 'Plot 14, Acacia Avenue, Kololo, Kampala',
    billing_contact_name: 'Grace Auma',
    billing_contact_phone: '0772 555123',
    billing_email: 'Accounts@Acacia.example',
    ...overrides,
  };
}

async function appliedCompany(buyer: Customer, overrides: Record<string, unknown> = {}) {
  const response = await buyer.client.post(COMPANIES, application(overrides));
  expect(response.statusCode).toBe(201);
  return companySchema.parse(response.json());
}

async function approvedCompany(buyer: Customer) {
  const company = await appliedCompany(buyer);
  const decided = await staff.client.post(`${ADMIN}/${company.id}/decision/`, { status: 'approved' });
  expect(decided.statusCode).toBe(200);
  return company;
}

async function withBottle(customer: Customer, price = 185_000) {
  const bottle = await stockedProduct(harness.database.pool, { price, stock: 10 });
  await addToCart(customer.client, bottle.id, bottle.variantIds[0]!, 1);
}

const countOf = async (table: string) =>
  Number((await harness.database.pool.query(`SELECT count(*) FROM ${table}`)).rows[0].count);

describe('asking for a company account', () => {
  it('keeps the company pending, with the asker as its first buyer', async () => {
    const buyer = await signedInCustomer(harness.app, 'Grace Auma');
    const company = await appliedCompany(buyer, { tin: '2000 111 222' });
    expect(company).toMatchObject({
      name: 'Acacia Lodge Ltd',
      tin: '2000111222',
      billing_contact_phone: '+256772555123',
      billing_email: 'accounts@acacia.example',
      status: 'pending',
    });
    const mine = companyListSchema.parse((await buyer.client.get(COMPANIES)).json());
    expect(mine.results.map((row) => row.id)).toEqual([company.id]);
  });

  it('names every bad field and writes nothing', async () => {
    const buyer = await signedInCustomer(harness.app);
    const before = await countOf('companies');
    const response = await buyer.client.post(
      COMPANIES,
      application({ name: ' ', tin: '12345', billing_contact_phone: '12', billing_email: 'nope' }),
    );
    expect(response.statusCode).toBe(422);
    const fields = response.json().error.fields.map((field: { field: string }) => field.field);
    expect(fields.sort()).toEqual(['billing_contact_phone', 'billing_email', 'name', 'tin']);
    expect(await countOf('companies')).toBe(before);
  });

  it('refuses a second account for the same TIN (409, field tin), even asked at the same instant', async () => {
    const [first, second] = [await signedInCustomer(harness.app), await signedInCustomer(harness.app)];
    const tin = freshTin();
    const answers = await Promise.all([
      first.client.post(COMPANIES, application({ tin })),
      second.client.post(COMPANIES, application({ tin })),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().error.fields).toEqual([{ field: 'tin', message: companyMessages.tinTaken }]);
    const rows = await harness.database.pool.query('SELECT count(*) FROM companies WHERE tin = $1', [tin]);
    expect(Number(rows.rows[0].count)).toBe(1);
  });

  it('needs an account', async () => {
    const response = await harness.app.inject({ method: 'POST', url: COMPANIES, payload: application() });
    expect(response.statusCode).toBe(401);
  });
});

describe('ordering for a company', () => {
  it('makes the tax invoice out to the company, with its TIN and the LPO number', async () => {
    const buyer = await signedInCustomer(harness.app, 'Grace Auma');
    const company = await approvedCompany(buyer);
    await withBottle(buyer);
    const placed = await buyer.client.post(
      CHECKOUT,
      checkoutBody(central.id, { company: { company_id: company.id, lpo_number: 'LPO/2026/118' } }),
    );
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    expect(order.vat_invoice).toEqual({ business_name: company.name, tin: company.tin });

    const invoice = await harness.database.pool.query('SELECT id FROM invoices WHERE order_id = $1', [
      order.id,
    ]);
    const pdf = await buyer.client.get(`${INVOICES}/${invoice.rows[0].id}/pdf/`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    for (const expected of ['TAX INVOICE', company.name, `TIN ${company.tin}`, 'LPO LPO/2026/118']) {
      expect(text).toContain(expected);
    }

    const orders = companyOrderListSchema.parse(
      (await buyer.client.get(`${COMPANIES}${company.id}/orders/`)).json(),
    );
    expect(orders.results).toEqual([
      expect.objectContaining({ id: order.id, lpo_number: 'LPO/2026/118', buyer_name: 'Namara Kisakye' }),
    ]);
  });

  it('refuses a company not yet approved, naming the field, and keeps the cart', async () => {
    const buyer = await signedInCustomer(harness.app);
    const company = await appliedCompany(buyer);
    await withBottle(buyer);
    const before = await countOf('orders');
    const refused = await buyer.client.post(
      CHECKOUT,
      checkoutBody(central.id, { company: { company_id: company.id } }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual([
      { field: 'company.company_id', message: companyOrderMessages.notApproved },
    ]);
    expect(await countOf('orders')).toBe(before);
    expect((await buyer.client.get(`${CART}/my_cart/`)).json().item_count).toBe(1);
  });

  it('refuses a company the customer does not order for, as if it did not exist', async () => {
    const owner = await signedInCustomer(harness.app);
    const company = await approvedCompany(owner);
    const stranger = await signedInCustomer(harness.app);
    await withBottle(stranger);
    const refused = await stranger.client.post(
      CHECKOUT,
      checkoutBody(central.id, { company: { company_id: company.id } }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual([
      { field: 'company.company_id', message: companyOrderMessages.notBuyer },
    ]);
    expect((await stranger.client.get(`${COMPANIES}${company.id}/orders/`)).statusCode).toBe(404);
  });

  it('refuses a VAT invoice of another business alongside the company, and a bad LPO number', async () => {
    const buyer = await signedInCustomer(harness.app);
    const company = await approvedCompany(buyer);
    await withBottle(buyer);
    const refused = await buyer.client.post(
      CHECKOUT,
      checkoutBody(central.id, {
        company: { company_id: company.id, lpo_number: '<script>' },
        vat_invoice: { business_name: 'Someone Else Ltd', tin: '1000987654' },
      }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual(
      expect.arrayContaining([
        { field: 'vat_invoice', message: companyOrderMessages.withVatInvoice },
        { field: 'company.lpo_number', message: companyOrderMessages.lpoNumber },
      ]),
    );
  });

  it('places one order for a double submit of the same checkout', async () => {
    const buyer = await signedInCustomer(harness.app);
    const company = await approvedCompany(buyer);
    await withBottle(buyer);
    const body = checkoutBody(central.id, { company: { company_id: company.id, lpo_number: '77' } });
    const answers = await Promise.all([buyer.client.post(CHECKOUT, body), buyer.client.post(CHECKOUT, body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    const orders = await harness.database.pool.query('SELECT count(*) FROM orders WHERE company_id = $1', [
      company.id,
    ]);
    expect(Number(orders.rows[0].count)).toBe(1);
  });
});

describe('staff', () => {
  it('approve a company, add and remove its buyers, and see what it owes', async () => {
    const asker = await signedInCustomer(harness.app);
    const company = await appliedCompany(asker);
    const pending = staffCompanyListSchema.parse((await staff.client.get(`${ADMIN}/?status=pending`)).json());
    expect(pending.results.map((row) => row.id)).toContain(company.id);

    const approved = staffCompanyDetailSchema.parse(
      (await staff.client.post(`${ADMIN}/${company.id}/decision/`, { status: 'approved' })).json(),
    );
    expect(approved).toMatchObject({ status: 'approved', owed: 0, buyer_count: 1 });
    expect(approved.decided_at).not.toBeNull();
    const trail = await harness.database.pool.query(
      "SELECT kind, actor_id, before, after FROM audit_entries WHERE subject_type = 'company' AND subject_id = $1",
      [company.id],
    );
    expect(trail.rows).toEqual([
      {
        kind: 'company.approve',
        actor_id: staff.userId,
        before: { status: 'pending' },
        after: { status: 'approved' },
      },
    ]);

    const colleague = await signedInCustomer(harness.app, 'Peter Okello');
    const added = await staff.client.post(`${ADMIN}/${company.id}/buyers/`, {
      email: colleague.email.toUpperCase(),
    });
    expect(added.statusCode).toBe(200);
    expect(staffCompanyDetailSchema.parse(added.json()).buyers.map((buyer) => buyer.user_id)).toEqual([
      asker.userId,
      colleague.userId,
    ]);
    const twice = await staff.client.post(`${ADMIN}/${company.id}/buyers/`, { email: colleague.email });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.fields).toEqual([{ field: 'email', message: companyMessages.alreadyBuyer }]);
    const nobody = await staff.client.post(`${ADMIN}/${company.id}/buyers/`, { email: 'nobody@example.com' });
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().error.fields).toEqual([{ field: 'email', message: companyMessages.noSuchPerson }]);

    // The colleague orders by mobile money and has not paid: the company owes it.
    await withBottle(colleague, 200_000);
    const placed = await colleague.client.post(
      CHECKOUT,
      checkoutBody(central.id, {
        company: { company_id: company.id },
        payment_method: 'mobile_money',
        mobile_money_network: 'MTN',
        payment_phone: '0772 123456',
      }),
    );
    expect(placed.statusCode).toBe(201);
    const detail = staffCompanyDetailSchema.parse((await staff.client.get(`${ADMIN}/${company.id}/`)).json());
    expect(detail.owed).toBe(placed.json().total);
    const staffOrders = companyOrderListSchema.parse(
      (await staff.client.get(`${ADMIN}/${company.id}/orders/`)).json(),
    );
    expect(staffOrders.results).toEqual([expect.objectContaining({ id: placed.json().id, paid: false })]);
    const pastTheEnd = companyOrderListSchema.parse(
      (await staff.client.get(`${ADMIN}/${company.id}/orders/?page=2&page_size=1`)).json(),
    );
    expect(pastTheEnd).toMatchObject({ results: [], count: 1, next: null });
    // The asker sees the colleague's order for their company.
    const seen = companyOrderListSchema.parse(
      (await asker.client.get(`${COMPANIES}${company.id}/orders/`)).json(),
    );
    expect(seen.results.map((row) => row.id)).toEqual([placed.json().id]);

    const removed = await staff.client.request({
      method: 'DELETE',
      url: `${ADMIN}/${company.id}/buyers/${colleague.userId}/`,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().buyer_count).toBe(1);
    const kinds = await harness.database.pool.query(
      "SELECT kind FROM audit_entries WHERE subject_type = 'company' AND subject_id = $1 ORDER BY id",
      [company.id],
    );
    expect(kinds.rows.map((row) => row.kind)).toEqual([
      'company.approve',
      'company.buyer_add',
      'company.buyer_remove',
    ]);
    expect((await colleague.client.get(`${COMPANIES}${company.id}/orders/`)).statusCode).toBe(404);
  });

  it('find a company by part of its name or the start of its TIN, newest first, and a too long search is 422 on q', async () => {
    const word = `Kisenyi${Date.now() % 1e6}`;
    const older = await appliedCompany(await signedInCustomer(harness.app), { name: `${word} Traders Ltd` });
    const newer = await appliedCompany(await signedInCustomer(harness.app), {
      name: `The ${word.toLowerCase()} Hotel`,
    });
    const other = await appliedCompany(await signedInCustomer(harness.app), {
      name: `Ntinda ${word} 50% Bar`,
    });
    const found = async (query: string) =>
      staffCompanyListSchema.parse((await staff.client.get(`${ADMIN}/?${query}`)).json());

    const byName = await found(`q=${encodeURIComponent(` ${word.toUpperCase()} `)}`);
    expect(byName.results.map((row) => row.id)).toEqual([other.id, newer.id, older.id]);
    expect(byName.count).toBe(3);
    expect((await found(`q=${word}&page_size=2&page=2`)).results.map((row) => row.id)).toEqual([older.id]);
    expect((await found(`q=${older.tin.slice(0, 9)}&status=pending`)).results.map((row) => row.id)).toContain(
      older.id,
    );
    // The TIN matches from its start only, and a % is a character, not a wildcard.
    expect((await found(`q=${older.tin.slice(1)}`)).results.map((row) => row.id)).not.toContain(older.id);
    expect((await found(`q=${encodeURIComponent(`${word} 50%`)}`)).results.map((row) => row.id)).toEqual([
      other.id,
    ]);
    expect((await found(`q=${encodeURIComponent(`${word} 5%`)}`)).results).toEqual([]);

    const tooLong = await staff.client.get(`${ADMIN}/?q=${'a'.repeat(101)}`);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().error.fields.map((field: { field: string }) => field.field)).toEqual(['q']);
  });

  it('refuse a decision that is neither approved nor rejected, naming the field', async () => {
    const company = await appliedCompany(await signedInCustomer(harness.app));
    const response = await staff.client.post(`${ADMIN}/${company.id}/decision/`, { status: 'maybe' });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fields[0].field).toBe('status');
    const detail = staffCompanyDetailSchema.parse((await staff.client.get(`${ADMIN}/${company.id}/`)).json());
    expect(detail.status).toBe('pending');
  });

  it('are the only ones who see, decide or change company accounts', async () => {
    const customer = await signedInCustomer(harness.app);
    const company = await appliedCompany(customer);
    const calls = [
      () => customer.client.get(`${ADMIN}/`),
      () => customer.client.get(`${ADMIN}/${company.id}/`),
      () => customer.client.get(`${ADMIN}/${company.id}/orders/`),
      () => customer.client.post(`${ADMIN}/${company.id}/decision/`, { status: 'approved' }),
      () => customer.client.post(`${ADMIN}/${company.id}/buyers/`, { email: customer.email }),
      () =>
        customer.client.request({
          method: 'DELETE',
          url: `${ADMIN}/${company.id}/buyers/${customer.userId}/`,
        }),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(403);
    const anonymous = await harness.app.inject({ method: 'GET', url: `${ADMIN}/` });
    expect(anonymous.statusCode).toBe(401);
    const detail = staffCompanyDetailSchema.parse((await staff.client.get(`${ADMIN}/${company.id}/`)).json());
    expect(detail).toMatchObject({ status: 'pending', buyer_count: 1 });
  });

  it('get 404 for a company that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await staff.client.get(`${ADMIN}/${missing}/`)).statusCode).toBe(404);
    expect(
      (await staff.client.post(`${ADMIN}/${missing}/decision/`, { status: 'approved' })).statusCode,
    ).toBe(404);
  });
});
