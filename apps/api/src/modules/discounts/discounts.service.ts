import type { AuditKind } from '@shop/contract/audit';
import {
  type AdminDiscountCode,
  type AdminDiscountList,
  type adminDiscountListQuerySchema,
  type createDiscountCodeRequestSchema,
  type DiscountStatus,
  discountLabel,
  discountRuleIssues,
  type updateDiscountCodeRequestSchema,
} from '@shop/contract/discounts';
import { formatUGX } from '@shop/contract/money';
import { pageOffset, toPagedList } from '@shop/contract/pagination';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Tx } from '../../db/transaction';
import { conflict, invalidInput, notFound } from '../../errors';
import { type AuditActor, changedFields, recordAudit } from '../audit/audit';
import {
  type CodeValues,
  type DiscountCodeRow,
  findCode,
  insertCode,
  listCodes,
  replaceCategories,
  setCodeStatus,
  unknownCategories,
  updateCode,
} from './discounts.repository';

/**
 * Staff's discount codes: create, change, pause, resume, end. Each change and its audit entry are
 * one transaction. The code itself never changes (it is printed on flyers); an ended code stays
 * ended (create a new one). Orders keep the discount they were placed with, whatever changes later.
 */

type CreateBody = z.output<typeof createDiscountCodeRequestSchema>;
type UpdateBody = z.output<typeof updateDiscountCodeRequestSchema>;
type ListQuery = z.output<typeof adminDiscountListQuerySchema>;

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export function toAdminCode(row: DiscountCodeRow): AdminDiscountCode {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    kind: row.kind,
    value: row.value,
    label: discountLabel(row.kind, row.value),
    minimum_order: row.minimum_order,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    max_uses: row.max_uses,
    max_uses_per_customer: row.max_uses_per_customer,
    uses: row.uses,
    status: row.status,
    categories: row.categories,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** What the trail keeps of a code. */
const snapshot = (code: AdminDiscountCode) => ({
  description: code.description,
  kind: code.kind,
  value: code.value,
  minimum_order: code.minimum_order,
  starts_at: code.starts_at,
  ends_at: code.ends_at,
  max_uses: code.max_uses,
  max_uses_per_customer: code.max_uses_per_customer,
  category_ids: code.categories.map((category) => category.id),
});

function summaryOf(code: AdminDiscountCode): string {
  const parts = [code.label];
  if (code.minimum_order > 0) parts.push(`from ${formatUGX(code.minimum_order)}`);
  if (code.categories.length > 0) parts.push(`on ${code.categories.map((c) => c.name).join(', ')}`);
  if (code.max_uses !== null) parts.push(`${code.max_uses} uses`);
  return parts.join(', ');
}

async function checkCategories(tx: Tx, ids: number[]): Promise<void> {
  const unknown = await unknownCategories(tx, ids);
  if (unknown.length > 0) {
    throw invalidInput([
      {
        field: 'category_ids',
        message: `${unknown.join(', ')} ${unknown.length === 1 ? 'is not a category' : 'are not categories'}`,
      },
    ]);
  }
}

export async function pageOfCodes(db: Database, query: ListQuery): Promise<AdminDiscountList> {
  const { rows, count } = await listCodes(
    db,
    { status: query.status, q: query.q },
    { limit: query.page_size, offset: pageOffset(query) },
  );
  return toPagedList(rows.map(toAdminCode), count, query);
}

export async function getCode(db: Database, id: number): Promise<AdminDiscountCode> {
  const row = await findCode(db, id);
  if (!row) throw notFound('The discount code');
  return toAdminCode(row);
}

export async function createCode(
  db: Database,
  actor: AuditActor,
  body: CreateBody,
): Promise<AdminDiscountCode> {
  return db.transaction(async (tx) => {
    await checkCategories(tx, body.category_ids);
    const id = await insertCode(
      tx,
      body.code,
      {
        description: body.description || null,
        kind: body.kind,
        value: body.value,
        minimumOrder: body.minimum_order,
        startsAt: body.starts_at ?? null,
        endsAt: body.ends_at ?? null,
        maxUses: body.max_uses ?? null,
        maxUsesPerCustomer: body.max_uses_per_customer ?? null,
      },
      actor.id,
    );
    if (id === undefined) {
      throw conflict(`The code ${body.code} already exists.`, 'conflict', [
        { field: 'code', message: `${body.code} is taken by another discount code` },
      ]);
    }
    await replaceCategories(tx, id, body.category_ids);
    const created = toAdminCode((await findCode(tx, id))!);
    await recordAudit(tx, actor, {
      kind: 'discount_code.create',
      subjectType: 'discount_code',
      subjectId: id,
      summary: `Created discount code ${created.code}: ${summaryOf(created)}`,
      before: null,
      after: { code: created.code, ...snapshot(created) },
    });
    return created;
  });
}

export async function changeCode(
  db: Database,
  actor: AuditActor,
  id: number,
  body: UpdateBody,
): Promise<AdminDiscountCode> {
  return db.transaction(async (tx) => {
    const row = await findCode(tx, id, true);
    if (!row) throw notFound('The discount code');
    const before = toAdminCode(row);
    if (before.status === 'ended') {
      throw conflict(`${before.code} has ended: create a new code instead.`, 'conflict', [
        { field: 'status', message: 'An ended code cannot be changed' },
      ]);
    }
    const next = {
      description: body.description === undefined ? before.description : body.description || null,
      kind: body.kind ?? before.kind,
      value: body.value ?? before.value,
      minimum_order: body.minimum_order ?? before.minimum_order,
      starts_at: body.starts_at === undefined ? before.starts_at : body.starts_at,
      ends_at: body.ends_at === undefined ? before.ends_at : body.ends_at,
      max_uses: body.max_uses === undefined ? before.max_uses : body.max_uses,
      max_uses_per_customer:
        body.max_uses_per_customer === undefined ? before.max_uses_per_customer : body.max_uses_per_customer,
      category_ids: body.category_ids ?? before.categories.map((category) => category.id),
    };
    const issues = discountRuleIssues(next);
    if (next.max_uses !== null && next.max_uses < before.uses) {
      issues.push({
        field: 'max_uses',
        message: `${before.uses} orders already use this code: total uses cannot be below ${before.uses}`,
      });
    }
    if (issues.length > 0) throw invalidInput(issues);
    const changes = changedFields(snapshot(before), next);
    if (!changes) return before;
    if (body.category_ids) await checkCategories(tx, next.category_ids);
    const values: CodeValues = {
      description: next.description,
      kind: next.kind,
      value: next.value,
      minimumOrder: next.minimum_order,
      startsAt: next.starts_at,
      endsAt: next.ends_at,
      maxUses: next.max_uses,
      maxUsesPerCustomer: next.max_uses_per_customer,
    };
    await updateCode(tx, id, values);
    if (body.category_ids) await replaceCategories(tx, id, next.category_ids);
    const after = toAdminCode((await findCode(tx, id))!);
    await recordAudit(tx, actor, {
      kind: 'discount_code.update',
      subjectType: 'discount_code',
      subjectId: id,
      summary: `Changed discount code ${after.code}: ${Object.keys(changes.after).join(', ')}`,
      before: changes.before,
      after: changes.after,
    });
    return after;
  });
}

const statusVerb: Record<DiscountStatus, { kind: AuditKind; summary: string }> = {
  active: { kind: 'discount_code.resume', summary: 'Resumed' },
  paused: { kind: 'discount_code.pause', summary: 'Paused' },
  ended: { kind: 'discount_code.end', summary: 'Ended' },
};

/** Pause, resume or end a code. Setting the status it has changes nothing; an ended code stays ended. */
export async function changeCodeStatus(
  db: Database,
  actor: AuditActor,
  id: number,
  status: DiscountStatus,
): Promise<AdminDiscountCode> {
  return db.transaction(async (tx) => {
    const row = await findCode(tx, id, true);
    if (!row) throw notFound('The discount code');
    if (row.status === status) return toAdminCode(row);
    if (row.status === 'ended') {
      throw conflict(`${row.code} has ended: create a new code instead.`, 'conflict', [
        { field: 'status', message: 'An ended code cannot be paused or resumed' },
      ]);
    }
    await setCodeStatus(tx, id, status);
    const verb = statusVerb[status];
    await recordAudit(tx, actor, {
      kind: verb.kind,
      subjectType: 'discount_code',
      subjectId: id,
      summary: `${verb.summary} discount code ${row.code}`,
      before: { status: row.status },
      after: { status },
    });
    return toAdminCode((await findCode(tx, id))!);
  });
}
