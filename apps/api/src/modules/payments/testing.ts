import crypto from 'node:crypto';
import type { Order } from '@shop/contract/orders';
import type { Transaction } from '@shop/contract/payments';
import { createCategory, createProduct } from '../../../test/fixtures/catalog';
import type { TestApp } from '../../../test/test-app';
import type { DomainEventMap } from '../../lib/domain-events';
import { TestBrowser, uniqueEmail } from '../identity/testing';

/**
 * Test helpers for payments: customers with a placed mobile-money order (through the real cart
 * and checkout calls), a record of the payment events, and waiting for background work.
 */

export const MTN_PHONE = '0772 123456';
export const MTN_E164 = '+256772123456';
export const AIRTEL_PHONE = '0752 654321';
export const AIRTEL_E164 = '+256752654321';

export const PAY = '/api/v1/payments/flutterwave/complete_mobile_money_payment/';
export const MY_TRANSACTIONS = '/api/v1/payments/transactions/my_transactions/';
export const BY_ORDER = '/api/v1/payments/transactions/by_order/';
export const verifyUrl = (id: string) =>
  `/api/v1/payments/transactions/${encodeURIComponent(id)}/verify_payment/`;

export async function customer(harness: TestApp, name = 'Namara Kisakye') {
  const client = new TestBrowser(harness.app);
  const email = uniqueEmail('payer');
  await client.register(email, undefined, name);
  const session = await client.session();
  if (!session) throw new Error('no session after sign-in');
  return { client, email, userId: session.user.id };
}

/** A product in stock at `price` (pick-up orders: the total is the price × quantity). */
export async function productAt(harness: TestApp, price: number, stock = 50) {
  const category = await createCategory(harness.database.pool);
  return createProduct(harness.database.pool, { categoryId: category.id, price, stock });
}

/** Adds `quantity` of the product to the cart and checks out for mobile money (or cash). */
export async function placeOrder(
  client: TestBrowser,
  product: { id: number },
  options: {
    quantity?: number;
    method?: 'mobile_money' | 'cash_on_delivery';
    network?: 'MTN' | 'AIRTEL';
    phone?: string;
  } = {},
): Promise<Order> {
  const added = await client.post('/api/v1/orders/cart/add_item/', {
    product: product.id,
    quantity: options.quantity ?? 1,
  });
  if (added.statusCode !== 200 && added.statusCode !== 201) {
    throw new Error(`add_item failed: ${added.statusCode} ${added.body}`);
  }
  const method = options.method ?? 'mobile_money';
  const placed = await client.post('/api/v1/orders/cart/checkout/', {
    idempotency_key: crypto.randomUUID(),
    fulfilment: 'pickup',
    contact_name: 'Namara Kisakye',
    contact_phone: MTN_PHONE,
    payment_method: method,
    ...(method === 'mobile_money'
      ? { mobile_money_network: options.network ?? 'MTN', payment_phone: options.phone ?? MTN_PHONE }
      : {}),
  });
  if (placed.statusCode !== 200 && placed.statusCode !== 201) {
    throw new Error(`checkout failed: ${placed.statusCode} ${placed.body}`);
  }
  return placed.json() as Order;
}

export async function pay(
  client: TestBrowser,
  orderId: string,
  network: 'MTN' | 'AIRTEL' = 'MTN',
  phone = network === 'MTN' ? MTN_PHONE : AIRTEL_PHONE,
) {
  return client.post(PAY, { order_id: orderId, network, phone });
}

export async function startPayment(
  client: TestBrowser,
  orderId: string,
  network?: 'MTN' | 'AIRTEL',
  phone?: string,
) {
  const response = await pay(client, orderId, network, phone);
  if (response.statusCode !== 200)
    throw new Error(`payment failed to start: ${response.statusCode} ${response.body}`);
  return response.json() as Transaction;
}

/** Records every payment event the app publishes. */
export function recordPaymentEvents(harness: TestApp) {
  const succeeded: Array<DomainEventMap['payment.succeeded']> = [];
  const failed: Array<DomainEventMap['payment.failed']> = [];
  const stops = [
    harness.app.events.subscribe('payment.succeeded', (event) => {
      succeeded.push(event);
    }),
    harness.app.events.subscribe('payment.failed', (event) => {
      failed.push(event);
    }),
  ];
  const stop = () => {
    for (const unsubscribe of stops) unsubscribe();
  };
  return { succeeded, failed, stop };
}

/** The order's payment facts as stored (status, payment status, invoice). */
export async function orderState(harness: TestApp, orderId: string) {
  const result = await harness.database.pool.query<{
    status: string;
    payment_status: string;
    payment_method: string;
    invoice_status: string | null;
    confirmations: number;
  }>(
    `SELECT o.status, o.payment_status, o.payment_method, i.status AS invoice_status,
            (SELECT count(*)::int FROM order_status_changes c WHERE c.order_id = o.id AND c.status = 'confirmed')
              AS confirmations
     FROM orders o LEFT JOIN invoices i ON i.order_id = o.id WHERE o.id = $1`,
    [orderId],
  );
  const row = result.rows[0];
  if (!row) throw new Error(`no order ${orderId}`);
  return row;
}

export async function transactionRows(harness: TestApp, orderId: string) {
  const result = await harness.database.pool.query<{
    id: string;
    status: string;
    refund_due: boolean;
    amount: number;
    failure_reason: string | null;
    provider_transaction_id: string | null;
  }>(
    `SELECT id, status, refund_due, amount, failure_reason, provider_transaction_id
     FROM payment_transactions WHERE subject_id = $1 ORDER BY created_at`,
    [orderId],
  );
  return result.rows;
}

/** Polls `check` until it answers a value (not undefined/false), or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Moves a transaction's creation back in time (to test expiry without waiting). */
export async function ageTransaction(harness: TestApp, id: string, minutes: number) {
  await harness.database.pool.query(
    `UPDATE payment_transactions SET created_at = created_at - make_interval(mins => $2) WHERE id = $1`,
    [id, minutes],
  );
}
