import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/transaction';

/**
 * The one document queue (decisions 0024, 0030, 0034): invoices (orders' and tickets') and credit
 * notes are each a row claimed by one worker at a time (`FOR UPDATE SKIP LOCKED`, then a lease in
 * `claimed_until`, so no transaction stays open while URA answers), every later write conditional
 * on that lease, retried with back-off from `next_attempt_at`, sent back by staff once refused.
 * What differs between the kinds is said here, once.
 */
export type DocumentQueue = {
  table: SQL;
  /** States a worker takes up. */
  active: readonly string[];
  /** States staff may send back to `pending`. */
  refused: readonly string[];
  /** What else a staff retry clears. */
  resetOnRetry: SQL;
  /** The invoice document the row is (or credits). */
  documentId: SQL;
};

export const INVOICE_QUEUE: DocumentQueue = {
  table: sql.raw('efris_documents'),
  active: ['pending'],
  refused: ['failed'],
  resetOnRetry: sql``,
  documentId: sql.raw('id'),
};

export const CREDIT_NOTE_QUEUE: DocumentQueue = {
  table: sql.raw('efris_credit_notes'),
  active: ['pending', 'applied'],
  refused: ['failed', 'rejected'],
  // A rejected application stays rejected at URA: the next one is a new application.
  resetOnRetry: sql`, application_started_at = NULL, ura_reference_no = NULL`,
  documentId: sql.raw('document_id'),
};

/** A worker's hold on a row: `claimed_until` as the database wrote it (to the microsecond) is its token. */
export type Claim = { id: number; state: string; attempts: number; claimed_until: string };

const states = (list: readonly string[]) =>
  sql.join(
    list.map((state) => sql`${state}`),
    sql`, `,
  );

/**
 * The claim as one UPDATE (usable inside a WITH): the row when it is active and nobody holds it,
 * `returning` the columns the caller reads (the row is `q`). No row: another worker has it.
 */
export function claimStatement(queue: DocumentQueue, id: number, leaseSeconds: number, returning: SQL): SQL {
  return sql`
    UPDATE ${queue.table} q
       SET claimed_until = now() + make_interval(secs => ${leaseSeconds}), attempts = q.attempts + 1, updated_at = now()
     WHERE q.id = (
       SELECT id FROM ${queue.table}
        WHERE id = ${id} AND state IN (${states(queue.active)}) AND (claimed_until IS NULL OR claimed_until < now())
          FOR UPDATE SKIP LOCKED)
    RETURNING ${returning}`;
}

/** The row is still this claim's: every write after the claim says so. */
export const held = (claim: Claim) =>
  sql`id = ${claim.id} AND claimed_until = ${claim.claimed_until} AND state = ${claim.state}`;

/** A write under the claim; false when the claim is no longer ours (its lease passed). */
export async function updateHeld(
  db: Database,
  queue: DocumentQueue,
  claim: Claim,
  set: SQL,
): Promise<boolean> {
  const result = await db.execute(
    sql`UPDATE ${queue.table} SET ${set}, updated_at = now() WHERE ${held(claim)}`,
  );
  return (result.rowCount ?? 0) === 1;
}

/**
 * The attempt ends without an outcome: `failed` (refused, or attempts used up), or tried again in
 * `retryInSeconds`; `countAttempt` false gives the attempt back (waiting is no failure).
 */
export async function recordWait(
  db: Database,
  queue: DocumentQueue,
  claim: Claim,
  outcome: {
    failed: boolean;
    error: string | null;
    returnCode: string | null;
    retryInSeconds: number;
    countAttempt?: boolean;
  },
): Promise<void> {
  await updateHeld(
    db,
    queue,
    claim,
    sql`state = ${outcome.failed ? 'failed' : claim.state}, last_error = ${outcome.error},
        last_return_code = ${outcome.returnCode}, claimed_until = NULL,
        attempts = ${outcome.countAttempt === false ? sql`greatest(attempts - 1, 0)` : sql`attempts`},
        next_attempt_at = now() + make_interval(secs => ${outcome.retryInSeconds})`,
  );
}

/** Rows whose next attempt is due and that nobody holds, oldest first. */
export async function dueIds(db: Executor, queue: DocumentQueue, limit: number): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    SELECT id FROM ${queue.table}
     WHERE state IN (${states(queue.active)}) AND next_attempt_at <= now()
       AND (claimed_until IS NULL OR claimed_until < now())
     ORDER BY next_attempt_at, id LIMIT ${limit}`);
  return result.rows.map((row) => row.id);
}

/** Staff's retry: a refused row back to `pending` at once, its attempts counted afresh. */
export async function requeue(
  db: Executor,
  queue: DocumentQueue,
  id: number,
): Promise<{ result: 'requeued' | 'not_failed' | 'missing'; referenceNo: string; documentId: number }> {
  const result = await db.execute<{ reference_no: string; document_id: number; updated: string }>(sql`
    WITH target AS (
      SELECT id, state, reference_no, ${queue.documentId} AS document_id FROM ${queue.table} WHERE id = ${id} FOR UPDATE),
    updated AS (
      UPDATE ${queue.table} q SET state = 'pending', attempts = 0, next_attempt_at = now(), updated_at = now()
             ${queue.resetOnRetry}
        FROM target WHERE q.id = target.id AND target.state IN (${states(queue.refused)}) RETURNING q.id)
    SELECT target.reference_no, target.document_id, (SELECT count(*) FROM updated) AS updated FROM target`);
  const row = result.rows[0];
  if (!row) return { result: 'missing', referenceNo: '', documentId: 0 };
  return {
    result: Number(row.updated) === 1 ? 'requeued' : 'not_failed',
    referenceNo: row.reference_no,
    documentId: row.document_id,
  };
}

/** What an invoice document is of, for the audit trail: its order, or its ticket's event. */
export async function subjectOfDocument(
  db: Executor,
  documentId: number,
): Promise<{ orderId: string | null; eventId: number | null }> {
  const result = await db.execute<{ order_id: string | null; event_id: number | null }>(sql`
    SELECT d.order_id, t.event_id FROM efris_documents d
      LEFT JOIN ticket_invoices t ON t.id = d.ticket_invoice_id WHERE d.id = ${documentId}`);
  return { orderId: result.rows[0]?.order_id ?? null, eventId: result.rows[0]?.event_id ?? null };
}

/** A paged list of a queue: `select` reads `q` (and what it joins) for one page, by state. */
export async function listPage<Row>(
  db: Executor,
  queue: DocumentQueue,
  select: SQL,
  query: { state?: string; page: number; page_size: number },
): Promise<{ rows: Row[]; count: number }> {
  const where = query.state ? sql`WHERE q.state = ${query.state}` : sql``;
  const [rows, count] = await Promise.all([
    db.execute<Row & Record<string, unknown>>(sql`
      ${select}
      ${where}
       ORDER BY q.created_at DESC, q.id DESC
       LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`),
    db.execute<{ count: string }>(sql`SELECT count(*) FROM ${queue.table} q ${where}`),
  ]);
  return { rows: rows.rows as Row[], count: Number(count.rows[0]?.count ?? 0) };
}
