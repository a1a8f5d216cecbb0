import { formatUGX } from '@shop/contract/money';
import type { MyRefund } from '@shop/contract/refunds';
import { useState } from 'react';
import { downloadFile } from '../lib/download-file';
import { formatDateTime } from '../lib/mobile-money/payment-display';
import { FormMessage, textLinkClass } from './form-field';

const statusWords: Record<MyRefund['status'], string> = {
  pending: 'On its way',
  succeeded: 'Refunded',
  failed: 'Not refunded: we will contact you',
};

/** A customer's refunds: how much, for what, why, its state and the credit note to download. */
export function RefundList({ refunds }: { refunds: readonly MyRefund[] }) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <>
      {failed ? <FormMessage kind="error">{failed}</FormMessage> : null}
      <ul className="space-y-2">
        {refunds.map((refund) => (
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
    </>
  );
}
