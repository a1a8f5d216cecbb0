import { z } from 'zod';
import { creditNoteFiscalSchema } from './efris';
import { pagedListSchema, pageQuerySchema } from './pagination';
import { paymentProviderSchema, paymentPurposeSchema, transactionStatusSchema } from './payments';
import { kampalaDaySchema } from './staff-orders';

/**
 * Refunds that move money: a refund is asked of the payment provider for one paid transaction
 * (an order's, an RSVP's, or a `refund_due` payment's) and stays pending until the provider's
 * answer, its webhook or the poll settles it. Never more in total than was paid; a reason is
 * required; the same idempotency key is one refund. Admins refund; staff only when the shop's
 * REFUNDS_BY_STAFF setting allows. Calls under `/admin/refunds/…`.
 */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const refundStatusSchema = z.enum(REFUND_STATUSES);
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const refundStatusLabels: Record<RefundStatus, string> = {
  pending: 'Pending with the provider',
  succeeded: 'Refunded',
  failed: 'Failed',
};

export const refundMessages = {
  reasonRequired: 'Give the reason for the refund',
  amountTooLarge: (refundable: string) => `At most ${refundable} can still be refunded`,
  nothingPaid: 'This payment took no money: there is nothing to refund',
  restockOnlyOrders: 'Only an order’s bottles can go back in stock',
  keyReused: 'This idempotency key was used for another refund',
} as const;

const isoTime = z.string().describe('ISO 8601');
const money = (what: string) => z.number().int().describe(`${what}, in whole UGX`);

export const refundRequestSchema = z.object({
  transaction_id: z.uuid({ error: 'must be a transaction id' }).describe('The paid transaction to refund'),
  amount: z
    .number({ error: 'must be a whole number of shillings' })
    .int({ error: 'must be a whole number of shillings' })
    .min(1, { error: 'must be at least 1' })
    .max(1_000_000_000, { error: 'is too large' })
    .describe('Shillings to refund: the whole payment or part of it'),
  reason: z
    .string({ error: refundMessages.reasonRequired })
    .trim()
    .min(3, { error: refundMessages.reasonRequired })
    .max(500, { error: 'Use at most 500 characters' }),
  restock_lines: z
    .array(
      z.object({
        line_id: z.number().int().min(1).describe('The order line (item id)'),
        quantity: z.number({ error: 'must be a whole number' }).int().min(1, { error: 'must be at least 1' }),
      }),
    )
    .max(100)
    .default([])
    .describe('Orders only: bottles that go back in stock ("returned") once the refund succeeds'),
  idempotency_key: z
    .string({ error: 'is required' })
    .trim()
    .min(8, { error: 'must be 8 to 100 characters' })
    .max(100, { error: 'must be 8 to 100 characters' })
    .regex(/^[A-Za-z0-9._:-]+$/, { error: 'may use letters, digits and . _ : - only' })
    .describe('Made once per refund form: a double click or a retry with it refunds once'),
});
export type RefundRequest = z.input<typeof refundRequestSchema>;

export const creditNoteRefSchema = z.object({
  id: z.string(),
  number: z.string().describe('CN-000001: its own series, without gaps'),
  pdf_url: z.string().describe('GET it for the credit note PDF'),
  efris: creditNoteFiscalSchema
    .nullable()
    .describe("Its state at URA's EFRIS when the invoice was fiscalised (decision 0030); null otherwise"),
});

export const refundSchema = z.object({
  id: z.string(),
  transaction_id: z.string(),
  transaction_reference: z.string(),
  purpose: paymentPurposeSchema,
  subject_id: z.string(),
  subject_label: z.string().describe('e.g. "Order ORD-20261122-7KQ2M"'),
  provider: paymentProviderSchema,
  amount: money('Refunded amount'),
  reason: z.string(),
  restock_lines: z.array(z.object({ line_id: z.number().int(), quantity: z.number().int() })),
  status: refundStatusSchema,
  failure_reason: z.string().nullable(),
  created_by: z.string().nullable().describe('Who asked for it (null: the shop, e.g. a cancelled event)'),
  created_at: isoTime,
  settled_at: isoTime.nullable(),
  credit_note: creditNoteRefSchema.nullable().describe('Issued when the refund succeeded'),
});
export type Refund = z.infer<typeof refundSchema>;

export const refundResponseSchema = refundSchema.extend({
  replayed: z.boolean().describe('True when the idempotency key had been used: nothing new was done'),
});
export type RefundResponse = z.infer<typeof refundResponseSchema>;

/** A payment as the refund form sees it: what it took and what may still be refunded. */
export const refundableTransactionSchema = z.object({
  id: z.string(),
  reference: z.string(),
  purpose: paymentPurposeSchema,
  subject_id: z.string(),
  subject_label: z.string(),
  provider: paymentProviderSchema,
  status: transactionStatusSchema,
  refund_due: z.boolean().describe('Paid twice, short or in the wrong currency'),
  failure_reason: z.string().nullable(),
  phone: z.string().describe('Masked paying number'),
  paid: money('What the provider took'),
  refunded: money('Refunds succeeded or pending'),
  withheld: money('Kept by the shop: the fee for an order the customer refused at the door (0: none)'),
  withheld_reason: z
    .string()
    .nullable()
    .describe('Why the fee was kept, in words (the refusal at the door); null when nothing is kept'),
  refundable: money('What may still be refunded: paid − withheld − refunded'),
  paid_at: isoTime.nullable(),
});
export type RefundableTransaction = z.infer<typeof refundableTransactionSchema>;

/** `GET /admin/refunds/subject/`: one order's or RSVP's payments and refunds. */
export const refundSubjectQuerySchema = z.object({
  purpose: paymentPurposeSchema,
  subject_id: z.string().trim().min(1, { error: 'is required' }).max(100, { error: 'is too long' }),
});
export type RefundSubjectQuery = z.infer<typeof refundSubjectQuerySchema>;

export const refundSubjectSchema = z.object({
  transactions: z.array(refundableTransactionSchema).describe('Payments that took money, oldest first'),
  refunds: z.array(refundSchema).describe('Every refund, newest first'),
});
export type RefundSubject = z.infer<typeof refundSubjectSchema>;

export const refundListQuerySchema = pageQuerySchema.extend({
  status: refundStatusSchema.optional(),
});
export type RefundListQuery = z.input<typeof refundListQuerySchema>;
export const refundListResponseSchema = pagedListSchema(refundSchema);
export type RefundListResponse = z.infer<typeof refundListResponseSchema>;

/** The queue of `refund_due` payments: still something to refund. */
export const refundDueListResponseSchema = pagedListSchema(refundableTransactionSchema);
export type RefundDueListResponse = z.infer<typeof refundDueListResponseSchema>;

export const refundParamsSchema = z.object({ id: z.uuid({ error: 'must be a refund id' }) });
export const creditNoteParamsSchema = z.object({ id: z.uuid({ error: 'must be a credit note id' }) });

/** The customer's refunds (`/payments`). */
export const myRefundSchema = z.object({
  id: z.string(),
  subject_label: z.string(),
  purpose: paymentPurposeSchema,
  subject_id: z.string(),
  amount: money('Refunded amount'),
  reason: z.string(),
  status: refundStatusSchema,
  created_at: isoTime,
  settled_at: isoTime.nullable(),
  credit_note: creditNoteRefSchema.nullable(),
});
export type MyRefund = z.infer<typeof myRefundSchema>;
/** `GET /payments/refunds/my_refunds/`: one's refunds, or those of one order or ticket. */
export const myRefundListQuerySchema = pageQuerySchema.extend({
  subject_id: z
    .uuid({ error: 'must be the id of one of your orders or tickets' })
    .optional()
    .describe('Only the refunds of this order (or RSVP)'),
});
export type MyRefundListQuery = z.input<typeof myRefundListQuerySchema>;
export const myRefundListResponseSchema = pagedListSchema(myRefundSchema);
export type MyRefundListResponse = z.infer<typeof myRefundListResponseSchema>;

/** `GET /admin/exports/credit-notes.csv`: Kampala days, both included. */
export const creditNoteExportQuerySchema = z
  .object({
    date_from: kampalaDaySchema.optional().describe('First Kampala day (default: the first of the month)'),
    date_to: kampalaDaySchema.optional().describe('Last Kampala day, included (default: today)'),
  })
  .superRefine((query, context) => {
    if (query.date_from && query.date_to && query.date_from > query.date_to) {
      context.addIssue({ code: 'custom', path: ['date_to'], message: 'must be on or after date_from' });
    }
  });
export type CreditNoteExportQuery = z.input<typeof creditNoteExportQuerySchema>;

export const CREDIT_NOTE_CSV_HEADER =
  'credit_note,issued_at,amount,currency,refund_id,subject,transaction_reference,provider,reason,customer_email';

export const creditNotePdfPath = (id: string) => `/api/v1/orders/credit-notes/${encodeURIComponent(id)}/pdf/`;

/** One order line as a refund reads it: its price when ordered and how many were bought. */
export type RefundableLine = { id: number; unitPrice: number; quantity: number };

/**
 * What returning some of an order's bottles gives back (issue 36): each bottle at the price it was
 * ordered at, less its share of the order's discount (shared by value, the shop keeping the odd
 * shilling), plus the delivery fee only when it is chosen. Never more than is still refundable.
 */
export function refundForReturn({
  lines,
  returned,
  discount,
  deliveryFee,
  withDelivery,
  refundable,
}: {
  lines: readonly RefundableLine[];
  /** Bottles back, by line id. */
  returned: Readonly<Record<number, number>>;
  discount: number;
  deliveryFee: number;
  withDelivery: boolean;
  refundable: number;
}): number {
  const itemsTotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const value = lines.reduce(
    (sum, line) => sum + line.unitPrice * Math.min(Math.max(returned[line.id] ?? 0, 0), line.quantity),
    0,
  );
  const discountShare = itemsTotal > 0 ? Math.floor((discount * value) / itemsTotal) : 0;
  const amount = value - discountShare + (withDelivery ? deliveryFee : 0);
  return Math.max(0, Math.min(amount, refundable));
}
