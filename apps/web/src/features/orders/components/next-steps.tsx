import { formatUGX } from '@shop/contract/money';
import { type Order, UNPAID_ORDER_TIMEOUT_MINUTES } from '@shop/contract/orders';
import { CheckCircle2, Clock, MapPin, Smartphone, Truck, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import type { EmailDelivery } from '../../../lib/email/email-delivery';
import { usePickupLocation } from '../../../lib/shop-settings';
import { formatTime, networkLabels } from '../lib/order-display';

/** The mobile-money payment is waiting for the customer to approve it on their phone. */
export function awaitingMobileMoney(order: Pick<Order, 'payment_method' | 'payment_status'>): boolean {
  return order.payment_method === 'mobile_money' && order.payment_status === 'pending';
}

function Step({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-cream-100 text-wine-800">
        {icon}
      </span>
      <div className="text-ink">{children}</div>
    </li>
  );
}

const iconClass = 'size-4';

/**
 * How we confirm the order: only by what will really be sent. SMS go only to a verified phone
 * when the shop has an SMS provider (the API's `sms_updates_to`); e-mail only when it is 'sent'.
 */
export function confirmationPromise(
  order: Pick<Order, 'sms_updates_to'>,
  emailDelivery: EmailDelivery | 'unknown',
): string {
  if (order.sms_updates_to) return `We confirm your order by SMS to ${order.sms_updates_to}.`;
  if (emailDelivery === 'sent') return 'We confirm your order by e-mail.';
  // Nothing leaves the shop by itself: staff confirm by phone (as the page's banner says).
  if (emailDelivery === 'held') return 'Our team confirms your order with you by phone.';
  return 'You can follow your order under Your orders.';
}

/** What happens next: the payment, then the delivery (with the zone's time) or the pick-up. */
export function NextSteps({
  order,
  emailDelivery,
}: {
  order: Order;
  emailDelivery: EmailDelivery | 'unknown';
}) {
  const pickup = usePickupLocation();
  const steps: ReactNode[] = [];
  if (awaitingMobileMoney(order)) {
    const network = order.mobile_money_network ? networkLabels[order.mobile_money_network] : 'mobile money';
    steps.push(
      <Step key="pay" icon={<Smartphone aria-hidden="true" className={iconClass} />}>
        <p className="font-semibold">
          Approve the {network} prompt on {order.payment_phone ?? 'your phone'}.
        </p>
        <p className="text-sm text-ink-soft">
          We prepare your order as soon as the payment of {formatUGX(order.total)} is approved.
          {order.payment_due_at
            ? ` Unpaid orders are cancelled at ${formatTime(order.payment_due_at)}.`
            : ` Unpaid orders are cancelled after ${UNPAID_ORDER_TIMEOUT_MINUTES} minutes.`}
        </p>
      </Step>,
    );
  } else if (order.payment_method === 'cash_on_delivery' && order.payment_status !== 'paid') {
    steps.push(
      <Step key="pay" icon={<Wallet aria-hidden="true" className={iconClass} />}>
        <p className="font-semibold">
          {order.fulfilment === 'pickup'
            ? `Pay ${formatUGX(order.total)} in cash when you collect your order.`
            : `Pay ${formatUGX(order.total)} in cash at the door.`}
        </p>
        <p className="text-sm text-ink-soft">Please have the exact amount ready if you can.</p>
      </Step>,
    );
  } else if (order.payment_status === 'paid') {
    steps.push(
      <Step key="pay" icon={<CheckCircle2 aria-hidden="true" className={iconClass} />}>
        <p className="font-semibold">Your payment of {formatUGX(order.total)} is confirmed.</p>
      </Step>,
    );
  }
  steps.push(
    <Step key="confirm" icon={<Clock aria-hidden="true" className={iconClass} />}>
      <p className="font-semibold">{confirmationPromise(order, emailDelivery)}</p>
      <p className="text-sm text-ink-soft">Our cellar team then checks and packs every bottle.</p>
    </Step>,
  );
  if (order.fulfilment === 'pickup') {
    steps.push(
      <Step key="collect" icon={<MapPin aria-hidden="true" className={iconClass} />}>
        <p className="font-semibold">Collect it at {pickup.name}.</p>
        <p className="text-sm text-ink-soft">
          {pickup.address}. Open {pickup.hours}. We tell you when it is ready.
        </p>
      </Step>,
    );
  } else {
    steps.push(
      <Step key="deliver" icon={<Truck aria-hidden="true" className={iconClass} />}>
        <p className="font-semibold">
          {order.delivery_zone
            ? `Delivery to ${order.delivery_zone.name} usually takes ${order.delivery_zone.delivery_time_label} from dispatch.`
            : 'We deliver to your door.'}
        </p>
        <p className="text-sm text-ink-soft">Follow it from your account under delivery tracking.</p>
      </Step>,
    );
  }
  return (
    <section aria-labelledby="next-steps-heading" className="rounded-2xl bg-cream-100 p-6">
      <h2 id="next-steps-heading" className="text-xl">
        What happens next
      </h2>
      <ol className="mt-4 flex flex-col gap-4">{steps}</ol>
    </section>
  );
}
