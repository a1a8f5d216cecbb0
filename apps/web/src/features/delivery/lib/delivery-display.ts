import type { ProgressClass } from '@shop/contract/delivery';

const dateTime = new Intl.DateTimeFormat('en-UG', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'Africa/Kampala',
});

/** "Sun, 22 Nov, 14:30" in Kampala time. */
export function formatDeliveryTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** The progress bar's colour per class of SPEC.md section 4 (high ≥ 80, medium ≥ 50, low). */
export const progressBarClass: Record<ProgressClass, string> = {
  high: 'bg-emerald-600',
  medium: 'bg-gold-500',
  low: 'bg-wine-500',
};
