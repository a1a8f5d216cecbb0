import { ORDER_STATUSES, type OrderStatus, orderStatusLabels } from '@shop/contract/orders';
import { useState } from 'react';
import { FormMessage } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { useSession } from '../../../lib/session/use-session';
import { useStaffOrders } from '../api/staff-orders';
import { StaffOrderCard } from '../components/staff-order-card';

export const STAFF_ONLY_MESSAGE =
  "You don't have permission to perform this action. This page is for the shop's staff.";

/** The desk's tabs: the working statuses first. */
const TABS: ReadonlyArray<OrderStatus | null> = [
  'pending',
  'confirmed',
  'processing',
  'ready_for_delivery',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'refunded',
  null,
];

const tabClass =
  'rounded-full border px-3 py-1.5 text-sm font-semibold transition aria-selected:border-wine-800 aria-selected:bg-wine-800 aria-selected:text-cream-50';

function OrdersDesk() {
  const [status, setStatus] = useState<OrderStatus | null>('confirmed');
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useStaffOrders(status, page, true);
  const counts = data?.status_counts;
  const total = counts ? ORDER_STATUSES.reduce((sum, key) => sum + counts[key], 0) : null;

  return (
    <div className="space-y-6">
      <div role="tablist" aria-label="Orders by status" className="flex flex-wrap gap-2">
        {TABS.map((tab) => {
          const count = tab === null ? total : (counts?.[tab] ?? null);
          return (
            <button
              key={tab ?? 'all'}
              type="button"
              role="tab"
              aria-selected={status === tab}
              className={`${tabClass} border-cream-300 text-ink hover:bg-cream-100`}
              onClick={() => {
                setStatus(tab);
                setPage(1);
              }}
            >
              {tab === null ? 'All' : orderStatusLabels[tab]}
              {count === null ? '' : ` (${count})`}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        aria-label={status === null ? 'All orders' : orderStatusLabels[status]}
        className="space-y-4"
      >
        {isPending ? (
          <p role="status" className="text-ink-soft">
            Loading orders…
          </p>
        ) : isError ? (
          <FormMessage kind="error">
            The orders could not be loaded.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void refetch()}>
              Try again
            </button>
          </FormMessage>
        ) : data.results.length === 0 ? (
          <p className="text-ink-soft">No orders here.</p>
        ) : (
          data.results.map((order) => <StaffOrderCard key={`${order.id}-${order.status}`} order={order} />)
        )}
        {data && data.total_pages > 1 ? (
          <nav aria-label="Pagination" className="flex items-center justify-center gap-3 text-sm">
            <button
              type="button"
              disabled={page <= 1}
              onClick={() => setPage((current) => current - 1)}
              className="rounded-full border border-wine-800 px-3 py-1.5 font-semibold text-wine-800 disabled:opacity-40"
            >
              Previous
            </button>
            <span className="text-ink-soft">
              Page {page} of {data.total_pages}
            </span>
            <button
              type="button"
              disabled={data.next === null}
              onClick={() => setPage((current) => current + 1)}
              className="rounded-full border border-wine-800 px-3 py-1.5 font-semibold text-wine-800 disabled:opacity-40"
            >
              Next
            </button>
          </nav>
        ) : null}
      </div>
    </div>
  );
}

/**
 * /admin/orders, the back office's orders (staff and admins; the API refuses anyone else too):
 * orders by status, moved along the transition table or cancelled with a reason, riders
 * assigned, deliveries marked delivered.
 */
export function AdminOrdersPage() {
  const { status, user } = useSession();
  const isStaff = user?.role === 'staff' || user?.role === 'admin';
  return (
    <PageShell eyebrow="Back office" title="Orders">
      {status === 'loading' ? (
        <p role="status" className="text-ink-soft">
          Loading…
        </p>
      ) : isStaff ? (
        <OrdersDesk />
      ) : (
        <FormMessage kind="error">{STAFF_ONLY_MESSAGE}</FormMessage>
      )}
    </PageShell>
  );
}
