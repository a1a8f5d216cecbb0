import { EFRIS_DOCUMENT_STATES, type EfrisDocumentState } from '@shop/contract/efris';
import { formatKampalaShortDateTime } from '@shop/contract/kampala-time';
import { useState } from 'react';
import { buttonClass } from '../../../components/button';
import { FormMessage } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { stackedTable } from '../../../components/stacked-table';
import { StaffOnly } from '../../../components/staff-only';
import { Tabs } from '../../../components/tabs';
import { formErrorMessage } from '../../../lib/form-errors';
import { useBackOffice } from '../../../lib/session/use-back-office';
import { useEfrisDocuments, useEfrisSettings, useRetryEfrisDocument } from '../api/efris';
import { EfrisBanner } from '../components/efris-banner';
import { EfrisCreditNotes } from '../components/efris-credit-notes';
import { EfrisSettingsPanel } from '../components/efris-settings-panel';

const stateLabels: Record<EfrisDocumentState, string> = {
  pending: 'Waiting for URA',
  fiscalised: 'Fiscalised',
  failed: 'Refused',
};

type StateTab = EfrisDocumentState | 'all';
const TABS: ReadonlyArray<{ value: StateTab; label: string }> = [
  { value: 'all', label: 'All' },
  ...EFRIS_DOCUMENT_STATES.map((state) => ({ value: state, label: stateLabels[state] })),
];

const COLUMNS = ['Invoice', 'Order', 'Buyer', 'State', 'Fiscal number / URA’s answer', 'Actions'] as const;

function Queue() {
  const [tab, setTab] = useState<StateTab>('all');
  const [page, setPage] = useState(1);
  const documents = useEfrisDocuments(tab === 'all' ? undefined : tab, page);
  const { data } = documents;
  const retry = useRetryEfrisDocument();

  return (
    <section className="space-y-4" aria-label="Fiscalisation queue">
      <h2 className="font-display text-2xl">Fiscalisation queue</h2>
      <Tabs
        label="Invoices to show"
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
          query={documents}
          what="The queue"
          loading="Loading the queue…"
          isEmpty={(answer) => answer.results.length === 0}
          empty="No invoice here."
        >
          {(answer) => (
            <div className={stackedTable.frame}>
              <table className={stackedTable.table}>
                <caption className="sr-only">Invoices sent to EFRIS, newest first</caption>
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
                  {answer.results.map((document) => (
                    <tr key={document.id} className={`${stackedTable.row} align-top`}>
                      <td data-label="Invoice" className={stackedTable.cell}>
                        <span>
                          {document.reference_no}
                          <span className="block text-ink-soft">
                            {formatKampalaShortDateTime(document.created_at)}
                          </span>
                        </span>
                      </td>
                      <td data-label="Order" className={stackedTable.cell}>
                        {document.order_number}
                      </td>
                      <td data-label="Buyer" className={stackedTable.cell}>
                        {document.buyer_type === 'b2b' ? 'Business' : 'Consumer'}
                      </td>
                      <td data-label="State" className={stackedTable.cell}>
                        {stateLabels[document.state]}
                        {document.state === 'pending' && document.attempts > 0
                          ? ` (attempt ${document.attempts})`
                          : ''}
                      </td>
                      <td
                        data-label="Fiscal number"
                        className={`${stackedTable.cell} [overflow-wrap:anywhere]`}
                      >
                        {document.fiscal_document_number ?? document.last_error ?? ''}
                      </td>
                      <td data-label="" className={stackedTable.cell}>
                        {document.state === 'failed' ? (
                          <button
                            type="button"
                            className={buttonClass('link')}
                            disabled={retry.isPending}
                            onClick={() => retry.mutate(document.id)}
                          >
                            Retry<span className="sr-only"> invoice {document.reference_no}</span>
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

function Connection() {
  const { mayUse } = useBackOffice();
  // The shop's settings are an admin's: staff see the queue only.
  const isAdmin = mayUse('settings');
  const settings = useEfrisSettings(isAdmin);
  if (!isAdmin) return null;
  return (
    <section className="space-y-4" aria-label="Connection to URA">
      <h2 className="font-display text-2xl">Connection to URA</h2>
      <QueryState query={settings} what="The settings" loading="Loading the settings…">
        {(answer) => <EfrisSettingsPanel settings={answer} />}
      </QueryState>
    </section>
  );
}

/**
 * /admin/efris: the invoices sent to URA's EFRIS (staff and admins): waiting, fiscalised, refused
 * with URA's message (retry); the refunds' credit notes; and, for admins, the connection and the key.
 */
export function AdminEfrisPage() {
  return (
    <PageShell eyebrow="Back office" title="EFRIS">
      <StaffOnly>
        <div className="space-y-10">
          <EfrisBanner />
          <Queue />
          <EfrisCreditNotes />
          <Connection />
        </div>
      </StaffOnly>
    </PageShell>
  );
}
