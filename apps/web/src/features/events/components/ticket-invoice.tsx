import type { RsvpInvoice } from '@shop/contract/events';
import { useMutation } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { secondaryButtonClass } from '../../../components/form-field';
import { downloadFile } from '../../../lib/download-file';

/**
 * A paid ticket's invoice (decision 0034): its PDF, and what URA's EFRIS says of it: the fiscal
 * document number and verification code once fiscalised, "not yet" while it waits; nothing when
 * the shop does not fiscalise (the invoice claims nothing).
 */
export function TicketInvoice({ invoice }: { invoice: RsvpInvoice }) {
  const download = useMutation({
    mutationFn: () =>
      downloadFile(
        invoice.pdf_url,
        `${invoice.invoice_number.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`,
        'application/pdf',
      ),
  });
  const { efris } = invoice;
  return (
    <div className="mt-4 space-y-2 text-sm">
      <button
        type="button"
        className={secondaryButtonClass}
        onClick={() => download.mutate()}
        disabled={download.isPending}
      >
        <FileText aria-hidden="true" className="size-4" />
        {download.isPending
          ? 'Downloading…'
          : `${invoice.tax_invoice ? 'Tax invoice' : 'Invoice'} ${invoice.invoice_number} (PDF)`}
      </button>
      {download.isError ? (
        <p role="alert" className="text-wine-800">
          We could not download invoice {invoice.invoice_number}. Please try again.
        </p>
      ) : null}
      {efris.state === 'fiscalised' && efris.fiscal ? (
        <p className="text-ink-soft">
          URA fiscal document no. {efris.fiscal.fiscal_document_number} · Verification code{' '}
          {efris.fiscal.verification_code}
        </p>
      ) : null}
      {efris.state === 'pending' ? (
        <p className="text-ink-soft">Not yet fiscalised with URA: the fiscal number follows shortly.</p>
      ) : null}
    </div>
  );
}
