import { formatUGX } from '@shop/contract/money';
import type { Fulfilment } from '@shop/contract/orders';
import { VAT_RATE_PERCENT } from '@shop/contract/vat';

/**
 * Subtotal, delivery fee (free for pick-up and above the shop's free-delivery threshold), the
 * discount code's saving when one applied, the VAT added when the shop's prices exclude it, and total.
 */
export function OrderTotals({
  subtotal,
  deliveryFee,
  discount = 0,
  discountCode = null,
  vatAdded = 0,
  total,
  fulfilment,
}: {
  subtotal: number;
  deliveryFee: number;
  discount?: number;
  discountCode?: string | null;
  vatAdded?: number;
  total: number;
  fulfilment: Fulfilment;
}) {
  return (
    <dl className="space-y-2 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-ink-soft">Subtotal</dt>
        <dd className="text-ink">{formatUGX(subtotal)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-ink-soft">{fulfilment === 'pickup' ? 'Pick-up' : 'Delivery'}</dt>
        <dd className="text-ink">{deliveryFee > 0 ? formatUGX(deliveryFee) : 'Free'}</dd>
      </div>
      {discount > 0 ? (
        <div className="flex justify-between gap-4">
          <dt className="text-ink-soft">Discount{discountCode ? ` (${discountCode})` : ''}</dt>
          <dd className="text-ink">−{formatUGX(discount)}</dd>
        </div>
      ) : null}
      {vatAdded > 0 ? (
        <div className="flex justify-between gap-4">
          <dt className="text-ink-soft">VAT ({VAT_RATE_PERCENT}%)</dt>
          <dd className="text-ink">{formatUGX(vatAdded)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-4 border-t border-cream-200 pt-3 text-base">
        <dt className="font-semibold text-ink">Total</dt>
        <dd className="font-serif text-xl font-semibold text-wine-900">{formatUGX(total)}</dd>
      </div>
    </dl>
  );
}
