import { EFRIS_DOCUMENT_STATES, type EfrisDocumentState } from '@shop/contract/efris';
import { formatKampalaShortDateTime } from '@shop/contract/kampala-time';
import { useState } from 'react';
import { FormMessage } from '../../../components/form-field';
import { LoadError } from '../../../components/load-error';
import { PageShell } from '../../../components/page-shell';
import { Pager } from '../../../components/pager';
import { StaffOnly } from '../../../components/staff-only';
import { formErrorMessage } from '../../../lib/form-errors';
import { useBackOffice } from '../../../lib/session/use-back-office';
import { useEfrisDocuments, useEfrisSettings, useRetryEfrisDocument } from '../api/efris';
import { EfrisBanner } from '../components/efris-banner';
import { EfrisSettingsPanel } from '../components/efris-settings-panel';

const stateLabels: Record<EfrisDocumentState, string> = {
  pending: 'Waiting for URA',
  fiscalised: 'Fiscalised',
  failed: 'Refused',
};

function Queue() {
  const [state, setState] = useState<EfrisDocumentState | undefined>(undefined);
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isFetching, refetch } = useEfrisDocuments(state, page);
  const retry = useRetryEfrisDocument();

  return (
    <section className="space-y-4" aria-label="Fiscalisation queue">
      <h2 className="font-display text-2xl">Fiscalisation queue</h2>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Show</legend>
        {[undefined, ...EFRIS_DOCUMENT_STATES].map((option) => (
          <button
            key={option ?? 'all'}
            type="button"
            aria-pressed={state === option}
            onClick={() => {
              setState(option);
              setPage(1);
            }}
            className="inline-flex h-10 items-center rounded-full border border-wine-800 px-4 text-sm font-semibold text-wine-800 aria-pressed:bg-wine-800 aria-pressed:text-cream-50"
          >
            {option ? stateLabels[option] : 'All'}
          </button>
        ))}
      </fieldset>
      {retry.isError ? <FormMessage kind="error">{formErrorMessage(retry.error)}</FormMessage> : null}
      {isPending ? (
        <p role="status" className="text-ink-soft">
          Loading the queue…
        </p>
      ) : isError && !data ? (
        <LoadError
          message="The queue could not be loaded."
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : data.results.length === 0 ? (
        <p className="text-ink-soft">No invoice here.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Invoices sent to EFRIS, newest first</caption>
          <thead>
            <tr className="border-b border-cream-200">
              <th scope="col" className="py-2 pr-3">
                Invoice
              </th>
              <th scope="col" className="py-2 pr-3">
                Order
              </th>
              <th scope="col" className="py-2 pr-3">
                Buyer
              </th>
              <th scope="col" className="py-2 pr-3">
                State
              </th>
              <th scope="col" className="py-2 pr-3">
                Fiscal number / URA’s answer
              </th>
              <th scope="col" className="py-2 pr-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.results.map((document) => (
              <tr key={document.id} className="border-b border-cream-100 align-top">
                <td className="py-2 pr-3 whitespace-nowrap">
                  {document.reference_no}
                  <br />
                  <span className="text-ink-soft">{formatKampalaShortDateTime(document.created_at)}</span>
                </td>
                <td className="py-2 pr-3">{document.order_number}</td>
                <td className="py-2 pr-3">{document.buyer_type === 'b2b' ? 'Business' : 'Consumer'}</td>
                <td className="py-2 pr-3">
                  {stateLabels[document.state]}
                  {document.state === 'pending' && document.attempts > 0
                    ? ` (attempt ${document.attempts})`
                    : ''}
                </td>
                <td className="py-2 pr-3 break-words">
                  {document.fiscal_document_number ?? document.last_error ?? ''}
                </td>
                <td className="py-2 pr-3">
                  {document.state === 'failed' ? (
                    <button
                      type="button"
                      className="font-semibold text-wine-800 underline underline-offset-4"
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
      )}
      {data ? (
        <Pager page={page} totalPages={data.total_pages} hasNext={data.next !== null} onPage={setPage} />
      ) : null}
    </section>
  );
}

function Connection() {
  const { mayUse } = useBackOffice();
  // The shop's settings are an admin's: staff see the queue only.
  const isAdmin = mayUse('settings');
  const { data, isError, isFetching, refetch } = useEfrisSettings(isAdmin);
  if (!isAdmin) return null;
  return (
    <section className="space-y-4" aria-label="Connection to URA">
      <h2 className="font-display text-2xl">Connection to URA</h2>
      {data ? (
        <EfrisSettingsPanel settings={data} />
      ) : isError ? (
        <LoadError
          message="The settings could not be loaded."
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : (
        <p role="status" className="text-ink-soft">
          Loading…
        </p>
      )}
    </section>
  );
}

/**
 * /admin/efris: the invoices sent to URA's EFRIS (staff and admins): waiting, fiscalised, refused
 * with URA's message (retry); and, for admins, the connection and the key.
 */
export function AdminEfrisPage() {
  return (
    <PageShell eyebrow="Back office" title="EFRIS">
      <StaffOnly>
        <div className="space-y-10">
          <EfrisBanner />
          <Queue />
          <Connection />
        </div>
      </StaffOnly>
    </PageShell>
  );
}
