import { formatKampalaDateTime } from '@shop/contract/kampala-time';
import { formatUGX } from '@shop/contract/money';
import { useState } from 'react';
import { buttonClass } from '../../../components/button';
import { FormMessage, inputClass, secondaryButtonClass } from '../../../components/form-field';
import { KeptFee } from '../../../components/kept-fee';
import { PageShell } from '../../../components/page-shell';
import { Pager } from '../../../components/pager';
import { QueryStatus } from '../../../components/query-state';
import { StaffOnly } from '../../../components/staff-only';
import { isApiError } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { useRefundDue } from '../api/refund-due';
import { RefundForm } from '../components/refund-panel';

export const REFUNDS_STAFF_ONLY_MESSAGE =
  "You don't have permission to perform this action. Refunds are made by the shop's admins.";

function RefundDueQueue() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const { data, isPending, isError, error, refetch } = useRefundDue(page, true);
  if (isError && isApiError(error) && error.status === 403) {
    return <FormMessage kind="error">{REFUNDS_STAFF_ONLY_MESSAGE}</FormMessage>;
  }
  if (isPending || isError) {
    return (
      <QueryStatus
        pending={isPending}
        onRetry={refetch}
        what="The queue"
        loading="Loading the payments to refund…"
      />
    );
  }
  if (data.results.length === 0) {
    return <p className="text-ink-soft">No payment is waiting for a refund.</p>;
  }
  return (
    <div className="space-y-4">
      <ul aria-label="Payments to refund" className="space-y-3">
        {data.results.map((payment) => (
          <li key={payment.id} className="rounded-2xl border border-cream-200 bg-white p-4 shadow-sm">
            <p className="font-semibold">
              {payment.subject_label}: {formatUGX(payment.refundable)} to refund
            </p>
            <p className="text-sm text-ink-soft">
              {payment.failure_reason ?? 'Money that gave no value'} · {formatUGX(payment.paid)} paid by{' '}
              {payment.phone} via {payment.provider}
              {payment.paid_at ? `, ${formatKampalaDateTime(payment.paid_at)}` : ''} · {payment.reference}
            </p>
            {payment.withheld > 0 && payment.withheld_reason ? (
              <KeptFee
                amount={payment.withheld}
                reason={payment.withheld_reason}
                refundDue={payment.refundable}
              />
            ) : null}
            {open === payment.id ? (
              <div className="mt-3">
                <RefundForm payment={payment} />
              </div>
            ) : (
              <button
                type="button"
                className={`${buttonClass('secondary', 'sm')} mt-2`}
                onClick={() => setOpen(payment.id)}
              >
                Refund…
              </button>
            )}
          </li>
        ))}
      </ul>
      {data.total_pages > 1 ? (
        <Pager page={page} totalPages={data.total_pages} hasNext={data.next !== null} onPage={setPage} />
      ) : null}
    </div>
  );
}

/** The accountant's CSV of credit notes for a range of Kampala days (streamed by the API). */
function CreditNotesExport() {
  const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <section aria-labelledby="credit-notes-export" className="space-y-3">
      <h2 id="credit-notes-export" className="text-2xl">
        Credit notes for the accountant
      </h2>
      {failed ? <FormMessage kind="error">{failed}</FormMessage> : null}
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm font-semibold">
          From
          <input
            type="date"
            className={inputClass}
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
          />
        </label>
        <label className="text-sm font-semibold">
          To
          <input
            type="date"
            className={inputClass}
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
          />
        </label>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => {
            setFailed(null);
            const query = new URLSearchParams({ date_from: from, date_to: to });
            downloadFile(
              `/admin/exports/credit-notes.csv?${query}`,
              `credit-notes-${from}-${to}.csv`,
              'text/csv',
            ).catch((error: unknown) =>
              setFailed(
                isApiError(error) && error.fields[0]
                  ? `${error.fields[0].field}: ${error.fields[0].message}`
                  : 'The export could not be downloaded. Please try again.',
              ),
            );
          }}
        >
          Download CSV
        </button>
      </div>
    </section>
  );
}

/**
 * /admin/refunds (admins; staff when the shop allows it — @shop/contract/back-office): the payments to
 * refund (paid twice, short, in the wrong currency), each refunded from here, and the credit
 * notes' export. Orders and tickets are refunded from their own pages.
 */
export function AdminRefundsPage() {
  return (
    <PageShell eyebrow="Back office" title="Refunds">
      <StaffOnly section="refunds" refusal={REFUNDS_STAFF_ONLY_MESSAGE}>
        <div className="space-y-10">
          <RefundDueQueue />
          <CreditNotesExport />
        </div>
      </StaffOnly>
    </PageShell>
  );
}
