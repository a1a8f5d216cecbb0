import { z } from 'zod';
import { pagedListSchema, pageQuerySchema } from './pagination';

/**
 * Paying on account (issue 39, decision 0042): staff allow an approved company a credit limit and
 * payment terms; its buyers may then choose "On account" at checkout, the order is confirmed
 * without a payment and its invoice falls due after the terms; staff record the payments the
 * company makes against its invoices; each month has a statement.
 */

/** Longest payment terms staff may give, in days. */
export const MAX_PAYMENT_TERMS_DAYS = 120;
/** Highest credit limit staff may give, UGX (a sanity bound, not a policy). */
export const MAX_CREDIT_LIMIT = 10_000_000_000;

export const companyAccountMessages = {
  notOnAccount: 'This company does not pay on account',
  overLimit: 'This order would take the company past its credit limit',
  onAccountForCompany: 'On account is for an order placed for a company',
  bothOrNeither: 'Give both the credit limit and the payment terms, or neither',
  noSuchInvoice: 'No on-account invoice of this company has this number',
  overpayment: 'More than the invoice still owes',
  invoiceClosed: 'This invoice is cancelled: nothing is owed on it',
  receivedInFuture: 'The day the money arrived cannot be after today',
  keyReused: 'Already used for another payment',
};

const wholeShillings = (what: string) =>
  z
    .number({ error: `${what} must be a whole number of shillings` })
    .int({ error: `${what} must be a whole number of shillings` });

/** `PUT /companies/admin/companies/{id}/account/`: allow paying on account (or stop it: both null). */
export const companyAccountTermsSchema = z
  .object({
    credit_limit: wholeShillings('The credit limit')
      .min(0, { error: 'The credit limit cannot be negative' })
      .max(MAX_CREDIT_LIMIT, { error: `At most ${MAX_CREDIT_LIMIT.toLocaleString('en-UG')}` })
      .nullable()
      .describe('The most its unpaid on-account invoices may total, UGX; null: no paying on account'),
    payment_terms_days: z
      .number({ error: 'The payment terms must be a whole number of days' })
      .int({ error: 'The payment terms must be a whole number of days' })
      .min(1, { error: 'At least 1 day' })
      .max(MAX_PAYMENT_TERMS_DAYS, { error: `At most ${MAX_PAYMENT_TERMS_DAYS} days` })
      .nullable()
      .describe('Days from an invoice to its due date'),
  })
  .superRefine((body, context) => {
    if ((body.credit_limit === null) !== (body.payment_terms_days === null)) {
      context.addIssue({
        code: 'custom',
        path: [body.credit_limit === null ? 'credit_limit' : 'payment_terms_days'],
        message: companyAccountMessages.bothOrNeither,
      });
    }
  });
export type CompanyAccountTerms = z.input<typeof companyAccountTermsSchema>;

/** A company's account as its buyers and staff read it. */
export const companyAccountSchema = z.object({
  on_account: z.boolean().describe('Whether its buyers may choose "On account" at checkout'),
  credit_limit: z.number().int().nullable(),
  payment_terms_days: z.number().int().nullable(),
  outstanding: z.number().int().describe('What its on-account invoices still owe, UGX'),
  available: z.number().int().nullable().describe('Credit limit less outstanding (never below 0)'),
  overdue: z.number().int().describe('The part of outstanding past its due dates'),
});
export type CompanyAccount = z.infer<typeof companyAccountSchema>;

/** An on-account invoice of the company. */
export const companyInvoiceSchema = z.object({
  invoice_number: z.string(),
  order_id: z.uuid(),
  order_number: z.string(),
  lpo_number: z.string().nullable(),
  issued_at: z.iso.datetime({ offset: true }),
  due_at: z.iso.datetime({ offset: true }),
  total: z.number().int(),
  paid: z.number().int().describe('Payments recorded against it'),
  balance: z.number().int().describe('What it still owes (0 once paid or cancelled)'),
  cancelled: z.boolean(),
  overdue: z.boolean(),
});
export type CompanyInvoice = z.infer<typeof companyInvoiceSchema>;
export const companyInvoiceListSchema = pagedListSchema(companyInvoiceSchema);
export const companyInvoicesQuerySchema = pageQuerySchema.extend({
  open: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .optional()
    .describe('true: only invoices that still owe something'),
});

export const COMPANY_PAYMENT_METHODS = ['bank_transfer', 'cheque', 'cash', 'mobile_money'] as const;
export const companyPaymentMethodSchema = z.enum(COMPANY_PAYMENT_METHODS, {
  error: 'Choose bank transfer, cheque, cash or mobile money',
});
export type CompanyPaymentMethod = z.infer<typeof companyPaymentMethodSchema>;
export const companyPaymentMethodLabels: Record<CompanyPaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  cheque: 'Cheque',
  cash: 'Cash',
  mobile_money: 'Mobile money',
};

/** `POST /companies/admin/companies/{id}/payments/`: staff record money received against one invoice. */
export const recordCompanyPaymentSchema = z.object({
  invoice_number: z
    .string({ error: 'Choose the invoice' })
    .trim()
    .min(1, { error: 'Choose the invoice' })
    .max(40, { error: 'Choose the invoice' }),
  amount: wholeShillings('The amount').min(1, { error: 'The amount must be more than 0' }),
  received_on: z.iso.date({ error: 'Give the day the money arrived (YYYY-MM-DD)' }),
  method: companyPaymentMethodSchema,
  reference: z
    .string({ error: 'The reference is required' })
    .trim()
    .min(1, { error: 'The reference is required' })
    .max(100, { error: 'Use at most 100 characters' })
    .describe('The bank transfer’s, cheque’s or transaction’s reference'),
  idempotency_key: z
    .string({ error: 'idempotency_key is required' })
    .regex(/^[A-Za-z0-9_-]{16,100}$/, { error: 'Use 16 to 100 letters, digits, - or _' })
    .describe('A fresh random key per form; a repeat answers the first payment'),
});
export type RecordCompanyPayment = z.input<typeof recordCompanyPaymentSchema>;

export const companyPaymentSchema = z.object({
  id: z.uuid(),
  invoice_number: z.string(),
  amount: z.number().int(),
  received_on: z.iso.date(),
  method: companyPaymentMethodSchema,
  reference: z.string(),
  recorded_at: z.iso.datetime({ offset: true }),
});
export type CompanyPayment = z.infer<typeof companyPaymentSchema>;
export const companyPaymentListSchema = pagedListSchema(companyPaymentSchema);

/** `GET …/statement/?month=2026-11`: a month's statement (Kampala calendar). */
export const companyStatementQuerySchema = z.object({
  month: z
    .string({ error: 'Give the month as YYYY-MM' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Give the month as YYYY-MM' }),
});

export const statementLineSchema = z.object({
  date: z.iso.date(),
  kind: z.enum(['invoice', 'cancellation', 'payment']),
  document: z.string().describe('The invoice number (a payment or cancellation: the invoice it concerns)'),
  description: z.string(),
  debit: z.number().int().describe('Invoiced, UGX'),
  credit: z.number().int().describe('Paid, or an invoice cancelled, UGX'),
  balance: z.number().int().describe('The running balance after this line'),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const companyStatementSchema = z.object({
  company: z.object({ name: z.string(), tin: z.string(), billing_address: z.string() }),
  month: z.string(),
  opening_balance: z.number().int(),
  invoiced: z.number().int(),
  paid: z.number().int(),
  closing_balance: z.number().int(),
  lines: z.array(statementLineSchema).describe('Oldest first; invoices before payments on the same day'),
});
export type CompanyStatement = z.infer<typeof companyStatementSchema>;
