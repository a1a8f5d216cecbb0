import { contactPreferenceLabels, preferredDeliveryTimeLabels } from '@shop/contract/delivery';
import type {
  InvoiceStatus,
  MobileMoneyNetwork,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
} from '@shop/contract/orders';

export { contactPreferenceLabels, preferredDeliveryTimeLabels };

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Payment failed',
  refunded: 'Refunded',
};

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  mobile_money: 'Mobile money',
  cash_on_delivery: 'Cash on delivery',
};

export const networkLabels: Record<MobileMoneyNetwork, string> = {
  MTN: 'MTN Mobile Money',
  AIRTEL: 'Airtel Money',
};

export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  issued: 'Issued',
  paid: 'Paid',
  void: 'Void',
};

/** The badge colour of each order status: in progress (gold), done (wine), stopped (grey). */
export const orderStatusTone: Record<OrderStatus, 'progress' | 'done' | 'stopped'> = {
  pending: 'progress',
  confirmed: 'progress',
  processing: 'progress',
  ready_for_delivery: 'progress',
  out_for_delivery: 'progress',
  delivered: 'done',
  cancelled: 'stopped',
  refunded: 'stopped',
};

const dateFormat = new Intl.DateTimeFormat('en-UG', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Kampala',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-UG', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Kampala',
});
const timeFormat = new Intl.DateTimeFormat('en-UG', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Kampala',
});

/** "22 November 2026", in Kampala's time. */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** "22 November 2026 at 14:05", in Kampala's time. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** "14:05", in Kampala's time. */
export function formatTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}

/** "1 item", "3 items". */
export function itemCountText(count: number): string {
  return count === 1 ? '1 item' : `${count} items`;
}
