import {
  EFRIS_CREDIT_NOTE_STATES,
  type EfrisCreditNoteState,
  efrisCreditNoteStateLabels,
} from '@shop/contract/efris';
import { formatKampalaShortDateTime } from '@shop/contract/kampala-time';
import { formatUGX } from '@shop/contract/money';
import { useState } from 'react';
import { buttonClass } from '../../../components/button';
import { FormMessage } from '../../../components/form-field';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { stackedTable } from '../../../components/stacked-table';
import { Tabs } from '../../../components/tabs';
import { formErrorMessage } from '../../../lib/form-errors';
import { useEfrisCreditNotes, useRetryEfrisCreditNote } from '../api/efris';

type StateTab = EfrisCreditNoteState | 'all';
const TABS: ReadonlyArray<{ value: StateTab; label: string }> = [
  { value: 'all', label: 'All' },
  ...EFRIS_CREDIT_NOTE_STATES.map((state) => ({ value: state, label: efrisCreditNoteStateLabels[state] })),
];

const COLUMNS = ['Credit note', 'Order', 'Amount', 'State', 'URA’s number / answer', 'Actions'] as const;

/**
 * Refunds' credit notes at URA (decision 0030): to apply for, awaiting approval, approved (the
 * credit note's fiscal number), rejected or refused with URA's message (apply again).
 */
export function EfrisCreditNotes() {
  const [tab, setTab] = useState<StateTab>('all');
  const [page, setPage] = useState(1);
  const creditNotes = useEfrisCreditNotes(tab === 'all' ? undefined : tab, page);
  const { data } = creditNotes;
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
        <QueryState
          query={creditNotes}
          what="The credit notes"
          loading="Loading the credit notes…"
          isEmpty={(answer) => answer.results.length === 0}
          empty="No credit note here."
        >
          {(answer) => (
            <div className={stackedTable.frame}>
              <table className={stackedTable.table}>
                <caption className="sr-only">Credit notes sent to EFRIS, newest first</caption>
                <thead className={stackedTable.head}>
                  <tr>
                    {COLUMNS.map((column) => (
                      <th key={column} scope="col" className={stackedTable.headerCell}>
                        {column === 'Actions' ? <span className="sr-only">Actions</span> : column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className={stackedTable.body}>
                  {answer.results.map((note) => (
                    <tr key={note.id} className={`${stackedTable.row} align-top`}>
                      <td data-label="Credit note" className={stackedTable.cell}>
                        <span>
                          {note.reference_no}
                          <span className="block text-ink-soft">
                            {formatKampalaShortDateTime(note.created_at)}
                          </span>
                        </span>
                      </td>
                      <td data-label="Order" className={stackedTable.cell}>
                        <span>
                          {note.order_number}
                          <span className="block text-ink-soft">Invoice {note.invoice_reference_no}</span>
                        </span>
                      </td>
                      <td data-label="Amount" className={stackedTable.cell}>
                        {formatUGX(note.amount)}
                      </td>
                      <td data-label="State" className={stackedTable.cell}>
                        {efrisCreditNoteStateLabels[note.state]}
                      </td>
                      <td data-label="URA" className={`${stackedTable.cell} [overflow-wrap:anywhere]`}>
                        {note.fiscal_document_number ??
                          (note.state === 'applied' ? `Application ${note.ura_reference_no ?? ''}` : null) ??
                          note.last_error ??
                          ''}
                      </td>
                      <td data-label="" className={stackedTable.cell}>
                        {note.state === 'failed' || note.state === 'rejected' ? (
                          <button
                            type="button"
                            className={buttonClass('link')}
                            disabled={retry.isPending}
                            onClick={() => retry.mutate(note.id)}
                          >
                            Apply again<span className="sr-only"> for credit note {note.reference_no}</span>
                          </button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </QueryState>
        {data ? (
          <Pager page={page} totalPages={data.total_pages} hasNext={data.next !== null} onPage={setPage} />
        ) : null}
      </Tabs>
    </section>
  );
}
