import { paymentMessages, transactionSchema } from '@shop/contract/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeFlutterwave, startFakeFlutterwave } from '../../../test/fakes/flutterwave';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ConfigError, loadConfig } from '../../config';
import { findTransaction } from './payments.repository';
import { verifyOwnTransaction } from './payments.service';
import { pollPendingPayments } from './poll';
import { activeProviderName } from './providers/provider-set';
import {
  ageTransaction,
  customer,
  MTN_E164,
  orderState,
  placeOrder,
  productAt,
  recordPaymentEvents,
  startPayment,
  transactionRows,
  verifyUrl,
  waitFor,
} from './testing';
import { processDelivery } from './webhooks.service';

/**
 * The Flutterwave provider end to end, against the local fake Flutterwave: charge, webhook,
 * verification and the poll, with the fake's scripted answers (success, failure, pending then
 * success, short or foreign payments, timeouts and 5xx). Nothing reaches the internet.
 */

let fake: FakeFlutterwave;
let harness: TestApp;
const WEBHOOK = '/api/v1/payments/flutterwave/webhook/';

beforeAll(async () => {
  fake = await startFakeFlutterwave();
  harness = await createTestApp({
    AUTH_TEST_FAST_HASHING: 'true',
    FLUTTERWAVE_SECRET_KEY: fake.secretKey,
    FLUTTERWAVE_WEBHOOK_HASH: fake.webhookHash,
    FLUTTERWAVE_BASE_URL: fake.url,
    FLUTTERWAVE_TIMEOUT_MS: '1500',
    PUBLIC_URL: 'https://shop.example.ug',
  });
});
afterAll(async () => {
  await harness?.close();
  await fake?.close();
});

async function webhook(body: unknown, hash: string | null = fake.webhookHash) {
  return harness.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: hash === null ? {} : { 'verif-hash': hash },
    payload: body as Record<string, unknown>,
  });
}

/** Delivers Flutterwave's webhook for this charge and waits for its job to finish. */
async function deliverWebhook(reference: string) {
  const response = await webhook(fake.webhookBody(reference));
  expect(response.statusCode).toBe(200);
  return waitFor(async () => {
    const result = await harness.database.pool.query<{ outcome: string | null }>(
      'SELECT outcome FROM payment_webhook_deliveries WHERE reference = $1 AND processed_at IS NOT NULL',
      [reference],
    );
    return result.rows[0]?.outcome ?? undefined;
  }, `the webhook of ${reference} to be processed`);
}

async function paidOrderWithOwner(price: number) {
  const { client, userId } = await customer(harness);
  const order = await placeOrder(client, await productAt(harness, price));
  return { client, order, userId };
}

async function paidOrder(price: number) {
  const { client } = await customer(harness);
  const order = await placeOrder(client, await productAt(harness, price));
  return { client, order };
}

/** Runs the poll as if `minutesLater` had passed. */
async function pollLater(minutesLater: number) {
  return pollPendingPayments(harness.app.payments, new Date(Date.now() + minutesLater * 60_000));
}

describe('Flutterwave: configuration', () => {
  it('needs both keys, and hides the sandbox’s phone once it is on', async () => {
    expect(() => loadConfig({ NODE_ENV: 'test', FLUTTERWAVE_SECRET_KEY: fake.secretKey })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', PAYMENT_PROVIDER: 'flutterwave' })).toThrow(
      /PAYMENT_PROVIDER=flutterwave needs FLUTTERWAVE_SECRET_KEY/,
    );
    expect(activeProviderName(loadConfig({ NODE_ENV: 'test' }))).toBe('sandbox');
    expect(harness.app.payments.providers.active.name).toBe('flutterwave');
    const { client } = await customer(harness);
    expect((await client.get('/api/v1/payments/sandbox/charges/KCP-20260101-ABCDEFGHJK/')).statusCode).toBe(
      404,
    );
    const sandboxHook = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/payments/sandbox/webhook/',
      headers: { 'verif-hash': fake.webhookHash },
      payload: { event: 'charge.completed', data: { id: 1, tx_ref: 'x', status: 'successful' } },
    });
    expect(sandboxHook.statusCode).toBe(401);
  });
});

describe('Flutterwave: charging', () => {
  it('sends the order total to Flutterwave and gives its authorisation page', async () => {
    const { client, order } = await paidOrder(310_000);
    fake.requests.length = 0;
    const transaction = await startPayment(client, order.id);
    expect(transaction).toMatchObject({ provider: 'flutterwave', status: 'pending', amount: 310_000 });
    expect(transaction.next_action).toMatchObject({
      type: 'redirect',
      url: expect.stringContaining(fake.url),
    });
    const charge = fake.requests.find((request) => request.path === '/v3/charges');
    expect(charge?.body).toMatchObject({
      tx_ref: transaction.reference,
      amount: 310_000,
      currency: 'UGX',
      phone_number: MTN_E164.slice(1),
      network: 'MTN',
      fullname: 'Namara Kisakye',
      redirect_url: `https://shop.example.ug/payment_return?tx_ref=${transaction.reference}`,
    });
    expect(charge?.body).toMatchObject({ email: expect.stringMatching(/@example\.ug$/) });
  });

  it('fails at once when Flutterwave refuses the charge, and the order stays payable', async () => {
    const { client, order } = await paidOrder(45_000);
    fake.script({ charge: 'refuse' });
    const transaction = await startPayment(client, order.id);
    expect(transaction).toMatchObject({
      status: 'failed',
      failure_reason: 'The payment service refused the charge: Invalid phone number for the network',
      next_action: null,
    });
    expect((await orderState(harness, order.id)).payment_status).toBe('pending');
    expect((await startPayment(client, order.id)).status).toBe('pending');
  });
});

describe('Flutterwave: webhooks and verification', () => {
  it('pays the order from an authentic webhook, after verifying with Flutterwave', async () => {
    const events = recordPaymentEvents(harness);
    const { client, order } = await paidOrder(120_000);
    const transaction = await startPayment(client, order.id);
    fake.requests.length = 0;
    expect(await deliverWebhook(transaction.reference)).toBe('paid');
    // Verified by the id the webhook named, with our secret key.
    const charge = fake.charges.get(transaction.reference);
    const verify = fake.requests.find((request) => request.path === `/v3/transactions/${charge?.id}/verify`);
    expect(verify?.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(await orderState(harness, order.id)).toMatchObject({
      status: 'confirmed',
      payment_status: 'paid',
      invoice_status: 'paid',
    });
    const [row] = await transactionRows(harness, order.id);
    expect(row).toMatchObject({ status: 'successful', provider_transaction_id: String(charge?.id) });
    expect(events.succeeded.filter((event) => event.subjectId === order.id)).toHaveLength(1);
    events.stop();
  });

  it('answers 401 to a wrong or missing verif-hash and changes nothing', async () => {
    const { client, order } = await paidOrder(120_000);
    const transaction = await startPayment(client, order.id);
    const body = fake.webhookBody(transaction.reference);
    for (const hash of [null, '', 'not-the-hash', `${fake.webhookHash} `, fake.secretKey]) {
      const response = await webhook(body, hash);
      expect(response.statusCode).toBe(401);
    }
    const deliveries = await harness.database.pool.query(
      'SELECT 1 FROM payment_webhook_deliveries WHERE reference = $1',
      [transaction.reference],
    );
    expect(deliveries.rowCount).toBe(0);
    expect((await transactionRows(harness, order.id))[0]?.status).toBe('pending');
  });

  it('never marks the order paid for less than its total', async () => {
    const events = recordPaymentEvents(harness);
    const { client, order } = await paidOrder(500_000);
    fake.script({ paidAmount: 499_999 });
    const transaction = await startPayment(client, order.id);
    expect(await deliverWebhook(transaction.reference)).toBe('failed');
    expect(await transactionRows(harness, order.id)).toMatchObject([
      {
        status: 'failed',
        refund_due: true,
        failure_reason: 'Paid Shs 499,999, less than the Shs 500,000 due',
      },
    ]);
    expect(await orderState(harness, order.id)).toMatchObject({
      status: 'pending',
      payment_status: 'pending',
    });
    expect(events.succeeded.filter((event) => event.subjectId === order.id)).toEqual([]);
    // Checking again changes nothing and says nothing twice.
    await client.post(verifyUrl(transaction.id));
    expect(events.failed.filter((event) => event.subjectId === order.id)).toHaveLength(1);
    events.stop();
  });

  it.each(['success', 'Successful', 'completed'])(
    'never marks the order paid when Flutterwave’s status is %j rather than "successful"',
    async (word) => {
      const { client, order } = await paidOrder(101_000);
      fake.script({ statusWord: word });
      const transaction = await startPayment(client, order.id);
      expect(await deliverWebhook(transaction.reference)).toBe('pending');
      expect((await transactionRows(harness, order.id))[0]?.status).toBe('pending');
      expect((await orderState(harness, order.id)).payment_status).toBe('pending');
    },
  );

  it('never marks the order paid for a payment in another currency', async () => {
    const { client, order } = await paidOrder(100_000);
    fake.script({ paidCurrency: 'KES', paidAmount: 100_000 });
    const transaction = await startPayment(client, order.id);
    expect(await deliverWebhook(transaction.reference)).toBe('failed');
    expect((await transactionRows(harness, order.id))[0]).toMatchObject({
      status: 'failed',
      refund_due: true,
      failure_reason: 'Paid in KES, not UGX',
    });
    expect((await orderState(harness, order.id)).payment_status).toBe('pending');
  });

  it('never pays an order with another order’s charge (its tx_ref)', async () => {
    // A cheap order paid for real, and a dear one whose webhook names the cheap charge's id.
    const cheap = await paidOrder(10_000);
    const dear = await paidOrder(900_000);
    const cheapTransaction = await startPayment(cheap.client, cheap.order.id);
    const dearTransaction = await startPayment(dear.client, dear.order.id);
    const cheapCharge = fake.webhookBody(cheapTransaction.reference);
    const forged = {
      ...cheapCharge,
      data: { ...(cheapCharge.data as object), tx_ref: dearTransaction.reference, amount: 900_000 },
    };
    expect(await webhook(forged).then((response) => response.statusCode)).toBe(200);
    await waitFor(async () => {
      const result = await harness.database.pool.query<{ outcome: string | null }>(
        'SELECT outcome FROM payment_webhook_deliveries WHERE reference = $1 AND processed_at IS NOT NULL',
        [dearTransaction.reference],
      );
      return result.rows[0]?.outcome ?? undefined;
    }, 'the forged delivery');
    expect((await transactionRows(harness, dear.order.id))[0]).toMatchObject({
      status: 'pending',
      provider_transaction_id: null,
    });
    expect((await orderState(harness, dear.order.id)).payment_status).toBe('pending');

    // The customer's own verify asks Flutterwave by the dear order's own reference: still pending.
    fake.charges.get(dearTransaction.reference)!.script.pendingChecks = 100;
    const verified = transactionSchema.parse((await dear.client.post(verifyUrl(dearTransaction.id))).json());
    expect(verified.status).toBe('pending');
  });

  it('settles once when a webhook and the return page verify at the same moment', async () => {
    const events = recordPaymentEvents(harness);
    const { client, order } = await paidOrder(275_000);
    const transaction = await startPayment(client, order.id);
    const body = fake.webhookBody(transaction.reference);
    const [hook, ...verifies] = await Promise.all([
      webhook(body),
      client.post(verifyUrl(transaction.reference)),
      client.post(verifyUrl(transaction.id)),
      webhook(body),
      client.post(verifyUrl(transaction.id)),
    ]);
    expect(hook?.statusCode).toBe(200);
    expect(verifies.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    await waitFor(
      async () => (await transactionRows(harness, order.id))[0]?.status === 'successful',
      'the settlement',
    );
    await waitFor(async () => {
      const result = await harness.database.pool.query(
        'SELECT 1 FROM payment_webhook_deliveries WHERE reference = $1 AND processed_at IS NULL',
        [transaction.reference],
      );
      return result.rowCount === 0;
    }, 'the webhook job');
    expect(
      (await transactionRows(harness, order.id)).filter((row) => row.status === 'successful'),
    ).toHaveLength(1);
    expect(await orderState(harness, order.id)).toMatchObject({ payment_status: 'paid', confirmations: 1 });
    expect(events.succeeded.filter((event) => event.subjectId === order.id)).toHaveLength(1);
    events.stop();
  });
  it('pays once when the webhook job and return-page verifies run at the same instant', async () => {
    const events = recordPaymentEvents(harness);
    const { client, order, userId } = await paidOrderWithOwner(215_000);
    const transaction = await startPayment(client, order.id);
    const received = await webhook(fake.webhookBody(transaction.reference));
    expect(received.statusCode).toBe(200);
    const delivery = (
      await harness.database.pool.query<{ id: string }>(
        'SELECT id FROM payment_webhook_deliveries WHERE reference = $1',
        [transaction.reference],
      )
    ).rows[0];
    if (!delivery) throw new Error('the webhook recorded no delivery');
    const context = harness.app.payments;
    // The webhook's job (twice, as two instances would) and the return page's verifies, all at once,
    // besides the job the webhook itself queued.
    const outcomes = await Promise.all([
      processDelivery(context, Number(delivery.id)),
      verifyOwnTransaction(context, userId, transaction.reference),
      processDelivery(context, Number(delivery.id)),
      verifyOwnTransaction(context, userId, transaction.id),
      client.post(verifyUrl(transaction.reference)).then((response) => response.json()),
    ]);
    expect(outcomes).toHaveLength(5);
    await waitFor(async () => {
      const open = await harness.database.pool.query(
        'SELECT 1 FROM payment_webhook_deliveries WHERE reference = $1 AND processed_at IS NULL',
        [transaction.reference],
      );
      return open.rowCount === 0;
    }, 'the queued webhook job');
    const rows = await transactionRows(harness, order.id);
    expect(rows).toMatchObject([{ status: 'successful', refund_due: false, failure_reason: null }]);
    expect(await orderState(harness, order.id)).toMatchObject({
      payment_status: 'paid',
      invoice_status: 'paid',
      confirmations: 1,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events.succeeded.filter((event) => event.subjectId === order.id)).toHaveLength(1);
    events.stop();
  });
});

describe('Flutterwave: a webhook while Flutterwave does not answer', () => {
  it('is acknowledged at once, keeps the transaction pending, and the poll settles it later', async () => {
    const { client, order } = await paidOrder(72_000);
    // Flutterwave's verify hangs (past the 1.5 s timeout) the first time it is asked, then answers.
    fake.script({ outcome: 'successful', verify: ['timeout'] });
    const transaction = await startPayment(client, order.id);
    const charge = fake.charges.get(transaction.reference);
    const verifyCalls = () =>
      fake.requests.filter((request) => request.path === `/v3/transactions/${charge?.id}/verify`).length;

    const started = Date.now();
    const response = await webhook(fake.webhookBody(transaction.reference));
    // Processed in the request, the answer would wait for Flutterwave's timeout (1.5 s) at least.
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, duplicate: false });

    // The job asks Flutterwave, which does not answer: nothing is decided, the delivery stays open.
    await waitFor(async () => verifyCalls() > 0, 'the job to ask Flutterwave');
    await new Promise((resolve) => setTimeout(resolve, 1_800));
    const delivery = await harness.database.pool.query<{ processed_at: Date | null; attempts: number }>(
      'SELECT processed_at, attempts FROM payment_webhook_deliveries WHERE reference = $1',
      [transaction.reference],
    );
    expect(delivery.rows).toMatchObject([{ processed_at: null, attempts: 1 }]);
    expect(await transactionRows(harness, order.id)).toMatchObject([
      { status: 'pending', failure_reason: null },
    ]);
    expect((await orderState(harness, order.id)).payment_status).toBe('pending');

    // Flutterwave answers again: the poll settles the transaction and finishes the delivery.
    await pollLater(3);
    expect(await transactionRows(harness, order.id)).toMatchObject([{ status: 'successful' }]);
    expect(await orderState(harness, order.id)).toMatchObject({
      payment_status: 'paid',
      invoice_status: 'paid',
      confirmations: 1,
    });
    const finished = await harness.database.pool.query<{ processed_at: Date | null }>(
      'SELECT processed_at FROM payment_webhook_deliveries WHERE reference = $1',
      [transaction.reference],
    );
    expect(finished.rows[0]?.processed_at).not.toBeNull();
  });
});

describe('Flutterwave: the poll', () => {
  it('settles a payment that was pending, then successful, with no webhook at all', async () => {
    const { client, order } = await paidOrder(80_000);
    fake.script({ pendingChecks: 1, outcome: 'successful' });
    const transaction = await startPayment(client, order.id);
    await pollLater(1);
    expect((await transactionRows(harness, order.id))[0]?.status).toBe('pending');
    await pollLater(5);
    expect((await transactionRows(harness, order.id))[0]?.status).toBe('successful');
    expect((await orderState(harness, order.id)).payment_status).toBe('paid');
    const row = await findTransaction(harness.app.db, transaction.id);
    expect(row?.nextCheckAt).toBeNull();
  });

  it('keeps track of a charge whose request timed out, and settles it later', async () => {
    const { client, order } = await paidOrder(64_000);
    fake.script({ charge: 'timeout_after_create', outcome: 'successful' });
    const transaction = await startPayment(client, order.id);
    expect(transaction).toMatchObject({ status: 'pending', failure_reason: null });
    expect(transaction.next_action).toEqual({
      type: 'approve_on_phone',
      message: paymentMessages.providerUnavailable,
      sandbox_url: null,
    });
    await pollLater(1);
    expect(await transactionRows(harness, order.id)).toMatchObject([{ status: 'successful' }]);
    expect((await orderState(harness, order.id)).payment_status).toBe('paid');
  });

  it('keeps a charge pending through a 5xx from Flutterwave, and settles it later', async () => {
    const { client, order } = await paidOrder(66_000);
    fake.script({
      charge: 'server_error_after_create',
      outcome: 'failed',
      verify: ['server_error', 'timeout'],
    });
    const transaction = await startPayment(client, order.id);
    expect(transaction.status).toBe('pending');
    await pollLater(1);
    await pollLater(3);
    const stillPending = await findTransaction(harness.app.db, transaction.id);
    expect(stillPending).toMatchObject({ status: 'pending', checkAttempts: 2 });
    expect(stillPending?.nextCheckAt).not.toBeNull();
    await pollLater(10);
    expect(await transactionRows(harness, order.id)).toMatchObject([
      { status: 'failed', failure_reason: 'Insufficient funds' },
    ]);
    expect((await orderState(harness, order.id)).status).toBe('pending');
  });

  it('expires a charge Flutterwave never received, leaving the order payable', async () => {
    const events = recordPaymentEvents(harness);
    const { client, order } = await paidOrder(67_000);
    fake.script({ charge: 'server_error' });
    const transaction = await startPayment(client, order.id);
    await pollLater(1);
    expect((await transactionRows(harness, order.id))[0]?.status).toBe('pending');
    await ageTransaction(harness, transaction.id, 16);
    await pollLater(16);
    expect(await transactionRows(harness, order.id)).toMatchObject([
      { status: 'expired', failure_reason: 'The payment was never started with the provider' },
    ]);
    expect(events.failed.filter((event) => event.subjectId === order.id)).toMatchObject([
      { status: 'expired' },
    ]);
    expect((await startPayment(client, order.id)).status).toBe('pending');
    events.stop();
  });

  it('still gives value when Flutterwave confirms a payment it first reported late', async () => {
    const { client, order } = await paidOrder(68_000);
    fake.script({ pendingChecks: 1000, outcome: 'successful' });
    const transaction = await startPayment(client, order.id);
    await ageTransaction(harness, transaction.id, 16);
    await pollLater(16);
    expect((await transactionRows(harness, order.id))[0]?.status).toBe('expired');
    // The customer approved after all: Flutterwave's webhook arrives late.
    fake.charges.get(transaction.reference)!.script.pendingChecks = 0;
    expect(await deliverWebhook(transaction.reference)).toBe('paid');
    expect((await orderState(harness, order.id)).payment_status).toBe('paid');
  });
});
