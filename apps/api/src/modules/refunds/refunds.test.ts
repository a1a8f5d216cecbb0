import crypto from 'node:crypto';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { type Transaction, transactionSchema } from '@shop/contract/payments';
import {
  myRefundListResponseSchema,
  refundDueListResponseSchema,
  refundResponseSchema,
  refundSubjectSchema,
} from '@shop/contract/refunds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signedInCustomer, staffMember, stockOf } from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestEvent, rsvp, rsvpUrl } from '../events/testing';
import { composedHamper, ledgerOf } from '../hampers/testing';
import type { TestBrowser } from '../identity/testing';
import { customer, placeOrder, productAt, startPayment, waitFor } from '../payments/testing';
import { refundCancelledEventsLeftBehind } from './refunds.service';

/**
 * Refunds through the sandbox provider, end to end: full and partial refunds, idempotency and
 * the never-more-than-paid rule under concurrency, restocking, credit notes, the customer's
 * view, the refund-due queue, a cancelled event's tickets, the export and who may refund.
 */

const REFUNDS = '/api/v1/admin/refunds/';
const DUE = '/api/v1/admin/refunds/due/';
const SUBJECT = '/api/v1/admin/refunds/subject/';
const EXPORT = '/api/v1/admin/exports/credit-notes.csv';
const MINE = '/api/v1/payments/refunds/my_refunds/';

let harness: TestApp;
let admin: Customer;
let staff: Customer;

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true', LOG_LEVEL: 'error' });
  admin = await staffMember(harness.app, 'admin');
  staff = await staffMember(harness.app, 'staff');
});
afterAll(() => harness?.close());

const pool = () => harness.database.pool;
const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;
const key = () => `test-${crypto.randomUUID()}`;
const sandbox = (reference: string) =>
  `/api/v1/payments/sandbox/charges/${encodeURIComponent(reference)}/approve/`;
const verifyUrl = (id: string) => `/api/v1/payments/transactions/${id}/verify_payment/`;

/** Approves on the sandbox "phone" and verifies until the payment leaves pending. */
async function approve(client: TestBrowser, transaction: Transaction): Promise<Transaction> {
  const approved = await client.post(sandbox(transaction.reference), { pin: '12345' });
  expect(approved.statusCode, approved.body).toBe(200);
  return waitFor(async () => {
    const settled = transactionSchema.parse((await client.post(verifyUrl(transaction.id))).json());
    return settled.status === 'pending' ? undefined : settled;
  }, 'the payment to settle');
}

/** A customer's pick-up order of `quantity` bottles at `price`, paid by MTN through the sandbox. */
async function paidOrder(price: number, quantity = 1) {
  const buyer = await customer(harness);
  const product = await productAt(harness, price, 20);
  const order = await placeOrder(buyer.client, product, { quantity });
  const payment = await approve(buyer.client, await startPayment(buyer.client, order.id));
  expect(payment.status).toBe('successful');
  const lines = await pool().query<{ id: number; variant_id: number; quantity: number }>(
    'SELECT id, variant_id, quantity FROM order_items WHERE order_id = $1',
    [order.id],
  );
  return { ...buyer, order, payment, line: lines.rows[0]! };
}

async function refund(
  who: Customer,
  body: {
    transaction_id: string;
    amount: number;
    reason?: string;
    restock_lines?: unknown[];
    idempotency_key?: string;
  },
) {
  return who.client.post(REFUNDS, { reason: 'Customer returned a bottle', idempotency_key: key(), ...body });
}

async function refundRows(transactionId: string) {
  const result = await pool().query<{ id: string; amount: number; status: string }>(
    'SELECT id, amount, status FROM payment_refunds WHERE transaction_id = $1 ORDER BY created_at',
    [transactionId],
  );
  return result.rows;
}

async function providerRefunds(transaction: Transaction) {
  const result = await pool().query<{ amount: number }>(
    'SELECT r.amount FROM sandbox_refunds r JOIN sandbox_charges c ON c.id = r.charge_id WHERE c.reference = $1',
    [transaction.reference],
  );
  return result.rows.map((row) => row.amount);
}

describe('refunding a paid order', () => {
  it('refunds it in full through the sandbox: succeeded, credit note, audit, the customer told and shown', async () => {
    const { client, userId, order, payment } = await paidOrder(180_000);
    const response = await refund(admin, {
      transaction_id: payment.id,
      amount: 180_000,
      reason: 'Out of stock',
    });
    expect(response.statusCode, response.body).toBe(201);
    const made = refundResponseSchema.parse(response.json());
    expect(made).toMatchObject({
      status: 'succeeded',
      amount: 180_000,
      reason: 'Out of stock',
      purpose: 'order',
      subject_id: order.id,
      provider: 'sandbox',
      replayed: false,
      created_by: 'Grace Nansubuga',
    });
    expect(made.credit_note?.number).toMatch(/^CN-\d{6}$/);
    expect(await providerRefunds(payment)).toEqual([180_000]);

    const audit = await pool().query<{ kind: string; actor_role: string }>(
      "SELECT kind, actor_role FROM audit_entries WHERE subject_type = 'refund' AND subject_id = $1 ORDER BY id",
      [made.id],
    );
    expect(audit.rows).toEqual([
      { kind: 'refund.request', actor_role: 'admin' },
      { kind: 'refund.succeed', actor_role: 'system' },
    ]);

    const notice = await waitFor(async () => {
      const rows = await pool().query<{ title: string; message: string }>(
        'SELECT title, message FROM notifications WHERE user_id = $1 AND dedupe_key = $2',
        [userId, `refund:${made.id}:succeeded`],
      );
      return rows.rows[0];
    }, 'the refund notification');
    expect(notice.title).toBe('Refund made');
    expect(notice.message).toContain(made.credit_note!.number);

    const mine = myRefundListResponseSchema.parse((await client.get(MINE)).json());
    expect(mine.results).toEqual([
      expect.objectContaining({
        id: made.id,
        amount: 180_000,
        status: 'succeeded',
        credit_note: made.credit_note,
      }),
    ]);
    const pdf = await client.get(made.credit_note!.pdf_url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`${made.credit_note!.number}.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const stranger = await signedInCustomer(harness.app);
    expect((await stranger.client.get(made.credit_note!.pdf_url)).statusCode).toBe(404);
    expect((await admin.client.get(made.credit_note!.pdf_url)).statusCode).toBe(200);
  });

  it('numbers credit notes without gaps, a failed refund taking no number', async () => {
    const first = await paidOrder(50_000);
    const a = refundResponseSchema.parse(
      (await refund(admin, { transaction_id: first.payment.id, amount: 10_000 })).json(),
    );
    // The sandbox charge is gone from the provider's books: the provider refuses, the refund fails.
    await pool().query("UPDATE sandbox_charges SET status = 'failed' WHERE reference = $1", [
      first.payment.reference,
    ]);
    const failed = refundResponseSchema.parse(
      (await refund(admin, { transaction_id: first.payment.id, amount: 10_000 })).json(),
    );
    expect(failed).toMatchObject({ status: 'failed', credit_note: null });
    expect(failed.failure_reason).toContain('Only a successful transaction can be refunded');
    const second = await paidOrder(50_000);
    const b = refundResponseSchema.parse(
      (await refund(admin, { transaction_id: second.payment.id, amount: 5_000 })).json(),
    );
    const number = (note: string) => Number(note.slice(3));
    expect(number(b.credit_note!.number)).toBe(number(a.credit_note!.number) + 1);
  });

  it('adds partial refunds up to what was paid and refuses one shilling more, changing nothing', async () => {
    const { payment, order } = await paidOrder(100_000);
    for (const amount of [30_000, 45_000, 25_000]) {
      const response = await refund(admin, { transaction_id: payment.id, amount });
      expect(response.statusCode, response.body).toBe(201);
    }
    const more = await refund(admin, { transaction_id: payment.id, amount: 1 });
    expect(more.statusCode).toBe(422);
    expect(envelope(more.body).fields).toEqual([
      { field: 'amount', message: 'At most Shs 0 can still be refunded' },
    ]);
    expect((await refundRows(payment.id)).map((row) => row.amount)).toEqual([30_000, 45_000, 25_000]);
    expect(await providerRefunds(payment)).toEqual([30_000, 45_000, 25_000]);
    const subject = refundSubjectSchema.parse(
      (await admin.client.get(`${SUBJECT}?purpose=order&subject_id=${order.id}`)).json(),
    );
    expect(subject.transactions).toEqual([
      expect.objectContaining({ id: payment.id, paid: 100_000, refunded: 100_000, refundable: 0 }),
    ]);
    expect(subject.refunds).toHaveLength(3);
  });

  it('never refunds more than was paid under concurrency: five 40% refunds at once, two go through', async () => {
    const { payment } = await paidOrder(100_000);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => refund(admin, { transaction_id: payment.id, amount: 40_000 })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 422, 422, 422]);
    expect((await refundRows(payment.id)).map((row) => row.amount)).toEqual([40_000, 40_000]);
    expect(await providerRefunds(payment)).toEqual([40_000, 40_000]);
  });

  it('refunds once for a double click or retry with the same idempotency key, also at the same instant', async () => {
    const { payment } = await paidOrder(90_000);
    const same = key();
    const first = await refund(admin, { transaction_id: payment.id, amount: 20_000, idempotency_key: same });
    expect(first.statusCode).toBe(201);
    const retry = await refund(admin, { transaction_id: payment.id, amount: 20_000, idempotency_key: same });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ id: first.json().id, replayed: true, status: 'succeeded' });

    const together = key();
    const both = await Promise.all([
      refund(admin, { transaction_id: payment.id, amount: 30_000, idempotency_key: together }),
      refund(admin, { transaction_id: payment.id, amount: 30_000, idempotency_key: together }),
    ]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(both.map((answer) => answer.json().id)).size).toBe(1);
    expect(await providerRefunds(payment)).toEqual([20_000, 30_000]);

    const reused = await refund(admin, { transaction_id: payment.id, amount: 5_000, idempotency_key: same });
    expect(reused.statusCode).toBe(409);
    expect(envelope(reused.body).fields).toEqual([
      { field: 'idempotency_key', message: 'This idempotency key was used for another refund' },
    ]);
    expect(await refundRows(payment.id)).toHaveLength(2);
  });

  it('requires a reason and a sane amount, naming the field, and writes nothing', async () => {
    const { payment } = await paidOrder(40_000);
    const noReason = await refund(admin, { transaction_id: payment.id, amount: 1_000, reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(envelope(noReason.body).fields).toEqual([
      expect.objectContaining({ field: 'reason', message: 'Give the reason for the refund' }),
    ]);
    const zero = await refund(admin, { transaction_id: payment.id, amount: 0 });
    expect(zero.statusCode).toBe(422);
    expect(envelope(zero.body).fields?.[0]?.field).toBe('amount');
    const unknown = await refund(admin, { transaction_id: crypto.randomUUID(), amount: 1_000 });
    expect(unknown.statusCode).toBe(404);
    expect(await refundRows(payment.id)).toHaveLength(0);
  });

  it('puts the refunded bottles back in stock with "returned" ledger rows, never more than were ordered', async () => {
    const { payment, line } = await paidOrder(60_000, 2);
    const before = await stockOf(pool(), line.variant_id);
    const tooMany = await refund(admin, {
      transaction_id: payment.id,
      amount: 60_000,
      restock_lines: [{ line_id: line.id, quantity: 3 }],
    });
    expect(tooMany.statusCode).toBe(422);
    expect(envelope(tooMany.body).fields).toEqual([
      { field: 'restock_lines.0.quantity', message: 'at most 2 bottles of this line can come back' },
    ]);
    const one = await refund(admin, {
      transaction_id: payment.id,
      amount: 60_000,
      restock_lines: [{ line_id: line.id, quantity: 1 }],
    });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().restock_lines).toEqual([{ line_id: line.id, quantity: 1 }]);
    expect(await stockOf(pool(), line.variant_id)).toBe(before + 1);
    const ledger = await pool().query<{ delta: number; reason: string; stock_after: number }>(
      `SELECT delta, reason, stock_after, actor_id, actor_name
       FROM stock_movements WHERE variant_id = $1 AND reason = 'returned'`,
      [line.variant_id],
    );
    // Credited to the member of staff who asked for the refund, not to "the shop".
    expect(ledger.rows).toEqual([
      {
        delta: 1,
        reason: 'returned',
        stock_after: before + 1,
        actor_id: admin.userId,
        actor_name: 'Grace Nansubuga',
      },
    ]);
    const another = await refund(admin, {
      transaction_id: payment.id,
      amount: 10_000,
      restock_lines: [{ line_id: line.id, quantity: 2 }],
    });
    expect(envelope(another.body).fields).toEqual([
      { field: 'restock_lines.0.quantity', message: 'at most 1 bottle of this line can come back' },
    ]);
  });
});

describe('refunding a hamper with restock', () => {
  it('brings back its parts as the sale took them, per hamper refunded, never more than were ordered', async () => {
    const wine = await productAt(harness, 90_000, 5);
    const chocolate = await productAt(harness, 20_000, 5);
    const gift = await composedHamper(pool(), staff, 'Refund Test Hamper', [
      { variant_id: wine.variantIds[0]!, quantity: 2 },
      { variant_id: chocolate.variantIds[0]!, quantity: 1 },
    ]);
    const buyer = await customer(harness);
    const order = await placeOrder(buyer.client, gift, { quantity: 2 });
    const payment = await approve(buyer.client, await startPayment(buyer.client, order.id));
    expect(payment.status).toBe('successful');
    const line = (
      await pool().query<{ id: number }>('SELECT id FROM order_items WHERE order_id = $1', [order.id])
    ).rows[0]!;
    const [wineId, chocolateId] = [wine.variantIds[0]!, chocolate.variantIds[0]!];
    expect(await stockOf(pool(), wineId)).toBe(1);
    expect(await stockOf(pool(), chocolateId)).toBe(3);

    const one = await refund(admin, {
      transaction_id: payment.id,
      amount: 100_000,
      restock_lines: [{ line_id: line.id, quantity: 1 }],
    });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().status).toBe('succeeded');
    expect(await stockOf(pool(), wineId)).toBe(3);
    expect(await stockOf(pool(), chocolateId)).toBe(4);
    expect(await stockOf(pool(), gift.variantId)).toBe(1);
    const returned = async (variantId: number) =>
      (await ledgerOf(pool(), variantId)).filter((row) => row.reason === 'returned');
    expect(await returned(wineId)).toEqual([
      { delta: 2, stock_after: 3, reason: 'returned', order_id: order.id, hamper_variant_id: gift.variantId },
    ]);
    expect(await returned(chocolateId)).toEqual([
      { delta: 1, stock_after: 4, reason: 'returned', order_id: order.id, hamper_variant_id: gift.variantId },
    ]);
    expect(await ledgerOf(pool(), gift.variantId)).toEqual([]);

    const tooMany = await refund(admin, {
      transaction_id: payment.id,
      amount: 10_000,
      restock_lines: [{ line_id: line.id, quantity: 2 }],
    });
    expect(tooMany.statusCode).toBe(422);
    const last = await refund(admin, {
      transaction_id: payment.id,
      amount: 100_000,
      restock_lines: [{ line_id: line.id, quantity: 1 }],
    });
    expect(last.statusCode, last.body).toBe(201);
    expect(await stockOf(pool(), wineId)).toBe(5);
    expect(await stockOf(pool(), chocolateId)).toBe(5);
    expect(await stockOf(pool(), gift.variantId)).toBe(2);
    expect((await returned(wineId)).map((row) => [row.delta, row.stock_after])).toEqual([
      [2, 3],
      [2, 5],
    ]);
  });
});

describe('payments to refund (refund_due)', () => {
  /** A second, successful sandbox payment of an order already paid: money that gave no value. */
  async function paidTwice(price: number) {
    const { order, userId } = await paidOrder(price);
    const charge = await pool().query<{ id: string }>(
      `INSERT INTO sandbox_charges (reference, amount, currency, network, phone, email, fullname, redirect_url, status)
       VALUES ($1, $2, 'UGX', 'MTN', '+256772123456', 'payer@example.ug', 'Payer', 'https://shop.example.ug', 'successful')
       RETURNING id::text`,
      [`KCP-TWICE-${crypto.randomUUID().slice(0, 8)}`, price],
    );
    const row = await pool().query<{ id: string }>(
      `INSERT INTO payment_transactions (reference, user_id, purpose, subject_id, subject_label, provider,
         provider_transaction_id, amount, network, phone, phone_masked, status, refund_due, paid_at, failure_reason)
       SELECT reference, $1, 'order', $2, 'Order twice', 'sandbox', id::text, amount, 'MTN', phone, '+256 77* *** 123',
              'successful', true, now(), 'Order was already paid: this payment is to be refunded'
       FROM sandbox_charges WHERE id = $3 RETURNING id`,
      [userId, order.id, charge.rows[0]!.id],
    );
    return row.rows[0]!.id;
  }

  it('lists them in the queue until refunded, and refunds them from there', async () => {
    const due = await paidTwice(70_000);
    const queue = refundDueListResponseSchema.parse((await admin.client.get(`${DUE}?page_size=100`)).json());
    expect(queue.results).toContainEqual(
      expect.objectContaining({ id: due, refund_due: true, paid: 70_000, refundable: 70_000 }),
    );
    const restock = await refund(admin, {
      transaction_id: due,
      amount: 70_000,
      restock_lines: [{ line_id: 1, quantity: 1 }],
    });
    expect(envelope(restock.body).fields).toEqual([
      { field: 'restock_lines', message: 'Only an order’s bottles can go back in stock' },
    ]);
    const made = await refund(admin, { transaction_id: due, amount: 70_000, reason: 'Paid twice' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().status).toBe('succeeded');
    const after = refundDueListResponseSchema.parse((await admin.client.get(`${DUE}?page_size=100`)).json());
    expect(after.results.map((row) => row.id)).not.toContain(due);
  });
});

describe('a cancelled paid event', () => {
  it('refunds every paid ticket through the same path, once', async () => {
    const event = await createTestEvent(harness, { price: 150_000, capacity: 10 });
    const buyer = await customer(harness);
    const held = await rsvp(buyer.client, event.id, { guests: 2 });
    const paying = await buyer.client.post(`${rsvpUrl(held.id)}pay/`, {
      network: 'MTN',
      phone: '0772 123456',
      amount: 1,
    });
    expect(paying.statusCode, paying.body).toBe(200);
    const paid = await approve(buyer.client, transactionSchema.parse(paying.json()));
    expect(paid.status).toBe('successful');

    const cancelled = await admin.client.post(`/api/v1/events/staff/events/${event.id}/cancel/`, {
      reason: 'The venue flooded',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refunds = await waitFor(async () => {
      const rows = await refundRows(paid.id);
      return rows.length > 0 && rows.every((row) => row.status !== 'pending') ? rows : undefined;
    }, 'the ticket refund');
    expect(refunds).toEqual([expect.objectContaining({ amount: 300_000, status: 'succeeded' })]);
    const mine = myRefundListResponseSchema.parse((await buyer.client.get(MINE)).json());
    expect(mine.results[0]).toMatchObject({
      purpose: 'event_rsvp',
      amount: 300_000,
      reason: 'Event cancelled: The venue flooded',
    });
  });
});

describe('a customer’s refunds of one order', () => {
  it('lists only that order’s, only to its customer, and names a bad id', async () => {
    const first = await paidOrder(40_000);
    const made = await refund(admin, { transaction_id: first.payment.id, amount: 15_000 });
    expect(made.statusCode, made.body).toBe(201);
    // Another order of the same customer with a refund of its own.
    const product = await productAt(harness, 30_000, 20);
    const second = await placeOrder(first.client, product, { quantity: 1 });
    const secondPayment = await approve(first.client, await startPayment(first.client, second.id));
    expect((await refund(admin, { transaction_id: secondPayment.id, amount: 5_000 })).statusCode).toBe(201);

    const ofFirst = myRefundListResponseSchema.parse(
      (await first.client.get(`${MINE}?subject_id=${first.order.id}`)).json(),
    );
    expect(ofFirst.results.map((row) => [row.subject_id, row.amount])).toEqual([[first.order.id, 15_000]]);
    const all = myRefundListResponseSchema.parse((await first.client.get(MINE)).json());
    expect(all.count).toBe(2);

    const stranger = await customer(harness);
    const theirs = myRefundListResponseSchema.parse(
      (await stranger.client.get(`${MINE}?subject_id=${first.order.id}`)).json(),
    );
    expect(theirs.count).toBe(0);
    const bad = await first.client.get(`${MINE}?subject_id=ORD-1`);
    expect(bad.statusCode).toBe(422);
    expect(envelope(bad.body).fields).toEqual([
      { field: 'subject_id', message: 'must be the id of one of your orders or tickets' },
    ]);
  });
});

describe('an order marked refunded', () => {
  it('is refused while its mobile-money payment is not refunded in full, and allowed after', async () => {
    const { order, payment } = await paidOrder(60_000);
    const status = `/api/v1/orders/admin/orders/${order.id}/status/`;
    // A pick-up order: ready to collect, then collected.
    for (const step of ['processing', 'ready_for_delivery', 'delivered']) {
      const moved = await admin.client.post(status, { status: step });
      expect(moved.statusCode, `${step}: ${moved.body}`).toBe(200);
    }
    const early = await admin.client.post(status, { status: 'refunded', note: 'Corked' });
    expect(early.statusCode, early.body).toBe(409);
    expect(envelope(early.body).message).toBe(
      "Refund the money first: Shs 60,000 of this order's mobile-money payment has not been refunded.",
    );

    expect((await refund(admin, { transaction_id: payment.id, amount: 45_000 })).statusCode).toBe(201);
    const partly = await admin.client.post(status, { status: 'refunded', note: 'Corked' });
    expect(partly.statusCode).toBe(409);
    expect(envelope(partly.body).message).toContain('Shs 15,000');

    expect((await refund(admin, { transaction_id: payment.id, amount: 15_000 })).statusCode).toBe(201);
    const done = await admin.client.post(status, { status: 'refunded', note: 'Corked' });
    expect(done.statusCode, done.body).toBe(200);
    const row = await pool().query('SELECT status, payment_status FROM orders WHERE id = $1', [order.id]);
    expect(row.rows[0]).toEqual({ status: 'refunded', payment_status: 'refunded' });
  });
});

describe('a cancelled event whose refund job was lost', () => {
  async function paidTicket() {
    const event = await createTestEvent(harness, { price: 80_000, capacity: 10 });
    const buyer = await customer(harness);
    const held = await rsvp(buyer.client, event.id, { guests: 1 });
    const paying = await buyer.client.post(`${rsvpUrl(held.id)}pay/`, {
      network: 'MTN',
      phone: '0772 123456',
      amount: 1,
    });
    expect(paying.statusCode, paying.body).toBe(200);
    const paid = await approve(buyer.client, transactionSchema.parse(paying.json()));
    expect(paid.status).toBe('successful');
    return { event, rsvpId: held.id, payment: paid };
  }

  /** Cancelled in SQL, as if the process stopped after the cancel's commit: no job was queued. */
  async function cancelledWithoutJob(eventId: number, rsvpId: string, minutesAgo: number) {
    await pool().query(
      `UPDATE events SET status = 'cancelled', cancel_reason = 'Storm warning',
         cancelled_at = now() - make_interval(mins => $2) WHERE id = $1`,
      [eventId, minutesAgo],
    );
    await pool().query(
      `UPDATE rsvps SET status = 'cancelled', cancel_reason = 'event_cancelled', cancelled_at = now() WHERE id = $1`,
      [rsvpId],
    );
  }

  it('is refunded by the hourly sweep, once, after the job has had its time', async () => {
    const lost = await paidTicket();
    const recent = await paidTicket();
    await cancelledWithoutJob(lost.event.id, lost.rsvpId, 45);
    await cancelledWithoutJob(recent.event.id, recent.rsvpId, 5);

    expect(await refundCancelledEventsLeftBehind(harness.app.payments)).toBe(1);
    const refunds = await waitFor(async () => {
      const rows = await refundRows(lost.payment.id);
      return rows.length > 0 && rows.every((row) => row.status !== 'pending') ? rows : undefined;
    }, 'the swept ticket refund');
    expect(refunds).toEqual([expect.objectContaining({ amount: 80_000, status: 'succeeded' })]);
    // The event cancelled five minutes ago is still its job's to refund.
    expect(await refundRows(recent.payment.id)).toEqual([]);

    // A second sweep finds nothing more to do.
    expect(await refundCancelledEventsLeftBehind(harness.app.payments)).toBe(0);
    expect(await refundRows(lost.payment.id)).toHaveLength(1);
  });
});

describe('the credit notes export', () => {
  it('streams the credit notes of the days asked as CSV', async () => {
    const { payment } = await paidOrder(25_000);
    const made = refundResponseSchema.parse(
      (await refund(admin, { transaction_id: payment.id, amount: 25_000, reason: '=cmd|danger' })).json(),
    );
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const csv = await admin.client.get(`${EXPORT}?date_from=${today}&date_to=${today}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'credit_note,issued_at,amount,currency,refund_id,subject,transaction_reference,provider,reason,customer_email',
    );
    const row = lines.find((line) => line.startsWith(`${made.credit_note!.number},`));
    expect(row).toContain(`,25000,UGX,${made.id},`);
    // A reason a spreadsheet would run as a formula stays text.
    expect(row).toContain(",'=cmd|danger,");
    const numbers = lines.slice(1).map((line) => line.split(',')[0]);
    expect(numbers).toEqual([...numbers].sort());
    const past = await admin.client.get(`${EXPORT}?date_from=2020-01-01&date_to=2020-01-31`);
    expect(past.body.trim().split('\r\n')).toHaveLength(1);
    const backwards = await admin.client.get(`${EXPORT}?date_from=2026-02-01&date_to=2026-01-01`);
    expect(backwards.statusCode).toBe(422);
    expect(envelope(backwards.body).fields?.[0]?.field).toBe('date_to');
  });
});

describe('who may refund', () => {
  const calls = () => [
    {
      method: 'POST' as const,
      url: REFUNDS,
      payload: { transaction_id: crypto.randomUUID(), amount: 1, reason: 'x y z', idempotency_key: key() },
    },
    { method: 'GET' as const, url: REFUNDS },
    { method: 'GET' as const, url: DUE },
    { method: 'GET' as const, url: `${SUBJECT}?purpose=order&subject_id=x` },
    { method: 'GET' as const, url: `${REFUNDS}${crypto.randomUUID()}/` },
    { method: 'GET' as const, url: EXPORT },
  ];

  it('refuses visitors (401), customers (403) and staff while REFUNDS_BY_STAFF is off (403), on every call', async () => {
    const shopper = await signedInCustomer(harness.app);
    for (const call of calls()) {
      const visitor = await harness.app.inject(call);
      expect(visitor.statusCode, `${call.method} ${call.url} (visitor)`).toBe(401);
      const asCustomer = await shopper.client.request(call);
      expect(asCustomer.statusCode, `${call.method} ${call.url} (customer)`).toBe(403);
      const asStaff = await staff.client.request(call);
      expect(asStaff.statusCode, `${call.method} ${call.url} (staff)`).toBe(403);
      expect(envelope(asStaff.body).message).toBe('Refunds are made by an admin.');
    }
    expect((await harness.app.inject({ method: 'GET', url: MINE })).statusCode).toBe(401);
  });

  it('lets staff refund when REFUNDS_BY_STAFF is on, and lists every call in the OpenAPI document', async () => {
    const { payment } = await paidOrder(30_000);
    // The setting is read on each request: switched on for this test only.
    harness.app.config.REFUNDS_BY_STAFF = true;
    try {
      for (const call of calls().filter((call) => call.method === 'GET')) {
        const answer = await staff.client.request(call);
        expect([200, 404], `${call.url}`).toContain(answer.statusCode);
      }
      const made = await refund(staff, { transaction_id: payment.id, amount: 30_000 });
      expect(made.statusCode, made.body).toBe(201);
      const shopper = await signedInCustomer(harness.app);
      expect((await shopper.client.get(REFUNDS)).statusCode).toBe(403);
    } finally {
      harness.app.config.REFUNDS_BY_STAFF = false;
    }
    const document = (await harness.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const path of [
      '/api/v1/admin/refunds/',
      '/api/v1/admin/refunds/due/',
      '/api/v1/admin/refunds/subject/',
      '/api/v1/admin/refunds/{id}/',
      '/api/v1/admin/exports/credit-notes.csv',
      '/api/v1/payments/refunds/my_refunds/',
      '/api/v1/orders/credit-notes/{id}/pdf/',
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
  });
});
