import {
  EFRIS_WAITING_BANNER_MINUTES,
  type EfrisConnectionTest,
  type EfrisDocument,
  type EfrisDocumentListQuery,
  type EfrisSettings,
  type EfrisSettingsUpdate,
  type EfrisSummary,
} from '@shop/contract/efris';
import { EFRIS_DEFAULT_UNIT } from '@shop/contract/efris-goods';
import { type ExciseRate, exciseSplit } from '@shop/contract/excise';
import type { PaymentMethod } from '@shop/contract/orders';
import { toPagedList } from '@shop/contract/pagination';
import { orderVat } from '@shop/contract/vat';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { EfrisRegistration } from '../../db/schema/efris';
import type { Executor } from '../../db/transaction';
import { AppError, conflict, notFound } from '../../errors';
import { type AuditActor, changedFields, recordAudit } from '../audit/audit';
import { ticketInvoiceForFiscal } from '../events/ticket-invoices';
import type { InvoiceSource } from '../orders/invoice-pdf';
import { findOrder } from '../orders/orders.repository';
import {
  EFRIS_PRODUCTION_URL,
  EFRIS_TEST_URL,
  EfrisClient,
  EfrisError,
  type EfrisInvoiceUpload,
  kampalaTimestamp,
  MAX_CLOCK_SKEW_MS,
  type SessionKeyStore,
} from './efris.client';
import { creditNoteCounts } from './efris.credit-notes.repository';
import { exciseLineFields, taxTotals } from './efris.excise';
import { documentWaitsForGoods, goodsForInvoice } from './efris.goods';
import { openPrivateKey, readUploadedKey, sealPrivateKey } from './efris.keys';
import { type Claim, dueIds, INVOICE_QUEUE, recordWait, requeue, subjectOfDocument } from './efris.queue';
import {
  claimDocument,
  type DocumentListRow,
  documentCounts,
  type EfrisSettingsRow,
  insertDocumentForOrder,
  insertDocumentForTicket,
  insertMissingDocuments,
  listDocuments,
  markUploadStarted,
  readSettings,
  recordFiscalised,
  writeSettings,
} from './efris.repository';

export type EfrisContext = {
  db: Database;
  config: Config;
  /** The key encrypting the taxpayer's private key at rest. */
  kek: Buffer;
  keys: SessionKeyStore;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
};

/** How often the clock is compared with URA's (T101) before uploads. */
const CLOCK_CHECK_INTERVAL_MS = 60 * 60 * 1000;
const MAX_RETRY_DELAY_SECONDS = 24 * 60 * 60;
/** EFRIS's payment modes: 101 credit (on account, decision 0042), 102 cash, 105 mobile money. */
const EFRIS_PAYMENT_MODES: Record<PaymentMethod, string> = {
  on_account: '101',
  cash_on_delivery: '102',
  mobile_money: '105',
};

export function endpointOf(config: Config, environment: 'test' | 'production'): string {
  return environment === 'production' ? EFRIS_PRODUCTION_URL : (config.EFRIS_BASE_URL ?? EFRIS_TEST_URL);
}

function registrationJson(registration: EfrisRegistration | null) {
  return registration
    ? {
        tin: registration.tin,
        legal_name: registration.legalName,
        business_name: registration.businessName,
        address: registration.address,
        device_no: registration.deviceNo,
      }
    : null;
}

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

function settingsJson(config: Config, row: EfrisSettingsRow): EfrisSettings {
  return {
    enabled: row.enabled,
    environment: row.environment,
    tin: row.tin,
    device_no: row.device_no,
    commodity_code: row.commodity_code,
    key_on_file: row.private_key_ciphertext !== null,
    key_fingerprint: row.key_fingerprint,
    key_uploaded_at: iso(row.key_uploaded_at),
    registration: registrationJson(row.registration),
    registration_checked_at: iso(row.registration_checked_at),
    clock_offset_seconds: row.clock_offset_ms === null ? null : Math.round(row.clock_offset_ms / 1000),
    clock_checked_at: iso(row.clock_checked_at),
    endpoint: endpointOf(config, row.environment),
  };
}

export async function getSettings(context: EfrisContext): Promise<EfrisSettings> {
  return settingsJson(context.config, await readSettings(context.db));
}

/** Saves the settings; EFRIS is switched on only with everything it needs (422 naming what is missing). */
export async function updateSettings(
  context: EfrisContext,
  update: EfrisSettingsUpdate,
  actor: AuditActor,
): Promise<EfrisSettings> {
  const current = await readSettings(context.db);
  if (update.enabled) {
    const missing: Array<{ field: string; message: string }> = [];
    if (!update.tin) missing.push({ field: 'tin', message: 'is needed to switch EFRIS on' });
    if (!update.device_no) missing.push({ field: 'device_no', message: 'is needed to switch EFRIS on' });
    if (!update.commodity_code)
      missing.push({ field: 'commodity_code', message: 'is needed to switch EFRIS on' });
    if (!current.private_key_ciphertext)
      missing.push({ field: 'enabled', message: 'needs the private key uploaded first' });
    if (missing.length > 0)
      throw new AppError('validation_failed', 'EFRIS cannot be switched on yet.', missing);
  }
  const connectionChanged =
    update.tin !== current.tin ||
    update.device_no !== current.device_no ||
    update.environment !== current.environment;
  const before = {
    enabled: current.enabled,
    environment: current.environment,
    tin: current.tin,
    device_no: current.device_no,
    commodity_code: current.commodity_code,
  };
  const diff = changedFields(before, { ...update });
  await context.db.transaction(async (tx) => {
    await writeSettings(
      tx,
      {
        enabled: update.enabled,
        environment: update.environment,
        tin: update.tin,
        deviceNo: update.device_no,
        commodityCode: update.commodity_code,
        // The registration read back belongs to the old TIN/device: it is read again on the next test.
        ...(connectionChanged ? { registration: null } : {}),
      },
      actor.id,
    );
    if (diff) {
      await recordAudit(tx, actor, {
        kind: 'settings.efris_update',
        subjectType: 'settings',
        subjectId: 'efris',
        summary: `Changed ${Object.keys(diff.after).join(', ')}`,
        before: diff.before,
        after: diff.after,
      });
    }
  });
  return getSettings(context);
}

/** Stores the taxpayer's private key (encrypted); answers the settings, with the fingerprint only. */
export async function uploadPrivateKey(
  context: EfrisContext,
  text: string,
  actor: AuditActor,
): Promise<EfrisSettings> {
  const { pem, fingerprint } = readUploadedKey(text);
  const previous = (await readSettings(context.db)).key_fingerprint;
  await context.db.transaction(async (tx) => {
    await writeSettings(
      tx,
      {
        privateKeyCiphertext: sealPrivateKey(context.kek, pem),
        keyFingerprint: fingerprint,
        registration: null,
      },
      actor.id,
    );
    // The fingerprints only: the key itself is never written anywhere but sealed.
    await recordAudit(tx, actor, {
      kind: 'settings.efris_key',
      subjectType: 'settings',
      subjectId: 'efris',
      summary: `Private key ${fingerprint.slice(0, 16)}… stored`,
      before: previous ? { key_fingerprint: previous } : null,
      after: { key_fingerprint: fingerprint },
    });
  });
  context.log.info({ fingerprint }, 'EFRIS private key replaced');
  return getSettings(context);
}

export function clientOf(context: EfrisContext, row: EfrisSettingsRow): EfrisClient | null {
  if (!row.tin || !row.device_no || !row.private_key_ciphertext) return null;
  return new EfrisClient(
    {
      baseUrl: endpointOf(context.config, row.environment),
      tin: row.tin,
      deviceNo: row.device_no,
      privateKeyPem: openPrivateKey(context.kek, row.private_key_ciphertext),
    },
    { timeoutMs: context.config.EFRIS_TIMEOUT_MS, keys: context.keys },
  );
}

/** T101 (the clock) and T103 (the registration, kept for the admin to confirm). */
export async function testConnection(context: EfrisContext): Promise<EfrisConnectionTest> {
  const row = await readSettings(context.db);
  const client = clientOf(context, row);
  if (!client) {
    throw new AppError('validation_failed', 'Set the TIN, the device number and the private key first.', [
      ...(row.tin ? [] : [{ field: 'tin', message: 'is needed to reach EFRIS' }]),
      ...(row.device_no ? [] : [{ field: 'device_no', message: 'is needed to reach EFRIS' }]),
      ...(row.private_key_ciphertext ? [] : [{ field: 'private_key', message: 'is needed to reach EFRIS' }]),
    ]);
  }
  let offset: { offsetMs: number; withinLimit: boolean } | null = null;
  try {
    offset = await client.serverTime();
    await writeSettings(context.db, { clockOffsetMs: offset.offsetMs }, null);
    if (!offset.withinLimit) {
      return {
        ok: false,
        clock_offset_seconds: Math.round(offset.offsetMs / 1000),
        clock_within_limit: false,
        registration: null,
        error: clockSkewMessage(offset.offsetMs),
      };
    }
    const details = await client.registrationDetails();
    await writeSettings(context.db, { registration: details }, null);
    return {
      ok: true,
      clock_offset_seconds: Math.round(offset.offsetMs / 1000),
      clock_within_limit: true,
      registration: registrationJson(details),
      error: null,
    };
  } catch (error) {
    if (!(error instanceof EfrisError)) throw error;
    return {
      ok: false,
      clock_offset_seconds: offset ? Math.round(offset.offsetMs / 1000) : null,
      clock_within_limit: offset ? offset.withinLimit : null,
      registration: null,
      error: error.message,
    };
  }
}

function clockSkewMessage(offsetMs: number): string {
  return `This server's clock is ${Math.round(Math.abs(offsetMs) / 60_000)} minutes ${offsetMs > 0 ? 'behind' : 'ahead of'} URA's; EFRIS allows at most 10. Set the server's clock (NTP).`;
}

/** After `order.paid`: the order's tax invoice gets its document (once). Null when EFRIS is off. */
export async function documentForPaidOrder(context: EfrisContext, orderId: string): Promise<number | null> {
  const settings = await readSettings(context.db);
  if (!settings.enabled) return null;
  return insertDocumentForOrder(context.db, orderId);
}

/** After a paid `rsvp.confirmed`: the ticket's tax invoice gets its document (once). */
export async function documentForPaidTicket(
  context: EfrisContext,
  ticket: { rsvpId: string; ticketCode: string },
): Promise<number | null> {
  const settings = await readSettings(context.db);
  if (!settings.enabled) return null;
  return insertDocumentForTicket(context.db, ticket);
}

/** A size as an invoice line needs it: URA's codes and unit, and its excise duty when it has one. */
export type InvoiceGood = {
  commodityCode: string;
  unit: string;
  exciseCode?: string | null;
  excise?: { name: string; rates: ExciseRate[] } | null;
  volumeMl: number;
};

/** T109's content for a tax invoice: an order's, or a paid ticket's (drawn as one, decision 0034). */
export function invoiceUpload(
  order: InvoiceSource,
  settings: { tin: string; deviceNo: string; commodityCode: string; registration: EfrisRegistration | null },
  /** Each size as registered with URA (T130, decision 0033): its codes, unit and excise (0043). */
  goods: ReadonlyMap<number, InvoiceGood> = new Map(),
): EfrisInvoiceUpload {
  const includesVat = order.invoice_prices_include_vat ?? true;
  const vat = orderVat(
    {
      lineTotals: order.items.map((item) => item.subtotal),
      deliveryFee: order.delivery_fee,
      discount: order.discount,
    },
    includesVat,
  );
  const money = (value: number) => value.toFixed(2);
  const lines: EfrisInvoiceUpload['goodsDetails'] = [];
  const add = (
    item: string,
    itemCode: string,
    quantity: number,
    line: { net: number; vat: number; gross: number },
    registered?: InvoiceGood,
  ) => {
    const excise =
      registered?.exciseCode && registered.excise
        ? exciseLineFields(exciseSplit(line, registered.excise.rates, quantity, registered.volumeMl), {
            code: registered.exciseCode,
            name: registered.excise.name,
          })
        : null;
    lines.push({
      item,
      itemCode,
      qty: String(quantity),
      unitOfMeasure: registered?.unit ?? EFRIS_DEFAULT_UNIT,
      unitPrice: money(line.gross / quantity),
      total: money(line.gross),
      taxRate: '0.18',
      tax: money(line.vat),
      orderNumber: String(lines.length),
      discountFlag: '2',
      deemedFlag: '2',
      exciseFlag: '2',
      goodsCategoryId: registered?.commodityCode ?? settings.commodityCode,
      ...excise,
    });
  };
  order.items.forEach((item, index) => {
    add(
      `${item.product_name} ${item.variant_name}`.trim(),
      // A line with no catalogue size is an event's seats: a service, sent under one service code
      // like the delivery fee (decision 0034), not a good registered with T130.
      item.variant_id == null ? 'TICKET' : item.sku,
      item.quantity,
      vat.lines[index]!,
      goods.get(item.variant_id),
    );
  });
  const deliveryLine = vat.lines[order.items.length]!;
  if (order.delivery_fee > 0) add('Delivery', 'DELIVERY', 1, deliveryLine);
  const discountLine = vat.lines[order.items.length + 1];
  if (order.discount > 0 && discountLine) add('Discount', 'DISCOUNT', 1, discountLine);
  const business = order.vat_business_tin !== null;
  const totals = taxTotals(lines);
  return {
    sellerDetails: {
      tin: settings.tin,
      legalName: settings.registration?.legalName ?? '',
      businessName: settings.registration?.businessName ?? '',
      referenceNo: order.invoice_number ?? '',
    },
    basicInformation: {
      deviceNo: settings.deviceNo,
      issuedDate: kampalaTimestamp(order.invoice_issued_at ?? order.created_at),
      operator: 'Online shop',
      currency: 'UGX',
      invoiceType: '1',
      invoiceKind: '1',
      dataSource: '103',
      invoiceIndustryCode: '101',
    },
    // The "I need a VAT invoice" business is business-to-business (0); anyone else a consumer (1).
    buyerDetails: business
      ? {
          buyerTin: order.vat_business_tin ?? '',
          buyerLegalName: order.vat_business_name ?? '',
          buyerType: '0',
        }
      : { buyerTin: '', buyerLegalName: order.contact_name, buyerType: '1' },
    goodsDetails: lines,
    taxDetails: totals.taxDetails,
    summary: {
      ...totals.summary,
      itemCount: String(lines.length),
      modeCode: '1',
      remarks: order.event ? `Ticket ${order.event.ticketCode}` : `Order ${order.order_number}`,
    },
    payWay: [
      {
        paymentMode: EFRIS_PAYMENT_MODES[order.payment_method],
        paymentAmount: money(order.total),
        orderNumber: 'a',
      },
    ],
  };
}

/** T101 at most hourly (or while skewed): beyond ±10 minutes the attempt stops (`clock_skew`). */
export async function checkClockWhenDue(
  context: EfrisContext,
  settings: EfrisSettingsRow,
  client: EfrisClient,
): Promise<void> {
  if (
    settings.clock_checked_at &&
    Date.now() - settings.clock_checked_at.getTime() <= CLOCK_CHECK_INTERVAL_MS &&
    Math.abs(settings.clock_offset_ms ?? 0) <= MAX_CLOCK_SKEW_MS
  )
    return;
  const { offsetMs } = await client.serverTime();
  await writeSettings(context.db, { clockOffsetMs: offsetMs }, null);
  if (Math.abs(offsetMs) > MAX_CLOCK_SKEW_MS) throw new EfrisError('clock_skew', clockSkewMessage(offsetMs));
}

/** Seconds to the next attempt after the n-th (1-based): the configured delay doubled, at most a day. */
export function retryDelaySeconds(
  context: EfrisContext,
  attempts: number,
  ceiling = MAX_RETRY_DELAY_SECONDS,
) {
  return Math.min(context.config.EFRIS_RETRY_DELAY_SECONDS * 2 ** Math.max(0, attempts - 1), ceiling);
}

export type FiscaliseOutcome = 'fiscalised' | 'retry_later' | 'failed' | 'not_claimed' | 'disabled';

/**
 * One attempt at a document (decision 0024): claimed by this worker alone, then either found at
 * URA (an earlier upload whose answer was lost) or uploaded with its invoice number as
 * `referenceNo`; the answer is recorded only while the claim is still ours.
 */
export async function fiscaliseDocument(
  context: EfrisContext,
  documentId: number,
): Promise<FiscaliseOutcome> {
  const settings = await readSettings(context.db);
  const client = settings.enabled ? clientOf(context, settings) : null;
  if (!client || !settings.tin || !settings.device_no || !settings.commodity_code) return 'disabled';
  const lease = Math.ceil((context.config.EFRIS_TIMEOUT_MS * 6) / 1000) + 30;
  const claim = await claimDocument(context.db, documentId, lease);
  if (!claim) return 'not_claimed';
  try {
    await checkClockWhenDue(context, settings, client);
    const found = claim.maybe_uploaded ? await client.findInvoice(claim.reference_no) : null;
    let fiscal = found;
    if (!fiscal) {
      const order =
        claim.kind === 'ticket' && claim.ticket_invoice_id !== null
          ? await ticketInvoiceForFiscal(context.db, claim.ticket_invoice_id)
          : claim.order_id !== null
            ? await findOrder(context.db, claim.order_id, null)
            : undefined;
      if (!order) throw notFound('Order');
      // Its sizes registered with URA first (T130); until then the invoice waits (decision 0033).
      const goods = await goodsForInvoice(
        context,
        order.items.flatMap((item) => (item.variant_id == null ? [] : [item.variant_id])),
      );
      if (!goods.ready) {
        await documentWaitsForGoods(context, claim, goods.message);
        return 'retry_later';
      }
      const upload = invoiceUpload(
        order,
        {
          tin: settings.tin,
          deviceNo: settings.device_no,
          commodityCode: settings.commodity_code,
          registration: settings.registration,
        },
        goods.goods,
      );
      if (!(await markUploadStarted(context.db, claim))) return 'not_claimed';
      fiscal = await client.uploadInvoice(upload);
    }
    return (await recordFiscalised(context.db, claim, fiscal)) ? 'fiscalised' : 'not_claimed';
  } catch (error) {
    if (!(error instanceof EfrisError)) throw error;
    return recordFailure(context, claim, error);
  }
}

async function recordFailure(
  context: EfrisContext,
  claim: Claim & { reference_no: string },
  error: EfrisError,
): Promise<FiscaliseOutcome> {
  const failed = !error.retryable || claim.attempts >= context.config.EFRIS_MAX_ATTEMPTS;
  const retryInSeconds = retryDelaySeconds(context, claim.attempts);
  await recordWait(context.db, INVOICE_QUEUE, claim, {
    failed,
    error: error.message,
    returnCode: error.returnCode,
    retryInSeconds,
  });
  // The reference number is the shop's invoice number; URA's message carries no personal data.
  context.log.warn(
    {
      documentId: claim.id,
      referenceNo: claim.reference_no,
      kind: error.kind,
      returnCode: error.returnCode,
      failed,
    },
    'EFRIS did not fiscalise a document',
  );
  return failed ? 'failed' : 'retry_later';
}

/** Every minute: documents whose `order.paid` handler never ran, then the due retries. */
export async function sweepDocuments(context: EfrisContext, limit = 20): Promise<number> {
  const settings = await readSettings(context.db);
  if (!settings.enabled) return 0;
  await insertMissingDocuments(context.db, limit);
  let done = 0;
  for (const id of await dueIds(context.db, INVOICE_QUEUE, limit)) {
    if ((await fiscaliseDocument(context, id)) === 'fiscalised') done += 1;
  }
  return done;
}

function documentJson(row: DocumentListRow): EfrisDocument {
  return {
    id: row.id,
    kind: row.kind,
    order_id: row.order_id,
    order_number: row.order_number,
    reference_no: row.reference_no,
    buyer_type: row.business ? 'b2b' : 'b2c',
    state: row.state,
    attempts: row.attempts,
    next_attempt_at: row.state === 'pending' ? iso(row.next_attempt_at) : null,
    last_error: row.last_error,
    last_return_code: row.last_return_code,
    fiscal_document_number: row.fiscal_document_number,
    verification_code: row.verification_code,
    fiscalised_at: iso(row.fiscalised_at),
    created_at: iso(row.created_at) ?? '',
  };
}

export async function getDocuments(context: EfrisContext, query: EfrisDocumentListQuery) {
  const { rows, count } = await listDocuments(context.db, query);
  return toPagedList(rows.map(documentJson), count, query);
}

export async function getSummary(context: EfrisContext): Promise<EfrisSummary> {
  const [settings, counts, creditNotes] = await Promise.all([
    readSettings(context.db),
    documentCounts(context.db, EFRIS_WAITING_BANNER_MINUTES),
    creditNoteCounts(context.db),
  ]);
  const skewed = settings.clock_offset_ms !== null && Math.abs(settings.clock_offset_ms) > MAX_CLOCK_SKEW_MS;
  return {
    enabled: settings.enabled,
    pending: counts.pending,
    failed: counts.failed,
    credit_notes_pending: creditNotes.pending,
    credit_notes_awaiting_approval: creditNotes.awaitingApproval,
    credit_notes_failed: creditNotes.failed,
    waiting_over_an_hour: counts.waiting,
    oldest_waiting_since: iso(counts.oldest),
    clock_skew_seconds: skewed ? Math.round((settings.clock_offset_ms ?? 0) / 1000) : null,
  };
}

/** Staff's retry of a failed document: back to pending, attempted at once. */
export async function retryDocument(context: EfrisContext, id: number, actor: AuditActor): Promise<void> {
  await context.db.transaction(async (tx) => {
    const outcome = await requeue(tx, INVOICE_QUEUE, id);
    if (outcome.result === 'missing') throw notFound('EFRIS document');
    if (outcome.result === 'not_failed')
      throw conflict('Only a failed document can be retried; pending ones are retried by themselves.');
    await recordAudit(tx, actor, {
      ...(await auditSubject(tx, outcome.documentId, 'efris_retry')),
      summary: `Invoice ${outcome.referenceNo} sent to EFRIS again`,
    });
  });
}

/** A retry's line in the audit trail: under the order, or under a ticket's event. */
export async function auditSubject(
  tx: Executor,
  documentId: number,
  what: 'efris_retry' | 'efris_credit_note_retry',
) {
  const { orderId, eventId } = await subjectOfDocument(tx, documentId);
  return orderId
    ? { kind: `order.${what}` as const, subjectType: 'order' as const, subjectId: orderId }
    : { kind: `event.${what}` as const, subjectType: 'event' as const, subjectId: String(eventId) };
}
