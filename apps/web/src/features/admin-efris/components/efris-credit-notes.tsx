import { EFRIS_CREDIT_NOTE_STATES, efrisCreditNoteStateLabels } from '@shop/contract/efris';
import { formatUGX } from '@shop/contract/money';
import { useEfrisCreditNotes, useRetryEfrisCreditNote } from '../api/efris';
import { EfrisQueue } from './efris-queue';

/**
 * Refunds' credit notes at URA (decision 0030): to apply for, awaiting approval, approved (the
 * credit note's fiscal number), rejected or refused with URA's message (apply again).
 */
export function EfrisCreditNotes() {
  const retry = useRetryEfrisCreditNote();
  return (
    <EfrisQueue
      title="Credit notes"
      noun="credit note"
      states={EFRIS_CREDIT_NOTE_STATES}
      stateLabels={efrisCreditNoteStateLabels}
      useRows={useEfrisCreditNotes}
      retry={retry}
      retryable={(note) => note.state === 'failed' || note.state === 'rejected'}
      retryLabel="Apply again"
      retryHint="for credit note"
      columns={[
        {
          header: 'Order',
          label: 'For',
          cell: (note) => (
            <span>
              {note.order_number ?? 'Event ticket'}
              <span className="block text-ink-soft">Invoice {note.invoice_reference_no}</span>
            </span>
          ),
        },
        { header: 'Amount', cell: (note) => formatUGX(note.amount) },
        { header: 'State', cell: (note) => efrisCreditNoteStateLabels[note.state] },
        {
          header: 'URA’s number / answer',
          label: 'URA',
          cell: (note) =>
            note.fiscal_document_number ??
            (note.state === 'applied' ? `Application ${note.ura_reference_no ?? ''}` : null) ??
            note.last_error ??
            '',
        },
      ]}
    />
  );
}
