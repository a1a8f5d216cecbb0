import { DATA_EXPORT_HOURS, type DataExport } from '@shop/contract/data-exports';
import { formatKampalaDateTime } from '@shop/contract/kampala-time';
import { FormMessage, secondaryButtonClass } from '../../../components/form-field';
import { QueryStatus } from '../../../components/query-state';
import { formErrorMessage } from '../../../lib/form-errors';
import { useDownloadDataExport, useLatestDataExport, useRequestDataExport } from '../api/data-exports';

/** What became of the last request, in the customer's words. */
export function dataExportStatusText(latest: DataExport): string {
  switch (latest.state) {
    case 'queued':
      return `We are preparing a copy of your data (asked on ${formatKampalaDateTime(latest.created_at)}). We will tell you when it is ready.`;
    case 'ready':
      return `Your copy is ready. Download it by ${formatKampalaDateTime(latest.expires_at ?? latest.created_at)}; it can be downloaded once.`;
    case 'downloaded':
      return `You downloaded your last copy on ${formatKampalaDateTime(latest.downloaded_at ?? latest.created_at)}.`;
    case 'expired':
      return `Your last copy was not downloaded within ${DATA_EXPORT_HOURS} hours and has been deleted.`;
  }
}

/** /profile's "Download my data": ask for a copy, wait while it is prepared, download it once. */
export function DataExportSection() {
  const { data, isPending, isError, refetch } = useLatestDataExport();
  const ask = useRequestDataExport();
  const download = useDownloadDataExport();
  const latest = data?.export ?? null;
  const error = ask.error ?? download.error;
  return (
    <section aria-labelledby="data-export-heading" className="mt-12 max-w-2xl space-y-4">
      <h2 id="data-export-heading" className="font-serif text-2xl text-wine-900">
        Download my data
      </h2>
      <p className="text-ink-soft">
        A copy of everything we keep about you: your profile, addresses, orders, invoices, payments, tickets,
        reviews, wishlist, messages, consents and sign-ins, as a ZIP of JSON and CSV files.
      </p>
      {isPending || isError ? (
        <QueryStatus pending={isPending} onRetry={refetch} what="Your requests" loading="Loading…" />
      ) : (
        <>
          {latest ? (
            <p role="status" className="text-ink">
              {dataExportStatusText(latest)}
            </p>
          ) : null}
          {error ? <FormMessage kind="error">{formErrorMessage(error)}</FormMessage> : null}
          {latest?.state === 'ready' && latest.download_url ? (
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={download.isPending}
              onClick={() => download.mutate(latest)}
            >
              Download my data
            </button>
          ) : latest?.state === 'queued' ? null : (
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={ask.isPending}
              onClick={() => ask.mutate()}
            >
              Ask for a copy of my data
            </button>
          )}
        </>
      )}
    </section>
  );
}
