import { formatUGX } from '@shop/contract/money';
import type { Invoice } from '@shop/contract/orders';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Download, FileText } from 'lucide-react';
import { LoadError } from '../../../components/load-error';
import { PageShell } from '../../../components/page-shell';
import { stackedTable } from '../../../components/stacked-table';
import { useDownloadInvoice } from '../api/download-invoice';
import { useInvoices } from '../api/get-invoices';
import { ListPagination } from '../components/list-pagination';
import { formatDate, invoiceStatusLabels } from '../lib/order-display';

const route = getRouteApi('/invoices');

export const INVOICES_LOAD_FAILED = 'We could not load your invoices.';

function DownloadButton({ invoice }: { invoice: Invoice }) {
  const download = useDownloadInvoice();
  return (
    <button
      type="button"
      onClick={() => download.mutate(invoice)}
      disabled={download.isPending}
      className="inline-flex items-center gap-1.5 rounded-full border border-wine-800 px-3.5 py-1.5 text-sm font-semibold text-wine-800 transition hover:bg-wine-50 disabled:cursor-wait disabled:opacity-60"
    >
      <Download aria-hidden="true" className="size-4" />
      {download.isPending ? 'Downloading…' : 'PDF'}
      <span className="sr-only"> of invoice {invoice.invoice_number}</span>
    </button>
  );
}

function InvoiceTable({ invoices }: { invoices: Invoice[] }) {
  const { headerCell } = stackedTable;
  const cell = `${stackedTable.cell} md:align-middle`;
  return (
    <div className={stackedTable.frame}>
      <table className={`${stackedTable.table} md:min-w-[40rem]`}>
        <caption className="sr-only">Your invoices</caption>
        <thead
          className={`${stackedTable.head} bg-cream-100 text-xs tracking-[0.1em] text-ink-soft uppercase`}
        >
          <tr>
            <th scope="col" className={headerCell}>
              Invoice
            </th>
            <th scope="col" className={headerCell}>
              Order
            </th>
            <th scope="col" className={headerCell}>
              Issued
            </th>
            <th scope="col" className={headerCell}>
              Status
            </th>
            <th scope="col" className={`${headerCell} text-right`}>
              Total
            </th>
            <th scope="col" className={`${headerCell} text-right`}>
              <span className="sr-only">Download</span>
            </th>
          </tr>
        </thead>
        <tbody className={stackedTable.body}>
          {invoices.map((invoice) => (
            <tr key={invoice.id} className={stackedTable.row}>
              <th scope="row" data-label="Invoice" className={`${cell} font-semibold text-wine-900`}>
                {invoice.invoice_number}
              </th>
              <td data-label="Order" className={cell}>
                <Link
                  to="/order-history/$id"
                  params={{ id: invoice.order }}
                  className="text-wine-800 underline-offset-4 hover:underline"
                >
                  {invoice.order_number}
                </Link>
              </td>
              <td data-label="Issued" className={cell}>
                <time dateTime={invoice.issued_at}>{formatDate(invoice.issued_at)}</time>
              </td>
              <td data-label="Status" className={cell}>
                <div>
                  {invoiceStatusLabels[invoice.status]}
                  {invoice.paid_at ? (
                    <span className="block text-xs text-ink-soft">{formatDate(invoice.paid_at)}</span>
                  ) : null}
                </div>
              </td>
              <td data-label="Total" className={`${cell} font-semibold text-ink md:text-right`}>
                {formatUGX(invoice.total)}
              </td>
              <td className={`${cell} max-md:justify-end max-md:pt-2 md:text-right`}>
                <DownloadButton invoice={invoice} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /invoices: an invoice for every order, each downloadable as a PDF. */
export function InvoicesPage() {
  const { page = 1 } = route.useSearch();
  const { data, isPending, isError, isFetching, refetch } = useInvoices(page);
  return (
    <PageShell
      eyebrow="Orders"
      title="Invoices"
      lead="An invoice for each of your orders, in Uganda shillings, ready to download as a PDF for your records or your company’s accounts."
    >
      {isPending ? (
        <p role="status" className="text-ink-soft">
          Loading your invoices…
        </p>
      ) : isError ? (
        <LoadError message={INVOICES_LOAD_FAILED} onRetry={() => void refetch()} retrying={isFetching} />
      ) : data.count === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-cream-300 bg-white px-6 py-12 text-center">
          <FileText aria-hidden="true" className="size-10 text-wine-700" />
          <h2 className="mt-4 text-2xl">No invoices yet</h2>
          <p className="mt-2 text-ink-soft">Each order you place comes with its invoice, listed here.</p>
        </div>
      ) : (
        <>
          <InvoiceTable invoices={data.results} />
          <ListPagination to="/invoices" page={page} totalPages={data.total_pages} />
        </>
      )}
      <p className="mt-8 text-sm text-ink-soft">
        <Link to="/order-history" className="font-semibold text-wine-800 underline underline-offset-4">
          Your order history
        </Link>
      </p>
    </PageShell>
  );
}
