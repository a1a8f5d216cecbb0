import { BRAND } from '@shop/contract/brand';
import { orderStatusLabels } from '@shop/contract/orders';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ChevronLeft } from 'lucide-react';
import { KeptFee } from '../../../components/kept-fee';
import { LoadError } from '../../../components/load-error';
import { PageShell } from '../../../components/page-shell';
import { WhatsAppChatLink } from '../../../components/whatsapp-chat-link';
import { isApiError } from '../../../lib/api-client';
import { isOrderId, useOrder } from '../api/get-order';
import { OrderHandover } from '../components/order-handover';
import { OrderNotFound } from '../components/order-not-found';
import { OrderOverview } from '../components/order-overview';
import { OrderRefunds } from '../components/order-refunds';
import { OrderStatusBadge } from '../components/order-status-badge';
import { formatDateTime } from '../lib/order-display';

const route = getRouteApi('/order-history/$id');

export const ORDER_LOAD_FAILED = 'We could not load this order.';

/** /order-history/{id}: one of the customer's orders, its items, delivery, payment and status changes. */
export function OrderDetailPage() {
  const { id } = route.useParams();
  const { data: order, isPending, isError, error, isFetching, refetch } = useOrder(id);

  if (!isOrderId(id) || (isError && isApiError(error) && error.status === 404)) return <OrderNotFound />;
  if (isPending || isError) {
    return (
      <PageShell eyebrow="Orders" title="Your order">
        {isPending ? (
          <p role="status" className="text-ink-soft">
            Loading the order…
          </p>
        ) : (
          <LoadError message={ORDER_LOAD_FAILED} onRetry={() => void refetch()} retrying={isFetching} />
        )}
      </PageShell>
    );
  }

  return (
    <PageShell
      eyebrow="Orders"
      title={`Order ${order.order_number}`}
      lead={
        <span className="flex flex-wrap items-center gap-3">
          <span>
            Placed <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
          </span>
          <OrderStatusBadge status={order.status} />
        </span>
      }
    >
      <div className="flex flex-col gap-8">
        {order.status === 'cancelled' && order.cancel_reason ? (
          <p className="rounded-lg border border-cream-300 bg-cream-100 px-4 py-3 text-sm text-ink">
            Cancelled: {order.cancel_reason}
          </p>
        ) : null}
        <OrderHandover order={order} />
        <OrderOverview order={order} />
        {order.refund_withheld ? (
          <KeptFee
            amount={order.refund_withheld.amount}
            reason={order.refund_withheld.reason}
            refundDue={order.refund_withheld.refund_due}
          />
        ) : null}
        <OrderRefunds orderId={order.id} />
        <p>
          <WhatsAppChatLink
            label="Ask about this order on WhatsApp"
            message={`Hello ${BRAND.name}, about my order ${order.order_number}: `}
          />
        </p>
        {order.history.length > 0 ? (
          <section aria-labelledby="order-history-heading">
            <h2 id="order-history-heading" className="text-xl">
              Progress
            </h2>
            <ol className="mt-4 border-l-2 border-cream-300 pl-5">
              {order.history.map((change) => (
                <li key={`${change.status}-${change.created_at}`} className="relative pb-4 last:pb-0">
                  <span
                    aria-hidden="true"
                    className="absolute top-1.5 -left-[1.72rem] size-3 rounded-full border-2 border-cream-50 bg-wine-700"
                  />
                  <p className="font-semibold text-ink">{orderStatusLabels[change.status]}</p>
                  <p className="text-sm text-ink-soft">
                    <time dateTime={change.created_at}>{formatDateTime(change.created_at)}</time>
                    {change.note ? ` · ${change.note}` : ''}
                  </p>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
        <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <Link
            to="/order-history"
            className="inline-flex items-center gap-1 font-semibold text-wine-800 underline underline-offset-4"
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            All your orders
          </Link>
          {order.invoice_number ? (
            <Link to="/invoices" className="font-semibold text-wine-800 underline underline-offset-4">
              Invoice {order.invoice_number}
            </Link>
          ) : null}
          {order.fiscal ? (
            <span className="text-ink-soft">
              URA fiscal document no. {order.fiscal.fiscal_document_number} · Verification code{' '}
              {order.fiscal.verification_code}
            </span>
          ) : null}
        </p>
      </div>
    </PageShell>
  );
}
