import type { EfrisDocumentListQuery } from '@shop/contract/efris';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { EfrisRegistration } from '../../db/schema/efris';
import type { Executor } from '../../db/transaction';
import { type Claim, claimStatement, INVOICE_QUEUE, listPage, updateHeld } from './efris.queue';

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

/** A paid ticket's tax invoice as a document to fiscalise, once (decision 0034). */
export async function insertDocumentForTicket(
  db: Executor,
  ticket: { rsvpId: string; ticketCode: string },
): Promise<number | null> {
  const result = await db.execute<{ id: number }>(sql`
    WITH source AS (
      SELECT t.id, t.invoice_number FROM ticket_invoices t
       WHERE t.rsvp_id = ${ticket.rsvpId} AND t.ticket_code = ${ticket.ticketCode} AND t.shop_tin IS NOT NULL),
    inserted AS (
      INSERT INTO efris_documents (kind, ticket_invoice_id, reference_no)
      SELECT 'ticket', id, invoice_number FROM source
      ON CONFLICT (ticket_invoice_id) DO NOTHING
      RETURNING id)
    SELECT id FROM inserted
    UNION ALL SELECT d.id FROM efris_documents d JOIN source ON d.ticket_invoice_id = source.id`);
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
  const tickets = await db.execute(sql`
    INSERT INTO efris_documents (kind, ticket_invoice_id, reference_no)
    SELECT 'ticket', t.id, t.invoice_number FROM ticket_invoices t
      JOIN efris_settings s ON s.id = 1 AND s.enabled AND s.key_uploaded_at IS NOT NULL
     WHERE t.shop_tin IS NOT NULL AND t.issued_at >= greatest(s.key_uploaded_at, now() - interval '7 days')
       AND NOT EXISTS (SELECT 1 FROM efris_documents d WHERE d.ticket_invoice_id = t.id)
     ORDER BY t.issued_at
     LIMIT ${limit}
    ON CONFLICT (ticket_invoice_id) DO NOTHING`);
  return (result.rowCount ?? 0) + (tickets.rowCount ?? 0);
}

export type ClaimedDocument = Claim & {
  kind: 'order' | 'ticket';
  order_id: string | null;
  ticket_invoice_id: number | null;
  reference_no: string;
  /** An earlier attempt started an upload whose answer never came back. */
  maybe_uploaded: boolean;
};

/** Claims a pending document for one attempt (the document queue's claim): null when another worker has it. */
export async function claimDocument(
  db: Database,
  id: number,
  leaseSeconds: number,
): Promise<ClaimedDocument | null> {
  const result = await db.execute<ClaimedDocument>(
    claimStatement(
      INVOICE_QUEUE,
      id,
      leaseSeconds,
      sql`q.id, q.state, q.kind, q.order_id, q.ticket_invoice_id, q.reference_no, q.attempts, q.claimed_until,
          q.upload_started_at IS NOT NULL AS maybe_uploaded`,
    ),
  );
  return result.rows[0] ?? null;
}

/** Written (and committed) before T109 is sent: from now on a retry asks URA first. */
export function markUploadStarted(db: Database, claim: ClaimedDocument): Promise<boolean> {
  return updateHeld(db, INVOICE_QUEUE, claim, sql`upload_started_at = now()`);
}

export function recordFiscalised(
  db: Database,
  claim: ClaimedDocument,
  fiscal: { fiscalDocumentNumber: string; verificationCode: string; qrCode: string },
): Promise<boolean> {
  return updateHeld(
    db,
    INVOICE_QUEUE,
    claim,
    sql`state = 'fiscalised', fiscal_document_number = ${fiscal.fiscalDocumentNumber},
        verification_code = ${fiscal.verificationCode}, qr_code = ${fiscal.qrCode}, fiscalised_at = now(),
        claimed_until = NULL, last_error = NULL, last_return_code = NULL`,
  );
}

export type DocumentListRow = {
  id: number;
  kind: 'order' | 'ticket';
  order_id: string | null;
  order_number: string | null;
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

export function listDocuments(
  db: Executor,
  query: EfrisDocumentListQuery,
): Promise<{ rows: DocumentListRow[]; count: number }> {
  return listPage<DocumentListRow>(
    db,
    INVOICE_QUEUE,
    sql`
      SELECT q.id, q.kind, q.order_id, o.order_number, q.reference_no,
             coalesce(o.vat_business_tin IS NOT NULL, false) AS business, q.state, q.attempts, q.next_attempt_at,
             q.last_error, q.last_return_code, q.fiscal_document_number, q.verification_code, q.fiscalised_at,
             q.created_at
        FROM efris_documents q LEFT JOIN orders o ON o.id = q.order_id`,
    query,
  );
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

/** The fiscal details of these ticket invoices, the fiscalised ones (one query). */
export async function fiscalOfTicketInvoices(
  db: Executor,
  ticketInvoiceIds: number[],
): Promise<Map<number, OrderFiscalRow>> {
  if (ticketInvoiceIds.length === 0) return new Map();
  const result = await db.execute<OrderFiscalRow & { ticket_invoice_id: number }>(sql`
    SELECT ticket_invoice_id, fiscal_document_number, verification_code, qr_code, fiscalised_at
      FROM efris_documents
     WHERE ticket_invoice_id = ANY(${sql.param(ticketInvoiceIds)}::int[]) AND state = 'fiscalised'`);
  return new Map(result.rows.map((row) => [row.ticket_invoice_id, row]));
}
