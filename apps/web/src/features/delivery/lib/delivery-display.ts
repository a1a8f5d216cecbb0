import type { ProgressClass } from '@shop/contract/delivery';
import { formatKampalaWeekdayTime } from '@shop/contract/kampala-time';

/** "Sun, 22 Nov, 14:30" in Kampala time. */
export function formatDeliveryTime(iso: string): string {
  return formatKampalaWeekdayTime(iso);
}

/** The progress bar's colour per class of docs/product.md section 4 (high ≥ 80, medium ≥ 50, low). */
export const progressBarClass: Record<ProgressClass, string> = {
  high: 'bg-emerald-600',
  medium: 'bg-gold-500',
  low: 'bg-wine-500',
};
