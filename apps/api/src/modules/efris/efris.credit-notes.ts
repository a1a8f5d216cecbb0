import type { EfrisCreditNote, EfrisCreditNoteListQuery } from '@shop/contract/efris';
import { creditedExcise } from '@shop/contract/excise';
import { toPagedList } from '@shop/contract/pagination';
import { conflict, notFound } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit';
import {
  type EfrisCreditNoteApplication,
  EfrisError,
  type EfrisInvoiceDetails,
  type EfrisInvoiceLine,
  kampalaTimestamp,
} from './efris.client';
import {
  type ClaimedCreditNote,
  type CreditNoteListRow,
  claimCreditNote,
  insertCreditNoteForRefund,
  insertMissingCreditNotes,
  listCreditNotes,
  markApplicationStarted,
  recordApplied,
  recordApproved,
  recordRejected,
} from './efris.credit-notes.repository';
import { taxTotals } from './efris.excise';
import { CREDIT_NOTE_QUEUE, dueIds, recordWait, requeue } from './efris.queue';
import { readSettings } from './efris.repository';
import {
  auditSubject,
  checkClockWhenDue,
  clientOf,
  type EfrisContext,
  retryDelaySeconds,
} from './efris.service';

/**
 * Credit notes at URA (decision 0030): each refund of an order whose invoice went to EFRIS is
 * applied for (T110) once, against the invoice's fiscal number, then followed (T111) until URA
 * approves (the credit note's fiscal number) or rejects it (the approver's remarks).
 */

/** URA's approval is asked about at most this often once the back-off reaches it. */
const APPROVAL_POLL_CEILING_SECONDS = 60 * 60;

const money = (value: number) => value.toFixed(2);
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * T110's content: the original invoice's goods lines as URA holds them (T108), negated and scaled
 * so that they add up to the amount refunded (a partial refund credits every line in proportion;
 * URA takes fractional quantities). Discount lines (negative) are not credited: the refund is of
 * what was paid, which the positive lines less the discount make up.
 */
export function creditNoteApplication(
  original: EfrisInvoiceDetails,
  note: { referenceNo: string; amount: number; reason: string; restocked: boolean; remarks: string },
  at: Date,
): EfrisCreditNoteApplication {
  const lines = original.goodsDetails.filter((line) => Number(line.total) > 0);
  const paid = lines.reduce((sum, line) => sum + Number(line.total), 0);
  const fraction = Math.min(1, note.amount / paid);
  let left = note.amount;
  const credited: EfrisInvoiceLine[] = lines.map((line, index) => {
    const total = index === lines.length - 1 ? round2(left) : round2(Number(line.total) * fraction);
    left -= total;
    const rate = Number(line.taxRate);
    const unitPrice = Number(line.unitPrice);
    return {
      ...line,
      qty: String(-Number((total / unitPrice).toFixed(8))),
      total: money(-total),
      tax: money(-round2((total * rate) / (1 + rate))),
      // The same share of the line's excise as of its total (decision 0043).
      ...(line.exciseFlag === '1'
        ? { exciseTax: money(-creditedExcise(Number(line.exciseTax ?? 0), Number(line.total), total)) }
        : {}),
    };
  });
  const totals = taxTotals(credited);
  const full = fraction === 1;
  return {
    oriInvoiceId: original.invoiceId,
    oriInvoiceNo: original.invoiceNo,
    // 101 goods returned, 102 the purchase cancelled (all of it refunded), 105 anything else.
    reasonCode: note.restocked ? '101' : full ? '102' : '105',
    reason: note.reason.slice(0, 1024),
    applicationTime: kampalaTimestamp(at),
    invoiceApplyCategoryCode: '101',
    currency: 'UGX',
    contactName: '',
    contactMobileNum: '',
    contactEmail: '',
    source: '103',
    remarks: note.remarks,
    sellersReferenceNo: note.referenceNo,
    goodsDetails: credited,
    taxDetails: totals.taxDetails,
    summary: {
      ...totals.summary,
      itemCount: String(credited.length),
      modeCode: '1',
    },
    payWay: [{ paymentMode: original.paymentMode, paymentAmount: money(note.amount), orderNumber: 'a' }],
    buyerDetails: original.buyerDetails,
    basicInformation: { operator: 'Online shop', invoiceKind: '1', invoiceIndustryCode: '101' },
  };
}

/** After `refund.succeeded`: the credit note of an order sent to EFRIS gets its record (once). */
export async function creditNoteForRefund(context: EfrisContext, refundId: string): Promise<number | null> {
  const settings = await readSettings(context.db);
  if (!settings.enabled) return null;
  return insertCreditNoteForRefund(context.db, refundId);
}

export type CreditNoteOutcome =
  | 'approved'
  | 'awaiting_approval'
  | 'rejected'
  | 'waiting_for_invoice'
  | 'retry_later'
  | 'failed'
  | 'not_claimed'
  | 'disabled';

/**
 * One attempt at a credit note: claimed by this worker alone; applied for (T110) unless an
 * earlier application whose answer was lost is found (T111/T112 by the shop's credit note
 * number); then URA's approval asked about (T111).
 */
export async function processCreditNote(context: EfrisContext, id: number): Promise<CreditNoteOutcome> {
  const settings = await readSettings(context.db);
  const client = settings.enabled ? clientOf(context, settings) : null;
  if (!client) return 'disabled';
  const lease = Math.ceil((context.config.EFRIS_TIMEOUT_MS * 8) / 1000) + 30;
  const claim = await claimCreditNote(context.db, id, lease);
  if (!claim) return 'not_claimed';
  let current: ClaimedCreditNote = claim;
  try {
    await checkClockWhenDue(context, settings, client);
    if (claim.state === 'pending') {
      if (claim.invoice_state !== 'fiscalised' || !claim.invoice_fiscal_number) {
        await recordWait(context.db, CREDIT_NOTE_QUEUE, claim, {
          failed: false,
          error: `Waits for invoice ${claim.invoice_reference_no} to be fiscalised`,
          returnCode: null,
          retryInSeconds: context.config.EFRIS_RETRY_DELAY_SECONDS,
          countAttempt: false,
        });
        return 'waiting_for_invoice';
      }
      let uraReference = claim.maybe_applied
        ? await client.findCreditNoteApplication(claim.invoice_fiscal_number, claim.reference_no)
        : null;
      if (!uraReference) {
        const original = await client.invoiceDetails(claim.invoice_fiscal_number);
        const application = creditNoteApplication(
          original,
          {
            referenceNo: claim.reference_no,
            amount: claim.amount,
            reason: claim.reason,
            restocked: claim.restocked,
            remarks: `Credit note ${claim.reference_no} for invoice ${claim.invoice_reference_no}`,
          },
          new Date(),
        );
        if (!(await markApplicationStarted(context.db, claim))) return 'not_claimed';
        uraReference = await client.applyCreditNote(application);
      }
      const applied = await recordApplied(context.db, claim, uraReference);
      if (!applied) return 'not_claimed';
      current = applied;
    }
    if (!current.ura_reference_no) throw new Error('An applied credit note without its reference');
    const status = await client.creditNoteStatus(current.ura_reference_no);
    if (status.state === 'approved') {
      return (await recordApproved(context.db, current, status.fiscalDocumentNumber))
        ? 'approved'
        : 'not_claimed';
    }
    if (status.state === 'rejected') {
      context.log.warn(
        { creditNoteId: current.id, referenceNo: current.reference_no },
        'URA rejected a credit note',
      );
      return (await recordRejected(context.db, current, status.message)) ? 'rejected' : 'not_claimed';
    }
    await recordWait(context.db, CREDIT_NOTE_QUEUE, current, {
      failed: false,
      error: null,
      returnCode: null,
      retryInSeconds: retryDelaySeconds(context, current.attempts + 1, APPROVAL_POLL_CEILING_SECONDS),
      countAttempt: true,
    });
    return 'awaiting_approval';
  } catch (error) {
    if (!(error instanceof EfrisError)) throw error;
    // Once applied for, the application lives at URA: only ever followed, never failed here.
    const failed =
      current.state === 'pending' &&
      (!error.retryable || current.attempts >= context.config.EFRIS_MAX_ATTEMPTS);
    await recordWait(context.db, CREDIT_NOTE_QUEUE, current, {
      failed,
      error: error.message,
      returnCode: error.returnCode,
      retryInSeconds: retryDelaySeconds(context, current.attempts),
      countAttempt: true,
    });
    context.log.warn(
      {
        creditNoteId: current.id,
        referenceNo: current.reference_no,
        kind: error.kind,
        returnCode: error.returnCode,
        failed,
      },
      'EFRIS did not take a credit note',
    );
    return failed ? 'failed' : 'retry_later';
  }
}

/** Every minute, with the documents': credit notes whose event was lost, then those due. */
export async function sweepCreditNotes(context: EfrisContext, limit = 20): Promise<number> {
  const settings = await readSettings(context.db);
  if (!settings.enabled) return 0;
  await insertMissingCreditNotes(context.db, limit);
  let approved = 0;
  for (const id of await dueIds(context.db, CREDIT_NOTE_QUEUE, limit)) {
    if ((await processCreditNote(context, id)) === 'approved') approved += 1;
  }
  return approved;
}

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

function creditNoteJson(row: CreditNoteListRow): EfrisCreditNote {
  return {
    id: row.id,
    credit_note_id: row.credit_note_id,
    reference_no: row.reference_no,
    order_id: row.order_id,
    order_number: row.order_number,
    invoice_reference_no: row.invoice_reference_no,
    amount: row.amount,
    state: row.state,
    attempts: row.attempts,
    next_attempt_at: row.state === 'pending' || row.state === 'applied' ? iso(row.next_attempt_at) : null,
    last_error: row.last_error,
    last_return_code: row.last_return_code,
    ura_reference_no: row.ura_reference_no,
    fiscal_document_number: row.fiscal_document_number,
    applied_at: iso(row.applied_at),
    decided_at: iso(row.decided_at),
    created_at: iso(row.created_at) ?? '',
  };
}

export async function getCreditNotes(context: EfrisContext, query: EfrisCreditNoteListQuery) {
  const { rows, count } = await listCreditNotes(context.db, query);
  return toPagedList(rows.map(creditNoteJson), count, query);
}

/** Staff's retry of a failed or rejected credit note: applied for afresh, at once. */
export async function retryCreditNote(context: EfrisContext, id: number, actor: AuditActor): Promise<void> {
  await context.db.transaction(async (tx) => {
    const outcome = await requeue(tx, CREDIT_NOTE_QUEUE, id);
    if (outcome.result === 'missing') throw notFound('EFRIS credit note');
    if (outcome.result === 'not_failed')
      throw conflict('Only a failed or rejected credit note can be sent again; the others go by themselves.');
    await recordAudit(tx, actor, {
      ...(await auditSubject(tx, outcome.documentId, 'efris_credit_note_retry')),
      summary: `Credit note ${outcome.referenceNo} sent to EFRIS again`,
    });
  });
}
