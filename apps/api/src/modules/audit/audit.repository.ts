import type { AuditEntry, AuditList, auditListQuerySchema } from '@shop/contract/audit';
import { pageOffset, toPagedList } from '@shop/contract/pagination';
import { and, desc, eq, getTableColumns, gte, like, lt, type SQL, sql } from 'drizzle-orm';
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

const id = auditEntries.subjectId;
// Ids as the subject's key type, or null when an entry's id is not one (`category.reorder` is
// about the order of them all): the casts stay out of branches they do not belong to.
const intId = sql`CASE WHEN ${id} ~ '^[0-9]{1,9}$' THEN ${id}::int END`;
const uuidId = sql`CASE WHEN ${id} ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN ${id}::uuid END`;

/**
 * What each subject is called now, read by its primary key (one lookup per entry of the page):
 * staff read "Stock: Glenfiddich 12 · 700 ml bottle", not "Stock 181".
 */
const subjectName = sql<string | null>`CASE ${auditEntries.subjectType}
  WHEN 'product' THEN (SELECT name FROM products WHERE id = ${intId})
  WHEN 'stock' THEN (SELECT p.name || ' · ' || v.name FROM product_variants v
                     JOIN products p ON p.id = v.product_id WHERE v.id = ${intId})
  WHEN 'variant' THEN (SELECT p.name || ' · ' || v.name FROM product_variants v
                       JOIN products p ON p.id = v.product_id WHERE v.id = ${intId})
  WHEN 'image' THEN (SELECT p.name FROM product_images i JOIN products p ON p.id = i.product_id WHERE i.id = ${intId})
  WHEN 'category' THEN (SELECT name FROM categories WHERE id = ${intId})
  WHEN 'catalog_import' THEN (SELECT NULLIF(file_name, '') FROM catalog_imports WHERE id = ${intId})
  WHEN 'order' THEN (SELECT order_number FROM orders WHERE id = ${uuidId})
  WHEN 'refund' THEN (SELECT coalesce(o.order_number, e.title) FROM payment_refunds r
                      LEFT JOIN orders o ON r.purpose = 'order' AND o.id = r.subject_id::uuid
                      LEFT JOIN rsvps t ON r.purpose <> 'order' AND t.id = r.subject_id::uuid
                      LEFT JOIN events e ON e.id = t.event_id
                      WHERE r.id = ${uuidId})
  WHEN 'discount_code' THEN (SELECT code FROM discount_codes WHERE id = ${intId})
  WHEN 'user' THEN (SELECT name FROM users WHERE id = ${uuidId})
  WHEN 'review' THEN (SELECT p.name FROM product_reviews r JOIN products p ON p.id = r.product_id WHERE r.id = ${intId})
  WHEN 'campaign' THEN (SELECT subject FROM newsletter_campaigns WHERE id = ${intId})
  WHEN 'event' THEN (SELECT title FROM events WHERE id = ${intId})
  WHEN 'delivery_zone' THEN (SELECT name FROM delivery_zones WHERE id = ${intId})
END`;

/** One page of the trail, newest first. The count stops at 10,000 (a page number past it is still served). */
export async function listAudit(db: Executor, query: Query): Promise<AuditList> {
  const where = conditions(query);
  const [rows, counted] = await Promise.all([
    db
      .select({ ...getTableColumns(auditEntries), subjectName })
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
    subject_name: row.subjectName,
    summary: row.summary,
    before: row.before ?? null,
    after: row.after ?? null,
  }));
  return toPagedList(results, count, query);
}
