import crypto from 'node:crypto';
import {
  type CompanyAccount,
  type CompanyAccountTerms,
  type CompanyInvoice,
  type CompanyPayment,
  type CompanyStatement,
  companyAccountMessages,
  type RecordCompanyPayment,
  type StatementLine,
} from '@shop/contract/company-accounts';
import { KAMPALA_UTC_OFFSET, kampalaIsoDate } from '@shop/contract/kampala-time';
import { formatUGX } from '@shop/contract/money';
import { type PagedList, type PageQuery, toPagedList } from '@shop/contract/pagination';
import type { Database } from '../../db/client';
import type { Executor, Tx } from '../../db/transaction';
import { uniqueViolationIn } from '../../db/unique-violations';
import { conflict, invalidInput, notFound } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit';
import { markInvoice, updateOrder } from '../orders/order-lifecycle.repository';
import { findCompanyForStaff, findCompanyOfBuyer } from './companies.repository';
import {
  type AccountInvoiceRow,
  accountFigures,
  type CompanyPaymentRow,
  findPaymentByKey,
  insertCompanyPayment,
  listAccountInvoices,
  listCompanyPayments,
  lockAccountInvoice,
  lockCompanyTerms,
  statementEntries,
  updateAccountTerms,
} from './company-accounts.repository';

/**
 * Paying on account (decision 0042): staff set a company's credit limit and terms; checkout
 * reserves credit under the company's row lock; staff record payments against invoices; each
 * month has a statement. Who may read: the company's buyers and staff (routes decide which).
 */

const iso = (value: Date | string) => new Date(value).toISOString();

type Terms = { credit_limit: number | null; payment_terms_days: number | null };

async function accountOf(db: Executor, companyId: string, terms: Terms): Promise<CompanyAccount> {
  const { outstanding, overdue } = await accountFigures(db, companyId);
  const limit = terms.credit_limit;
  return {
    on_account: limit !== null,
    credit_limit: limit,
    payment_terms_days: terms.payment_terms_days,
    outstanding,
    available: limit === null ? null : Math.max(0, limit - outstanding),
    overdue,
  };
}

/** The company of one of its buyers, or of staff; anyone else gets the same 404 as no company. */
async function readableCompany(db: Executor, companyId: string, reader: Reader) {
  const company =
    reader.staff === true
      ? await findCompanyForStaff(db, companyId)
      : await findCompanyOfBuyer(db, companyId, reader.userId);
  if (!company) throw notFound('Company');
  return company;
}

export type Reader = { staff: true } | { staff: false; userId: string };

export async function companyAccount(
  db: Database,
  companyId: string,
  reader: Reader,
): Promise<CompanyAccount> {
  const company = await readableCompany(db, companyId, reader);
  return accountOf(db, companyId, company);
}

/** Staff allow paying on account (a limit and terms) or stop it (both null); audited with before → after. */
export async function setAccountTerms(
  db: Database,
  companyId: string,
  terms: Required<{ [K in keyof CompanyAccountTerms]: number | null }>,
  actor: AuditActor,
): Promise<CompanyAccount> {
  await db.transaction(async (tx) => {
    const before = await lockCompanyTerms(tx, companyId);
    const company = before && (await findCompanyForStaff(tx, companyId));
    if (!before || !company) throw notFound('Company');
    await updateAccountTerms(tx, companyId, terms);
    const said = (value: Terms) =>
      value.credit_limit === null
        ? 'not on account'
        : `limit ${formatUGX(value.credit_limit)}, ${value.payment_terms_days} days`;
    await recordAudit(tx, actor, {
      kind: 'company.account_terms',
      subjectType: 'company',
      subjectId: companyId,
      summary: `${company.name}: ${said(before)} → ${said(terms)}`,
      before,
      after: terms,
    });
  });
  return companyAccount(db, companyId, { staff: true });
}

/**
 * Checkout on account: under the company's row lock (held to the order's commit, so concurrent
 * orders take turns), what its invoices still owe plus this order must stay within its limit.
 * Answers the days to the invoice's due date. A refusal names `payment_method` and changes nothing.
 */
export async function reserveOnAccountCredit(tx: Tx, companyId: string, orderTotal: number): Promise<number> {
  const terms = await lockCompanyTerms(tx, companyId);
  if (!terms || terms.credit_limit === null || terms.payment_terms_days === null) {
    throw invalidInput([{ field: 'payment_method', message: companyAccountMessages.notOnAccount }]);
  }
  const { outstanding } = await accountFigures(tx, companyId);
  if (outstanding + orderTotal > terms.credit_limit) {
    const available = Math.max(0, terms.credit_limit - outstanding);
    throw conflict(
      `${companyAccountMessages.overLimit}: ${formatUGX(available)} of its ${formatUGX(terms.credit_limit)} is available and this order is ${formatUGX(orderTotal)}. Pay another way, or ask the company's accounts to settle its invoices.`,
      'conflict',
      [{ field: 'payment_method', message: companyAccountMessages.overLimit }],
    );
  }
  return terms.payment_terms_days;
}

function toInvoice(row: AccountInvoiceRow, now: Date): CompanyInvoice {
  const cancelled = row.voided_at !== null;
  const balance = cancelled ? 0 : row.total - row.paid;
  return {
    invoice_number: row.invoice_number,
    order_id: row.order_id,
    order_number: row.order_number,
    lpo_number: row.lpo_number,
    issued_at: iso(row.issued_at),
    due_at: iso(row.due_at),
    total: row.total,
    paid: row.paid,
    balance,
    cancelled,
    overdue: balance > 0 && new Date(row.due_at) < now,
  };
}

export async function companyInvoices(
  db: Database,
  companyId: string,
  reader: Reader,
  query: PageQuery & { open?: boolean | undefined },
): Promise<PagedList<CompanyInvoice>> {
  await readableCompany(db, companyId, reader);
  const { rows, count } = await listAccountInvoices(db, companyId, query);
  const now = new Date();
  return toPagedList(
    rows.map((row) => toInvoice(row, now)),
    count,
    query,
  );
}

function toPayment(row: CompanyPaymentRow): CompanyPayment {
  return {
    id: row.id,
    invoice_number: row.invoice_number,
    amount: row.amount,
    received_on: row.received_on,
    method: row.method,
    reference: row.reference,
    recorded_at: iso(row.created_at),
  };
}

export async function companyPayments(
  db: Database,
  companyId: string,
  reader: Reader,
  page: PageQuery,
): Promise<PagedList<CompanyPayment>> {
  await readableCompany(db, companyId, reader);
  const { rows, count } = await listCompanyPayments(db, companyId, page);
  return toPagedList(rows.map(toPayment), count, page);
}

const paymentHash = (input: RecordCompanyPayment) =>
  crypto
    .createHash('sha256')
    .update(
      JSON.stringify([input.invoice_number, input.amount, input.received_on, input.method, input.reference]),
    )
    .digest('hex');

/**
 * Staff record money received against one invoice. The invoice is locked, so two payments of it
 * take turns and together never exceed what it owes; the form's key makes a double submit (even
 * at the same instant) one payment. Paid in full, the invoice and its order become paid.
 * Answers the payment and whether this call recorded it.
 */
export async function recordCompanyPayment(
  db: Database,
  companyId: string,
  input: RecordCompanyPayment,
  actor: AuditActor,
): Promise<{ payment: CompanyPayment; created: boolean }> {
  const hash = paymentHash(input);
  const repeat = (found: CompanyPaymentRow) => {
    if (found.request_hash !== hash) {
      throw conflict('This form was already used to record another payment.', 'conflict', [
        { field: 'idempotency_key', message: companyAccountMessages.keyReused },
      ]);
    }
    return { payment: toPayment(found), created: false };
  };
  const company = await findCompanyForStaff(db, companyId);
  if (!company) throw notFound('Company');
  const earlier = await findPaymentByKey(db, companyId, input.idempotency_key);
  if (earlier) return repeat(earlier);
  if (input.received_on > kampalaIsoDate(new Date())) {
    throw invalidInput([{ field: 'received_on', message: companyAccountMessages.receivedInFuture }]);
  }
  try {
    const outcome = await db.transaction(async (tx) => {
      const invoice = await lockAccountInvoice(tx, companyId, input.invoice_number);
      if (!invoice) {
        throw invalidInput([{ field: 'invoice_number', message: companyAccountMessages.noSuchInvoice }]);
      }
      // Under the invoice's lock: a twin of this submit has committed by now.
      const twin = await findPaymentByKey(tx, companyId, input.idempotency_key);
      if (twin) return { twin };
      if (invoice.status === 'void') {
        throw invalidInput([{ field: 'invoice_number', message: companyAccountMessages.invoiceClosed }]);
      }
      const owed = invoice.total - invoice.paid;
      if (input.amount > owed) {
        throw invalidInput([
          { field: 'amount', message: `${companyAccountMessages.overpayment}: ${formatUGX(owed)}` },
        ]);
      }
      const id = await insertCompanyPayment(tx, {
        companyId,
        invoiceId: invoice.id,
        amount: input.amount,
        receivedOn: input.received_on,
        method: input.method,
        reference: input.reference,
        idempotencyKey: input.idempotency_key,
        requestHash: hash,
        recordedBy: actor.id,
      });
      if (input.amount === owed) {
        await updateOrder(tx, invoice.order_id, { paymentStatus: 'paid', paid: true });
        await markInvoice(tx, invoice.order_id, 'paid');
      }
      await recordAudit(tx, actor, {
        kind: 'company.payment_record',
        subjectType: 'company',
        subjectId: companyId,
        summary: `${company.name}: ${formatUGX(input.amount)} against ${input.invoice_number}`,
        after: {
          invoice_number: input.invoice_number,
          amount: input.amount,
          received_on: input.received_on,
          method: input.method,
          reference: input.reference,
        },
      });
      return { id };
    });
    const found = await findPaymentByKey(db, companyId, input.idempotency_key);
    if (!found) throw new Error('The payment recorded was not found');
    return 'twin' in outcome ? repeat(found) : { payment: toPayment(found), created: true };
  } catch (error) {
    if (uniqueViolationIn(error)?.constraint === 'company_payments_company_idempotency_key') {
      const twin = await findPaymentByKey(db, companyId, input.idempotency_key);
      if (twin) return repeat(twin);
    }
    throw error;
  }
}

/** The first instant of a Kampala month ("2026-11") and of the next. */
function monthBounds(month: string): { from: Date; to: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
  return {
    from: new Date(`${month}-01T00:00:00${KAMPALA_UTC_OFFSET}`),
    to: new Date(`${next}-01T00:00:00${KAMPALA_UTC_OFFSET}`),
  };
}

/** A month's statement: the balance it opened with, each invoice, cancellation and payment, and the closing balance. */
export async function companyStatement(
  db: Database,
  companyId: string,
  reader: Reader,
  month: string,
): Promise<CompanyStatement> {
  const company = await readableCompany(db, companyId, reader);
  const { from, to } = monthBounds(month);
  const { opening, entries } = await statementEntries(db, companyId, from, to);
  let balance = opening;
  let invoiced = 0;
  let paid = 0;
  const lines: StatementLine[] = entries.map((entry) => {
    const debit = entry.kind === 'invoice' ? entry.amount : 0;
    const credit = entry.kind === 'invoice' ? 0 : entry.amount;
    invoiced += debit - (entry.kind === 'cancellation' ? entry.amount : 0);
    if (entry.kind === 'payment') paid += entry.amount;
    balance += debit - credit;
    const description =
      entry.kind === 'payment'
        ? `Payment, ref. ${entry.reference}`
        : `${entry.kind === 'invoice' ? 'Order' : 'Cancelled order'} ${entry.order_number}${entry.lpo_number ? `, LPO ${entry.lpo_number}` : ''}`;
    return {
      date: entry.day,
      kind: entry.kind,
      document: entry.document,
      description,
      debit,
      credit,
      balance,
    };
  });
  return {
    company: { name: company.name, tin: company.tin, billing_address: company.billing_address },
    month,
    opening_balance: opening,
    invoiced,
    paid,
    closing_balance: balance,
    lines,
  };
}
