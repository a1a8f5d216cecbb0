import type { EfrisCreditNoteListQuery } from '@shop/contract/efris';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/transaction';

/** The SQL of EFRIS's credit notes (decision 0030): one record per credit note of a fiscalised order. */

/**
 * The refund's credit note as one to apply for, once: only for an order whose invoice is sent to
 * EFRIS (it has a document). Answers the record's id, new or not; null when there is nothing to send.
 */
export async function insertCreditNoteForRefund(db: Executor, refundId: string): Promise<number | null> {
  const result = await db.execute<{ id: number }>(sql`
    WITH source AS (
      SELECT c.id AS credit_note_id, d.id AS document_id, c.number FROM credit_notes c
        JOIN payment_refunds r ON r.id = c.refund_id AND r.purpose = 'order'
        JOIN efris_documents d ON d.order_id = r.subject_id::uuid
       WHERE c.refund_id = ${refundId}),
    inserted AS (
      INSERT INTO efris_credit_notes (credit_note_id, document_id, reference_no)
      SELECT credit_note_id, document_id, number FROM source
      ON CONFLICT (credit_note_id) DO NOTHING
      RETURNING id)
    SELECT id FROM inserted
    UNION ALL SELECT e.id FROM efris_credit_notes e JOIN source ON source.credit_note_id = e.credit_note_id`);
  return result.rows[0]?.id ?? null;
}

/**
 * Credit notes of orders sent to EFRIS that have no record (their `refund.succeeded` handler never
 * ran), issued within the last week.
 */
export async function insertMissingCreditNotes(db: Executor, limit: number): Promise<number> {
  const result = await db.execute(sql`
    INSERT INTO efris_credit_notes (credit_note_id, document_id, reference_no)
    SELECT c.id, d.id, c.number FROM credit_notes c
      JOIN payment_refunds r ON r.id = c.refund_id AND r.purpose = 'order'
      JOIN efris_documents d ON d.order_id = r.subject_id::uuid
     WHERE c.issued_at >= now() - interval '7 days'
       AND NOT EXISTS (SELECT 1 FROM efris_credit_notes e WHERE e.credit_note_id = c.id)
     ORDER BY c.issued_at
     LIMIT ${limit}
    ON CONFLICT (credit_note_id) DO NOTHING`);
  return result.rowCount ?? 0;
}

export type ClaimedCreditNote = {
  id: number;
  credit_note_id: string;
  reference_no: string;
  state: 'pending' | 'applied';
  attempts: number;
  ura_reference_no: string | null;
  /** As the database wrote it: the claim's token. */
  claimed_until: string;
  /** An earlier attempt sent a T110 whose answer never came back. */
  maybe_applied: boolean;
  amount: number;
  reason: string;
  restocked: boolean;
  invoice_state: 'pending' | 'fiscalised' | 'failed';
  invoice_reference_no: string;
  invoice_fiscal_number: string | null;
};

/** Claims a credit note to apply for (`pending`) or to follow (`applied`), as documents are claimed. */
export async function claimCreditNote(
  db: Database,
  id: number,
  leaseSeconds: number,
): Promise<ClaimedCreditNote | null> {
  const result = await db.execute<ClaimedCreditNote>(sql`
    WITH claimable AS (
      SELECT id FROM efris_credit_notes
       WHERE id = ${id} AND state IN ('pending', 'applied') AND (claimed_until IS NULL OR claimed_until < now())
       FOR UPDATE SKIP LOCKED),
    claimed AS (
      UPDATE efris_credit_notes e
         SET claimed_until = now() + make_interval(secs => ${leaseSeconds}), attempts = e.attempts + 1, updated_at = now()
        FROM claimable WHERE e.id = claimable.id
      RETURNING e.id, e.credit_note_id, e.document_id, e.reference_no, e.state, e.attempts, e.ura_reference_no,
                e.claimed_until, e.application_started_at IS NOT NULL AS maybe_applied)
    SELECT claimed.id, claimed.credit_note_id, claimed.reference_no, claimed.state, claimed.attempts,
           claimed.ura_reference_no, claimed.claimed_until, claimed.maybe_applied, c.amount, r.reason,
           jsonb_array_length(r.restock_lines) > 0 AS restocked, d.state AS invoice_state,
           d.reference_no AS invoice_reference_no, d.fiscal_document_number AS invoice_fiscal_number
      FROM claimed
      JOIN credit_notes c ON c.id = claimed.credit_note_id
      JOIN payment_refunds r ON r.id = c.refund_id
      JOIN efris_documents d ON d.id = claimed.document_id`);
  return result.rows[0] ?? null;
}

const ours = (claim: ClaimedCreditNote) =>
  sql`id = ${claim.id} AND claimed_until = ${claim.claimed_until} AND state = ${claim.state}`;

/** Committed before T110 is sent: from now on a retry looks for the application first. */
export async function markApplicationStarted(db: Database, claim: ClaimedCreditNote): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE efris_credit_notes SET application_started_at = now(), updated_at = now() WHERE ${ours(claim)}`);
  return (result.rowCount ?? 0) === 1;
}

/** URA took the application: followed from now on (the claim stays, for the first T111). */
export async function recordApplied(
  db: Database,
  claim: ClaimedCreditNote,
  uraReferenceNo: string,
): Promise<ClaimedCreditNote | null> {
  const result = await db.execute(sql`
    UPDATE efris_credit_notes SET state = 'applied', ura_reference_no = ${uraReferenceNo}, applied_at = now(),
           attempts = 0, last_error = NULL, last_return_code = NULL, updated_at = now()
     WHERE ${ours(claim)}`);
  if ((result.rowCount ?? 0) !== 1) return null;
  return { ...claim, state: 'applied', ura_reference_no: uraReferenceNo, attempts: 0 };
}

export async function recordApproved(
  db: Database,
  claim: ClaimedCreditNote,
  fiscalDocumentNumber: string,
): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE efris_credit_notes SET state = 'approved', fiscal_document_number = ${fiscalDocumentNumber},
           decided_at = now(), claimed_until = NULL, last_error = NULL, last_return_code = NULL, updated_at = now()
     WHERE ${ours(claim)}`);
  return (result.rowCount ?? 0) === 1;
}

export async function recordRejected(
  db: Database,
  claim: ClaimedCreditNote,
  message: string,
): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE efris_credit_notes SET state = 'rejected', last_error = ${message}, decided_at = now(),
           claimed_until = NULL, updated_at = now()
     WHERE ${ours(claim)}`);
  return (result.rowCount ?? 0) === 1;
}

/**
 * The attempt ends without a decision: `failed` (URA refused, or attempts used up), or waiting
 * `retryInSeconds` (a failure to retry, URA still deciding, or the invoice not yet fiscalised:
 * `countAttempt` false, since waiting for the invoice is no failure of the credit note's).
 */
export async function recordCreditNoteWait(
  db: Database,
  claim: ClaimedCreditNote,
  outcome: {
    failed: boolean;
    error: string | null;
    returnCode: string | null;
    retryInSeconds: number;
    countAttempt: boolean;
  },
): Promise<void> {
  await db.execute(sql`
    UPDATE efris_credit_notes SET state = ${outcome.failed ? 'failed' : claim.state}, last_error = ${outcome.error},
           last_return_code = ${outcome.returnCode}, claimed_until = NULL,
           attempts = ${outcome.countAttempt ? sql`attempts` : sql`greatest(attempts - 1, 0)`},
           next_attempt_at = now() + make_interval(secs => ${outcome.retryInSeconds}), updated_at = now()
     WHERE ${ours(claim)}`);
}

/** Credit notes to apply for or follow whose time has come and that nobody holds. */
export async function dueCreditNoteIds(db: Executor, limit: number): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    SELECT id FROM efris_credit_notes
     WHERE state IN ('pending', 'applied') AND next_attempt_at <= now()
       AND (claimed_until IS NULL OR claimed_until < now())
     ORDER BY next_attempt_at, id LIMIT ${limit}`);
  return result.rows.map((row) => row.id);
}

/**
 * A failed or rejected credit note back in the queue, applied for afresh: a rejected application
 * stays rejected at URA, and the search for a lost answer skips it.
 */
export async function requeueCreditNote(
  db: Executor,
  id: number,
): Promise<{ result: 'requeued' | 'not_failed' | 'missing'; orderId: string; referenceNo: string }> {
  const result = await db.execute<{
    state: string;
    order_id: string;
    reference_no: string;
    updated: string;
  }>(sql`
    WITH target AS (
      SELECT e.id, e.state, d.order_id, e.reference_no FROM efris_credit_notes e
        JOIN efris_documents d ON d.id = e.document_id WHERE e.id = ${id} FOR UPDATE OF e),
    updated AS (
      UPDATE efris_credit_notes e SET state = 'pending', attempts = 0, next_attempt_at = now(),
             application_started_at = NULL, ura_reference_no = NULL, updated_at = now()
        FROM target WHERE e.id = target.id AND target.state IN ('failed', 'rejected') RETURNING e.id)
    SELECT target.state, target.order_id, target.reference_no, (SELECT count(*) FROM updated) AS updated FROM target`);
  const row = result.rows[0];
  if (!row) return { result: 'missing', orderId: '', referenceNo: '' };
  return {
    result: Number(row.updated) === 1 ? 'requeued' : 'not_failed',
    orderId: row.order_id,
    referenceNo: row.reference_no,
  };
}

export type CreditNoteListRow = {
  id: number;
  credit_note_id: string;
  reference_no: string;
  order_id: string;
  order_number: string;
  invoice_reference_no: string;
  amount: number;
  state: 'pending' | 'applied' | 'approved' | 'rejected' | 'failed';
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  last_return_code: string | null;
  ura_reference_no: string | null;
  fiscal_document_number: string | null;
  applied_at: Date | null;
  decided_at: Date | null;
  created_at: Date;
};

export async function listCreditNotes(
  db: Executor,
  query: EfrisCreditNoteListQuery,
): Promise<{ rows: CreditNoteListRow[]; count: number }> {
  const where = query.state ? sql`WHERE e.state = ${query.state}` : sql``;
  const [rows, count] = await Promise.all([
    db.execute<CreditNoteListRow>(sql`
      SELECT e.id, e.credit_note_id, e.reference_no, d.order_id, o.order_number, d.reference_no AS invoice_reference_no,
             c.amount, e.state, e.attempts, e.next_attempt_at, e.last_error, e.last_return_code, e.ura_reference_no,
             e.fiscal_document_number, e.applied_at, e.decided_at, e.created_at
        FROM efris_credit_notes e
        JOIN efris_documents d ON d.id = e.document_id
        JOIN orders o ON o.id = d.order_id
        JOIN credit_notes c ON c.id = e.credit_note_id
        ${where}
       ORDER BY e.created_at DESC, e.id DESC
       LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`),
    db.execute<{ count: string }>(sql`SELECT count(*) FROM efris_credit_notes e ${where}`),
  ]);
  return { rows: rows.rows, count: Number(count.rows[0]?.count ?? 0) };
}

export async function creditNoteCounts(
  db: Executor,
): Promise<{ pending: number; awaitingApproval: number; failed: number }> {
  const result = await db.execute<{ pending: string; applied: string; failed: string }>(sql`
    SELECT count(*) FILTER (WHERE state = 'pending') AS pending,
           count(*) FILTER (WHERE state = 'applied') AS applied,
           count(*) FILTER (WHERE state IN ('failed', 'rejected')) AS failed
      FROM efris_credit_notes WHERE state <> 'approved'`);
  const row = result.rows[0];
  return {
    pending: Number(row?.pending ?? 0),
    awaitingApproval: Number(row?.applied ?? 0),
    failed: Number(row?.failed ?? 0),
  };
}
