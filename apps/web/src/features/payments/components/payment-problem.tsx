import { formatUGX } from '@shop/contract/money';
import type { Order } from '@shop/contract/orders';
import type { OrderPaymentChoiceResponse, Transaction } from '@shop/contract/payments';
import { Ban, Wallet } from 'lucide-react';
import { useState } from 'react';
import { FormMessage, secondaryButtonClass, textLinkClass } from '../../../components/form-field';
import { formErrorMessage } from '../../../lib/form-errors';
import { initialPayValues, localPhone } from '../../../lib/mobile-money/pay-form';
import { networkLabels } from '../../../lib/mobile-money/payment-display';
import { chooseOrderAlternative } from '../api/order-payment-choice';
import { PayForm } from './pay-form';

const headings: Record<Exclude<Transaction['status'], 'pending' | 'successful'>, string> = {
  failed: 'Your payment did not go through',
  cancelled: 'This payment request was cancelled',
  expired: 'The payment request expired',
};

/**
 * A payment that failed, was cancelled or expired: the order is still reserved. Try again (same
 * or another number, MTN or Airtel), pay cash on delivery instead, or cancel the order.
 */
export function PaymentProblem({
  order,
  transaction,
  onStarted,
  onChosen,
}: {
  order: Order;
  transaction: Transaction;
  onStarted: (transaction: Transaction) => void;
  onChosen: (choice: OrderPaymentChoiceResponse) => void;
}) {
  const [busy, setBusy] = useState<'cash_on_delivery' | 'cancel' | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const status =
    transaction.status === 'pending' || transaction.status === 'successful' ? 'failed' : transaction.status;
  const delivery = order.fulfilment === 'delivery';
  const sameNetworkPhone =
    order.mobile_money_network === transaction.network && order.payment_phone
      ? localPhone(order.payment_phone)
      : '';

  const choose = async (choice: 'cash_on_delivery' | 'cancel') => {
    setBusy(choice);
    setError(null);
    try {
      onChosen(await chooseOrderAlternative(order.id, choice));
    } catch (failure) {
      setError(formErrorMessage(failure));
      setBusy(null);
    }
  };

  return (
    <div className="flex max-w-2xl flex-col gap-8">
      <FormMessage kind="error">
        <p className="font-semibold">{headings[status]}</p>
        <p className="mt-1">
          {transaction.failure_advice ?? transaction.failure_reason ?? 'The payment was not approved.'}
        </p>
        <p className="mt-1">
          ({formatUGX(transaction.amount)} from {transaction.phone}, {networkLabels[transaction.network]}.)
          Your order is still reserved: try again, or choose another way to pay.
        </p>
      </FormMessage>

      <section aria-labelledby="retry-heading">
        <h2 id="retry-heading" className="mb-4 text-2xl">
          Try again
        </h2>
        <PayForm
          orderId={order.id}
          amount={order.total}
          defaultValues={initialPayValues(sameNetworkPhone || null, transaction.network)}
          submitLabel={`Send a new request · ${formatUGX(order.total)}`}
          onStarted={onStarted}
        />
      </section>

      <section aria-labelledby="other-ways-heading" className="border-t border-cream-200 pt-6">
        <h2 id="other-ways-heading" className="mb-4 text-2xl">
          Or pay another way
        </h2>
        {error ? (
          <div className="mb-4">
            <FormMessage kind="error">{error}</FormMessage>
          </div>
        ) : null}
        <div className="flex flex-wrap items-center gap-4">
          {/* A gift is paid before it goes out: its recipient never pays the rider. */}
          {order.gift ? null : (
            <button
              type="button"
              className={`${secondaryButtonClass} gap-2`}
              disabled={busy !== null}
              aria-busy={busy === 'cash_on_delivery' || undefined}
              onClick={() => void choose('cash_on_delivery')}
            >
              <Wallet aria-hidden="true" className="size-4" />
              {delivery ? 'Pay cash on delivery instead' : 'Pay cash when collecting instead'}
            </button>
          )}
          {confirmCancel ? (
            <span className="flex flex-wrap items-center gap-3">
              <span className="text-sm text-ink">Cancel order {order.order_number}?</span>
              <button
                type="button"
                className={`${secondaryButtonClass} gap-2`}
                disabled={busy !== null}
                aria-busy={busy === 'cancel' || undefined}
                onClick={() => void choose('cancel')}
              >
                <Ban aria-hidden="true" className="size-4" />
                Yes, cancel the order
              </button>
              <button type="button" className={textLinkClass} onClick={() => setConfirmCancel(false)}>
                Keep it
              </button>
            </span>
          ) : (
            <button type="button" className={textLinkClass} onClick={() => setConfirmCancel(true)}>
              Cancel the order
            </button>
          )}
        </div>
      </section>
    </div>
  );
}
