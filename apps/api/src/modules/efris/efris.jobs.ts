/** The EFRIS module's background jobs (pg-boss queues). */
export const EFRIS_JOBS = {
  /** One document's attempt, sent after `order.paid` (one job per document: its singleton key). */
  fiscalise: 'efris.fiscalise',
  /** One credit note's attempt (T110, then T111), sent after `refund.succeeded`. */
  creditNote: 'efris.credit-note',
  /** Every minute: the due retries, and paid tax invoices whose event was lost. */
  sweep: 'efris.sweep',
} as const;

export const fiscaliseSingletonKey = (documentId: number) => `efris-document:${documentId}`;

export const creditNoteSingletonKey = (creditNoteId: number) => `efris-credit-note:${creditNoteId}`;
