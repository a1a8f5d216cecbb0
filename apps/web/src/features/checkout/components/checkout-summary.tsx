import type { Cart } from '@shop/contract/cart';
import { formatUGX } from '@shop/contract/money';
import type { Fulfilment } from '@shop/contract/orders';
import { VAT_RATE_PERCENT } from '@shop/contract/vat';
import { Link } from '@tanstack/react-router';
import { BottleThumbnail } from '../../../components/bottle-thumbnail';

/**
 * The order as it will be placed: its lines, subtotal, delivery fee, discount, the VAT (added when
 * a VAT-registered shop's prices exclude it, worked out as the API does) and the total.
 */
export function CheckoutSummary({
  cart,
  fulfilment,
  deliveryFee,
  discount = null,
  vat = null,
}: {
  cart: Cart;
  fulfilment: Fulfilment;
  /** null while no delivery area is chosen. */
  deliveryFee: number | null;
  /** The applied discount code and its saving, as the server last answered it. */
  discount?: { code: string; amount: number } | null;
  /** A VAT-registered shop's VAT: added on top, or included in the prices; null when not registered. */
  vat?: { added: number } | { included: true } | null;
}) {
  const added = vat && 'added' in vat ? vat.added : 0;
  const total = cart.subtotal + (deliveryFee ?? 0) - (discount?.amount ?? 0) + added;
  return (
    <section
      aria-labelledby="checkout-summary-heading"
      className="rounded-2xl border border-cream-200 bg-white p-6 shadow-sm lg:sticky lg:top-24"
    >
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="checkout-summary-heading" className="text-2xl">
          Order summary
        </h2>
        <Link to="/cart" className="text-sm font-semibold text-wine-800 underline underline-offset-4">
          Edit cart
        </Link>
      </div>
      <ul className="mt-4 divide-y divide-cream-200">
        {cart.items.map((item) => (
          <li key={item.id} className="flex items-center gap-3 py-3">
            <BottleThumbnail src={item.image} alt="" size={48} className="h-15 w-12" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold text-ink">{item.product_name}</p>
              <p className="text-xs text-ink-soft">
                {item.variant_name} · {item.quantity} × {formatUGX(item.unit_price)}
              </p>
            </div>
            <p className="text-sm font-semibold text-ink">{formatUGX(item.subtotal)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-2 border-t border-cream-200 pt-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-ink-soft">Subtotal</dt>
          <dd data-testid="summary-subtotal" className="text-ink">
            {formatUGX(cart.subtotal)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-ink-soft">{fulfilment === 'pickup' ? 'Pick-up' : 'Delivery fee'}</dt>
          <dd data-testid="summary-delivery-fee" className="text-right text-ink">
            {deliveryFee === null ? 'Choose your area' : deliveryFee === 0 ? 'Free' : formatUGX(deliveryFee)}
          </dd>
        </div>
        {discount ? (
          <div className="flex justify-between gap-4">
            <dt className="text-ink-soft">Discount ({discount.code})</dt>
            <dd data-testid="summary-discount" className="text-right text-ink">
              −{formatUGX(discount.amount)}
            </dd>
          </div>
        ) : null}
        {vat && 'added' in vat ? (
          <div className="flex justify-between gap-4">
            <dt className="text-ink-soft">VAT ({VAT_RATE_PERCENT}%)</dt>
            <dd data-testid="summary-vat" className="text-right text-ink">
              {formatUGX(vat.added)}
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-cream-200 pt-3 text-base">
          <dt className="font-semibold text-ink">Total</dt>
          <dd data-testid="summary-total" className="font-serif text-xl font-semibold text-wine-900">
            {formatUGX(total)}
          </dd>
        </div>
      </dl>
      {vat && 'included' in vat ? (
        <p className="mt-2 text-right text-xs text-ink-soft">Prices include VAT at {VAT_RATE_PERCENT}%.</p>
      ) : null}
    </section>
  );
}
