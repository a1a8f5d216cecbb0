import type { CompanyPaymentMethod } from '@shop/contract/company-accounts';
import type { PageQuery } from '@shop/contract/pagination';
import { pageOffset } from '@shop/contract/pagination';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/transaction';

/**
 * Paying on account's queries (decision 0042). A company's on-account invoices are the invoices
 * with a due date of its orders; what one owes is its total less the payments recorded against
 * it (nothing when cancelled); the company's balance at an instant is what it was invoiced, less
 * what was cancelled and paid, before then. Worked out when read, so no running figure drifts.
 */

export type AccountTermsRow = { credit_limit: number | null; payment_terms_days: number | null };

/** The company's terms, its row locked until the transaction ends: orders on account take turns. */
export async function lockCompanyTerms(tx: Tx, companyId: string): Promise<AccountTermsRow | undefined> {
  const result = await tx.execute<AccountTermsRow>(sql`
    SELECT credit_limit, payment_terms_days FROM companies WHERE id = ${companyId} FOR UPDATE`);
  return result.rows[0];
}

export async function updateAccountTerms(tx: Tx, companyId: string, terms: AccountTermsRow): Promise<void> {
  await tx.execute(sql`
    UPDATE companies SET credit_limit = ${terms.credit_limit}, payment_terms_days = ${terms.payment_terms_days},
      updated_at = now()
    WHERE id = ${companyId}`);
}

/** The company's on-account invoices (joined to their orders), for the statements and balances. */
const accountInvoices = (companyId: string) => sql`
  SELECT i.id, i.invoice_number, i.total, i.issued_at, i.voided_at, i.due_at, i.paid_at, o.id AS order_id,
         o.order_number, o.lpo_number
  FROM orders o JOIN invoices i ON i.order_id = o.id
  WHERE o.company_id = ${companyId} AND i.due_at IS NOT NULL`;

/** The balance before an instant (null: now, everything). Payments count by the day they arrived. */
function balanceBefore(companyId: string, before: Date | null): SQL {
  const issued = before ? sql`AND a.issued_at < ${before}` : sql``;
  const voided = before ? sql`AND a.voided_at < ${before}` : sql``;
  const received = before
    ? sql`AND p.received_on < (${before}::timestamptz AT TIME ZONE 'Africa/Kampala')::date`
    : sql``;
  return sql`(
    (SELECT COALESCE(SUM(a.total), 0) FROM (${accountInvoices(companyId)}) a WHERE true ${issued})
    - (SELECT COALESCE(SUM(a.total), 0) FROM (${accountInvoices(companyId)}) a WHERE a.voided_at IS NOT NULL ${voided})
    - (SELECT COALESCE(SUM(p.amount), 0) FROM company_payments p WHERE p.company_id = ${companyId} ${received})
  )::bigint`;
}

export type AccountFiguresRow = { outstanding: number; overdue: number };

/** What the company owes now, and the part of it past its due dates. */
export async function accountFigures(db: Executor, companyId: string): Promise<AccountFiguresRow> {
  const result = await db.execute<{ outstanding: string; overdue: string }>(sql`
    SELECT ${balanceBefore(companyId, null)} AS outstanding,
      (SELECT COALESCE(SUM(a.total - COALESCE(paid.amount, 0)), 0)::bigint
       FROM (${accountInvoices(companyId)}) a
       LEFT JOIN LATERAL (SELECT SUM(amount) AS amount FROM company_payments WHERE invoice_id = a.id) paid ON true
       WHERE a.voided_at IS NULL AND a.paid_at IS NULL AND a.due_at < now()) AS overdue`);
  const row = result.rows[0];
  return { outstanding: Number(row?.outstanding ?? 0), overdue: Number(row?.overdue ?? 0) };
}

export type AccountInvoiceRow = {
  invoice_number: string;
  order_id: string;
  order_number: string;
  lpo_number: string | null;
  issued_at: Date;
  due_at: Date;
  total: number;
  paid: number;
  voided_at: Date | null;
  paid_at: Date | null;
};

/** One page of the company's on-account invoices, newest first (open ones only when asked). */
export async function listAccountInvoices(
  db: Executor,
  companyId: string,
  page: PageQuery & { open?: boolean | undefined },
): Promise<{ rows: AccountInvoiceRow[]; count: number }> {
  const open = page.open ? sql`AND a.voided_at IS NULL AND a.paid_at IS NULL` : sql``;
  const result = await db.execute<AccountInvoiceRow & { full_count: number }>(sql`
    SELECT a.invoice_number, a.order_id, a.order_number, a.lpo_number, a.issued_at, a.due_at, a.total,
           a.voided_at, a.paid_at, COALESCE(paid.amount, 0)::int AS paid, count(*) OVER ()::int AS full_count
    FROM (${accountInvoices(companyId)}) a
    LEFT JOIN LATERAL (SELECT SUM(amount) AS amount FROM company_payments WHERE invoice_id = a.id) paid ON true
    WHERE true ${open}
    ORDER BY a.issued_at DESC, a.id DESC
    LIMIT ${page.page_size} OFFSET ${pageOffset(page)}`);
  return { rows: result.rows, count: result.rows[0]?.full_count ?? 0 };
}

export type LockedAccountInvoice = {
  id: number;
  order_id: string;
  total: number;
  status: 'issued' | 'paid' | 'void';
  paid: number;
};

/** A company's on-account invoice by number, locked (payments against it take turns). */
export async function lockAccountInvoice(
  tx: Tx,
  companyId: string,
  invoiceNumber: string,
): Promise<LockedAccountInvoice | undefined> {
  const result = await tx.execute<LockedAccountInvoice>(sql`
    SELECT i.id, i.order_id, i.total, i.status,
      (SELECT COALESCE(SUM(amount), 0)::int FROM company_payments WHERE invoice_id = i.id) AS paid
    FROM invoices i JOIN orders o ON o.id = i.order_id
    WHERE i.invoice_number = ${invoiceNumber} AND o.company_id = ${companyId} AND i.due_at IS NOT NULL
    FOR UPDATE OF i`);
  return result.rows[0];
}

export type CompanyPaymentRow = {
  id: string;
  invoice_number: string;
  amount: number;
  received_on: string;
  method: CompanyPaymentMethod;
  reference: string;
  request_hash: string;
  created_at: Date;
};

const PAYMENT_COLUMNS = sql`p.id, i.invoice_number, p.amount, p.received_on::text AS received_on, p.method,
  p.reference, p.request_hash, p.created_at`;

export async function findPaymentByKey(
  db: Executor,
  companyId: string,
  idempotencyKey: string,
): Promise<CompanyPaymentRow | undefined> {
  const result = await db.execute<CompanyPaymentRow>(sql`
    SELECT ${PAYMENT_COLUMNS} FROM company_payments p JOIN invoices i ON i.id = p.invoice_id
    WHERE p.company_id = ${companyId} AND p.idempotency_key = ${idempotencyKey}`);
  return result.rows[0];
}

export type NewCompanyPayment = {
  companyId: string;
  invoiceId: number;
  amount: number;
  receivedOn: string;
  method: CompanyPaymentMethod;
  reference: string;
  idempotencyKey: string;
  requestHash: string;
  recordedBy: string | null;
};

export async function insertCompanyPayment(tx: Tx, payment: NewCompanyPayment): Promise<string> {
  const result = await tx.execute<{ id: string }>(sql`
    INSERT INTO company_payments (company_id, invoice_id, amount, received_on, method, reference,
      idempotency_key, request_hash, recorded_by)
    VALUES (${payment.companyId}, ${payment.invoiceId}, ${payment.amount}, ${payment.receivedOn},
      ${payment.method}, ${payment.reference}, ${payment.idempotencyKey}, ${payment.requestHash},
      ${payment.recordedBy})
    RETURNING id`);
  const row = result.rows[0];
  if (!row) throw new Error('The payment was not written');
  return row.id;
}

/** One page of the company's payments, the latest received first. */
export async function listCompanyPayments(
  db: Executor,
  companyId: string,
  page: PageQuery,
): Promise<{ rows: CompanyPaymentRow[]; count: number }> {
  const result = await db.execute<CompanyPaymentRow & { full_count: number }>(sql`
    SELECT ${PAYMENT_COLUMNS}, count(*) OVER ()::int AS full_count
    FROM company_payments p JOIN invoices i ON i.id = p.invoice_id
    WHERE p.company_id = ${companyId}
    ORDER BY p.received_on DESC, p.created_at DESC, p.id DESC
    LIMIT ${page.page_size} OFFSET ${pageOffset(page)}`);
  return { rows: result.rows, count: result.rows[0]?.full_count ?? 0 };
}

export type StatementEntryRow = {
  day: string;
  kind: 'invoice' | 'cancellation' | 'payment';
  document: string;
  order_number: string | null;
  lpo_number: string | null;
  method: CompanyPaymentMethod | null;
  reference: string | null;
  amount: number;
};

/**
 * A month's statement (Kampala days from `from` to before `to`): the balance before it, and its
 * invoices, cancellations and payments, oldest first (invoices, then cancellations, then payments on a day).
 */
export async function statementEntries(
  db: Executor,
  companyId: string,
  from: Date,
  to: Date,
): Promise<{ opening: number; entries: StatementEntryRow[] }> {
  const kampalaDay = (column: SQL) => sql`(${column} AT TIME ZONE 'Africa/Kampala')::date::text`;
  const [opening, entries] = await Promise.all([
    db.execute<{ balance: string }>(sql`SELECT ${balanceBefore(companyId, from)} AS balance`),
    db.execute<StatementEntryRow>(sql`
      SELECT * FROM (
        SELECT ${kampalaDay(sql`a.issued_at`)} AS day, 'invoice' AS kind, a.invoice_number AS document,
               a.order_number, a.lpo_number, NULL AS method, NULL AS reference, a.total AS amount, 1 AS rank,
               a.issued_at AS at
        FROM (${accountInvoices(companyId)}) a WHERE a.issued_at >= ${from} AND a.issued_at < ${to}
        UNION ALL
        SELECT ${kampalaDay(sql`a.voided_at`)}, 'cancellation', a.invoice_number, a.order_number, a.lpo_number,
               NULL, NULL, a.total, 2, a.voided_at
        FROM (${accountInvoices(companyId)}) a WHERE a.voided_at >= ${from} AND a.voided_at < ${to}
        UNION ALL
        SELECT p.received_on::text, 'payment', i.invoice_number, NULL, NULL, p.method::text, p.reference, p.amount, 3,
               p.created_at
        FROM company_payments p JOIN invoices i ON i.id = p.invoice_id
        WHERE p.company_id = ${companyId}
          AND p.received_on >= (${from}::timestamptz AT TIME ZONE 'Africa/Kampala')::date
          AND p.received_on < (${to}::timestamptz AT TIME ZONE 'Africa/Kampala')::date
      ) e ORDER BY e.day, e.rank, e.at, e.document`),
  ]);
  return { opening: Number(opening.rows[0]?.balance ?? 0), entries: entries.rows };
}
