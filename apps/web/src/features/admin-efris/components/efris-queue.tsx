import { formatKampalaShortDateTime } from '@shop/contract/kampala-time';
import { useState } from 'react';
import { buttonClass } from '../../../components/button';
import { type DataColumn, PagedDataTable } from '../../../components/data-table';
import { FormMessage } from '../../../components/form-field';
import { Tabs } from '../../../components/tabs';
import { formErrorMessage } from '../../../lib/form-errors';

/** What every document in an EFRIS queue has (invoices, ticket invoices, credit notes). */
type QueueRow = { id: number; reference_no: string; created_at: string; state: string };

type Page<Row> = { results: Row[]; total_pages: number; next: unknown };

/**
 * One EFRIS document queue (decision 0034): tabs by state, the paged table, and a retry for what
 * URA refused. Invoices (orders' and tickets') and credit notes are each one of these.
 */
export function EfrisQueue<State extends string, Row extends QueueRow & { state: State }>({
  title,
  noun,
  states,
  stateLabels,
  useRows,
  retry,
  retryable,
  retryLabel,
  retryHint = noun,
  columns,
}: {
  title: string;
  /** "invoice", "credit note": the captions, the empty line and the retry button name it. */
  noun: string;
  states: readonly State[];
  stateLabels: Record<State, string>;
  useRows: (
    state: State | undefined,
    page: number,
  ) => { isPending: boolean; isError: boolean; data: Page<Row> | undefined; refetch: () => unknown };
  retry: { mutate: (id: number) => void; isPending: boolean; isError: boolean; error: unknown };
  retryable: (row: Row) => boolean;
  retryLabel: string;
  /** Read after the retry button's label, before the number ("for credit note"). */
  retryHint?: string;
  /** The columns between the document's number and its state. */
  columns: Array<DataColumn<Row>>;
}) {
  const [tab, setTab] = useState<State | 'all'>('all');
  const [page, setPage] = useState(1);
  const rows = useRows(tab === 'all' ? undefined : tab, page);
  const tabs: ReadonlyArray<{ value: State | 'all'; label: string }> = [
    { value: 'all', label: 'All' },
    ...states.map((state) => ({ value: state, label: stateLabels[state] })),
  ];
  return (
    <section className="space-y-4" aria-label={title}>
      <h2 className="font-display text-2xl">{title}</h2>
      <Tabs
        label={`${noun[0]?.toUpperCase()}${noun.slice(1)}s to show`}
        tabs={tabs}
        value={tab}
        onChange={(next) => {
          setTab(next);
          setPage(1);
        }}
        panelClassName="space-y-4"
      >
        {retry.isError ? <FormMessage kind="error">{formErrorMessage(retry.error)}</FormMessage> : null}
        <PagedDataTable
          caption={`${noun[0]?.toUpperCase()}${noun.slice(1)}s sent to EFRIS, newest first`}
          columns={[
            {
              header: `${noun[0]?.toUpperCase()}${noun.slice(1)}`,
              cell: (row: Row) => (
                <span>
                  {row.reference_no}
                  <span className="block text-ink-soft">{formatKampalaShortDateTime(row.created_at)}</span>
                </span>
              ),
            },
            ...columns,
            {
              header: 'Actions',
              hideHeader: true,
              cell: (row: Row) =>
                retryable(row) ? (
                  <button
                    type="button"
                    className={buttonClass('link')}
                    disabled={retry.isPending}
                    onClick={() => retry.mutate(row.id)}
                  >
                    {retryLabel}
                    <span className="sr-only">
                      {' '}
                      {retryHint} {row.reference_no}
                    </span>
                  </button>
                ) : null,
            },
          ]}
          rowKey={(row) => row.id}
          query={rows}
          what={`The ${noun}s`}
          loading={`Loading the ${noun}s…`}
          empty={`No ${noun} here.`}
          page={page}
          onPage={setPage}
        />
      </Tabs>
    </section>
  );
}
