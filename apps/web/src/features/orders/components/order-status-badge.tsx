import { type OrderStatus, orderStatusLabels, type PaymentStatus } from '@shop/contract/orders';
import { orderStatusTone, paymentStatusLabels } from '../lib/order-display';

const toneClass = {
  progress: 'border-gold-300 bg-cream-100 text-gold-700',
  done: 'border-wine-200 bg-wine-50 text-wine-800',
  stopped: 'border-cream-300 bg-cream-50 text-ink-soft',
} as const;

const badgeClass = 'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold';

/** An order's status as the customer reads it (orderStatusLabels). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span data-status={status} className={`${badgeClass} ${toneClass[orderStatusTone[status]]}`}>
      {orderStatusLabels[status]}
    </span>
  );
}

/** The payment's status, beside the order's. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const tone =
    status === 'paid' ? toneClass.done : status === 'pending' ? toneClass.progress : toneClass.stopped;
  return (
    <span data-payment-status={status} className={`${badgeClass} ${tone}`}>
      {paymentStatusLabels[status]}
    </span>
  );
}
