import { getRouteApi, Link } from '@tanstack/react-router';
import { CheckCircle2, Smartphone } from 'lucide-react';
import { FormMessage, textLinkClass } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { isApiError } from '../../../lib/api-client';
import { type EmailDelivery, useEmailDelivery } from '../../../lib/email/email-delivery';
import { useSession } from '../../../lib/session/use-session';
import { isOrderId, useOrder } from '../api/get-order';
import { awaitingMobileMoney, NextSteps } from '../components/next-steps';
import { OrderOverview } from '../components/order-overview';

const route = getRouteApi('/order_success/$id');

export const ORDER_NOT_FOUND_MESSAGE = 'We could not find this order among yours.';

/** What follows the order: a confirmation e-mail only when the shop's e-mail is sent. */
export function orderConfirmationCopy(delivery: EmailDelivery | 'unknown'): string {
  if (delivery === 'sent') return 'A confirmation is on its way to your e-mail.';
  if (delivery === 'held')
    return 'Our team will confirm it with you by phone; meanwhile you can follow it under Your orders.';
  return 'You can follow it under Your orders.';
}

const linkButton = 'inline-flex h-11 items-center justify-center rounded-full px-6 font-semibold transition';

/** /order_success/{id}: the order just placed, its number, items, totals, delivery and what happens next. */
export function OrderSuccessPage() {
  const { id } = route.useParams();
  const { status } = useSession();
  const emailDelivery = useEmailDelivery();
  const {
    data: order,
    isPending,
    isError,
    error,
    isFetching,
    refetch,
  } = useOrder(id, {
    enabled: status === 'customer',
  });

  if (status === 'anonymous') {
    return (
      <PageShell eyebrow="Order placed" title="Your order">
        <FormMessage kind="info">
          Sign in to see this order.{' '}
          <Link to="/login" search={{ redirect: `/order_success/${id}` }} className={textLinkClass}>
            Sign in
          </Link>
        </FormMessage>
      </PageShell>
    );
  }

  if (!isOrderId(id) || (isError && isApiError(error) && error.status === 404)) {
    return (
      <PageShell eyebrow="Order" title="Order not found">
        <FormMessage kind="error">
          {ORDER_NOT_FOUND_MESSAGE}{' '}
          <Link to="/order-history" className={textLinkClass}>
            See your orders
          </Link>
        </FormMessage>
      </PageShell>
    );
  }

  if (!order) {
    return (
      <PageShell eyebrow="Order placed" title="Your order">
        {isError ? (
          <FormMessage kind="error">
            We could not load your order just now.{' '}
            <button
              type="button"
              className={textLinkClass}
              onClick={() => void refetch()}
              disabled={isFetching}
            >
              Try again
            </button>
          </FormMessage>
        ) : (
          <p role="status" className="text-ink-soft">
            {isPending ? 'Loading your order…' : null}
          </p>
        )}
      </PageShell>
    );
  }

  const awaiting = awaitingMobileMoney(order);
  return (
    <PageShell
      eyebrow={awaiting ? 'Order placed · payment pending' : 'Order placed'}
      title={awaiting ? 'Your payment is awaiting approval' : 'Thank you for your order'}
      lead={
        <>
          Order number <strong className="font-semibold text-wine-900">{order.order_number}</strong>
          {order.invoice_number ? <> · Invoice {order.invoice_number}</> : null}
        </>
      }
    >
      <div className="flex flex-col gap-8">
        {awaiting ? (
          <div
            role="status"
            className="flex items-start gap-3 rounded-2xl border border-gold-300 bg-cream-100 p-5 text-ink"
          >
            <Smartphone aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-gold-700" />
            <p>
              Your order is placed and your mobile money payment is <strong>awaiting approval</strong>. Check
              your phone and enter your PIN to approve it.
            </p>
          </div>
        ) : (
          <div className="flex items-start gap-3 rounded-2xl border border-wine-200 bg-wine-50 p-5 text-ink">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-wine-700" />
            <p>
              We have your order, {order.contact_name.split(' ')[0]}. {orderConfirmationCopy(emailDelivery)}
            </p>
          </div>
        )}
        <NextSteps order={order} emailDelivery={emailDelivery} />
        <OrderOverview order={order} />
        <div className="flex flex-wrap gap-3">
          <Link to="/order-history" className={`${linkButton} bg-wine-800 text-cream-50 hover:bg-wine-900`}>
            Your orders
          </Link>
          <Link
            to="/products"
            className={`${linkButton} border border-wine-800 text-wine-800 hover:bg-cream-100`}
          >
            Continue shopping
          </Link>
        </div>
      </div>
    </PageShell>
  );
}
