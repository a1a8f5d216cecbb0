import {
  type Company,
  type CompanyOrder,
  type companyApplicationSchema,
  companyMessages,
  companyStatusLabels,
  type StaffCompany,
  type StaffCompanyDetail,
} from '@shop/contract/companies';
import { companyOrderMessages } from '@shop/contract/company-order';
import { type PagedList, type PageQuery, toPagedList } from '@shop/contract/pagination';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/transaction';
import { conflict, invalidInput, notFound } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit';
import {
  addCompanyBuyer,
  type CompanyOrderRow,
  type CompanyRow,
  decideCompany,
  findCompanyForStaff,
  findCompanyOfBuyer,
  findCustomerByEmail,
  insertCompany,
  listCompaniesForStaff,
  listCompaniesOfBuyer,
  listCompanyBuyers,
  listCompanyOrders,
  removeCompanyBuyer,
  type StaffCompanyRow,
} from './companies.repository';

const iso = (value: Date | string) => new Date(value).toISOString();

function toCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    name: row.name,
    tin: row.tin,
    billing_address: row.billing_address,
    billing_contact_name: row.billing_contact_name,
    billing_contact_phone: row.billing_contact_phone,
    billing_email: row.billing_email,
    status: row.status,
    created_at: iso(row.created_at),
    on_account: row.credit_limit !== null,
  };
}

function toStaffCompany(row: StaffCompanyRow): StaffCompany {
  return {
    ...toCompany(row),
    owed: row.owed,
    buyer_count: row.buyer_count,
    decided_at: row.decided_at ? iso(row.decided_at) : null,
  };
}

function toCompanyOrder(row: CompanyOrderRow): CompanyOrder {
  return {
    id: row.id,
    order_number: row.order_number,
    status: row.status,
    total: row.total,
    paid: row.paid_at !== null,
    lpo_number: row.lpo_number,
    buyer_name: row.contact_name,
    placed_at: iso(row.created_at),
  };
}

/** A customer asks for a company account (pending until staff decide) and becomes its first buyer. */
export async function applyForCompany(
  db: Database,
  userId: string,
  input: z.output<typeof companyApplicationSchema>,
): Promise<Company> {
  // The unique index on the TIN answers a second account for the same company (409, field tin).
  const row = await insertCompany(
    db,
    {
      name: input.name,
      tin: input.tin,
      billingAddress: input.billing_address,
      billingContactName: input.billing_contact_name,
      billingContactPhone: input.billing_contact_phone,
      billingEmail: input.billing_email,
    },
    userId,
  );
  return toCompany(row);
}

export async function companiesOfBuyer(
  db: Database,
  userId: string,
  page: PageQuery,
): Promise<PagedList<Company>> {
  const { rows, count } = await listCompaniesOfBuyer(db, userId, page);
  return toPagedList(rows.map(toCompany), count, page);
}

/** A company's orders, for one of its buyers only: anyone else gets the same 404 as no company. */
export async function companyOrdersForBuyer(
  db: Database,
  companyId: string,
  userId: string,
  page: PageQuery,
): Promise<PagedList<CompanyOrder>> {
  if (!(await findCompanyOfBuyer(db, companyId, userId))) throw notFound('Company');
  const { rows, count } = await listCompanyOrders(db, companyId, page);
  return toPagedList(rows.map(toCompanyOrder), count, page);
}

/**
 * The company a checkout is placed for: its buyer's own, and approved. Refusals name the field
 * (`company.company_id`), like every checkout refusal, and change nothing.
 */
export async function companyForCheckout(
  db: Executor,
  companyId: string,
  userId: string,
): Promise<{ id: string; name: string; tin: string }> {
  const company = await findCompanyOfBuyer(db, companyId, userId);
  if (!company) throw invalidInput([{ field: 'company.company_id', message: companyOrderMessages.notBuyer }]);
  if (company.status !== 'approved') {
    throw invalidInput([{ field: 'company.company_id', message: companyOrderMessages.notApproved }]);
  }
  return { id: company.id, name: company.name, tin: company.tin };
}

/**
 * The company a recipients' list is placed for (decision 0036): a buyer's own, or any for staff
 * (on its behalf); approved. Anyone else gets the same 404 as no company.
 */
export async function companyForList(
  db: Executor,
  companyId: string,
  user: { id: string; staff: boolean },
): Promise<{ id: string; name: string; tin: string; contactName: string; contactPhone: string }> {
  const company = user.staff
    ? await findCompanyForStaff(db, companyId)
    : await findCompanyOfBuyer(db, companyId, user.id);
  if (!company) throw notFound('Company');
  if (company.status !== 'approved') {
    throw invalidInput([{ field: 'company_id', message: companyOrderMessages.notApproved }]);
  }
  return {
    id: company.id,
    name: company.name,
    tin: company.tin,
    contactName: company.billing_contact_name,
    contactPhone: company.billing_contact_phone,
  };
}

/** Whether the user may read the company's lists: one of its buyers (staff read every one). */
export async function isBuyerOf(db: Executor, companyId: string, userId: string): Promise<boolean> {
  return (await findCompanyOfBuyer(db, companyId, userId)) !== undefined;
}

export async function companiesForStaff(
  db: Database,
  query: PageQuery & { status?: Company['status'] | undefined; q?: string | undefined },
): Promise<PagedList<StaffCompany>> {
  const { rows, count } = await listCompaniesForStaff(db, { status: query.status, search: query.q }, query);
  return toPagedList(rows.map(toStaffCompany), count, query);
}

export async function companyForStaff(db: Database, companyId: string): Promise<StaffCompanyDetail> {
  const [row, buyers] = await Promise.all([
    findCompanyForStaff(db, companyId),
    listCompanyBuyers(db, companyId),
  ]);
  if (!row) throw notFound('Company');
  return {
    ...toStaffCompany(row),
    buyers: buyers.map((buyer) => ({ ...buyer, added_at: iso(buyer.added_at) })),
  };
}

export async function companyOrdersForStaff(
  db: Database,
  companyId: string,
  page: PageQuery,
): Promise<PagedList<CompanyOrder>> {
  if (!(await findCompanyForStaff(db, companyId))) throw notFound('Company');
  const { rows, count } = await listCompanyOrders(db, companyId, page);
  return toPagedList(rows.map(toCompanyOrder), count, page);
}

export async function decideCompanyAccount(
  db: Database,
  companyId: string,
  status: 'approved' | 'rejected',
  actor: AuditActor,
): Promise<StaffCompanyDetail> {
  // The decision and its audit entry commit together.
  await db.transaction(async (tx) => {
    const company = await findCompanyForStaff(tx, companyId);
    if (!company || !(await decideCompany(tx, companyId, status, actor.id))) throw notFound('Company');
    await recordAudit(tx, actor, {
      kind: status === 'approved' ? 'company.approve' : 'company.reject',
      subjectType: 'company',
      subjectId: companyId,
      summary: `${company.name} (TIN ${company.tin}): ${companyStatusLabels[status]}`,
      before: { status: company.status },
      after: { status },
    });
  });
  return companyForStaff(db, companyId);
}

/** Staff add a person (a customer account, by e-mail) who may order for the company. */
export async function addBuyer(
  db: Database,
  companyId: string,
  email: string,
  actor: AuditActor,
): Promise<StaffCompanyDetail> {
  await db.transaction(async (tx) => {
    const company = await findCompanyForStaff(tx, companyId);
    if (!company) throw notFound('Company');
    const person = await findCustomerByEmail(tx, email);
    if (!person) throw invalidInput([{ field: 'email', message: companyMessages.noSuchPerson }]);
    if (!(await addCompanyBuyer(tx, companyId, person.id))) {
      throw conflict(`This person ${companyMessages.alreadyBuyer}.`, 'conflict', [
        { field: 'email', message: companyMessages.alreadyBuyer },
      ]);
    }
    // The person by account id only: the trail keeps no e-mail address.
    await recordAudit(tx, actor, {
      kind: 'company.buyer_add',
      subjectType: 'company',
      subjectId: companyId,
      summary: `${company.name}: a buyer added`,
      after: { user_id: person.id },
    });
  });
  return companyForStaff(db, companyId);
}

export async function removeBuyer(
  db: Database,
  companyId: string,
  userId: string,
  actor: AuditActor,
): Promise<StaffCompanyDetail> {
  await db.transaction(async (tx) => {
    if (!(await removeCompanyBuyer(tx, companyId, userId))) throw notFound('Buyer');
    await recordAudit(tx, actor, {
      kind: 'company.buyer_remove',
      subjectType: 'company',
      subjectId: companyId,
      summary: 'A buyer removed',
      before: { user_id: userId },
    });
  });
  return companyForStaff(db, companyId);
}
