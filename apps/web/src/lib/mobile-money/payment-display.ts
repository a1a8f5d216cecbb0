import { formatKampalaClock, formatKampalaShortDateTime } from '@shop/contract/kampala-time';
import type { MobileMoneyNetwork } from '@shop/contract/orders';
import {
  networkLabels,
  type Transaction,
  type TransactionStatus,
  transactionStatusLabels,
} from '@shop/contract/payments';

export { networkLabels, transactionStatusLabels };

/** How a transaction was paid (the history's "Method" column). */
export const paymentMethodLabels: Record<Transaction['payment_method'], string> = {
  mobile_money: 'Mobile money',
};

/** Short network names, for buttons and the phone prompt. */
export const networkShortNames: Record<MobileMoneyNetwork, string> = {
  MTN: 'MTN MoMo',
  AIRTEL: 'Airtel Money',
};

/** The badge colour of each payment status: waiting (gold), paid (wine), ended (grey). */
export const transactionStatusTone: Record<TransactionStatus, string> = {
  pending: 'border-gold-300 bg-cream-100 text-gold-700',
  successful: 'border-wine-200 bg-wine-50 text-wine-800',
  failed: 'border-wine-200 bg-cream-50 text-wine-700',
  cancelled: 'border-cream-300 bg-cream-50 text-ink-soft',
  expired: 'border-cream-300 bg-cream-50 text-ink-soft',
};

/** "22 Nov 2026, 14:05" in Kampala time. */
export function formatDateTime(iso: string): string {
  return formatKampalaShortDateTime(iso);
}

/** "14:35" in Kampala time. */
export function formatClock(iso: string): string {
  return formatKampalaClock(iso);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Order ids are UUIDs: anything else is never asked for. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
