import { EFRIS_WAITING_BANNER_MINUTES } from '@shop/contract/efris';
import { countOf } from '@shop/contract/plural';
import { Link } from '@tanstack/react-router';
import { ReceiptText } from 'lucide-react';
import { textLinkClass } from '../../../components/form-field';
import { useBackOffice } from '../../../lib/session/use-back-office';
import { useEfrisSummary } from '../api/efris';

/**
 * The staff desk's warning while invoices wait for URA longer than an hour, credit notes were
 * refused or rejected by URA (decision 0030), or the server's clock
 * is too far from URA's for EFRIS to take anything. Shows nothing otherwise (or with EFRIS off).
 */
export function EfrisBanner() {
  const { mayUse } = useBackOffice();
  const { data } = useEfrisSummary(mayUse('efris'));
  if (!data?.enabled) return null;
  const skew = data.clock_skew_seconds;
  const refusedCreditNotes = data.credit_notes_failed;
  if (data.waiting_over_an_hour === 0 && skew === null && refusedCreditNotes === 0) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-2xl border border-gold-300 bg-cream-100 p-4 text-ink"
    >
      <ReceiptText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-700" />
      <p>
        {data.waiting_over_an_hour > 0 ? (
          <strong>
            {countOf(data.waiting_over_an_hour, 'invoice')} waiting for URA’s EFRIS for more than{' '}
            {EFRIS_WAITING_BANNER_MINUTES / 60} hour{data.failed > 0 ? ` (${data.failed} refused)` : ''}.
          </strong>
        ) : null}{' '}
        {refusedCreditNotes > 0 ? (
          <strong>{countOf(refusedCreditNotes, 'credit note')} refused or rejected by URA.</strong>
        ) : null}{' '}
        {skew !== null ? (
          <strong>
            This server’s clock is {Math.round(Math.abs(skew) / 60)} minutes off URA’s: EFRIS refuses invoices
            until it is set right.
          </strong>
        ) : null}{' '}
        <Link to="/admin/efris" className={textLinkClass}>
          Open the fiscalisation queue
        </Link>
      </p>
    </div>
  );
}
