import type { Dashboard } from '@shop/contract/dashboard';
import { PENDING_PAYMENT_MINUTES } from '@shop/contract/dashboard';
import { formatKampalaDayTime } from '@shop/contract/kampala-time';
import { formatUGX } from '@shop/contract/money';
import { orderStatusLabels } from '@shop/contract/orders';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

const linkClass = 'font-semibold text-wine-800 underline';

function WorkList({
  title,
  count,
  empty,
  more,
  children,
}: {
  title: string;
  count: number;
  empty: string;
  /** Where all of them are acted on. */
  more: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="rounded-2xl border border-cream-200 bg-white p-4 shadow-sm">
      <h3 className="font-serif text-lg text-wine-900">
        {title} <span className="tabular-nums text-ink-soft">({count})</span>
      </h3>
      {count === 0 ? (
        <p className="mt-2 text-sm text-ink-soft">{empty}</p>
      ) : (
        <>
          <ul className="mt-2 space-y-1.5 text-sm">{children}</ul>
          <p className="mt-3 text-sm">{more}</p>
        </>
      )}
    </section>
  );
}

/** A payment's subject: an order opens on the staff's order page, an RSVP on the events page. */
function SubjectLink({ purpose, subjectId, label }: { purpose: string; subjectId: string; label: string }) {
  return purpose === 'order' ? (
    <Link to="/admin/orders/$id" params={{ id: subjectId }} className={linkClass}>
      {label}
    </Link>
  ) : (
    <Link to="/admin/events" className={linkClass}>
      {label}
    </Link>
  );
}

/** What waits for staff now: orders to prepare, stuck payments, money to give back, low stock. */
export function PendingWork({ pending }: { pending: Dashboard['pending'] }) {
  const prepare = pending.orders_to_prepare;
  const payments = pending.payments_pending;
  const refunds = pending.refund_due;
  const low = pending.low_stock;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <WorkList
        title="Orders to prepare"
        count={prepare.count}
        empty="Nothing to prepare."
        more={
          <Link to="/admin/orders" className={linkClass}>
            All orders on the desk
          </Link>
        }
      >
        {prepare.items.map((order) => (
          <li key={order.id}>
            <Link to="/admin/orders/$id" params={{ id: order.id }} className={linkClass}>
              {order.order_number}
            </Link>{' '}
            {order.contact_name}, {formatUGX(order.total)} · {orderStatusLabels[order.status]} since{' '}
            {formatKampalaDayTime(order.created_at)}
          </li>
        ))}
      </WorkList>
      <WorkList
        title={`Payments pending over ${PENDING_PAYMENT_MINUTES} minutes`}
        count={payments.count}
        empty="No payment is stuck."
        more={<span className="text-ink-soft">Open each to check it with the provider.</span>}
      >
        {payments.items.map((payment) => (
          <li key={payment.id}>
            <SubjectLink
              purpose={payment.purpose}
              subjectId={payment.subject_id}
              label={payment.subject_label}
            />{' '}
            {formatUGX(payment.amount)}, started {formatKampalaDayTime(payment.created_at)} (
            {payment.reference})
          </li>
        ))}
      </WorkList>
      <WorkList
        title="Money to give back (refund due)"
        count={refunds.count}
        empty="No payment is waiting for a refund."
        more={<span className="text-ink-soft">{formatUGX(refunds.amount)} to give back in all.</span>}
      >
        {refunds.items.map((payment) => (
          <li key={payment.id}>
            <SubjectLink
              purpose={payment.purpose}
              subjectId={payment.subject_id}
              label={payment.subject_label}
            />{' '}
            {formatUGX(payment.amount)} to give back ({payment.reference})
          </li>
        ))}
      </WorkList>
      <WorkList
        title="Low stock"
        count={low.count}
        empty="Every size is above its low-stock threshold."
        more={
          <Link to="/admin/stock" className={linkClass}>
            Receive stock
          </Link>
        }
      >
        {low.items.map((size) => (
          <li key={size.variant_id}>
            <Link to="/admin/products/$id" params={{ id: String(size.product_id) }} className={linkClass}>
              {size.product_name}
            </Link>{' '}
            {size.variant_name}: {size.stock === 0 ? 'sold out' : `${size.stock} left`} (threshold{' '}
            {size.low_stock_threshold})
          </li>
        ))}
      </WorkList>
    </div>
  );
}
