import type { ProgressClass } from '@shop/contract/delivery';
import { DELIVERY_PROGRESS } from '@shop/contract/delivery';
import { DELIVERY_STEPS, type Delivery, deliveryStatusLabels } from '@shop/contract/delivery-tracking';
import { progressBarClass } from '../lib/delivery-display';

/** The progress bar of a delivery, coloured by its class, with the steps under it. */
export function DeliveryProgress({
  delivery,
}: {
  delivery: Pick<Delivery, 'status' | 'progress' | 'progress_class'>;
}) {
  const cancelled = delivery.status === 'cancelled';
  return (
    <div>
      <div
        role="progressbar"
        aria-label="Delivery progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={delivery.progress}
        aria-valuetext={`${delivery.progress}% — ${deliveryStatusLabels[delivery.status]}`}
        data-progress-class={delivery.progress_class}
        className="h-3 w-full overflow-hidden rounded-full bg-cream-200"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-500 ${progressBarClass[delivery.progress_class as ProgressClass]}`}
          style={{ width: `${delivery.progress}%` }}
        />
      </div>
      {cancelled ? null : (
        <ol className="mt-2 grid grid-cols-5 gap-1 text-center text-[0.7rem] leading-tight text-ink-soft sm:text-xs">
          {DELIVERY_STEPS.map((step) => {
            const reached = DELIVERY_PROGRESS[step] <= delivery.progress;
            return (
              <li key={step} className={reached ? 'font-semibold text-wine-900' : undefined}>
                {deliveryStatusLabels[step]}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
