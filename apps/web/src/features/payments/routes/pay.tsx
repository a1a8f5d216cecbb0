import type { Order } from '@shop/contract/orders';
import type { Transaction } from '@shop/contract/payments';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FormMessage, textLinkClass } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { WaitingForApproval } from '../../../components/waiting-for-approval';
import { isApiError } from '../../../lib/api-client';
import { formErrorMessage } from '../../../lib/form-errors';
import { initialPayValues, localPhone } from '../../../lib/mobile-money/pay-form';
import { isUuid } from '../../../lib/mobile-money/payment-display';
import { useWatchedPayment } from '../../../lib/mobile-money/use-watched-payment';
import { useLatestOrderPayment } from '../api/get-latest-order-payment';
import { usePayableOrder } from '../api/get-payable-order';
import { paymentKeys } from '../api/payment-keys';
import { startPayment } from '../api/start-payment';
import { PayForm } from '../components/pay-form';
import { PaymentProblem } from '../components/payment-problem';

const route = getRouteApi('/pay/$orderId');

export const PAY_ORDER_NOT_FOUND = 'We could not find this order among yours.';

/**
 * /pay/{orderId}: paying an order by mobile money. The checkout lands here for a mobile-money
 * order; the first visit sends the payment request to the number given at checkout. Then the
 * waiting screen follows the payment live; a failed, cancelled or expired payment offers another
 * number or network, cash on delivery, or cancelling the order. Once paid: the order's success page.
 */
export function PayPage() {
  const { orderId } = route.useParams();
  const valid = isUuid(orderId);
  const order = usePayableOrder(orderId, valid);
  const latest = useLatestOrderPayment(orderId, valid);

  const shell = (children: ReactNode) => (
    <PageShell eyebrow="Payment" title="Pay by mobile money">
      {children}
    </PageShell>
  );

  if (!valid || (order.isError && isApiError(order.error) && order.error.status === 404)) {
    return shell(
      <FormMessage kind="error">
        {PAY_ORDER_NOT_FOUND}{' '}
        <Link to="/order-history" className={textLinkClass}>
          See your orders
        </Link>
      </FormMessage>,
    );
  }
  if (order.isError || latest.isError) {
    return shell(
      <FormMessage kind="error">
        We could not load your payment just now.{' '}
        <button
          type="button"
          className={textLinkClass}
          onClick={() => {
            void order.refetch();
            void latest.refetch();
          }}
        >
          Try again
        </button>
      </FormMessage>,
    );
  }
  // Decide from the server's state of now, never from a cached answer of an earlier visit (a
  // payment started or answered since would be started again).
  if (!order.data || latest.data === undefined || !latest.isFetchedAfterMount) {
    return shell(
      <p role="status" className="text-ink-soft">
        Loading your order…
      </p>,
    );
  }
  return <PaymentScreen order={order.data} latest={latest.data} />;
}

function PaymentScreen({ order, latest }: { order: Order; latest: Transaction | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { transaction, checkedAt, replace } = useWatchedPayment(latest);
  const [choosingNumber, setChoosingNumber] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const autoStarted = useRef(false);
  const paid = order.payment_status === 'paid' || transaction?.status === 'successful';
  const payable =
    order.status === 'pending' &&
    order.payment_method === 'mobile_money' &&
    order.payment_status !== 'refunded';

  // Paid (now or before): the order's success page says what happens next.
  useEffect(() => {
    if (!paid) return;
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
    void queryClient.invalidateQueries({ queryKey: ['invoices'] });
    void queryClient.invalidateQueries({ queryKey: ['payments'] });
    void navigate({ to: '/order_success/$id', params: { id: order.id }, replace: true });
  }, [paid, navigate, queryClient, order.id]);

  // The first visit, straight from the checkout: send the request to the number given there.
  useEffect(() => {
    if (autoStarted.current || latest !== null || !payable) return;
    if (!order.payment_phone || !order.mobile_money_network) return;
    autoStarted.current = true;
    startPayment({ order_id: order.id, network: order.mobile_money_network, phone: order.payment_phone })
      .then((next) => {
        replace(next);
        queryClient.setQueryData(paymentKeys.latestOfOrder(order.id), next);
      })
      .catch((error: unknown) => {
        setStartError(formErrorMessage(error));
        setChoosingNumber(true);
      });
  }, [latest, payable, order, replace, queryClient]);

  const started = (next: Transaction) => {
    setChoosingNumber(false);
    setStartError(null);
    replace(next);
    queryClient.setQueryData(paymentKeys.latestOfOrder(order.id), next);
    void queryClient.invalidateQueries({ queryKey: paymentKeys.mine(1).slice(0, 2) });
  };

  let content: ReactNode;
  if (paid) {
    content = (
      <p role="status" className="text-ink-soft">
        Payment received. Opening your order…
      </p>
    );
  } else if (!payable) {
    content = (
      <FormMessage kind="info">
        {order.status === 'cancelled'
          ? 'This order was cancelled, so it cannot be paid any more.'
          : order.payment_method === 'cash_on_delivery'
            ? 'This order is paid cash on delivery: there is nothing to pay now.'
            : 'This order is not waiting for a mobile money payment.'}{' '}
        <Link to="/order-history/$id" params={{ id: order.id }} className={textLinkClass}>
          See the order
        </Link>
      </FormMessage>
    );
  } else if (transaction?.status === 'pending' && !choosingNumber) {
    content = (
      <WaitingForApproval
        transaction={transaction}
        checkedAt={checkedAt}
        paymentDueAt={order.payment_due_at}
        onUseAnotherNumber={() => setChoosingNumber(true)}
        onResent={started}
      />
    );
  } else if (transaction && transaction.status !== 'pending' && !choosingNumber) {
    content = (
      <PaymentProblem
        order={order}
        transaction={transaction}
        onStarted={started}
        onChosen={(choice) => {
          void queryClient.invalidateQueries({ queryKey: ['orders'] });
          void queryClient.invalidateQueries({ queryKey: ['invoices'] });
          void queryClient.invalidateQueries({ queryKey: ['payments'] });
          void queryClient.invalidateQueries({ queryKey: ['catalog'] });
          if (choice.status === 'confirmed') {
            void navigate({ to: '/order_success/$id', params: { id: order.id }, replace: true });
          } else {
            void navigate({ to: '/order-history/$id', params: { id: order.id }, replace: true });
          }
        }}
      />
    );
  } else if (choosingNumber || !order.payment_phone) {
    content = (
      <div className="flex flex-col gap-4">
        {startError ? <FormMessage kind="error">{startError}</FormMessage> : null}
        <PayForm
          orderId={order.id}
          amount={order.total}
          defaultValues={initialPayValues(
            order.payment_phone ? localPhone(order.payment_phone) : null,
            transaction?.network ?? order.mobile_money_network,
          )}
          onStarted={started}
        />
        {transaction?.status === 'pending' ? (
          <p>
            <button type="button" className={textLinkClass} onClick={() => setChoosingNumber(false)}>
              Back to the waiting screen
            </button>
          </p>
        ) : null}
      </div>
    );
  } else {
    content = (
      <p role="status" className="text-ink-soft">
        Sending the payment request to {localPhone(order.payment_phone)}…
      </p>
    );
  }

  return (
    <PageShell
      eyebrow={`Order ${order.order_number}`}
      title="Pay by mobile money"
      lead="Your order is reserved while you pay. We start preparing it as soon as the payment is approved."
    >
      {content}
    </PageShell>
  );
}
