import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { findTransaction } from './payments.repository';
import { checkWithProvider } from './payments.service';
import type { VerifyResult } from './providers/provider';
import { settleTransaction } from './settlement';
import {
  customer,
  orderState,
  placeOrder,
  productAt,
  recordPaymentEvents,
  startPayment,
  transactionRows,
} from './testing';

/**
 * The settlement on the real PostgreSQL, called at the same moment from several places, as
 * webhooks, return pages and the poll do.
 */

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
});
afterAll(() => harness?.close());

async function pendingPayment(price: number) {
  const { client } = await customer(harness);
  const order = await placeOrder(client, await productAt(harness, price));
  const transaction = await startPayment(client, order.id);
  const row = await findTransaction(harness.app.db, transaction.id);
  if (!row?.providerTransactionId) throw new Error('the sandbox charge has no id');
  return { client, order, transaction, row };
}

function successful(
  row: { reference: string; providerTransactionId: string | null },
  amount: number,
  currency = 'UGX',
): VerifyResult {
  return {
    kind: 'found',
    charge: {
      providerTransactionId: row.providerTransactionId ?? '1',
      reference: row.reference,
      status: 'successful',
      amount,
      currency,
      processorResponse: 'Approved',
      raw: { status: 'success' },
    },
  };
}

describe('settleTransaction', () => {
  it('gives value once when five verified answers arrive at once', async () => {
    const events = recordPaymentEvents(harness);
    const { order, row } = await pendingPayment(210_000);
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () =>
        settleTransaction(harness.app.payments, row.id, successful(row, 210_000)),
      ),
    );
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual([
      'already_successful',
      'already_successful',
      'already_successful',
      'already_successful',
      'paid',
    ]);
    expect(await orderState(harness, order.id)).toMatchObject({
      status: 'confirmed',
      payment_status: 'paid',
      invoice_status: 'paid',
      confirmations: 1,
    });
    expect(events.succeeded.filter((event) => event.subjectId === order.id)).toHaveLength(1);
    events.stop();
  });

  it('gives value once when two different approved attempts of one order settle together', async () => {
    const { client, order, row: first } = await pendingPayment(95_000);
    const second = await startPayment(client, order.id, 'MTN', '0782 000111');
    // Both prompts were approved on the phones before the shop heard of either.
    await harness.database.pool.query(
      `UPDATE sandbox_charges SET status = 'successful', processor_response = 'Approved' WHERE reference = ANY($1)`,
      [[first.reference, second.reference]],
    );
    const rows = await Promise.all(
      [first.id, second.id].map(async (id) => {
        const row = await findTransaction(harness.app.db, id);
        return checkWithProvider(harness.app.payments, row!);
      }),
    );
    expect(rows.map((row) => row.status)).toEqual(['successful', 'successful']);
    expect(rows.filter((row) => !row.refundDue)).toHaveLength(1);
    expect(rows.find((row) => row.refundDue)?.failureReason).toBe(
      `Order ${order.order_number} was already paid: this payment is to be refunded`,
    );
    expect(await orderState(harness, order.id)).toMatchObject({ payment_status: 'paid', confirmations: 1 });
  });

  it('refuses a short payment, another currency and another reference', async () => {
    const { order, row } = await pendingPayment(120_000);
    expect((await settleTransaction(harness.app.payments, row.id, successful(row, 119_999))).outcome).toBe(
      'failed',
    );
    const other = { ...row, reference: 'KCP-20260101-OTHERORDER' };
    expect((await settleTransaction(harness.app.payments, row.id, successful(other, 120_000))).outcome).toBe(
      'mismatch',
    );
    const { order: second, row: secondRow } = await pendingPayment(120_000);
    const foreign = await settleTransaction(
      harness.app.payments,
      secondRow.id,
      successful(secondRow, 120_000, 'USD'),
    );
    expect(foreign.outcome).toBe('failed');
    for (const id of [order.id, second.id]) {
      expect((await orderState(harness, id)).payment_status).toBe('pending');
      expect((await transactionRows(harness, id))[0]).toMatchObject({ status: 'failed', refund_due: true });
    }
  });

  it('never pays an order whose total the transaction’s amount does not cover', async () => {
    const events = recordPaymentEvents(harness);
    const { order, row } = await pendingPayment(150_000);
    // A transaction written for less than the order's total (whatever the cause) pays nothing,
    // even when the provider confirms that amount in full.
    await harness.database.pool.query('UPDATE payment_transactions SET amount = 149000 WHERE id = $1', [
      row.id,
    ]);
    const settled = await settleTransaction(harness.app.payments, row.id, successful(row, 149_000));
    expect(settled.outcome).toBe('refund_due');
    expect(settled.row).toMatchObject({
      status: 'successful',
      refundDue: true,
      failureReason: `This payment does not cover the total of Order ${order.order_number}: it is to be refunded`,
    });
    expect(await orderState(harness, order.id)).toMatchObject({
      status: 'pending',
      payment_status: 'pending',
      invoice_status: 'issued',
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events.succeeded.filter((event) => event.subjectId === order.id)).toMatchObject([
      { refundDue: true },
    ]);
    events.stop();
  });

  it('records money that arrives for a cancelled order as to be refunded', async () => {
    const { client, order, row } = await pendingPayment(130_000);
    const cancelled = await client.post('/api/v1/payments/transactions/cancel_unpaid_order/', {
      order_id: order.id,
    });
    expect(cancelled.statusCode).toBe(200);
    const settled = await settleTransaction(harness.app.payments, row.id, successful(row, 130_000));
    expect(settled.outcome).toBe('refund_due');
    expect(settled.row).toMatchObject({ status: 'successful', refundDue: true });
    expect(await orderState(harness, order.id)).toMatchObject({
      status: 'cancelled',
      payment_status: 'pending',
    });
  });
});
