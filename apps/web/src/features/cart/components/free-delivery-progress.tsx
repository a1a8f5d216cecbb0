import { formatUGX } from '@shop/contract/money';
import { Truck } from 'lucide-react';

/** "Shs 240,000 more for free delivery", or "Free delivery" once the subtotal reaches the threshold. */
export function freeDeliveryText(remaining: number): string {
  return remaining > 0 ? `${formatUGX(remaining)} more for free delivery` : 'Free delivery';
}

/** How far the cart is from free delivery (orders of Shs 1,000,000 or more), as text and a bar. */
export function FreeDeliveryProgress({
  subtotal,
  threshold,
  remaining,
}: {
  subtotal: number;
  threshold: number;
  remaining: number;
}) {
  const percent = threshold > 0 ? Math.min(100, Math.round((subtotal / threshold) * 100)) : 100;
  const reached = remaining <= 0;
  return (
    <div className="rounded-xl bg-cream-100 p-4">
      <p
        data-testid="free-delivery"
        className={`flex items-center gap-2 text-sm font-semibold ${reached ? 'text-wine-800' : 'text-ink'}`}
      >
        <Truck aria-hidden="true" className="size-4 shrink-0 text-gold-700" />
        {freeDeliveryText(remaining)}
      </p>
      <div
        role="progressbar"
        aria-label="Towards free delivery"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-3 h-2 overflow-hidden rounded-full bg-cream-300"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-500 ${reached ? 'bg-wine-700' : 'bg-gold-500'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      {reached ? null : (
        <p className="mt-2 text-xs text-ink-soft">
          Delivery is free on orders of {formatUGX(threshold)} or more.
        </p>
      )}
    </div>
  );
}
