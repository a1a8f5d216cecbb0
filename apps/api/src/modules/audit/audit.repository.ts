import type { AuditEntry, AuditList, auditListQuerySchema } from '@shop/contract/audit';
import { pageOffset, toPagedList } from '@shop/contract/pagination';
import { and, desc, eq, gte, like, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditEntries } from '../../db/schema';
import type { Executor } from '../../db/transaction';

type Query = z.output<typeof auditListQuerySchema>;

/** Kampala is UTC+3 all year: a Kampala day starts at 21:00 UTC the day before. */
function kampalaDayStart(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00+03:00`);
}

function conditions(query: Query): SQL | undefined {
  const where: SQL[] = [];
  if (query.subject_type) where.push(eq(auditEntries.subjectType, query.subject_type));
  if (query.subject_id) where.push(eq(auditEntries.subjectId, query.subject_id));
  if (query.actor_id) where.push(eq(auditEntries.actorId, query.actor_id));
  if (query.kind) {
    where.push(
      query.kind.includes('.')
        ? eq(auditEntries.kind, query.kind)
        : like(auditEntries.kind, `${query.kind}.%`),
    );
  }
  if (query.from) where.push(gte(auditEntries.occurredAt, kampalaDayStart(query.from)));
  if (query.to) {
    const dayAfter = new Date(kampalaDayStart(query.to).getTime() + 24 * 60 * 60 * 1000);
    where.push(lt(auditEntries.occurredAt, dayAfter));
  }
  return where.length ? and(...where) : undefined;
}

/** One page of the trail, newest first. The count stops at 10,000 (a page number past it is still served). */
export async function listAudit(db: Executor, query: Query): Promise<AuditList> {
  const where = conditions(query);
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(auditEntries)
      .where(where)
      .orderBy(desc(auditEntries.occurredAt), desc(auditEntries.id))
      .limit(query.page_size)
      .offset(pageOffset(query)),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(
        sql`(select 1 from ${auditEntries} ${where ? sql`where ${where}` : sql``} limit 10000) as capped`,
      ),
  ]);
  const count = counted[0]?.count ?? 0;
  const results: AuditEntry[] = rows.map((row) => ({
    id: row.id,
    occurred_at: row.occurredAt.toISOString(),
    actor: { id: row.actorId, name: row.actorName, role: row.actorRole },
    kind: row.kind,
    subject_type: row.subjectType,
    subject_id: row.subjectId,
    summary: row.summary,
    before: row.before ?? null,
    after: row.after ?? null,
  }));
  return toPagedList(results, count, query);
}
