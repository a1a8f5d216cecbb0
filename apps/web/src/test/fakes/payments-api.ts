import type { Order } from '@shop/contract/orders';
import type { SandboxCharge, Transaction, TransactionListResponse } from '@shop/contract/payments';

/** Test data for the payments feature: orders, transactions and sandbox prompts as the API answers them. */

export const PAY_ORDER_ID = '6b8f2c1e-4d3a-4f5b-9c7d-1e2f3a4b5c6d';
export const REFERENCE = 'KCP-20261122-7KQ2MX9A4B';
export const TRANSACTION_ID = '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

export function makePayOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: PAY_ORDER_ID,
    order_number: 'ORD-20261122-7KQ2M',
    status: 'pending',
    payment_status: 'pending',
    payment_method: 'mobile_money',
    mobile_money_network: 'MTN',
    payment_phone: '+256772123456',
    fulfilment: 'pickup',
    items: [
      {
        id: 1,
        product: 11,
        product_name: 'Kanonkop Pinotage',
        product_slug: 'kanonkop-pinotage',
        image: null,
        variant: 111,
        variant_name: '750 ml bottle',
        sku: 'RED-KAN-750',
        quantity: 2,
        unit_price: 120_000,
        subtotal: 240_000,
        total_price: 240_000,
      },
    ],
    item_count: 2,
    subtotal: 240_000,
    delivery_fee: 0,
    discount: 0,
    discount_code: null,
    vat_added: 0,
    total: 240_000,
    currency: 'UGX',
    vat_invoice: null,
    contact_name: 'Amina Nakato',
    contact_phone: '+256772123456',
    sms_updates_to: null,
    delivery_zone: null,
    street: null,
    delivery_instructions: null,
    customer_note: null,
    estimated_delivery_time: null,
    payment_due_at: '2026-11-22T11:35:00.000Z',
    cancel_reason: null,
    invoice_number: 'INV-000042',
    fiscal: null,
    gift: null,
    refund_withheld: null,
    history: [{ status: 'pending', note: 'Order placed', created_at: '2026-11-22T11:05:00.000Z' }],
    created_at: '2026-11-22T11:05:00.000Z',
    updated_at: '2026-11-22T11:05:00.000Z',
    ...overrides,
  };
}

export function makeTransaction(overrides: Partial<Transaction> = {}): Transaction {
  const network = overrides.network ?? 'MTN';
  const reference = overrides.reference ?? REFERENCE;
  const status = overrides.status ?? 'pending';
  return {
    id: TRANSACTION_ID,
    reference,
    purpose: 'order',
    subject_id: PAY_ORDER_ID,
    subject_label: 'Order ORD-20261122-7KQ2M',
    order: PAY_ORDER_ID,
    event: null,
    provider: 'sandbox',
    payment_method: 'mobile_money',
    network,
    phone: network === 'MTN' ? '+256 77* *** 456' : '+256 75* *** 321',
    amount: 240_000,
    currency: 'UGX',
    status,
    failure_reason: null,
    failure_advice: null,
    next_action:
      status === 'pending'
        ? {
            type: 'approve_on_phone',
            message: `Check your phone and enter your ${network === 'MTN' ? 'MTN MoMo' : 'Airtel Money'} PIN to approve the payment.`,
            sandbox_url: `/sandbox/pay/${reference}`,
          }
        : null,
    paid_at: status === 'successful' ? '2026-11-22T11:08:00.000Z' : null,
    created_at: '2026-11-22T11:06:00.000Z',
    updated_at: '2026-11-22T11:06:00.000Z',
    ...overrides,
  };
}

export function pageOf(
  results: Transaction[],
  overrides: Partial<TransactionListResponse> = {},
): TransactionListResponse {
  return {
    results,
    count: results.length,
    total_pages: results.length > 0 ? 1 : 0,
    next: null,
    ...overrides,
  };
}

export function makeSandboxCharge(overrides: Partial<SandboxCharge> = {}): SandboxCharge {
  return {
    reference: REFERENCE,
    merchant: 'Kampala Cellars',
    amount: 240_000,
    currency: 'UGX',
    network: 'MTN',
    phone: '+256 77* *** 456',
    status: 'pending',
    return_url: `/payment_return?tx_ref=${REFERENCE}`,
    created_at: '2026-11-22T11:06:00.000Z',
    ...overrides,
  };
}
