import type { EfrisDocumentListQuery } from '@shop/contract/efris';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { EfrisRegistration } from '../../db/schema/efris';
import type { Executor } from '../../db/transaction';

/** EFRIS's rows: the one settings row and the documents (idempotency records). */

export type EfrisSettingsRow = {
  enabled: boolean;
  environment: 'test' | 'production';
  tin: string | null;
  device_no: string | null;
  commodity_code: string | null;
  private_key_ciphertext: string | null;
  key_fingerprint: string | null;
  key_uploaded_at: Date | null;
  registration: EfrisRegistration | null;
  registration_checked_at: Date | null;
  clock_offset_ms: number | null;
  clock_checked_at: Date | null;
};

const EMPTY_SETTINGS: EfrisSettingsRow = {
  enabled: false,
  environment: 'test',
  tin: null,
  device_no: null,
  commodity_code: null,
  private_key_ciphertext: null,
  key_fingerprint: null,
  key_uploaded_at: null,
  registration: null,
  registration_checked_at: null,
  clock_offset_ms: null,
  clock_checked_at: null,
};

export async function readSettings(db: Executor): Promise<EfrisSettingsRow> {
  const result = await db.execute<Record<keyof EfrisSettingsRow, unknown>>(sql`
    SELECT enabled, environment, tin, device_no, commodity_code, private_key_ciphertext, key_fingerprint,
           key_uploaded_at, registration, registration_checked_at, clock_offset_ms, clock_checked_at
      FROM efris_settings WHERE id = 1`);
  const row = result.rows[0];
  if (!row) return EMPTY_SETTINGS;
  // Raw queries answer timestamps as text.
  const date = (value: unknown) => (value === null ? null : new Date(value as string));
  return {
    ...(row as EfrisSettingsRow),
    key_uploaded_at: date(row.key_uploaded_at),
    registration_checked_at: date(row.registration_checked_at),
    clock_checked_at: date(row.clock_checked_at),
  };
}

export async function writeSettings(
  db: Executor,
  changes: {
    enabled?: boolean;
    environment?: 'test' | 'production';
    tin?: string | null;
    deviceNo?: string | null;
    commodityCode?: string | null;
    privateKeyCiphertext?: string;
    keyFingerprint?: string;
    registration?: EfrisRegistration | null;
    clockOffsetMs?: number;
  },
  updatedById: string | null,
): Promise<void> {
  const has = (name: keyof typeof changes) => Object.hasOwn(changes, name);
  await db.execute(sql`
    INSERT INTO efris_settings (id, updated_by_id) VALUES (1, ${updatedById})
    ON CONFLICT (id) DO NOTHING`);
  await db.execute(sql`
    UPDATE efris_settings SET
      enabled = ${has('enabled') ? sql`${changes.enabled}` : sql`enabled`},
      environment = ${has('environment') ? sql`${changes.environment}` : sql`environment`},
      tin = ${has('tin') ? sql`${changes.tin}` : sql`tin`},
      device_no = ${has('deviceNo') ? sql`${changes.deviceNo}` : sql`device_no`},
      commodity_code = ${has('commodityCode') ? sql`${changes.commodityCode}` : sql`commodity_code`},
      private_key_ciphertext = ${has('privateKeyCiphertext') ? sql`${changes.privateKeyCiphertext}` : sql`private_key_ciphertext`},
      key_fingerprint = ${has('keyFingerprint') ? sql`${changes.keyFingerprint}` : sql`key_fingerprint`},
      key_uploaded_at = ${has('privateKeyCiphertext') ? sql`now()` : sql`key_uploaded_at`},
      registration = ${has('registration') ? sql`${changes.registration === null ? null : JSON.stringify(changes.registration)}::jsonb` : sql`registration`},
      registration_checked_at = ${has('registration') ? sql`now()` : sql`registration_checked_at`},
      clock_offset_ms = ${has('clockOffsetMs') ? sql`${changes.clockOffsetMs}` : sql`clock_offset_ms`},
      clock_checked_at = ${has('clockOffsetMs') ? sql`now()` : sql`clock_checked_at`},
      updated_at = now(),
      updated_by_id = coalesce(${updatedById}, updated_by_id)
    WHERE id = 1`);
}

/**
 * The order's tax invoice as a document to fiscalise, once: nothing when it has one already, or
 * its invoice is not a tax invoice (no shop TIN on it). Answers the document's id, new or not.
 */
export async function insertDocumentForOrder(db: Executor, orderId: string): Promise<number | null> {
  const result = await db.execute<{ id: number }>(sql`
    WITH inserted AS (
      INSERT INTO efris_documents (order_id, invoice_id, reference_no)
      SELECT i.order_id, i.id, i.invoice_number FROM invoices i
       WHERE i.order_id = ${orderId} AND i.shop_tin IS NOT NULL AND i.status <> 'void'
      ON CONFLICT (order_id) DO NOTHING
      RETURNING id)
    SELECT id FROM inserted
    UNION ALL SELECT id FROM efris_documents WHERE order_id = ${orderId}`);
  return result.rows[0]?.id ?? null;
}

/**
 * Paid tax invoices without a document (their `order.paid` handler never ran: the instance
 * stopped right after the commit), paid since the key was uploaded, within the last week.
 */
export async function insertMissingDocuments(db: Executor, limit: number): Promise<number> {
  const result = await db.execute(sql`
    INSERT INTO efris_documents (order_id, invoice_id, reference_no)
    SELECT i.order_id, i.id, i.invoice_number FROM invoices i
      JOIN efris_settings s ON s.id = 1 AND s.enabled AND s.key_uploaded_at IS NOT NULL
     WHERE i.paid_at IS NOT NULL AND i.shop_tin IS NOT NULL AND i.status <> 'void'
       AND i.paid_at >= greatest(s.key_uploaded_at, now() - interval '7 days')
       AND NOT EXISTS (SELECT 1 FROM efris_documents d WHERE d.order_id = i.order_id)
     ORDER BY i.paid_at
     LIMIT ${limit}
    ON CONFLICT (order_id) DO NOTHING`);
  return result.rowCount ?? 0;
}

export type ClaimedDocument = {
  id: number;
  order_id: string;
  reference_no: string;
  attempts: number;
  /** As the database wrote it (text, to the microsecond): the claim's token. */
  claimed_until: string;
  /** An earlier attempt started an upload whose answer never came back. */
  maybe_uploaded: boolean;
};

/**
 * Claims a pending document for one attempt (`FOR UPDATE SKIP LOCKED`, then a lease in
 * `claimed_until`, so no transaction stays open while EFRIS answers): null when it is not
 * pending, or another worker holds it.
 */
export async function claimDocument(
  db: Database,
  id: number,
  leaseSeconds: number,
): Promise<ClaimedDocument | null> {
  const result = await db.execute<ClaimedDocument>(sql`
    WITH claimable AS (
      SELECT id FROM efris_documents
       WHERE id = ${id} AND state = 'pending' AND (claimed_until IS NULL OR claimed_until < now())
       FOR UPDATE SKIP LOCKED)
    UPDATE efris_documents d
       SET claimed_until = now() + make_interval(secs => ${leaseSeconds}), attempts = d.attempts + 1, updated_at = now()
      FROM claimable WHERE d.id = claimable.id
    RETURNING d.id, d.order_id, d.reference_no, d.attempts, d.claimed_until, d.upload_started_at IS NOT NULL AS maybe_uploaded`);
  return result.rows[0] ?? null;
}

/** Written (and committed) before T109 is sent: from now on a retry asks URA first. */
export async function markUploadStarted(db: Database, claim: ClaimedDocument): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE efris_documents SET upload_started_at = now(), updated_at = now()
     WHERE id = ${claim.id} AND claimed_until = ${claim.claimed_until} AND state = 'pending'`);
  return (result.rowCount ?? 0) === 1;
}

export async function recordFiscalised(
  db: Database,
  claim: ClaimedDocument,
  fiscal: { fiscalDocumentNumber: string; verificationCode: string; qrCode: string },
): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE efris_documents SET state = 'fiscalised', fiscal_document_number = ${fiscal.fiscalDocumentNumber},
           verification_code = ${fiscal.verificationCode}, qr_code = ${fiscal.qrCode}, fiscalised_at = now(),
           claimed_until = NULL, last_error = NULL, last_return_code = NULL, updated_at = now()
     WHERE id = ${claim.id} AND claimed_until = ${claim.claimed_until} AND state = 'pending'`);
  return (result.rowCount ?? 0) === 1;
}

export async function recordAttemptFailed(
  db: Database,
  claim: ClaimedDocument,
  outcome: { failed: boolean; error: string; returnCode: string | null; retryInSeconds: number },
): Promise<void> {
  await db.execute(sql`
    UPDATE efris_documents SET state = ${outcome.failed ? 'failed' : 'pending'}, last_error = ${outcome.error},
           last_return_code = ${outcome.returnCode}, claimed_until = NULL,
           next_attempt_at = now() + make_interval(secs => ${outcome.retryInSeconds}), updated_at = now()
     WHERE id = ${claim.id} AND claimed_until = ${claim.claimed_until} AND state = 'pending'`);
}

/** Pending documents whose next attempt is due and that nobody holds, oldest first. */
export async function dueDocumentIds(db: Executor, limit: number): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    SELECT id FROM efris_documents
     WHERE state = 'pending' AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
     ORDER BY next_attempt_at, id LIMIT ${limit}`);
  return result.rows.map((row) => row.id);
}

/** A failed document back in the queue at once, its attempts counted afresh. */
export async function requeueDocument(
  db: Executor,
  id: number,
): Promise<{ result: 'requeued' | 'not_failed' | 'missing'; orderId: string; referenceNo: string }> {
  const result = await db.execute<{
    state: string;
    order_id: string;
    reference_no: string;
    updated: string;
  }>(sql`
    WITH target AS (SELECT id, state, order_id, reference_no FROM efris_documents WHERE id = ${id} FOR UPDATE),
    updated AS (
      UPDATE efris_documents d SET state = 'pending', attempts = 0, next_attempt_at = now(), updated_at = now()
        FROM target WHERE d.id = target.id AND target.state = 'failed' RETURNING d.id)
    SELECT target.state, target.order_id, target.reference_no, (SELECT count(*) FROM updated) AS updated FROM target`);
  const row = result.rows[0];
  if (!row) return { result: 'missing', orderId: '', referenceNo: '' };
  return {
    result: Number(row.updated) === 1 ? 'requeued' : 'not_failed',
    orderId: row.order_id,
    referenceNo: row.reference_no,
  };
}

export type DocumentListRow = {
  id: number;
  order_id: string;
  order_number: string;
  reference_no: string;
  business: boolean;
  state: 'pending' | 'fiscalised' | 'failed';
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  last_return_code: string | null;
  fiscal_document_number: string | null;
  verification_code: string | null;
  fiscalised_at: Date | null;
  created_at: Date;
};

export async function listDocuments(
  db: Executor,
  query: EfrisDocumentListQuery,
): Promise<{ rows: DocumentListRow[]; count: number }> {
  const where = query.state ? sql`WHERE d.state = ${query.state}` : sql``;
  const [rows, count] = await Promise.all([
    db.execute<DocumentListRow>(sql`
      SELECT d.id, d.order_id, o.order_number, d.reference_no, o.vat_business_tin IS NOT NULL AS business, d.state,
             d.attempts, d.next_attempt_at, d.last_error, d.last_return_code, d.fiscal_document_number,
             d.verification_code, d.fiscalised_at, d.created_at
        FROM efris_documents d JOIN orders o ON o.id = d.order_id
        ${where}
       ORDER BY d.created_at DESC, d.id DESC
       LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`),
    db.execute<{ count: string }>(sql`SELECT count(*) FROM efris_documents d ${where}`),
  ]);
  return { rows: rows.rows, count: Number(count.rows[0]?.count ?? 0) };
}

export async function documentCounts(
  db: Executor,
  waitingMinutes: number,
): Promise<{ pending: number; failed: number; waiting: number; oldest: Date | null }> {
  const result = await db.execute<{
    pending: string;
    failed: string;
    waiting: string;
    oldest: Date | null;
  }>(sql`
    SELECT count(*) FILTER (WHERE state = 'pending') AS pending,
           count(*) FILTER (WHERE state = 'failed') AS failed,
           count(*) FILTER (WHERE created_at < now() - make_interval(mins => ${waitingMinutes})) AS waiting,
           min(created_at) AS oldest
      FROM efris_documents WHERE state <> 'fiscalised'`);
  const row = result.rows[0];
  return {
    pending: Number(row?.pending ?? 0),
    failed: Number(row?.failed ?? 0),
    waiting: Number(row?.waiting ?? 0),
    oldest: row?.oldest ?? null,
  };
}

export type OrderFiscalRow = {
  fiscal_document_number: string;
  verification_code: string;
  qr_code: string;
  fiscalised_at: Date;
};

/** The order's fiscal details, once fiscalised. */
export async function fiscalOfOrder(db: Executor, orderId: string): Promise<OrderFiscalRow | null> {
  const result = await db.execute<OrderFiscalRow>(sql`
    SELECT fiscal_document_number, verification_code, qr_code, fiscalised_at
      FROM efris_documents WHERE order_id = ${orderId} AND state = 'fiscalised'`);
  return result.rows[0] ?? null;
}
