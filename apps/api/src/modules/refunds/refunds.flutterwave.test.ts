import crypto from 'node:crypto';
import { transactionSchema } from '@shop/contract/payments';
import { refundResponseSchema } from '@shop/contract/refunds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeFlutterwave, startFakeFlutterwave } from '../../../test/fakes/flutterwave';
import { type Customer, staffMember } from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { customer, placeOrder, productAt, startPayment, waitFor } from '../payments/testing';
import { pollPendingRefunds } from './refunds.service';

/**
 * Refunds of real charges through Flutterwave v3 (`POST /v3/transactions/{id}/refund`), against
 * the local fake that follows its documented contract: settled by its answer, by its webhook and
 * by the poll; a call without an answer is found by the poll, or fails when Flutterwave has none.
 */

const REFUNDS = '/api/v1/admin/refunds/';
const WEBHOOK = '/api/v1/payments/flutterwave/webhook/';

let fake: FakeFlutterwave;
let harness: TestApp;
let admin: Customer;

beforeAll(async () => {
  fake = await startFakeFlutterwave();
  harness = await createTestApp({
    AUTH_TEST_FAST_HASHING: 'true',
    LOG_LEVEL: 'error',
    FLUTTERWAVE_SECRET_KEY: fake.secretKey,
    FLUTTERWAVE_WEBHOOK_HASH: fake.webhookHash,
    FLUTTERWAVE_BASE_URL: fake.url,
    FLUTTERWAVE_TIMEOUT_MS: '1500',
  });
  admin = await staffMember(harness.app, 'admin');
});
afterAll(async () => {
  await harness?.close();
  await fake?.close();
});

/** An order paid through Flutterwave (the fake reports the charge successful on verify). */
async function paidOrder(price: number) {
  const { client } = await customer(harness);
  const order = await placeOrder(client, await productAt(harness, price));
  const started = await startPayment(client, order.id);
  const paid = transactionSchema.parse(
    (await client.post(`/api/v1/payments/transactions/${started.id}/verify_payment/`)).json(),
  );
  expect(paid.status).toBe('successful');
  return { order, payment: paid, chargeId: fake.charges.get(paid.reference)!.id };
}

async function refund(transactionId: string, amount: number) {
  const response = await admin.client.post(REFUNDS, {
    transaction_id: transactionId,
    amount,
    reason: 'Customer changed their mind',
    idempotency_key: `fw-${crypto.randomUUID()}`,
  });
  expect(response.statusCode, response.body).toBe(201);
  return refundResponseSchema.parse(response.json());
}

async function refundRow(id: string) {
  const result = await harness.database.pool.query<{
    status: string;
    provider_refund_id: string | null;
    failure_reason: string | null;
    credit_note: string | null;
  }>(
    `SELECT r.status, r.provider_refund_id, r.failure_reason, c.number AS credit_note
     FROM payment_refunds r LEFT JOIN credit_notes c ON c.refund_id = r.id WHERE r.id = $1`,
    [id],
  );
  return result.rows[0]!;
}

const minutesLater = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('refunds through Flutterwave', () => {
  it('calls the documented refund endpoint with the amount and settles from its answer', async () => {
    const { payment, chargeId } = await paidOrder(210_000);
    fake.requests.length = 0;
    const made = await refund(payment.id, 60_000);
    const call = fake.requests.find((request) => request.path === `/v3/transactions/${chargeId}/refund`);
    expect(call).toMatchObject({
      method: 'POST',
      body: { amount: 60_000, comments: 'Customer changed their mind' },
    });
    expect(call?.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(made).toMatchObject({ status: 'succeeded', provider: 'flutterwave', amount: 60_000 });
    expect(made.credit_note?.number).toMatch(/^CN-\d{6}$/);
    const [stored] = [...fake.refunds.values()].filter((item) => item.txId === chargeId);
    expect((await refundRow(made.id)).provider_refund_id).toBe(String(stored?.id));
  });

  it('stays pending until Flutterwave’s webhook, verified with Flutterwave, settles it once', async () => {
    const { payment } = await paidOrder(90_000);
    fake.scriptRefunds({ status: 'pending' });
    const made = await refund(payment.id, 90_000);
    expect(made).toMatchObject({ status: 'pending', credit_note: null });
    const providerId = Number((await refundRow(made.id)).provider_refund_id);
    fake.settleRefund(providerId, 'completed');
    for (let delivery = 0; delivery < 2; delivery++) {
      const hook = await harness.app.inject({
        method: 'POST',
        url: WEBHOOK,
        headers: { 'verif-hash': fake.webhookHash },
        payload: fake.refundWebhookBody(providerId),
      });
      expect(hook.statusCode).toBe(200);
    }
    const settled = await waitFor(async () => {
      const row = await refundRow(made.id);
      return row.status === 'pending' ? undefined : row;
    }, 'the refund webhook to settle the refund');
    expect(settled).toMatchObject({ status: 'succeeded', credit_note: expect.stringMatching(/^CN-/) });
    const notes = await harness.database.pool.query('SELECT 1 FROM credit_notes WHERE refund_id = $1', [
      made.id,
    ]);
    expect(notes.rowCount).toBe(1);
  });

  it('is settled by the poll: a failed refund frees the amount for another try', async () => {
    const { payment } = await paidOrder(50_000);
    fake.scriptRefunds({ status: 'pending' });
    const made = await refund(payment.id, 50_000);
    fake.settleRefund(Number((await refundRow(made.id)).provider_refund_id), 'failed');
    await pollPendingRefunds(harness.app.payments, minutesLater(2));
    expect(await refundRow(made.id)).toMatchObject({ status: 'failed', credit_note: null });
    const again = await refund(payment.id, 50_000);
    expect(again.status).toBe('succeeded');
  });

  it('finds a refund whose call got no answer, or fails it when Flutterwave has none', async () => {
    const { payment } = await paidOrder(80_000);
    fake.scriptRefunds({ call: 'timeout_after_create' });
    const lost = await refund(payment.id, 30_000);
    expect(lost.status).toBe('pending');
    await pollPendingRefunds(harness.app.payments, minutesLater(2));
    const found = await refundRow(lost.id);
    expect(found).toMatchObject({ status: 'succeeded' });
    expect(found.provider_refund_id).not.toBeNull();

    fake.scriptRefunds({ call: 'server_error' });
    const never = await refund(payment.id, 20_000);
    expect(never.status).toBe('pending');
    await pollPendingRefunds(harness.app.payments, minutesLater(2));
    expect((await refundRow(never.id)).status).toBe('pending');
    await pollPendingRefunds(harness.app.payments, minutesLater(20));
    expect(await refundRow(never.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'The provider has no record of this refund: nothing was refunded',
    });
  });
});
