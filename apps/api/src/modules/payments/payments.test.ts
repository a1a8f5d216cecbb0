import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  sandboxChargeSchema,
  transactionListResponseSchema,
  transactionSchema,
} from '@shop/contract/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser } from '../identity/testing';
import { sandboxWebhookSecret } from './providers/provider-set';
import {
  AIRTEL_PHONE,
  BY_ORDER,
  customer,
  MTN_PHONE,
  MY_TRANSACTIONS,
  orderState,
  PAY,
  pay,
  placeOrder,
  productAt,
  recordPaymentEvents,
  startPayment,
  transactionRows,
  verifyUrl,
  waitFor,
} from './testing';

/**
 * Mobile-money payments with the default provider, the sandbox: the whole flow runs for real —
 * charge, the sandbox's phone prompt, its signed webhook, the job, verification, settlement.
 */

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
});
afterAll(() => harness?.close());

const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;
const sandbox = (reference: string, action = '') =>
  `/api/v1/payments/sandbox/charges/${encodeURIComponent(reference)}/${action ? `${action}/` : ''}`;

async function approve(client: TestBrowser, reference: string, pin = '12345') {
  return client.post(sandbox(reference, 'approve'), { pin });
}

/** Verifies until the transaction leaves pending (the webhook's job may settle it first). */
async function settled(client: TestBrowser, id: string) {
  return waitFor(async () => {
    const response = await client.post(verifyUrl(id));
    const transaction = transactionSchema.parse(response.json());
    return transaction.status === 'pending' ? undefined : transaction;
  }, `transaction ${id} to settle`);
}

describe('paying an order with the sandbox', () => {
  it('charges the order total, whatever the client sends, and says what to do next', async () => {
    const { client } = await customer(harness);
    const product = await productAt(harness, 185_000);
    const order = await placeOrder(client, product, { quantity: 2 });
    expect(order.total).toBe(370_000);

    const response = await client.post(PAY, {
      order_id: order.id,
      network: 'MTN',
      phone: MTN_PHONE,
      amount: 1,
      currency: 'USD',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const transaction = transactionSchema.parse(response.json());
    expect(transaction).toMatchObject({
      purpose: 'order',
      subject_id: order.id,
      order: order.id,
      event: null,
      subject_label: `Order ${order.order_number}`,
      provider: 'sandbox',
      payment_method: 'mobile_money',
      network: 'MTN',
      phone: '+256 77* *** 456',
      amount: 370_000,
      currency: 'UGX',
      status: 'pending',
      failure_reason: null,
      paid_at: null,
    });
    expect(transaction.reference).toMatch(/^KCP-\d{8}-[A-Z2-9]{10}$/);
    expect(transaction.next_action).toEqual({
      type: 'approve_on_phone',
      message: 'Check your phone and enter your MTN MoMo PIN to approve the payment.',
      sandbox_url: `/sandbox/pay/${transaction.reference}`,
    });
  });

  it('pays the order when the customer approves: order confirmed, invoice paid, receipt sent', async () => {
    const events = recordPaymentEvents(harness);
    const { client, email } = await customer(harness);
    const order = await placeOrder(client, await productAt(harness, 240_000));
    const transaction = await startPayment(client, order.id);

    const prompt = await client.get(sandbox(transaction.reference));
    expect(prompt.statusCode).toBe(200);
    expect(sandboxChargeSchema.parse(prompt.json())).toMatchObject({
      reference: transaction.reference,
      amount: 240_000,
      network: 'MTN',
      phone: '+256 77* *** 456',
      status: 'pending',
      return_url: `/payment_return?tx_ref=${transaction.reference}`,
    });

    const approved = await approve(client, transaction.reference);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('successful');

    // The sandbox's webhook was accepted and its job settles the payment.
    const paid = await settled(client, transaction.id);
    expect(paid).toMatchObject({ status: 'successful', next_action: null, failure_reason: null });
    expect(paid.paid_at).not.toBeNull();
    expect(await orderState(harness, order.id)).toMatchObject({
      status: 'confirmed',
      payment_status: 'paid',
      invoice_status: 'paid',
      confirmations: 1,
    });
    await waitFor(
      async () => events.succeeded.some((event) => event.transactionId === transaction.id),
      'event',
    );
    expect(events.succeeded.filter((event) => event.transactionId === transaction.id)).toEqual([
      expect.objectContaining({ amount: 240_000, refundDue: false, subjectId: order.id, network: 'MTN' }),
    ]);

    const receipt = await waitFor(async () => {
      const result = await harness.database.pool.query<{ subject: string; text: string }>(
        `SELECT subject, text FROM dev_mailbox WHERE "to" = $1 AND subject LIKE 'Payment received%'`,
        [email],
      );
      return result.rows[0];
    }, 'the receipt e-mail');
    expect(receipt.subject).toBe(`Payment received: Shs 240,000 for Order ${order.order_number}`);
    expect(receipt.text).toContain(transaction.reference);
    expect(receipt.text).toContain('MTN Mobile Money');
    events.stop();
  });

  it('leaves the order payable when the customer declines, and pays it on a retry with Airtel', async () => {
    const events = recordPaymentEvents(harness);
    const { client } = await customer(harness);
    const order = await placeOrder(client, await productAt(harness, 90_000));
    const first = await startPayment(client, order.id, 'MTN');
    const declined = await client.post(sandbox(first.reference, 'decline'));
    expect(declined.statusCode).toBe(200);
    expect(declined.json().status).toBe('failed');

    const failed = await settled(client, first.id);
    expect(failed).toMatchObject({
      status: 'failed',
      failure_reason: 'Declined by the customer on their phone',
      next_action: null,
    });
    expect(await orderState(harness, order.id)).toMatchObject({
      status: 'pending',
      payment_status: 'pending',
    });
    // Published once the settling transaction has committed (by the webhook's job or this verify).
    await waitFor(async () => events.failed.some((event) => event.transactionId === first.id), 'the event');
    expect(events.failed.filter((event) => event.transactionId === first.id)).toHaveLength(1);

    const retry = await startPayment(client, order.id, 'AIRTEL', AIRTEL_PHONE);
    expect(retry.id).not.toBe(first.id);
    expect(retry).toMatchObject({ network: 'AIRTEL', phone: '+256 75* *** 321', status: 'pending' });
    expect(retry.next_action?.message).toContain('Airtel Money PIN');
    expect((await approve(client, retry.reference)).statusCode).toBe(200);
    expect((await settled(client, retry.id)).status).toBe('successful');
    expect(await orderState(harness, order.id)).toMatchObject({
      status: 'confirmed',
      payment_status: 'paid',
    });
    events.stop();
  });

  it('answers the same pending transaction to a double click, and replaces it for another number', async () => {
    const events = recordPaymentEvents(harness);
    const { client } = await customer(harness);
    const order = await placeOrder(client, await productAt(harness, 50_000));
    const [one, two] = await Promise.all([startPayment(client, order.id), startPayment(client, order.id)]);
    expect(two?.id).toBe(one?.id);

    const other = await startPayment(client, order.id, 'MTN', '0782 000111');
    expect(other.id).not.toBe(one?.id);
    const rows = await transactionRows(harness, order.id);
    expect(rows.map((row) => row.status)).toEqual(['cancelled', 'pending']);
    expect(rows[0]?.failure_reason).toBe('Replaced by a new attempt');
    expect(
      events.failed
        .filter((event) => event.subjectId === order.id)
        .map((event) => [event.transactionId, event.status]),
    ).toEqual([[one?.id, 'cancelled']]);
    events.stop();
  });

  it('sends the prompt again to the same number once the first went unanswered for a minute, never sooner', async () => {
    const { client } = await customer(harness);
    const stranger = await customer(harness);
    const order = await placeOrder(client, await productAt(harness, 50_000));
    const first = await startPayment(client, order.id);
    const resend = (id: string, who = client) =>
      who.post(`/api/v1/payments/transactions/${id}/resend_prompt/`);

    const tooSoon = await resend(first.id);
    expect(tooSoon.statusCode).toBe(409);
    expect(envelope(tooSoon.body).message).toMatch(
      /^The prompt was sent less than a minute ago: you can ask for a new one in \d+ seconds?\.$/,
    );
    expect((await resend(first.id, stranger.client)).statusCode).toBe(404);
    expect((await transactionRows(harness, order.id)).map((row) => row.status)).toEqual(['pending']);

    // A minute on, unanswered: a new prompt to the same number replaces it.
    await harness.database.pool.query(
      "UPDATE payment_transactions SET created_at = created_at - interval '61 seconds' WHERE id = $1",
      [first.id],
    );
    const resent = await resend(first.id);
    expect(resent.statusCode).toBe(200);
    const second = transactionSchema.parse(resent.json());
    expect(second).toMatchObject({ status: 'pending', network: first.network, phone: first.phone });
    expect(second.id).not.toBe(first.id);
    // A plain repeat answers the new one; the old one cannot be sent again.
    expect((await startPayment(client, order.id)).id).toBe(second.id);
    const stale = await resend(first.id);
    expect(stale.statusCode).toBe(409);
    expect(envelope(stale.body).message).toBe('This payment is no longer waiting for approval.');
    const rows = await transactionRows(harness, order.id);
    expect(rows.map((row) => row.status)).toEqual(['cancelled', 'pending']);
    expect(rows[0]?.failure_reason).toBe('Replaced by a new attempt');
  });

  it('refuses a paid order (409), another customer’s order (404) and an unknown one (404)', async () => {
    const { client } = await customer(harness);
    const stranger = await customer(harness, 'Okello Brian');
    const order = await placeOrder(client, await productAt(harness, 60_000));

    const theirs = await pay(stranger.client, order.id);
    expect(theirs.statusCode).toBe(404);
    expect(await transactionRows(harness, order.id)).toEqual([]);
    expect((await pay(client, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const transaction = await startPayment(client, order.id);
    await approve(client, transaction.reference);
    await settled(client, transaction.id);
    const again = await pay(client, order.id);
    expect(again.statusCode).toBe(409);
    expect(envelope(again.body).message).toBe('This order is already paid.');
  });

  it('refuses a cash-on-delivery order (409)', async () => {
    const { client } = await customer(harness);
    const order = await placeOrder(client, await productAt(harness, 60_000), { method: 'cash_on_delivery' });
    const response = await pay(client, order.id);
    expect(response.statusCode).toBe(409);
    expect(envelope(response.body).message).toBe('This order cannot be paid by mobile money any more.');
  });

  it.each([
    [
      { network: 'MTN', phone: AIRTEL_PHONE },
      'phone',
      'This is an Airtel number: choose Airtel or enter an MTN number',
    ],
    [
      { network: 'AIRTEL', phone: MTN_PHONE },
      'phone',
      'This is an MTN number: choose MTN or enter an Airtel number',
    ],
    [{ network: 'MTN', phone: '0712 345678' }, 'phone', 'Enter an MTN or Airtel mobile money number'],
    [
      { network: 'MTN', phone: '12345' },
      'phone',
      'Enter a Ugandan mobile number, e.g. 0772 123456 or +256 772 123456',
    ],
    [{ network: 'VODAFONE', phone: MTN_PHONE }, 'network', 'Choose MTN or Airtel'],
    [{ network: 'MTN' }, 'phone', undefined],
  ])('refuses %j with a 422 naming the field, and writes nothing', async (body, field, message) => {
    const { client } = await customer(harness);
    const order = await placeOrder(client, await productAt(harness, 40_000));
    const response = await client.post(PAY, { order_id: order.id, ...body });
    expect(response.statusCode).toBe(422);
    const fields = envelope(response.body).fields ?? [];
    expect(fields.map((item) => item.field)).toEqual([field]);
    if (message) expect(fields[0]?.message).toBe(message);
    expect(await transactionRows(harness, order.id)).toEqual([]);
  });

  it('refuses an order id that is not a UUID, and visitors who are not signed in', async () => {
    const { client } = await customer(harness);
    const bad = await client.post(PAY, { order_id: '42', network: 'MTN', phone: MTN_PHONE });
    expect(bad.statusCode).toBe(422);
    expect(envelope(bad.body).fields?.map((item) => item.field)).toEqual(['order_id']);

    const visitor = new TestBrowser(harness.app);
    await visitor.startVisit();
    const order = { id: '00000000-0000-4000-8000-000000000000' };
    expect((await pay(visitor, order.id)).statusCode).toBe(401);
    expect((await visitor.get(MY_TRANSACTIONS)).statusCode).toBe(401);
    expect((await visitor.post(verifyUrl(order.id))).statusCode).toBe(401);
    expect((await visitor.get(`${BY_ORDER}?order_id=${order.id}`)).statusCode).toBe(401);
  });
});

describe('the sandbox phone page', () => {
  it('is only for the customer who started the payment', async () => {
    const owner = await customer(harness);
    const stranger = await customer(harness, 'Okello Brian');
    const order = await placeOrder(owner.client, await productAt(harness, 70_000));
    const transaction = await startPayment(owner.client, order.id);

    expect((await stranger.client.get(sandbox(transaction.reference))).statusCode).toBe(404);
    expect((await approve(stranger.client, transaction.reference)).statusCode).toBe(404);
    expect((await stranger.client.post(sandbox(transaction.reference, 'decline'))).statusCode).toBe(404);
    expect((await owner.client.get(sandbox(transaction.reference))).json().status).toBe('pending');
    expect((await owner.client.get(sandbox('KCP-00000000-UNKNOWNREF'))).statusCode).toBe(404);
  });

  it('wants a 4 or 5 digit PIN, and answers a prompt once', async () => {
    const { client } = await customer(harness);
    const order = await placeOrder(client, await productAt(harness, 70_000));
    const transaction = await startPayment(client, order.id);
    for (const pin of ['', '123', '123456', 'abcd']) {
      const response = await approve(client, transaction.reference, pin);
      expect(response.statusCode).toBe(422);
      expect(envelope(response.body).fields?.map((item) => item.field)).toEqual(['pin']);
    }
    expect((await client.post(sandbox(transaction.reference, 'approve'), {})).statusCode).toBe(422);
    expect((await approve(client, transaction.reference, '0000')).statusCode).toBe(200);
    const twice = await client.post(sandbox(transaction.reference, 'decline'));
    expect(twice.statusCode).toBe(409);
    expect((await settled(client, transaction.id)).status).toBe('successful');
  });
});

describe('webhooks', () => {
  const WEBHOOK = '/api/v1/payments/sandbox/webhook/';
  const FLUTTERWAVE_WEBHOOK = '/api/v1/payments/flutterwave/webhook/';
  const deliveries = async () =>
    (
      await harness.database.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM payment_webhook_deliveries',
      )
    ).rows[0]?.n ?? 0;

  it('answers 401 and records nothing without the right verif-hash', async () => {
    const { client } = await customer(harness);
    const order = await placeOrder(client, await productAt(harness, 30_000));
    const transaction = await startPayment(client, order.id);
    const body = {
      event: 'charge.completed',
      data: { id: 1, tx_ref: transaction.reference, status: 'successful' },
    };
    const before = await deliveries();
    const secret = sandboxWebhookSecret(harness.app.config);
    for (const headers of [
      {},
      { 'verif-hash': 'wrong' },
      { 'verif-hash': `${secret}x` },
      { 'verif-hash': secret.slice(1) },
      { 'x-verif-hash': secret },
    ]) {
      const response = await harness.app.inject({ method: 'POST', url: WEBHOOK, headers, payload: body });
      expect(response.statusCode).toBe(401);
      expect(envelope(response.body).code).toBe('unauthorized');
    }
    // Even a malformed body gets its 401 first.
    const garbage = await harness.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json' },
      payload: '{"data": 5}',
    });
    expect(garbage.statusCode).toBe(401);
    // Flutterwave is not configured here: its webhook accepts nothing, not even the sandbox's secret.
    const flutterwave = await harness.app.inject({
      method: 'POST',
      url: FLUTTERWAVE_WEBHOOK,
      headers: { 'verif-hash': secret },
      payload: body,
    });
    expect(flutterwave.statusCode).toBe(401);
    expect(await deliveries()).toBe(before);
    expect((await transactionRows(harness, order.id))[0]?.status).toBe('pending');
  });

  it('never settles from what a webhook claims: the sandbox books still say pending', async () => {
    const { client } = await customer(harness);
    const order = await placeOrder(client, await productAt(harness, 30_000));
    const transaction = await startPayment(client, order.id);
    const response = await harness.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'verif-hash': sandboxWebhookSecret(harness.app.config) },
      payload: {
        event: 'charge.completed',
        data: { tx_ref: transaction.reference, status: 'successful', amount: 30_000, currency: 'UGX' },
      },
    });
    expect(response.statusCode).toBe(200);
    await waitFor(async () => {
      const result = await harness.database.pool.query<{ outcome: string | null }>(
        'SELECT outcome FROM payment_webhook_deliveries WHERE reference = $1',
        [transaction.reference],
      );
      return result.rows[0]?.outcome ?? undefined;
    }, 'the delivery to be processed');
    expect((await transactionRows(harness, order.id))[0]?.status).toBe('pending');
    expect((await orderState(harness, order.id)).payment_status).toBe('pending');
  });

  it('pays once when the same webhook is delivered five times at once', async () => {
    const events = recordPaymentEvents(harness);
    const { client } = await customer(harness);
    const order = await placeOrder(client, await productAt(harness, 155_000));
    const transaction = await startPayment(client, order.id);
    // The customer approves on the sandbox books without its own webhook (sent by us below).
    await harness.database.pool.query(
      `UPDATE sandbox_charges SET status = 'successful', processor_response = 'Approved' WHERE reference = $1`,
      [transaction.reference],
    );
    const charge = (
      await harness.database.pool.query<{ id: number }>(
        'SELECT id FROM sandbox_charges WHERE reference = $1',
        [transaction.reference],
      )
    ).rows[0];
    const body = {
      event: 'charge.completed',
      data: {
        id: charge?.id,
        tx_ref: transaction.reference,
        status: 'successful',
        amount: 155_000,
        currency: 'UGX',
      },
    };
    const headers = { 'verif-hash': sandboxWebhookSecret(harness.app.config) };
    const before = await deliveries();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        harness.app.inject({ method: 'POST', url: WEBHOOK, headers, payload: body }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.json().duplicate === false)).toHaveLength(1);
    expect(await deliveries()).toBe(before + 1);

    await waitFor(
      async () => (await transactionRows(harness, order.id))[0]?.status === 'successful',
      'the payment to settle',
    );
    // Late repeats change nothing either.
    for (let index = 0; index < 5; index++) {
      await harness.app.inject({ method: 'POST', url: WEBHOOK, headers, payload: body });
    }
    const rows = await transactionRows(harness, order.id);
    expect(rows.filter((row) => row.status === 'successful')).toHaveLength(1);
    expect(await orderState(harness, order.id)).toMatchObject({ payment_status: 'paid', confirmations: 1 });
    await waitFor(async () => events.succeeded.length > 0, 'the event');
    expect(events.succeeded.filter((event) => event.subjectId === order.id)).toHaveLength(1);
    // One receipt, however many deliveries.
    await waitFor(async () => (await receipts(order.order_number)) > 0, 'the receipt');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await receipts(order.order_number)).toBe(1);
    events.stop();
  });
});

async function receipts(orderNumber: string) {
  const result = await harness.database.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM dev_mailbox WHERE subject LIKE $1`,
    [`Payment received:% for Order ${orderNumber}`],
  );
  return result.rows[0]?.n ?? 0;
}

describe('the API document', () => {
  it('describes every payment call with the contract’s schemas', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const document = response.json() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    for (const [path, method] of [
      ['/api/v1/payments/flutterwave/complete_mobile_money_payment/', 'post'],
      ['/api/v1/payments/transactions/{id}/verify_payment/', 'post'],
      ['/api/v1/payments/transactions/my_transactions/', 'get'],
      ['/api/v1/payments/transactions/by_order/', 'get'],
      ['/api/v1/payments/transactions/switch_to_cash_on_delivery/', 'post'],
      ['/api/v1/payments/transactions/cancel_unpaid_order/', 'post'],
      ['/api/v1/payments/flutterwave/webhook/', 'post'],
      ['/api/v1/payments/sandbox/webhook/', 'post'],
      ['/api/v1/payments/sandbox/charges/{reference}/', 'get'],
      ['/api/v1/payments/sandbox/charges/{reference}/approve/', 'post'],
      ['/api/v1/payments/sandbox/charges/{reference}/decline/', 'post'],
    ] as const) {
      expect(document.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['payments']);
    }
  });

  it('documents the body and the answer of complete_mobile_money_payment', async () => {
    type Schema = {
      type?: string;
      properties?: Record<string, Schema & { enum?: string[] }>;
      required?: string[];
      oneOf?: Schema[];
    };
    type Operation = {
      description?: string;
      requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
      responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
    };
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const document = response.json() as { paths: Record<string, Record<string, Operation>> };
    const operation = document.paths['/api/v1/payments/flutterwave/complete_mobile_money_payment/']?.post;
    if (!operation) throw new Error('complete_mobile_money_payment is not in the API document');

    // The body: the order, the network and the paying number; never an amount or a currency.
    const body = operation.requestBody?.content['application/json']?.schema;
    expect(operation.requestBody?.required).toBe(true);
    expect(Object.keys(body?.properties ?? {}).sort()).toEqual(['network', 'order_id', 'phone']);
    expect(body?.required?.sort()).toEqual(['network', 'order_id', 'phone']);
    expect(body?.properties?.network?.enum).toEqual(['MTN', 'AIRTEL']);
    expect(operation.description).toContain("amount and currency are the order's, never the client's");

    // The answer: the transaction, with what the customer does next.
    const answer = operation.responses['200']?.content?.['application/json']?.schema;
    expect(Object.keys(answer?.properties ?? {})).toEqual(
      expect.arrayContaining([
        'id',
        'reference',
        'order',
        'network',
        'phone',
        'amount',
        'currency',
        'status',
        'failure_reason',
        'next_action',
      ]),
    );
    expect(answer?.properties?.currency?.enum).toEqual(['UGX']);
    const actions = answer?.properties?.next_action?.oneOf ?? [];
    expect(actions.map((action) => action.properties?.type?.enum?.[0]).sort()).toEqual([
      'approve_on_phone',
      'redirect',
    ]);
    for (const status of ['401', '404', '409', '422']) {
      expect(operation.responses[status], `the ${status} answer`).toBeDefined();
    }
  });
});

describe('reading payments', () => {
  it('lists only the customer’s own payments, newest first, paged', async () => {
    const alice = await customer(harness, 'Alice Auma');
    const bob = await customer(harness, 'Bob Okello');
    const product = await productAt(harness, 20_000);
    const mine: string[] = [];
    for (let index = 0; index < 3; index++) {
      const order = await placeOrder(alice.client, product);
      mine.unshift((await startPayment(alice.client, order.id)).id);
    }
    const bobsOrder = await placeOrder(bob.client, product);
    const bobs = await startPayment(bob.client, bobsOrder.id);

    const first = await alice.client.get(`${MY_TRANSACTIONS}?page_size=2`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const page1 = transactionListResponseSchema.parse(first.json());
    expect(page1).toMatchObject({ count: 3, total_pages: 2, next: 2 });
    const page2 = transactionListResponseSchema.parse(
      (await alice.client.get(`${MY_TRANSACTIONS}?page_size=2&page=2`)).json(),
    );
    expect([...page1.results, ...page2.results].map((item) => item.id)).toEqual(mine);
    expect(page2.next).toBeNull();
    expect(JSON.stringify(page1)).not.toContain(bobs.id);

    const bad = await alice.client.get(`${MY_TRANSACTIONS}?page=0`);
    expect(bad.statusCode).toBe(422);
    expect(envelope(bad.body).fields?.map((item) => item.field)).toEqual(['page']);
  });

  it('verifies only the customer’s own transaction: another’s id or reference is 404', async () => {
    const owner = await customer(harness);
    const stranger = await customer(harness, 'Okello Brian');
    const order = await placeOrder(owner.client, await productAt(harness, 25_000));
    const transaction = await startPayment(owner.client, order.id);

    expect((await stranger.client.post(verifyUrl(transaction.id))).statusCode).toBe(404);
    expect((await stranger.client.post(verifyUrl(transaction.reference))).statusCode).toBe(404);
    const byReference = await owner.client.post(verifyUrl(transaction.reference));
    expect(byReference.statusCode).toBe(200);
    expect(byReference.json().id).toBe(transaction.id);
    expect((await owner.client.post(verifyUrl('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
  });

  it('lists an order’s transactions by status (successful by default), for its owner only', async () => {
    const owner = await customer(harness);
    const stranger = await customer(harness, 'Okello Brian');
    const order = await placeOrder(owner.client, await productAt(harness, 35_000));
    const declined = await startPayment(owner.client, order.id);
    await owner.client.post(sandbox(declined.reference, 'decline'));
    await settled(owner.client, declined.id);
    const paid = await startPayment(owner.client, order.id, 'AIRTEL', AIRTEL_PHONE);
    await approve(owner.client, paid.reference);
    await settled(owner.client, paid.id);

    const successful = transactionListResponseSchema.parse(
      (await owner.client.get(`${BY_ORDER}?order_id=${order.id}`)).json(),
    );
    expect(successful.results.map((item) => item.id)).toEqual([paid.id]);
    const failed = transactionListResponseSchema.parse(
      (await owner.client.get(`${BY_ORDER}?order_id=${order.id}&status=failed`)).json(),
    );
    expect(failed.results.map((item) => item.id)).toEqual([declined.id]);

    const every = transactionListResponseSchema.parse(
      (await owner.client.get(`${BY_ORDER}?order_id=${order.id}&status=any&page_size=1`)).json(),
    );
    // Newest first: the payment screen reads the latest attempt this way.
    expect(every).toMatchObject({ count: 2, total_pages: 2, next: 2 });
    expect(every.results.map((item) => item.id)).toEqual([paid.id]);

    const theirs = await stranger.client.get(`${BY_ORDER}?order_id=${order.id}`);
    expect(theirs.statusCode).toBe(404);
    expect((await stranger.client.get(`${BY_ORDER}?order_id=${order.id}&status=any`)).statusCode).toBe(404);
    const badStatus = await owner.client.get(`${BY_ORDER}?order_id=${order.id}&status=paid`);
    expect(badStatus.statusCode).toBe(422);
    expect(envelope(badStatus.body).fields?.map((item) => item.field)).toEqual(['status']);
    const noOrder = await owner.client.get(BY_ORDER);
    expect(envelope(noOrder.body).fields?.map((item) => item.field)).toEqual(['order_id']);
  });
});

describe('giving up on mobile money', () => {
  const SWITCH = '/api/v1/payments/transactions/switch_to_cash_on_delivery/';
  const CANCEL = '/api/v1/payments/transactions/cancel_unpaid_order/';

  it('switches an unpaid order to cash on delivery: confirmed, pending attempts cancelled', async () => {
    const { client } = await customer(harness);
    const stranger = await customer(harness, 'Okello Brian');
    const order = await placeOrder(client, await productAt(harness, 80_000));
    const transaction = await startPayment(client, order.id);

    expect((await stranger.client.post(SWITCH, { order_id: order.id })).statusCode).toBe(404);
    const response = await client.post(SWITCH, { order_id: order.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      order: order.id,
      status: 'confirmed',
      payment_method: 'cash_on_delivery',
    });
    expect(await orderState(harness, order.id)).toMatchObject({
      status: 'confirmed',
      payment_status: 'pending',
      payment_method: 'cash_on_delivery',
      invoice_status: 'issued',
    });
    expect(await transactionRows(harness, order.id)).toMatchObject([
      { id: transaction.id, status: 'cancelled', failure_reason: 'The customer chose cash on delivery' },
    ]);
    expect((await transactionRows(harness, order.id))[0]).toMatchObject({
      status: 'cancelled',
      failure_reason: 'The customer chose cash on delivery',
    });
    // Once switched, neither mobile money nor a second switch applies.
    expect((await pay(client, order.id)).statusCode).toBe(409);
    expect((await client.post(SWITCH, { order_id: order.id })).statusCode).toBe(409);
  });

  it('does not switch an order whose pending payment was approved meanwhile', async () => {
    const { client } = await customer(harness);
    const order = await placeOrder(client, await productAt(harness, 80_000));
    const transaction = await startPayment(client, order.id);
    // Approved on the phone, but neither webhook nor verify has told the shop yet.
    await harness.database.pool.query(
      `UPDATE sandbox_charges SET status = 'successful', processor_response = 'Approved' WHERE reference = $1`,
      [transaction.reference],
    );
    const response = await client.post(SWITCH, { order_id: order.id });
    expect(response.statusCode).toBe(409);
    expect(envelope(response.body).message).toBe('This order is already paid.');
    expect(await orderState(harness, order.id)).toMatchObject({
      payment_status: 'paid',
      payment_method: 'mobile_money',
    });
  });

  it('cancels an unpaid order at the customer’s request, and gives its stock back', async () => {
    const { client } = await customer(harness);
    const product = await productAt(harness, 45_000, 5);
    const order = await placeOrder(client, product, { quantity: 2 });
    const stock = async () =>
      (
        await harness.database.pool.query<{ stock: number }>(
          'SELECT stock FROM product_variants WHERE id = $1',
          [product.variantIds[0]],
        )
      ).rows[0]?.stock;
    expect(await stock()).toBe(3);
    await startPayment(client, order.id);
    const stranger = await customer(harness, 'Okello Brian');
    expect((await stranger.client.post(CANCEL, { order_id: order.id })).statusCode).toBe(404);
    expect((await orderState(harness, order.id)).status).toBe('pending');
    const response = await client.post(CANCEL, { order_id: order.id });
    expect(response.statusCode).toBe(200);
    // What became of the order, and no storefront path: the web decides where to go.
    expect(response.json()).toEqual({ order: order.id, status: 'cancelled', payment_method: 'mobile_money' });
    expect(await stock()).toBe(5);
    expect((await orderState(harness, order.id)).status).toBe('cancelled');
    expect((await pay(client, order.id)).statusCode).toBe(409);
    expect((await client.post(CANCEL, { order_id: order.id })).statusCode).toBe(409);
  });
});
