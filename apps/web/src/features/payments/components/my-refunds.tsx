import { formatUGX } from '@shop/contract/money';
import type { MyRefund } from '@shop/contract/refunds';
import { useState } from 'react';
import { FormMessage, textLinkClass } from '../../../components/form-field';
import { Pager } from '../../../components/pager';
import { downloadFile } from '../../../lib/download-file';
import { formatDateTime } from '../../../lib/mobile-money/payment-display';
import { useMyRefunds } from '../api/get-my-refunds';

const statusWords: Record<MyRefund['status'], string> = {
  pending: 'On its way',
  succeeded: 'Refunded',
  failed: 'Not refunded: we will contact you',
};

/** The customer's refunds on /payments: what, how much, why, its state and the credit note. */
export function MyRefunds() {
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState<string | null>(null);
  const { data, isError, refetch } = useMyRefunds(page);
  if (isError) {
    return (
      <FormMessage kind="error">
        We could not load your refunds.{' '}
        <button type="button" className={textLinkClass} onClick={() => void refetch()}>
          Try again
        </button>
      </FormMessage>
    );
  }
  // Customers without refunds see nothing extra.
  if (!data || data.count === 0) return null;
  return (
    <section aria-labelledby="my-refunds-heading" className="mt-10 space-y-3">
      <h2 id="my-refunds-heading" className="text-2xl">
        Refunds
      </h2>
      {failed ? <FormMessage kind="error">{failed}</FormMessage> : null}
      <ul className="space-y-2">
        {data.results.map((refund) => (
          <li key={refund.id} className="rounded-2xl border border-cream-200 bg-white p-4 text-sm shadow-sm">
            <p className="font-semibold text-wine-900">
              {formatUGX(refund.amount)} for {refund.subject_label} — {statusWords[refund.status]}
            </p>
            <p className="text-ink-soft">
              {formatDateTime(refund.settled_at ?? refund.created_at)} · {refund.reason}
            </p>
            {refund.credit_note ? (
              <button
                type="button"
                className={textLinkClass}
                onClick={() => {
                  const note = refund.credit_note;
                  if (!note) return;
                  setFailed(null);
                  downloadFile(note.pdf_url, `${note.number}.pdf`, 'application/pdf').catch(() =>
                    setFailed(`We could not download credit note ${note.number}. Please try again.`),
                  );
                }}
              >
                Credit note {refund.credit_note.number} (PDF)
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {data.total_pages > 1 ? (
        <Pager page={page} totalPages={data.total_pages} hasNext={data.next !== null} onPage={setPage} />
      ) : null}
    </section>
  );
}
