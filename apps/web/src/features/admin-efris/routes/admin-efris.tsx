import { EFRIS_DOCUMENT_STATES, type EfrisDocumentState } from '@shop/contract/efris';
import { formatKampalaShortDateTime } from '@shop/contract/kampala-time';
import { useState } from 'react';
import { buttonClass } from '../../../components/button';
import { PagedDataTable } from '../../../components/data-table';
import { FormMessage } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { QueryState } from '../../../components/query-state';
import { StaffOnly } from '../../../components/staff-only';
import { Tabs } from '../../../components/tabs';
import { formErrorMessage } from '../../../lib/form-errors';
import { useBackOffice } from '../../../lib/session/use-back-office';
import { useEfrisDocuments, useEfrisSettings, useRetryEfrisDocument } from '../api/efris';
import { EfrisBanner } from '../components/efris-banner';
import { EfrisCreditNotes } from '../components/efris-credit-notes';
import { EfrisGoods } from '../components/efris-goods';
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

function Queue() {
  const [tab, setTab] = useState<StateTab>('all');
  const [page, setPage] = useState(1);
  const documents = useEfrisDocuments(tab === 'all' ? undefined : tab, page);
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
        <PagedDataTable
          caption="Invoices sent to EFRIS, newest first"
          columns={[
            {
              header: 'Invoice',
              cell: (document) => (
                <span>
                  {document.reference_no}
                  <span className="block text-ink-soft">
                    {formatKampalaShortDateTime(document.created_at)}
                  </span>
                </span>
              ),
            },
            { header: 'Order', cell: (document) => document.order_number },
            {
              header: 'Buyer',
              cell: (document) => (document.buyer_type === 'b2b' ? 'Business' : 'Consumer'),
            },
            {
              header: 'State',
              cell: (document) =>
                `${stateLabels[document.state]}${
                  document.state === 'pending' && document.attempts > 0
                    ? ` (attempt ${document.attempts})`
                    : ''
                }`,
            },
            {
              header: 'Fiscal number / URA’s answer',
              label: 'Fiscal number',
              cell: (document) => document.fiscal_document_number ?? document.last_error ?? '',
            },
            {
              header: 'Actions',
              hideHeader: true,
              cell: (document) =>
                document.state === 'failed' ? (
                  <button
                    type="button"
                    className={buttonClass('link')}
                    disabled={retry.isPending}
                    onClick={() => retry.mutate(document.id)}
                  >
                    Retry<span className="sr-only"> invoice {document.reference_no}</span>
                  </button>
                ) : null,
            },
          ]}
          rowKey={(document) => document.id}
          query={documents}
          what="The queue"
          loading="Loading the queue…"
          empty="No invoice here."
          page={page}
          onPage={setPage}
        />
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
 * with URA's message (retry); the refunds' credit notes; the goods registered with URA; and, for admins, the connection and the key.
 */
export function AdminEfrisPage() {
  return (
    <PageShell eyebrow="Back office" title="EFRIS">
      <StaffOnly>
        <div className="space-y-10">
          <EfrisBanner />
          <Queue />
          <EfrisCreditNotes />
          <EfrisGoods />
          <Connection />
        </div>
      </StaffOnly>
    </PageShell>
  );
}
