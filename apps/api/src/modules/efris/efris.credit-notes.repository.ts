import type { EfrisCreditNoteListQuery } from '@shop/contract/efris';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/transaction';
import { type Claim, CREDIT_NOTE_QUEUE, claimStatement, listPage, updateHeld } from './efris.queue';

/** The SQL of EFRIS's credit notes (decision 0030): one record per credit note of a fiscalised order. */

/**
 * The document a refund (`r`) credits: its order's invoice, or the ticket invoice of the payment
 * it refunds (decision 0034).
 */
const refundedDocument = sql`(r.purpose = 'order' AND d.order_id = r.subject_id::uuid)
  OR (r.purpose = 'event_rsvp' AND d.ticket_invoice_id = (
      SELECT t.id FROM ticket_invoices t WHERE t.transaction_id = r.transaction_id))`;

/**
 * The refund's credit note as one to apply for, once: only for an order whose invoice is sent to
 * EFRIS (it has a document). Answers the record's id, new or not; null when there is nothing to send.
 */
export async function insertCreditNoteForRefund(db: Executor, refundId: string): Promise<number | null> {
  const result = await db.execute<{ id: number }>(sql`
    WITH source AS (
      SELECT c.id AS credit_note_id, d.id AS document_id, c.number FROM credit_notes c
        JOIN payment_refunds r ON r.id = c.refund_id
        JOIN efris_documents d ON ${refundedDocument}
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
      JOIN payment_refunds r ON r.id = c.refund_id
      JOIN efris_documents d ON ${refundedDocument}
     WHERE c.issued_at >= now() - interval '7 days'
       AND NOT EXISTS (SELECT 1 FROM efris_credit_notes e WHERE e.credit_note_id = c.id)
     ORDER BY c.issued_at
     LIMIT ${limit}
    ON CONFLICT (credit_note_id) DO NOTHING`);
  return result.rowCount ?? 0;
}

export type ClaimedCreditNote = Claim & {
  credit_note_id: string;
  reference_no: string;
  state: 'pending' | 'applied';
  ura_reference_no: string | null;
  /** An earlier attempt sent a T110 whose answer never came back. */
  maybe_applied: boolean;
  amount: number;
  reason: string;
  restocked: boolean;
  invoice_state: 'pending' | 'fiscalised' | 'failed';
  invoice_reference_no: string;
  invoice_fiscal_number: string | null;
};

/** Claims a credit note to apply for (`pending`) or to follow (`applied`): the document queue's claim. */
export async function claimCreditNote(
  db: Database,
  id: number,
  leaseSeconds: number,
): Promise<ClaimedCreditNote | null> {
  const claim = claimStatement(
    CREDIT_NOTE_QUEUE,
    id,
    leaseSeconds,
    sql`q.id, q.credit_note_id, q.document_id, q.reference_no, q.state, q.attempts, q.ura_reference_no,
        q.claimed_until, q.application_started_at IS NOT NULL AS maybe_applied`,
  );
  const result = await db.execute<ClaimedCreditNote>(sql`
    WITH claimed AS (${claim})
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

/** Committed before T110 is sent: from now on a retry looks for the application first. */
export function markApplicationStarted(db: Database, claim: ClaimedCreditNote): Promise<boolean> {
  return updateHeld(db, CREDIT_NOTE_QUEUE, claim, sql`application_started_at = now()`);
}

/** URA took the application: followed from now on (the claim stays, for the first T111). */
export async function recordApplied(
  db: Database,
  claim: ClaimedCreditNote,
  uraReferenceNo: string,
): Promise<ClaimedCreditNote | null> {
  const ours = await updateHeld(
    db,
    CREDIT_NOTE_QUEUE,
    claim,
    sql`state = 'applied', ura_reference_no = ${uraReferenceNo}, applied_at = now(), attempts = 0,
        last_error = NULL, last_return_code = NULL`,
  );
  return ours ? { ...claim, state: 'applied', ura_reference_no: uraReferenceNo, attempts: 0 } : null;
}

export function recordApproved(
  db: Database,
  claim: ClaimedCreditNote,
  fiscalDocumentNumber: string,
): Promise<boolean> {
  return updateHeld(
    db,
    CREDIT_NOTE_QUEUE,
    claim,
    sql`state = 'approved', fiscal_document_number = ${fiscalDocumentNumber}, decided_at = now(),
        claimed_until = NULL, last_error = NULL, last_return_code = NULL`,
  );
}

export function recordRejected(db: Database, claim: ClaimedCreditNote, message: string): Promise<boolean> {
  return updateHeld(
    db,
    CREDIT_NOTE_QUEUE,
    claim,
    sql`state = 'rejected', last_error = ${message}, decided_at = now(), claimed_until = NULL`,
  );
}

export type CreditNoteListRow = {
  id: number;
  credit_note_id: string;
  reference_no: string;
  order_id: string | null;
  order_number: string | null;
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

export function listCreditNotes(
  db: Executor,
  query: EfrisCreditNoteListQuery,
): Promise<{ rows: CreditNoteListRow[]; count: number }> {
  return listPage<CreditNoteListRow>(
    db,
    CREDIT_NOTE_QUEUE,
    sql`
      SELECT q.id, q.credit_note_id, q.reference_no, d.order_id, o.order_number, d.reference_no AS invoice_reference_no,
             c.amount, q.state, q.attempts, q.next_attempt_at, q.last_error, q.last_return_code, q.ura_reference_no,
             q.fiscal_document_number, q.applied_at, q.decided_at, q.created_at
        FROM efris_credit_notes q
        JOIN efris_documents d ON d.id = q.document_id
        LEFT JOIN orders o ON o.id = d.order_id
        JOIN credit_notes c ON c.id = q.credit_note_id`,
    query,
  );
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
