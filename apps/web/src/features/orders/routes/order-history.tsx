import { formatUGX } from '@shop/contract/money';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ChevronRight, Package } from 'lucide-react';
import { LoadError } from '../../../components/load-error';
import { PageShell } from '../../../components/page-shell';
import { useMyOrders } from '../api/get-my-orders';
import { useOrderStats } from '../api/get-order-stats';
import { ListPagination } from '../components/list-pagination';
import { OrderStatsSummary } from '../components/order-stats-summary';
import { OrderStatusBadge, PaymentStatusBadge } from '../components/order-status-badge';
import { formatDate, itemCountText } from '../lib/order-display';

const route = getRouteApi('/order-history');

export const ORDERS_LOAD_FAILED = 'We could not load your orders.';

function OrdersList({ page }: { page: number }) {
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } = useMyOrders(page);
  if (isPending) {
    return (
      <p role="status" className="text-ink-soft">
        Loading your orders…
      </p>
    );
  }
  if (isError) {
    return <LoadError message={ORDERS_LOAD_FAILED} onRetry={() => void refetch()} retrying={isFetching} />;
  }
  if (data.count === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-cream-300 bg-white px-6 py-12 text-center">
        <Package aria-hidden="true" className="size-10 text-wine-700" />
        <h2 className="mt-4 text-2xl">No orders yet</h2>
        <p className="mt-2 text-ink-soft">When you place an order, it appears here with its status.</p>
        <Link
          to="/products"
          className="mt-6 inline-flex h-11 items-center rounded-full bg-wine-800 px-6 font-semibold text-cream-50 hover:bg-wine-900"
        >
          Browse wines and spirits
        </Link>
      </div>
    );
  }
  return (
    <section aria-labelledby="orders-heading">
      <h2 id="orders-heading" className="sr-only">
        Your orders
      </h2>
      <ul
        aria-busy={isPlaceholderData || undefined}
        className={`flex flex-col gap-3 transition-opacity ${isPlaceholderData ? 'opacity-60' : ''}`}
      >
        {data.results.map((order) => (
          <li key={order.id}>
            <Link
              to="/order-history/$id"
              params={{ id: order.id }}
              className="group flex flex-wrap items-center gap-x-6 gap-y-2 rounded-2xl border border-cream-200 bg-white p-5 shadow-sm transition hover:border-wine-300 hover:shadow-md"
            >
              <div className="min-w-48 flex-1">
                <p className="font-serif text-lg text-wine-900">
                  {/* The link is named by all it shows, the order's number first. */}
                  <span className="sr-only">Order </span>
                  {order.order_number}
                </p>
                <p className="text-sm text-ink-soft">
                  <time dateTime={order.created_at}>{formatDate(order.created_at)}</time> ·{' '}
                  {itemCountText(order.item_count)}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <OrderStatusBadge status={order.status} />
                <PaymentStatusBadge status={order.payment_status} />
              </div>
              <p className="font-semibold text-wine-900">{formatUGX(order.total)}</p>
              <ChevronRight
                aria-hidden="true"
                className="size-5 text-wine-700 transition group-hover:translate-x-0.5"
              />
            </Link>
          </li>
        ))}
      </ul>
      <ListPagination to="/order-history" page={page} totalPages={data.total_pages} />
    </section>
  );
}

function Stats() {
  const { data } = useOrderStats();
  // The summary is a bonus over the list: without it the page still works.
  return data && data.total_orders > 0 ? <OrderStatsSummary stats={data} /> : null;
}

/** /order-history: every order the customer has placed, newest first, with its status, date and total. */
export function OrderHistoryPage() {
  const { page = 1 } = route.useSearch();
  return (
    <PageShell
      eyebrow="Orders"
      title="Order history"
      lead="Every order you have placed with us, newest first, with its status, date and total."
    >
      <div className="flex flex-col gap-8">
        <Stats />
        <OrdersList page={page} />
        <p className="text-sm text-ink-soft">
          Looking for a receipt?{' '}
          <Link to="/invoices" className="font-semibold text-wine-800 underline underline-offset-4">
            Your invoices
          </Link>
        </p>
      </div>
    </PageShell>
  );
}
