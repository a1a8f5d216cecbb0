import { contactPreferenceLabels } from '@shop/contract/delivery';
import { formatKampalaClock, formatKampalaDate, formatKampalaDateTime } from '@shop/contract/kampala-time';
import type { InvoiceStatus, MobileMoneyNetwork, OrderStatus, PaymentStatus } from '@shop/contract/orders';
import { countOf } from '@shop/contract/plural';

export { contactPreferenceLabels };

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Payment failed',
  refunded: 'Refunded',
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

/** "22 November 2026", in Kampala's time. */
export function formatDate(iso: string): string {
  return formatKampalaDate(iso);
}

/** "22 November 2026 at 14:05", in Kampala's time. */
export function formatDateTime(iso: string): string {
  return formatKampalaDateTime(iso);
}

/** "14:05", in Kampala's time. */
export function formatTime(iso: string): string {
  return formatKampalaClock(iso);
}

/** "1 item", "3 items". */
export function itemCountText(count: number): string {
  return countOf(count, 'item');
}
