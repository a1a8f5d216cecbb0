import { z } from 'zod';
import { type MobileMoneyNetwork, mobileMoneyNetworkSchema } from './orders';
import { pagedListSchema, pageQuerySchema } from './pagination';
import { ugandanMobileNetwork, ugandanPhoneSchema } from './profile';

/**
 * Mobile-money payments (docs/product.md section 7's `/payments/…` calls). A transaction is one attempt
 * to collect money for a payable subject — an order today, an event RSVP later — through one
 * provider: the built-in `sandbox` (the default) or Flutterwave v3. Amounts and currency always
 * come from the server's subject, never from the client.
 */

// ---------------------------------------------------------------------------------------------
// States and kinds
// ---------------------------------------------------------------------------------------------

/**
 * `pending` until the provider reports an outcome. Only `successful` is final: a payment marked
 * failed, cancelled or expired here that the provider later confirms as paid still settles.
 */
export const TRANSACTION_STATUSES = ['pending', 'successful', 'failed', 'cancelled', 'expired'] as const;
export const transactionStatusSchema = z.enum(TRANSACTION_STATUSES, {
  error: 'Use pending, successful, failed, cancelled or expired',
});
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;

export const transactionStatusLabels: Record<TransactionStatus, string> = {
  pending: 'Waiting for approval',
  successful: 'Paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

export const PAYMENT_PROVIDERS = ['sandbox', 'flutterwave'] as const;
export const paymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProviderName = z.infer<typeof paymentProviderSchema>;
/** How money moves through each provider, as staff read it (a refund's confirmation). */
export const paymentProviderLabels: Record<PaymentProviderName, string> = {
  sandbox: 'the sandbox (test money, nothing real moves)',
  flutterwave: 'mobile money through Flutterwave',
};

/** What a transaction pays for. Each kind is registered by the module that owns it. */
export const PAYMENT_PURPOSES = ['order', 'event_rsvp', 'order_list'] as const;
export const paymentPurposeSchema = z.enum(PAYMENT_PURPOSES);
export type PaymentPurpose = z.infer<typeof paymentPurposeSchema>;

export const networkLabels: Record<MobileMoneyNetwork, string> = {
  MTN: 'MTN Mobile Money',
  AIRTEL: 'Airtel Money',
};

/** A charge nobody approved within this time is marked expired (it still settles if paid later). */
export const PENDING_PAYMENT_EXPIRY_MINUTES = 15;

/** The waiting screen asks the server for news this often at first, then less often. */
export const PAYMENT_STATUS_POLL_MS = { first: 3_000, max: 15_000, factor: 1.5 } as const;

/** Shown while the customer approves the charge on their phone. */
/**
 * A prompt left unanswered may be sent again to the same number once this long has passed since it
 * was sent: MTN and Airtel drop an unanswered prompt after about a minute, and a second one sent
 * before that is refused by the network as "a transaction already pending".
 */
export const RESEND_PROMPT_AFTER_SECONDS = 60;

export const paymentMessages = {
  notWaiting: 'This payment is no longer waiting for approval.',
  resendTooSoon: (seconds: number) =>
    `The prompt was sent less than a minute ago: you can ask for a new one in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  approveOnPhone: (network: MobileMoneyNetwork) =>
    `Check your phone and enter your ${network === 'MTN' ? 'MTN MoMo' : 'Airtel Money'} PIN to approve the payment.`,
  redirect: 'Continue on the payment page to approve the payment.',
  notPayable: 'This order cannot be paid by mobile money any more.',
  alreadyPaid: 'This order is already paid.',
  providerUnavailable:
    'The payment service did not answer. Your payment is recorded as pending: we will confirm it as soon as the provider does.',
  sandboxNotice:
    'Sandbox payments: no real money moves. Approve or decline the charge as the customer would.',
} as const;

/**
 * Why a number cannot pay on the chosen network, or null: a prompt sent to the wrong network
 * never reaches the customer (70, 74, 75 are Airtel; 76, 77, 78 MTN).
 */
export function phoneNetworkProblem(network: MobileMoneyNetwork, e164: string): string | null {
  const owner = ugandanMobileNetwork(e164);
  if (owner === 'other') return 'Enter an MTN or Airtel mobile money number';
  const expected = network === 'MTN' ? 'MTN' : 'Airtel';
  if (owner === expected) return null;
  return `This is an ${owner} number: choose ${owner} or enter an ${expected} number`;
}

/** "+256 77* *** 456": enough for the customer to recognise their number, no more. */
export function maskPhone(e164: string): string {
  const match = /^\+256(\d{2})(\d)(\d{3})(\d{3})$/.exec(e164);
  if (!match) return `${e164.slice(0, 4)}•••${e164.slice(-3)}`;
  return `+256 ${match[1]}* *** ${match[4]}`;
}

// ---------------------------------------------------------------------------------------------
// Transactions
// ---------------------------------------------------------------------------------------------

const isoTime = z.string().describe('ISO 8601');

/** What the customer must do next while a transaction is pending. */
export const paymentNextActionSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('approve_on_phone'),
    message: z.string().describe('e.g. "Check your phone and enter your MTN MoMo PIN…"'),
    sandbox_url: z
      .string()
      .nullable()
      .describe('Sandbox only: the storefront page that stands in for the phone prompt'),
  }),
  z.object({
    type: z.literal('redirect'),
    message: z.string(),
    url: z.string().describe("The provider's page where the customer authorises the charge"),
  }),
]);
export type PaymentNextAction = z.infer<typeof paymentNextActionSchema>;

export const transactionSchema = z.object({
  id: z.string().describe('Transaction id (UUID)'),
  reference: z.string().describe('Our unique reference, sent to the provider as tx_ref'),
  purpose: paymentPurposeSchema,
  subject_id: z.string().describe('The order id (or RSVP id) paid for'),
  subject_label: z.string().describe('e.g. "Order ORD-20261122-7KQ2M"'),
  order: z.string().nullable().describe('The order id when purpose is order'),
  event: z
    .number()
    .int()
    .nullable()
    .describe('The event id when purpose is event_rsvp: its page shows the ticket once paid'),
  provider: paymentProviderSchema,
  payment_method: z.literal('mobile_money'),
  network: mobileMoneyNetworkSchema,
  phone: z.string().describe('The paying number, masked: "+256 77* *** 456"'),
  amount: z.number().int().describe('Amount due, in whole UGX'),
  currency: z.literal('UGX'),
  status: transactionStatusSchema,
  failure_reason: z
    .string()
    .nullable()
    .describe('Why it failed, was cancelled or expired (the provider’s words)'),
  failure_advice: z
    .string()
    .nullable()
    .describe('For the customer: what went wrong and what to do next (top up, approve, dial *165#…)'),
  next_action: paymentNextActionSchema.nullable().describe('While pending: what the customer does next'),
  paid_at: isoTime.nullable(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionListResponseSchema = pagedListSchema(transactionSchema);
export type TransactionListResponse = z.infer<typeof transactionListResponseSchema>;

/**
 * `POST /payments/flutterwave/complete_mobile_money_payment/`: charges the order's total to a
 * mobile-money number. Asking again for the same order, network and number while the first
 * charge is pending answers that charge; another number or network replaces it.
 */
export const completeMobileMoneyPaymentRequestSchema = z.object({
  order_id: z
    .uuid({ error: 'Order id must be a UUID' })
    .describe('The order to pay (your own, still unpaid)'),
  network: mobileMoneyNetworkSchema,
  phone: ugandanPhoneSchema.describe('The mobile-money number that pays, e.g. 0772 123456'),
});
export type CompleteMobileMoneyPaymentRequest = z.input<typeof completeMobileMoneyPaymentRequestSchema>;

export const transactionParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1, { error: 'Transaction id is required' })
    .max(100, { error: 'Transaction id is too long' })
    .describe('The transaction id (UUID), or its reference (as the payment return page receives it)'),
});

export const transactionsByOrderQuerySchema = pageQuerySchema.extend({
  order_id: z.uuid({ error: 'Order id must be a UUID' }),
  status: z
    .enum([...TRANSACTION_STATUSES, 'any'], {
      error: 'Use pending, successful, failed, cancelled, expired or any',
    })
    .default('successful')
    .describe('Defaults to successful; `any` lists every attempt (the payment screen shows the latest)'),
});
export type TransactionsByOrderQuery = z.input<typeof transactionsByOrderQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Webhooks (providers call them; not the storefront)
// ---------------------------------------------------------------------------------------------

/**
 * Flutterwave v3's webhook body (the sandbox sends the same shape). Only what is read is
 * declared; everything else the provider sends is kept as it came.
 */
export const providerWebhookSchema = z
  .object({
    event: z.string().max(100).optional(),
    'event.type': z.string().max(100).optional(),
    data: z
      .object({
        id: z.union([z.number().int(), z.string().max(100)]).optional(),
        tx_ref: z.string().max(200).optional(),
        status: z.string().max(50).optional(),
      })
      .loose(),
  })
  .loose();
export type ProviderWebhook = z.infer<typeof providerWebhookSchema>;

export const webhookAckSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

// ---------------------------------------------------------------------------------------------
// The sandbox provider's phone prompt (`/sandbox/pay/{reference}`)
// ---------------------------------------------------------------------------------------------

export const SANDBOX_CHARGE_STATUSES = ['pending', 'successful', 'failed'] as const;
export const sandboxChargeStatusSchema = z.enum(SANDBOX_CHARGE_STATUSES);

export const sandboxChargeSchema = z.object({
  reference: z.string(),
  merchant: z.string(),
  amount: z.number().int(),
  currency: z.literal('UGX'),
  network: mobileMoneyNetworkSchema,
  phone: z.string().describe('Masked'),
  status: sandboxChargeStatusSchema,
  return_url: z.string().describe('Where the customer goes once they have answered the prompt'),
  created_at: isoTime,
});
export type SandboxCharge = z.infer<typeof sandboxChargeSchema>;

export const sandboxChargeParamsSchema = z.object({
  reference: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'Not a payment reference' })
    .describe('The transaction reference (tx_ref)'),
});

export const sandboxApproveRequestSchema = z.object({
  pin: z
    .string({ error: 'Enter your PIN' })
    .regex(/^\d{4,5}$/, { error: 'Enter a PIN of 4 or 5 digits' })
    .describe('Any 4 or 5 digits: the sandbox stands in for the network, it keeps no PIN'),
});
export type SandboxApproveRequest = z.input<typeof sandboxApproveRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Giving up on mobile money for an order (from the payment screen)
// ---------------------------------------------------------------------------------------------

/**
 * `POST /payments/transactions/switch_to_cash_on_delivery/` and
 * `POST /payments/transactions/cancel_unpaid_order/`: the customer's unpaid mobile-money order
 * is to be paid cash on delivery instead (it is confirmed), or is cancelled (its bottles go back
 * to stock). Pending attempts are checked with the provider first: a paid order answers 409.
 * The answer says what became of the order; the storefront decides which page follows.
 */
export const orderPaymentChoiceRequestSchema = z.object({
  order_id: z.uuid({ error: 'Order id must be a UUID' }),
});
export type OrderPaymentChoiceRequest = z.input<typeof orderPaymentChoiceRequestSchema>;

export const orderPaymentChoiceResponseSchema = z.object({
  order: z.string().describe('Order id'),
  status: z.enum(['confirmed', 'cancelled']),
  payment_method: z.enum(['mobile_money', 'cash_on_delivery']),
});
export type OrderPaymentChoiceResponse = z.infer<typeof orderPaymentChoiceResponseSchema>;
