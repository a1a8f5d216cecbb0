import { EFRIS_DOCUMENT_STATES, type EfrisDocumentState } from '@shop/contract/efris';
import { PageShell } from '../../../components/page-shell';
import { QueryState } from '../../../components/query-state';
import { StaffOnly } from '../../../components/staff-only';
import { useBackOffice } from '../../../lib/session/use-back-office';
import { useEfrisDocuments, useEfrisSettings, useRetryEfrisDocument } from '../api/efris';
import { EfrisBanner } from '../components/efris-banner';
import { EfrisCreditNotes } from '../components/efris-credit-notes';
import { EfrisGoods } from '../components/efris-goods';
import { EfrisQueue } from '../components/efris-queue';
import { EfrisSettingsPanel } from '../components/efris-settings-panel';

const stateLabels: Record<EfrisDocumentState, string> = {
  pending: 'Waiting for URA',
  fiscalised: 'Fiscalised',
  failed: 'Refused',
};

/** Orders' and paid tickets' invoices at URA (decisions 0024, 0034). */
function Queue() {
  const retry = useRetryEfrisDocument();
  return (
    <EfrisQueue
      title="Fiscalisation queue"
      noun="invoice"
      states={EFRIS_DOCUMENT_STATES}
      stateLabels={stateLabels}
      useRows={useEfrisDocuments}
      retry={retry}
      retryable={(document) => document.state === 'failed'}
      retryLabel="Retry"
      columns={[
        {
          header: 'Order',
          label: 'For',
          cell: (document) => (document.kind === 'ticket' ? 'Event ticket' : document.order_number),
        },
        {
          header: 'Buyer',
          cell: (document) => (document.buyer_type === 'b2b' ? 'Business' : 'Consumer'),
        },
        {
          header: 'State',
          cell: (document) =>
            `${stateLabels[document.state]}${
              document.state === 'pending' && document.attempts > 0 ? ` (attempt ${document.attempts})` : ''
            }`,
        },
        {
          header: 'Fiscal number / URA’s answer',
          label: 'Fiscal number',
          cell: (document) => document.fiscal_document_number ?? document.last_error ?? '',
        },
      ]}
    />
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
