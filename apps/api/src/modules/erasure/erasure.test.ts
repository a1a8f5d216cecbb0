import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { type DataExport, dataExportSchema } from '@shop/contract/data-exports';
import { ERASED_NAME, ERASED_RECIPIENT, type ErasureRequest, type MyErasure } from '@shop/contract/erasure';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import type { Order } from '@shop/contract/orders';
import { type Transaction, transactionSchema } from '@shop/contract/payments';
import { staffOrderDetailSchema } from '@shop/contract/staff-orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GiftAndCompany, giftAndCompanyOf } from '../../../test/fixtures/gift-and-company';
import { type Customer, staffMember } from '../../../test/fixtures/orders';
import { pdfText } from '../../../test/pdf-text';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { approveAndSettle, createTestEvent, rsvp, startPaying } from '../events/testing';
import { STRONG_PASSWORD, type TestBrowser } from '../identity/testing';
import { customer, productAt, startPayment, waitFor } from '../payments/testing';
import { eraseDue, purgeTaxRecords } from './erasure.service';
import { PERSONAL_DATA } from './personal-data';

let harness: TestApp;
let staff: Customer;
/** Every line the app logged, requests included: none may carry a customer's details. */
const logLines: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  harness = await createTestApp(
    { AUTH_TEST_FAST_HASHING: 'true', LOG_LEVEL: 'info', LOG_REQUESTS: 'true' },
    undefined,
    logStream,
  );
  staff = await staffMember(harness.app, 'staff');
});
afterAll(() => harness?.close());

const MINE = '/api/v1/users/users/erasure/';
const staffPath = (userId: string) => `/api/v1/admin/customers/${userId}/erasure/`;
const pool = () => harness.database.pool;
const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;
const remove = (client: TestBrowser, url: string) => client.request({ method: 'DELETE', url });

/** Moves the clock: the pending request of the account falls due now. */
/** The customer's orders delivered (a pending erasure waits for orders in flight). */
async function ordersOver(userId: string) {
  await pool().query(
    `UPDATE orders SET status = 'delivered' WHERE user_id = $1 AND status NOT IN ('delivered', 'cancelled', 'refunded')`,
    [userId],
  );
}

async function coolingOffOver(userId: string) {
  await pool().query(
    `UPDATE erasure_requests SET due_at = now() - interval '1 second' WHERE user_id = $1 AND state = 'pending'`,
    [userId],
  );
}

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

type Planted = Customer & { name: string; phone: string; street: string; order: Order } & GiftAndCompany;

/**
 * A customer with every kind of data: profile with phone, birth date and address, a paid order
 * with its invoice (contact name and phone their own), review, wishlist, RSVP, notification, SMS
 * and e-mails in the outbox, consent, a data export, a push subscription, sign-in history; a gift
 * they sent (the recipient's name, phone, their message, the recipient's SMS), a company account
 * with them as its billing contact and buyer, and the order's EFRIS record (fiscalised).
 */
async function customerWithEverything(name: string, phone: string): Promise<Planted> {
  const who = await customer(harness, name);
  const street = `Plot ${crypto.randomInt(100, 999)} ${name.split(' ')[1]} Close`;
  const profile = await who.client.patch('/api/v1/users/users/update_profile/', {
    phone,
    default_delivery_address: { area: 'Kololo', street },
    newsletter_opt_in: true,
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const product = await productAt(harness, 90_000, 20);
  expect(
    (await who.client.post('/api/v1/orders/cart/add_item/', { product: product.id, quantity: 1 })).statusCode,
  ).toBeLessThan(300);
  const placed = await who.client.post('/api/v1/orders/cart/checkout/', {
    idempotency_key: crypto.randomUUID(),
    fulfilment: 'pickup',
    contact_name: name,
    contact_phone: phone,
    customer_note: `Call ${name} at the gate of ${street}`,
    payment_method: 'mobile_money',
    mobile_money_network: 'MTN',
    payment_phone: phone,
  });
  expect(placed.statusCode, placed.body).toBeLessThan(300);
  const order = placed.json() as Order;
  const payment = await approve(who.client, await startPayment(who.client, order.id));
  expect(payment.status).toBe('successful');
  await pool().query(
    `INSERT INTO efris_documents (order_id, invoice_id, reference_no, state, fiscal_document_number,
       verification_code, qr_code, fiscalised_at)
     SELECT order_id, id, invoice_number, 'fiscalised', $2, '1234567890', 'https://efris.example/qr', now()
     FROM invoices WHERE order_id = $1`,
    [order.id, `FDN${crypto.randomInt(1e9, 9e9)}`],
  );
  const giftAndCompany = await giftAndCompanyOf(harness, { ...who, name, phone, street }, staff);
  // A paid ticket: its tax invoice (and EFRIS's record of it) is kept, then purged, like an order's.
  const event = await createTestEvent(harness, { price: 60_000, capacity: 10 });
  const held = await rsvp(who.client, event.id);
  const ticketPayment = await approveAndSettle(who.client, await startPaying(who.client, held.id));
  expect(ticketPayment.status).toBe('successful');
  await pool().query(
    `INSERT INTO efris_documents (kind, ticket_invoice_id, reference_no, state, fiscal_document_number,
       verification_code, qr_code, fiscalised_at)
     SELECT 'ticket', id, invoice_number, 'fiscalised', $2, '1234567891', 'https://efris.example/qr', now()
     FROM ticket_invoices WHERE rsvp_id = $1`,
    [held.id, `FDN${crypto.randomInt(1e9, 9e9)}`],
  );
  expect((await who.client.post('/api/v1/orders/wishlist/', { product: product.id })).statusCode).toBe(201);
  await pool().query(
    `INSERT INTO product_reviews (product_id, user_id, rating, title, body) VALUES ($1, $2, 5, 'Lovely', 'A fine bottle')`,
    [product.id, who.userId],
  );
  await pool().query(
    `INSERT INTO sms_messages (kind, user_id, phone, body, state, idempotency_key)
     VALUES ('order_update', $1, $2, $3, 'unsent', $4)`,
    [who.userId, phone, `Hello ${name}, your order is ready`, `test:${crypto.randomUUID()}`],
  );
  await pool().query(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, 'key', 'secret')`,
    [who.userId, `https://push.example/${crypto.randomUUID()}`],
  );
  await harness.app.notifications.create({
    userId: who.userId,
    type: 'news',
    title: 'Tasting on Friday',
    message: `Dear ${name}, join us`,
  });
  const asked = await who.client.post('/api/v1/users/users/data-exports/');
  expect(asked.statusCode, asked.body).toBe(202);
  const exportId = dataExportSchema.parse(asked.json()).id;
  await waitFor(
    async () => {
      const latest = (await who.client.get('/api/v1/users/users/data-exports/latest/')).json() as {
        export: DataExport | null;
      };
      return latest.export?.id === exportId && latest.export.state === 'ready' ? true : undefined;
    },
    'the export to be ready',
    30_000,
  );
  // The order's confirmation e-mail is in the outbox (the e-mails kept without SMTP).
  await waitFor(async () => {
    const mail = await pool().query('SELECT 1 FROM dev_mailbox WHERE "to" = $1 AND text LIKE $2', [
      who.email,
      `%${order.order_number}%`,
    ]);
    return mail.rows.length > 0 ? true : undefined;
  }, 'the order e-mail');
  // The recipient's SMS (their phone, the buyer's first name and the link) is written.
  await waitFor(async () => {
    const sms = await pool().query(`SELECT 1 FROM sms_messages WHERE kind = 'gift_coming' AND phone = $1`, [
      giftAndCompany.recipientPhone,
    ]);
    return sms.rows.length > 0 ? true : undefined;
  }, 'the recipient’s SMS');
  return { ...who, name, phone, street, order, ...giftAndCompany };
}

/** Every text, varchar and jsonb column of every table (information_schema), searched for `needle`. */
async function tablesHolding(needle: string): Promise<string[]> {
  const columns = await pool().query<{ table_name: string; column_name: string; data_type: string }>(`
    SELECT c.table_name, c.column_name, c.data_type
    FROM information_schema.columns c
    JOIN information_schema.tables t USING (table_schema, table_name)
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      AND c.data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`);
  const found: string[] = [];
  for (const { table_name, column_name, data_type } of columns.rows) {
    const column = `"${column_name}"`;
    const asText = data_type === 'ARRAY' ? `array_to_string(${column}, ' ')` : `${column}::text`;
    const hit = await pool().query(
      `SELECT 1 FROM "${table_name}" WHERE strpos(lower(${asText}), lower($1)) > 0 LIMIT 1`,
      [needle],
    );
    if (hit.rows.length > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

describe('erasing an account', () => {
  it('removes the customer’s data from every table after the cooling-off, keeping the tax records', async () => {
    const mine = await customerWithEverything('Akello Erasable', '+256772300417');
    const other = await customerWithEverything('Birungi Staying', '+256752600528');
    // The search finds what it looks for before the erasure.
    expect(await tablesHolding(mine.street)).toEqual(
      expect.arrayContaining(['users.default_delivery_address']),
    );

    const asked = await mine.client.post(MINE, { reviews: 'anonymise', password: STRONG_PASSWORD });
    expect(asked.statusCode, asked.body).toBe(202);
    const request = asked.json() as ErasureRequest;
    expect(request).toMatchObject({ state: 'pending', reviews: 'anonymise', channel: 'customer' });
    const days = (Date.parse(request.due_at) - Date.parse(request.created_at)) / 86_400_000;
    expect(days).toBe(7);

    // Not before the cooling-off is over, nor while an order is in flight (tested below).
    expect(await eraseDue(harness.app.db, new Date())).toBe(0);
    await coolingOffOver(mine.userId);
    await ordersOver(mine.userId);
    expect(await eraseDue(harness.app.db, new Date())).toBe(1);

    const needlesOf = (who: Planted) => [
      who.name,
      who.email,
      who.phone,
      who.street,
      who.phone.slice(4),
      who.recipientName,
      who.recipientPhone,
      who.giftMessage,
    ];
    for (const needle of needlesOf(mine)) {
      expect(await tablesHolding(needle), needle).toEqual([]);
    }
    // The other customer's data is all still there.
    for (const needle of needlesOf(other)) {
      expect((await tablesHolding(needle)).length, needle).toBeGreaterThan(0);
    }

    // Tax records kept: the order, its lines, invoice and payment, without contact details.
    const kept = await pool().query(
      `SELECT o.contact_name, o.contact_phone, o.street, o.total, i.invoice_number, p.amount, p.status
       FROM orders o JOIN invoices i ON i.order_id = o.id
       JOIN payment_transactions p ON p.purpose = 'order' AND p.subject_id = o.id::text
       WHERE o.id = $1`,
      [mine.order.id],
    );
    expect(kept.rows).toEqual([
      expect.objectContaining({
        contact_name: ERASED_NAME,
        contact_phone: '',
        street: null,
        total: mine.order.total,
        amount: mine.order.total,
        status: 'successful',
      }),
    ]);
    // The company stays (a business: name, TIN) without them as its contact or buyer; the gift
    // stays a gift of its day without its recipient; the EFRIS record stays with the invoice.
    const company = await pool().query(
      `SELECT c.name, c.tin, c.billing_contact_name, c.billing_email,
         (SELECT count(*)::int FROM company_buyers b WHERE b.company_id = c.id) AS buyers
       FROM companies c WHERE c.tin = $1`,
      [mine.companyTin],
    );
    expect(company.rows).toEqual([
      {
        name: mine.companyName,
        tin: mine.companyTin,
        billing_contact_name: '',
        billing_email: '',
        buyers: 0,
      },
    ]);
    const gift = await pool().query(
      'SELECT recipient_name, recipient_phone, message, link_hash FROM gift_recipients WHERE order_id = $1',
      [mine.giftOrder.id],
    );
    expect(gift.rows).toEqual([
      { recipient_name: ERASED_RECIPIENT, recipient_phone: '', message: null, link_hash: null },
    ]);
    const fiscal = await pool().query(
      `SELECT d.state FROM efris_documents d JOIN invoices i ON i.id = d.invoice_id WHERE i.order_id = $1`,
      [mine.order.id],
    );
    expect(fiscal.rows).toEqual([{ state: 'fiscalised' }]);
    // The review stays, as "A customer"; everything else of theirs is gone.
    const left = await pool().query<{ kind: string; count: number }>(
      `SELECT 'reviews' AS kind, count(*)::int AS count FROM product_reviews WHERE user_id = $1
       UNION ALL SELECT 'wishlist', count(*)::int FROM wishlist_items WHERE user_id = $1
       UNION ALL SELECT 'notifications', count(*)::int FROM notifications WHERE user_id = $1
       UNION ALL SELECT 'push', count(*)::int FROM push_subscriptions WHERE user_id = $1
       UNION ALL SELECT 'exports', count(*)::int FROM data_exports WHERE user_id = $1
       UNION ALL SELECT 'sessions', count(*)::int FROM sessions WHERE user_id = $1
       UNION ALL SELECT 'accounts', count(*)::int FROM accounts WHERE user_id = $1
       UNION ALL SELECT 'devices', count(*)::int FROM known_devices WHERE user_id = $1
       UNION ALL SELECT 'consents', count(*)::int FROM consent_records WHERE user_id = $1`,
      [mine.userId],
    );
    expect(Object.fromEntries(left.rows.map((row) => [row.kind, row.count]))).toEqual({
      reviews: 1,
      wishlist: 0,
      notifications: 0,
      push: 0,
      exports: 0,
      sessions: 0,
      accounts: 0,
      devices: 0,
      consents: 0,
    });
    // The consent's proof stays, unlinked.
    const anonymousConsents = await pool().query(
      `SELECT count(*)::int AS count FROM consent_records WHERE user_id IS NULL AND email IS NULL`,
    );
    expect(anonymousConsents.rows[0].count).toBeGreaterThan(0);
    // The ledger stays append-only for everything but that unlinking.
    const ledger = await pool().query<{ id: string }>(
      `SELECT id FROM consent_records WHERE user_id = $1 LIMIT 1`,
      [other.userId],
    );
    for (const change of [
      `email = 'someone@example.ug'`,
      `shown_text = 'Changed words'`,
      `user_id = '${mine.userId}'`,
    ]) {
      await expect(
        pool().query(`UPDATE consent_records SET ${change} WHERE id = $1`, [ledger.rows[0]!.id]),
        change,
      ).rejects.toThrow(/append-only/);
    }
    await expect(
      pool().query('DELETE FROM consent_records WHERE id = $1', [ledger.rows[0]!.id]),
    ).rejects.toThrow(/append-only/);

    // They cannot sign in, and their old session is over.
    const again = await mine.client.signIn(mine.email, STRONG_PASSWORD);
    expect(again.statusCode).toBe(401);
    await waitFor(async () => {
      const profile = await mine.client.get('/api/v1/users/users/profile/');
      return profile.statusCode === 401 ? true : undefined;
    }, 'the old session to end');

    // Staff see the anonymised order, and its invoice still opens (without the customer's details).
    const order = await staff.client.get(`/api/v1/orders/orders/${mine.order.id}/`);
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json()).toMatchObject({ contact_name: ERASED_NAME });
    const detail = await staff.client.get(`/api/v1/orders/admin/orders/${mine.order.id}/detail/`);
    expect(detail.statusCode, detail.body).toBe(200);
    const staffView = staffOrderDetailSchema.parse(detail.json());
    expect(staffView.customer.name).toBe(ERASED_NAME);
    expect(staffView.invoice_pdf_url).toMatch(/^\/api\/v1\/orders\/invoices\/\d+\/pdf\/$/);
    const pdf = await staff.client.get(staffView.invoice_pdf_url!);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(new Uint8Array(pdf.rawPayload));
    expect(text).toContain(staffView.invoice_number!);
    expect(text).toContain(ERASED_NAME);
    expect(text).not.toContain('erased.invalid');

    // After the legal period, the purge job deletes the kept tax records.
    expect(await purgeTaxRecords({ db: harness.app.db, taxRecordYears: 6 }, new Date())).toBe(0);
    await pool().query(`UPDATE orders SET created_at = created_at - interval '7 years' WHERE user_id = $1`, [
      mine.userId,
    ]);
    await pool().query(
      `UPDATE payment_transactions SET created_at = created_at - interval '7 years' WHERE user_id = $1`,
      [mine.userId],
    );
    expect(await purgeTaxRecords({ db: harness.app.db, taxRecordYears: 6 }, new Date())).toBe(1);
    const purged = await pool().query(
      `SELECT (SELECT count(*) FROM orders WHERE user_id = $1)::int AS orders,
              (SELECT count(*) FROM invoices WHERE user_id = $1)::int AS invoices,
              (SELECT count(*) FROM payment_transactions WHERE user_id = $1)::int AS payments,
              (SELECT count(*) FROM orders WHERE user_id = $2)::int AS others`,
      [mine.userId, other.userId],
    );
    expect(purged.rows[0]).toEqual({ orders: 0, invoices: 0, payments: 0, others: 2 });

    // The logs of all of it (requests, jobs, the erasure) never carried who the customer was.
    expect(logLines.length).toBeGreaterThan(50);
    const logs = logLines.join('');
    expect(logs).toContain(mine.order.id);
    for (const needle of needlesOf(mine)) {
      expect(logs.includes(needle), `the logs hold ${needle}`).toBe(false);
    }
  });

  it('says of every text, JSON, array and bytea column what erasure does with it (personal-data.ts)', async () => {
    const columns = await pool().query<{ table_name: string; column_name: string }>(`
      SELECT c.table_name, c.column_name
      FROM information_schema.columns c
      JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
        AND c.data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY', 'bytea')`);
    const inSchema = columns.rows.map((row) => `${row.table_name}.${row.column_name}`);
    const classified = Object.entries(PERSONAL_DATA).flatMap(([table, kinds]) =>
      [...(kinds.erased ?? []), ...(kinds.kept ?? []), ...(kinds.none ?? [])].map(
        (column) => `${table}.${column}`,
      ),
    );
    expect(new Set(classified).size, 'a column classified twice').toBe(classified.length);
    expect(
      inSchema.filter((column) => !classified.includes(column)).sort(),
      'columns erasure says nothing of: classify them in personal-data.ts (and erase them in eraseAccount)',
    ).toEqual([]);
    expect(
      classified.filter((column) => !inSchema.includes(column)).sort(),
      'classified columns the schema no longer has',
    ).toEqual([]);
  });

  it('removes the reviews when the customer chose so, and staff enter requests with a reason (audited)', async () => {
    const who = await customer(harness, 'Okello Byphone');
    const product = await productAt(harness, 50_000, 5);
    await pool().query(
      `INSERT INTO product_reviews (product_id, user_id, rating, title, body) VALUES ($1, $2, 4, 'Good', 'Nice')`,
      [product.id, who.userId],
    );

    const noReason = await staff.client.post(staffPath(who.userId), { reviews: 'remove' });
    expect(noReason.statusCode).toBe(422);
    expect(envelope(noReason.body).fields?.map((field) => field.field)).toContain('reason');
    const badChoice = await staff.client.post(staffPath(who.userId), { reviews: 'shred', reason: 'Phoned' });
    expect(badChoice.statusCode).toBe(422);
    expect(envelope(badChoice.body).fields?.map((field) => field.field)).toContain('reviews');
    expect(
      (await pool().query('SELECT 1 FROM erasure_requests WHERE user_id = $1', [who.userId])).rows,
    ).toEqual([]);

    const entered = await staff.client.post(staffPath(who.userId), {
      reviews: 'remove',
      reason: 'Asked by phone on 29 November',
    });
    expect(entered.statusCode, entered.body).toBe(202);
    expect(entered.json()).toMatchObject({ channel: 'staff', reviews: 'remove', state: 'pending' });
    const audit = await pool().query(
      `SELECT kind, actor_id, summary FROM audit_entries WHERE subject_type = 'user' AND subject_id = $1`,
      [who.userId],
    );
    expect(audit.rows).toEqual([
      expect.objectContaining({
        kind: 'user.erasure_request',
        actor_id: staff.userId,
        summary: expect.stringContaining('Asked by phone'),
      }),
    ]);
    // The customer sees it in their profile, and was told.
    const mine = (await who.client.get(MINE)).json() as MyErasure;
    expect(mine.request).toMatchObject({ state: 'pending', channel: 'staff' });
    const told = await pool().query(
      `SELECT 1 FROM notifications WHERE user_id = $1 AND title = 'Your account is to be deleted'`,
      [who.userId],
    );
    expect(told.rows).toHaveLength(1);
    const mail = await pool().query(`SELECT subject FROM dev_mailbox WHERE "to" = $1`, [who.email]);
    expect(mail.rows.map((row) => row.subject)).toEqual([expect.stringContaining('will be deleted on')]);

    await coolingOffOver(who.userId);
    expect(await eraseDue(harness.app.db, new Date())).toBe(1);
    const reviews = await pool().query('SELECT 1 FROM product_reviews WHERE user_id = $1', [who.userId]);
    expect(reviews.rows).toEqual([]);
    const erased = await staff.client.get(staffPath(who.userId));
    expect(erased.json()).toMatchObject({ request: { state: 'erased' } });
  });

  it('waits past the cooling-off for an order out for delivery, saying so, and erases once it is delivered', async () => {
    const who = await customer(harness, 'Nakato Awaiting');
    const product = await productAt(harness, 70_000, 5);
    expect(
      (await who.client.post('/api/v1/orders/cart/add_item/', { product: product.id, quantity: 1 }))
        .statusCode,
    ).toBeLessThan(300);
    const placed = await who.client.post('/api/v1/orders/cart/checkout/', {
      idempotency_key: crypto.randomUUID(),
      fulfilment: 'pickup',
      contact_name: 'Nakato Awaiting',
      contact_phone: '+256772411093',
      payment_method: 'cash_on_delivery',
    });
    expect(placed.statusCode, placed.body).toBeLessThan(300);
    const order = placed.json() as Order;
    // The order's moves are the delivery module's (tested there); here it is simply on its way.
    await pool().query(`UPDATE orders SET status = 'out_for_delivery' WHERE id = $1`, [order.id]);
    const asked = await who.client.post(MINE, { reviews: 'anonymise', password: STRONG_PASSWORD });
    expect(asked.statusCode, asked.body).toBe(202);
    await coolingOffOver(who.userId);

    expect(await eraseDue(harness.app.db, new Date())).toBe(0);
    const contact = await pool().query('SELECT contact_phone FROM orders WHERE id = $1', [order.id]);
    expect(contact.rows[0].contact_phone).toBe('+256772411093');
    const mine = (await who.client.get(MINE)).json() as MyErasure;
    expect(mine).toMatchObject({ request: { state: 'pending' }, waiting_for_order: order.order_number });
    expect((await staff.client.get(staffPath(who.userId))).json()).toMatchObject({
      waiting_for_order: order.order_number,
    });

    await pool().query(`UPDATE orders SET status = 'delivered' WHERE id = $1`, [order.id]);
    expect(await eraseDue(harness.app.db, new Date())).toBe(1);
    const erased = await pool().query('SELECT contact_name, contact_phone FROM orders WHERE id = $1', [
      order.id,
    ]);
    expect(erased.rows[0]).toEqual({ contact_name: ERASED_NAME, contact_phone: '' });
    expect((await staff.client.get(staffPath(who.userId))).json()).toMatchObject({
      request: { state: 'erased' },
      waiting_for_order: null,
    });
  });

  it('asks the customer to prove it is them, cancels, and refuses a second pending request', async () => {
    const who = await customer(harness, 'Nankya Careful');
    const missing = await who.client.post(MINE, { reviews: 'anonymise' });
    expect(missing.statusCode).toBe(422);
    expect(envelope(missing.body).fields).toEqual([expect.objectContaining({ field: 'password' })]);
    const wrong = await who.client.post(MINE, { reviews: 'anonymise', password: 'not my password at all' });
    expect(wrong.statusCode).toBe(422);
    expect(envelope(wrong.body).fields).toEqual([
      expect.objectContaining({ field: 'password', message: 'That password is not right' }),
    ]);
    const noChoice = await who.client.post(MINE, { password: STRONG_PASSWORD });
    expect(noChoice.statusCode).toBe(422);
    expect(envelope(noChoice.body).fields?.map((field) => field.field)).toEqual(['reviews']);
    expect(((await who.client.get(MINE)).json() as MyErasure).request).toBeNull();

    const asked = await who.client.post(MINE, { reviews: 'remove', password: STRONG_PASSWORD });
    expect(asked.statusCode, asked.body).toBe(202);
    const twice = await who.client.post(MINE, { reviews: 'remove', password: STRONG_PASSWORD });
    expect(twice.statusCode).toBe(409);

    const cancelled = await remove(who.client, MINE);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled' });
    expect((await remove(who.client, MINE)).statusCode).toBe(404);
    // A cancelled request is never carried out.
    await pool().query(`UPDATE erasure_requests SET due_at = now() - interval '1 day' WHERE user_id = $1`, [
      who.userId,
    ]);
    expect(await eraseDue(harness.app.db, new Date())).toBe(0);
    expect((await who.client.get('/api/v1/users/users/profile/')).statusCode).toBe(200);

    // Asking again works.
    const again = await who.client.post(MINE, { reviews: 'anonymise', password: STRONG_PASSWORD });
    expect(again.statusCode).toBe(202);
    expect(((await who.client.get(MINE)).json() as MyErasure).request).toMatchObject({ state: 'pending' });
  });

  it('asks an account without a password (Google, OIDC) for a recent sign-in', async () => {
    const who = await customer(harness, 'Mugisha Oidc');
    await pool().query(`UPDATE accounts SET provider_id = 'oidc', password = NULL WHERE user_id = $1`, [
      who.userId,
    ]);
    const fresh = (await who.client.get(MINE)).json() as MyErasure;
    expect(fresh.reauth.method).toBe('recent_sign_in');
    await pool().query(`UPDATE sessions SET created_at = now() - interval '11 minutes' WHERE user_id = $1`, [
      who.userId,
    ]);
    harness.app.sessionCache.clear();
    const stale = await who.client.post(MINE, { reviews: 'anonymise' });
    expect(stale.statusCode, stale.body).toBe(403);
    expect(envelope(stale.body).message).toContain('sign in again');
    await pool().query(`UPDATE sessions SET created_at = now() WHERE user_id = $1`, [who.userId]);
    harness.app.sessionCache.clear();
    const recent = await who.client.post(MINE, { reviews: 'anonymise' });
    expect(recent.statusCode, recent.body).toBe(202);
  });

  it('is for the signed-in customer only; the staff path for staff only, and never for staff accounts', async () => {
    const visitor = await harness.app.inject({ method: 'GET', url: MINE });
    expect(visitor.statusCode).toBe(401);
    const who = await customer(harness, 'Apio Customer');
    const other = await customer(harness, 'Atim Other');
    for (const call of [
      () => who.client.get(staffPath(other.userId)),
      () => who.client.post(staffPath(other.userId), { reviews: 'remove', reason: 'Phoned' }),
      () => who.client.post(`${staffPath(other.userId)}cancel/`, { reason: 'Phoned' }),
    ]) {
      expect((await call()).statusCode).toBe(403);
    }
    const signedOut = await harness.app.inject({ method: 'GET', url: staffPath(other.userId) });
    expect(signedOut.statusCode).toBe(401);
    expect(
      (await pool().query('SELECT 1 FROM erasure_requests WHERE user_id = $1', [other.userId])).rows,
    ).toEqual([]);

    const unknown = await staff.client.post(staffPath(crypto.randomUUID()), {
      reviews: 'remove',
      reason: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    const badId = await staff.client.get(staffPath('not-an-id'));
    expect(badId.statusCode).toBe(422);
    const colleague = await staffMember(harness.app, 'staff');
    const staffAccount = await staff.client.post(staffPath(colleague.userId), {
      reviews: 'remove',
      reason: 'x',
    });
    expect(staffAccount.statusCode).toBe(409);

    // Staff cancel with a reason, audited; the customer is told.
    expect(
      (await staff.client.post(staffPath(other.userId), { reviews: 'remove', reason: 'E-mail' })).statusCode,
    ).toBe(202);
    const noReason = await staff.client.post(`${staffPath(other.userId)}cancel/`, {});
    expect(noReason.statusCode).toBe(422);
    const cancelled = await staff.client.post(`${staffPath(other.userId)}cancel/`, {
      reason: 'Changed their mind by phone',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const audit = await pool().query(
      `SELECT kind FROM audit_entries WHERE subject_type = 'user' AND subject_id = $1 ORDER BY id`,
      [other.userId],
    );
    expect(audit.rows.map((row) => row.kind)).toEqual(['user.erasure_request', 'user.erasure_cancel']);
  });
});
