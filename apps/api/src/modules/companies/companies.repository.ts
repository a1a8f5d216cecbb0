import type { CompanyStatus } from '@shop/contract/companies';
import { MAX_COMPANY_BUYERS } from '@shop/contract/companies';
import type { OrderStatus } from '@shop/contract/orders';
import type { PageQuery } from '@shop/contract/pagination';
import { pageOffset } from '@shop/contract/pagination';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';

/** Company accounts' queries (`companies`, `company_buyers`, and the orders placed for them). */

export type CompanyRow = {
  id: string;
  name: string;
  tin: string;
  billing_address: string;
  billing_contact_name: string;
  billing_contact_phone: string;
  billing_email: string;
  status: CompanyStatus;
  created_at: Date;
  /** Paying on account (decision 0042): both null when not allowed. */
  credit_limit: number | null;
  payment_terms_days: number | null;
};

export type StaffCompanyRow = CompanyRow & { owed: number; buyer_count: number; decided_at: Date | null };

const COMPANY_COLUMNS = sql`c.id, c.name, c.tin, c.billing_address, c.billing_contact_name,
  c.billing_contact_phone, c.billing_email, c.status, c.created_at, c.credit_limit, c.payment_terms_days`;

/**
 * What a company owes: its orders placed and not paid; a cancelled or refunded order owes nothing.
 * Read through `orders_company_created_idx`.
 */
const OWED = sql`(SELECT COALESCE(SUM(o.total), 0)::int FROM orders o
  WHERE o.company_id = c.id AND o.paid_at IS NULL AND o.status NOT IN ('cancelled', 'refunded'))`;
const BUYER_COUNT = sql`(SELECT count(*)::int FROM company_buyers b WHERE b.company_id = c.id)`;

export type NewCompany = {
  name: string;
  tin: string;
  billingAddress: string;
  billingContactName: string;
  billingContactPhone: string;
  billingEmail: string;
};

/** The company and its first buyer (who asked for it) in one statement. */
export async function insertCompany(db: Executor, company: NewCompany, userId: string): Promise<CompanyRow> {
  const result = await db.execute<CompanyRow>(sql`
    WITH c AS (
      INSERT INTO companies (name, tin, billing_address, billing_contact_name, billing_contact_phone,
        billing_email, requested_by)
      VALUES (${company.name}, ${company.tin}, ${company.billingAddress}, ${company.billingContactName},
        ${company.billingContactPhone}, ${company.billingEmail}, ${userId})
      RETURNING *
    ), buyer AS (
      INSERT INTO company_buyers (company_id, user_id) SELECT id, ${userId} FROM c
    )
    SELECT ${COMPANY_COLUMNS} FROM c`);
  const row = result.rows[0];
  if (!row) throw new Error('The company was not written');
  return row;
}

/** The companies a person orders for, newest first. */
export async function listCompaniesOfBuyer(
  db: Executor,
  userId: string,
  page: PageQuery,
): Promise<{ rows: CompanyRow[]; count: number }> {
  const result = await db.execute<CompanyRow & { full_count: number }>(sql`
    SELECT ${COMPANY_COLUMNS}, count(*) OVER ()::int AS full_count
    FROM company_buyers b JOIN companies c ON c.id = b.company_id
    WHERE b.user_id = ${userId}
    ORDER BY c.created_at DESC, c.id DESC
    LIMIT ${page.page_size} OFFSET ${pageOffset(page)}`);
  return { rows: result.rows, count: result.rows[0]?.full_count ?? 0 };
}

/** The company, when this person orders for it (else undefined: not theirs, or no such company). */
export async function findCompanyOfBuyer(
  db: Executor,
  companyId: string,
  userId: string,
): Promise<CompanyRow | undefined> {
  const result = await db.execute<CompanyRow>(sql`
    SELECT ${COMPANY_COLUMNS}
    FROM companies c JOIN company_buyers b ON b.company_id = c.id AND b.user_id = ${userId}
    WHERE c.id = ${companyId}`);
  return result.rows[0];
}

export type CompanyOrderRow = {
  id: string;
  order_number: string;
  status: OrderStatus;
  total: number;
  paid_at: Date | null;
  lpo_number: string | null;
  contact_name: string;
  created_at: Date;
};

/**
 * One page of the orders placed for a company, newest first, with the count, in one statement
 * (the count's one row joined to the page, so an empty page still answers it: decision 0012).
 */
export async function listCompanyOrders(
  db: Executor,
  companyId: string,
  page: PageQuery,
): Promise<{ rows: CompanyOrderRow[]; count: number }> {
  const result = await db.execute<Partial<CompanyOrderRow> & { full_count: number }>(sql`
    SELECT n.full_count, p.*
    FROM (SELECT count(*)::int AS full_count FROM orders WHERE company_id = ${companyId}) n
    LEFT JOIN LATERAL (
      SELECT o.id, o.order_number, o.status, o.total, o.paid_at, o.lpo_number, o.contact_name, o.created_at
      FROM orders o WHERE o.company_id = ${companyId}
      ORDER BY o.created_at DESC, o.id DESC
      LIMIT ${page.page_size} OFFSET ${pageOffset(page)}
    ) p ON true`);
  const rows = result.rows.filter((row): row is CompanyOrderRow & { full_count: number } => row.id != null);
  return { rows, count: result.rows[0]?.full_count ?? 0 };
}

/** A text for a (I)LIKE pattern, its own wildcards escaped. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Staff's list: one page, newest first (its index), optionally in one state and matching a search
 * (part of the name, the start of the TIN), with what each owes. The search filters while the
 * index is walked: company accounts are counted in hundreds, not the orders' hundreds of thousands.
 */
export async function listCompaniesForStaff(
  db: Executor,
  filter: { status?: CompanyStatus | undefined; search?: string | undefined },
  page: PageQuery,
): Promise<{ rows: StaffCompanyRow[]; count: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(sql`c.status = ${filter.status}`);
  if (filter.search) {
    const text = escapeLike(filter.search);
    conditions.push(sql`(c.name ILIKE ${`%${text}%`} OR c.tin LIKE ${`${text}%`})`);
  }
  const where = conditions.length === 0 ? sql`` : sql`WHERE ${sql.join(conditions, sql` AND `)}`;
  const [rows, count] = await Promise.all([
    db.execute<StaffCompanyRow>(sql`
      SELECT ${COMPANY_COLUMNS}, c.decided_at, ${OWED} AS owed, ${BUYER_COUNT} AS buyer_count
      FROM companies c ${where}
      ORDER BY c.created_at DESC, c.id DESC
      LIMIT ${page.page_size} OFFSET ${pageOffset(page)}`),
    db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM companies c ${where}`),
  ]);
  return { rows: rows.rows, count: count.rows[0]?.count ?? 0 };
}

export async function findCompanyForStaff(
  db: Executor,
  companyId: string,
): Promise<StaffCompanyRow | undefined> {
  const result = await db.execute<StaffCompanyRow>(sql`
    SELECT ${COMPANY_COLUMNS}, c.decided_at, ${OWED} AS owed, ${BUYER_COUNT} AS buyer_count
    FROM companies c WHERE c.id = ${companyId}`);
  return result.rows[0];
}

export type CompanyBuyerRow = { user_id: string; name: string; email: string; added_at: Date };

export async function listCompanyBuyers(db: Executor, companyId: string): Promise<CompanyBuyerRow[]> {
  const result = await db.execute<CompanyBuyerRow>(sql`
    SELECT u.id AS user_id, u.name, u.email, b.created_at AS added_at
    FROM company_buyers b JOIN users u ON u.id = b.user_id
    WHERE b.company_id = ${companyId}
    ORDER BY b.created_at, u.id
    LIMIT ${MAX_COMPANY_BUYERS}`);
  return result.rows;
}

/** Staff's decision; answers false when there is no such company. */
export async function decideCompany(
  db: Executor,
  companyId: string,
  status: 'approved' | 'rejected',
  staffId: string | null,
): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE companies SET status = ${status}, decided_by = ${staffId}, decided_at = now(), updated_at = now()
    WHERE id = ${companyId}`);
  return (result.rowCount ?? 0) > 0;
}

/** A customer account (not staff) by e-mail address, to add as a buyer. */
export async function findCustomerByEmail(db: Executor, email: string): Promise<{ id: string } | undefined> {
  const result = await db.execute<{ id: string }>(
    sql`SELECT id FROM users WHERE email = ${email} AND role = 'customer'`,
  );
  return result.rows[0];
}

/** Adds a buyer; answers false when they already order for the company. */
export async function addCompanyBuyer(db: Executor, companyId: string, userId: string): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO company_buyers (company_id, user_id) VALUES (${companyId}, ${userId})
    ON CONFLICT DO NOTHING`);
  return (result.rowCount ?? 0) > 0;
}

export async function removeCompanyBuyer(db: Executor, companyId: string, userId: string): Promise<boolean> {
  const result = await db.execute(
    sql`DELETE FROM company_buyers WHERE company_id = ${companyId} AND user_id = ${userId}`,
  );
  return (result.rowCount ?? 0) > 0;
}
