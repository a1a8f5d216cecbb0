import { formatUGX } from '@shop/contract/money';
import type { Transaction } from '@shop/contract/payments';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { FormMessage, textLinkClass } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { stackedTable } from '../../../components/stacked-table';
import {
  formatDateTime,
  networkLabels,
  paymentMethodLabels,
} from '../../../lib/mobile-money/payment-display';
import { useMyPayments } from '../api/get-my-payments';
import { MyRefunds } from '../components/my-refunds';
import { TransactionStatusBadge } from '../components/transaction-status-badge';

const route = getRouteApi('/payments');

export const NO_PAYMENTS_MESSAGE = 'You have not made any mobile money payment yet.';

/** /payments: the customer's payments — date, order, method, network, masked number, amount, status, reference. */
export function PaymentsPage() {
  const { page: requested } = route.useSearch();
  const page = requested ?? 1;
  const { data, isPending, isError, refetch, isFetching } = useMyPayments(page);

  return (
    <PageShell
      eyebrow="Payments"
      title="Payment history"
      lead="Every MTN and Airtel mobile money payment you have made to us, with its date, amount and status."
    >
      {isError ? (
        <FormMessage kind="error">
          We could not load your payments.{' '}
          <button
            type="button"
            className={textLinkClass}
            onClick={() => void refetch()}
            disabled={isFetching}
          >
            Try again
          </button>
        </FormMessage>
      ) : isPending || !data ? (
        <p role="status" className="text-ink-soft">
          Loading your payments…
        </p>
      ) : data.count === 0 ? (
        <FormMessage kind="info">
          {NO_PAYMENTS_MESSAGE}{' '}
          <Link to="/products" className={textLinkClass}>
            Browse the cellar
          </Link>
        </FormMessage>
      ) : (
        <>
          <div className={stackedTable.frame}>
            <table className={`${stackedTable.table} md:min-w-[60rem]`}>
              <caption className="sr-only">Your payments, newest first</caption>
              <thead className="max-md:sr-only border-b border-cream-300 bg-cream-100 text-xs tracking-wide text-ink-soft uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Date
                  </th>
                  <th scope="col" className="px-4 py-3">
                    For
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Method
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Network
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Phone
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Amount
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Reference
                  </th>
                </tr>
              </thead>
              <tbody className={stackedTable.body}>
                {data.results.map((transaction) => (
                  <PaymentRow key={transaction.id} transaction={transaction} />
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} totalPages={data.total_pages} />
        </>
      )}
      <MyRefunds />
    </PageShell>
  );
}

function PaymentRow({ transaction }: { transaction: Transaction }) {
  const { cell } = stackedTable;
  return (
    <tr className={`${stackedTable.row} md:border-b md:border-cream-200 md:last:border-0 md:align-top`}>
      <td data-label="Date" className={`${cell} whitespace-nowrap text-ink md:align-top`}>
        {formatDateTime(transaction.created_at)}
      </td>
      <td data-label="For" className={`${cell} md:align-top`}>
        <div>
          {transaction.order ? (
            <Link to="/order-history/$id" params={{ id: transaction.order }} className={textLinkClass}>
              {transaction.subject_label}
            </Link>
          ) : (
            transaction.subject_label
          )}
          {transaction.status === 'pending' && transaction.order ? (
            <Link
              to="/pay/$orderId"
              params={{ orderId: transaction.order }}
              className="mt-1 block text-xs font-semibold text-wine-800 underline underline-offset-4"
            >
              Continue paying
            </Link>
          ) : null}
        </div>
      </td>
      <td data-label="Method" className={`${cell} whitespace-nowrap text-ink md:align-top`}>
        {paymentMethodLabels[transaction.payment_method]}
      </td>
      <td data-label="Network" className={`${cell} text-ink md:align-top`}>
        {networkLabels[transaction.network]}
      </td>
      <td data-label="Phone" className={`${cell} whitespace-nowrap text-ink md:align-top`}>
        {transaction.phone}
      </td>
      <td
        data-label="Amount"
        className={`${cell} font-semibold whitespace-nowrap text-wine-900 md:text-right md:align-top`}
      >
        {formatUGX(transaction.amount)}
      </td>
      <td data-label="Status" className={`${cell} md:align-top`}>
        <div>
          <TransactionStatusBadge status={transaction.status} />
          {transaction.failure_reason && transaction.status !== 'successful' ? (
            <span className="mt-1 block text-xs text-ink-soft">{transaction.failure_reason}</span>
          ) : null}
        </div>
      </td>
      <td
        data-label="Reference"
        className={`${cell} font-mono text-xs break-all text-ink-soft md:break-normal md:whitespace-nowrap md:align-top`}
      >
        {transaction.reference}
      </td>
    </tr>
  );
}

const pageLinkClass =
  'inline-flex items-center gap-1 rounded-full border border-wine-800 px-3 py-2 text-sm font-semibold text-wine-800 transition hover:bg-wine-50';

/** Previous / "Page 2 of 5" / Next; the page lives in the URL (`?page=2`). */
function Pagination({ page, totalPages }: { page: number; totalPages: number }) {
  if (totalPages <= 1) return null;
  const search = (target: number) => ({ page: target > 1 ? target : undefined });
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link to="/payments" search={search(page - 1)} rel="prev" className={pageLinkClass}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </Link>
      ) : null}
      <p className="text-sm text-ink-soft" aria-current="page">
        Page {page} of {totalPages}
      </p>
      {page < totalPages ? (
        <Link to="/payments" search={search(page + 1)} rel="next" className={pageLinkClass}>
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}
