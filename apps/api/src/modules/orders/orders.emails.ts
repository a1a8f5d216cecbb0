import { BRAND } from '@shop/contract/brand';
import { formatKampalaClock, formatKampalaDate } from '@shop/contract/kampala-time';
import { formatUGX } from '@shop/contract/money';
import { pickupLocation } from '@shop/contract/orders';
import { countOf } from '@shop/contract/plural';
import type { OutgoingEmail } from '../email/email.service';
import { renderEmail } from '../email/layout';
import { shopSettingsNow } from '../settings/settings-snapshot';
import type { OrderRow } from './orders.repository';

/** The e-mails of orders (layout of ../email/layout: a text and an HTML version of each). */

function nextSteps(order: OrderRow): string {
  if (order.status === 'pending' && order.payment_method === 'mobile_money') {
    const network = order.mobile_money_network === 'AIRTEL' ? 'Airtel Money' : 'MTN Mobile Money';
    const until = order.payment_due_at
      ? ` by ${formatKampalaClock(order.payment_due_at)} (Kampala time)`
      : '';
    return `What happens next: approve the ${network} payment of ${formatUGX(order.total)} on ${order.payment_phone ?? 'your phone'}${until}. We confirm your order as soon as it is paid; an order still unpaid by then is cancelled.`;
  }
  if (order.payment_method === 'on_account') {
    const due = order.invoice_due_at ? `, due by ${formatKampalaDate(order.invoice_due_at)}` : '';
    return `What happens next: we prepare your order; nothing is paid on delivery. Its invoice of ${formatUGX(order.total)} goes on the company's account${due}.`;
  }
  if (order.fulfilment === 'pickup') {
    const pickup = pickupLocation(shopSettingsNow());
    return `What happens next: we prepare your order and tell you when it is ready to collect at ${pickup.name}, ${pickup.address} (${pickup.hours}). You pay ${formatUGX(order.total)} at the counter; bring your order number.`;
  }
  const when = order.delivery_time_label ? `, usually within ${order.delivery_time_label} of dispatch` : '';
  return `What happens next: we prepare your order and our rider brings it to you${when}. Please have ${formatUGX(order.total)} in cash ready; the rider calls ${order.contact_phone} on the way.`;
}

export function orderConfirmationEmail(options: { order: OrderRow; url: string }): OutgoingEmail {
  const { order } = options;
  const pending = order.status === 'pending';
  const lines = order.items.map(
    (item) => `${item.quantity} × ${item.product_name} (${item.variant_name}): ${formatUGX(item.subtotal)}`,
  );
  const delivery =
    order.fulfilment === 'pickup'
      ? 'Pick-up at the shop: no delivery fee'
      : order.delivery_fee === 0
        ? `Delivery to ${order.delivery_zone_name}: free (orders of ${formatUGX(shopSettingsNow().free_delivery_threshold)} or more)`
        : `Delivery to ${order.delivery_zone_name}: ${formatUGX(order.delivery_fee)}`;
  const rendered = renderEmail({
    subject: pending
      ? `We have your order ${order.order_number}: approve the payment to confirm it`
      : `Your ${BRAND.name} order ${order.order_number} is confirmed`,
    preheader: `${countOf(order.item_count, 'bottle')}, ${formatUGX(order.total)}`,
    heading: pending ? 'Thank you for your order' : 'Your order is confirmed',
    paragraphs: [
      `Hello ${order.contact_name},`,
      `Thank you for shopping with ${BRAND.name}. Your order number is ${order.order_number} and your invoice is ${order.invoice_number}.`,
      ...lines,
      `Subtotal: ${formatUGX(order.subtotal)}. ${delivery}.${
        order.discount > 0
          ? ` Discount code ${order.discount_code}: you save ${formatUGX(order.discount)}.`
          : ''
      } Total: ${formatUGX(order.total)}.`,
      ...(order.fulfilment === 'delivery'
        ? [
            `Delivering to: ${[order.street, order.delivery_instructions?.landmark, order.delivery_zone_name]
              .filter(Boolean)
              .join(', ')}.`,
          ]
        : []),
      nextSteps(order),
    ],
    action: { label: 'View your order', url: options.url },
    footnote: `Questions about your order? Call or WhatsApp us on ${BRAND.phone} and give your order number. You get this e-mail because you placed an order with your ${BRAND.name} account.`,
  });
  return { to: order.customer_email, ...rendered };
}
