import {
  EFRIS_CREDIT_NOTE_STATES,
  type EfrisCreditNoteState,
  efrisCreditNoteStateLabels,
} from '@shop/contract/efris';
import { formatKampalaShortDateTime } from '@shop/contract/kampala-time';
import { formatUGX } from '@shop/contract/money';
import { useState } from 'react';
import { buttonClass } from '../../../components/button';
import { PagedDataTable } from '../../../components/data-table';
import { FormMessage } from '../../../components/form-field';
import { Tabs } from '../../../components/tabs';
import { formErrorMessage } from '../../../lib/form-errors';
import { useEfrisCreditNotes, useRetryEfrisCreditNote } from '../api/efris';

type StateTab = EfrisCreditNoteState | 'all';
const TABS: ReadonlyArray<{ value: StateTab; label: string }> = [
  { value: 'all', label: 'All' },
  ...EFRIS_CREDIT_NOTE_STATES.map((state) => ({ value: state, label: efrisCreditNoteStateLabels[state] })),
];

/**
 * Refunds' credit notes at URA (decision 0030): to apply for, awaiting approval, approved (the
 * credit note's fiscal number), rejected or refused with URA's message (apply again).
 */
export function EfrisCreditNotes() {
  const [tab, setTab] = useState<StateTab>('all');
  const [page, setPage] = useState(1);
  const creditNotes = useEfrisCreditNotes(tab === 'all' ? undefined : tab, page);
  const retry = useRetryEfrisCreditNote();

  return (
    <section className="space-y-4" aria-label="Credit notes">
      <h2 className="font-display text-2xl">Credit notes</h2>
      <Tabs
        label="Credit notes to show"
        tabs={TABS}
        value={tab}
        onChange={(next) => {
          setTab(next);
          setPage(1);
        }}
        panelClassName="space-y-4"
      >
        {retry.isError ? <FormMessage kind="error">{formErrorMessage(retry.error)}</FormMessage> : null}
        <PagedDataTable
          caption="Credit notes sent to EFRIS, newest first"
          columns={[
            {
              header: 'Credit note',
              cell: (note) => (
                <span>
                  {note.reference_no}
                  <span className="block text-ink-soft">{formatKampalaShortDateTime(note.created_at)}</span>
                </span>
              ),
            },
            {
              header: 'Order',
              cell: (note) => (
                <span>
                  {note.order_number}
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
            {
              header: 'Actions',
              hideHeader: true,
              cell: (note) =>
                note.state === 'failed' || note.state === 'rejected' ? (
                  <button
                    type="button"
                    className={buttonClass('link')}
                    disabled={retry.isPending}
                    onClick={() => retry.mutate(note.id)}
                  >
                    Apply again<span className="sr-only"> for credit note {note.reference_no}</span>
                  </button>
                ) : null,
            },
          ]}
          rowKey={(note) => note.id}
          query={creditNotes}
          what="The credit notes"
          loading="Loading the credit notes…"
          empty="No credit note here."
          page={page}
          onPage={setPage}
        />
      </Tabs>
    </section>
  );
}
