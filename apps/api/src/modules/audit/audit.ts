import type { AuditKind, AuditSubjectType } from '@shop/contract/audit';
import { auditEntries } from '../../db/schema';
import type { Executor } from '../../db/transaction';

/** Who did it: a signed-in staff member or admin, or the shop itself (a job, the command line). */
export type AuditActor = { id: string | null; name: string; role: string };

/** The shop's own changes (jobs, `npm run import`) are recorded under this actor. */
export const SYSTEM_ACTOR: AuditActor = { id: null, name: 'Kampala Cellars (system)', role: 'system' };

/** The actor of a signed-in request (`currentAuth(request).user`). */
export function actorOf(user: { id: string; name: string; role: string }): AuditActor {
  return { id: user.id, name: user.name, role: user.role };
}

export type AuditRecord = {
  /** `<subject>.<verb>`, e.g. `product.update` (each kind is labelled in the contract). */
  kind: AuditKind;
  subjectType: AuditSubjectType;
  subjectId: string | number;
  /** One line a person reads in the trail: "Price of 750 ml: Shs 250,000 → Shs 230,000". */
  summary?: string;
  /** The subject's fields before the change (null when created); only the fields that matter. */
  before?: unknown;
  /** …and after (null when removed). */
  after?: unknown;
};

/**
 * Appends one entry to the audit trail. Call it with the transaction that makes the change, so
 * the entry commits (or rolls back) with it: the trail never shows a change that did not happen
 * nor misses one that did.
 */
export async function recordAudit(executor: Executor, actor: AuditActor, record: AuditRecord): Promise<void> {
  await executor.insert(auditEntries).values({
    actorId: actor.id,
    actorName: actor.name,
    actorRole: actor.role,
    kind: record.kind,
    subjectType: record.subjectType,
    subjectId: String(record.subjectId),
    summary: record.summary ?? '',
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

/**
 * The fields of `after` that differ from `before`, each side keeping only those: what an entry
 * stores for an edit, so the trail shows what changed rather than two whole copies.
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Partial<T>; after: Partial<T> } | null {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (after[key] === undefined) continue;
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key];
    now[key] = after[key];
  }
  return Object.keys(now).length === 0 ? null : { before: was, after: now };
}
