import { formatUGX } from '@shop/contract/money';
import { isOnSale, saleBadgeText, struckPrice } from '../lib/product-display';

type Priced = { price: number; original_price: number | null; sale_percentage: number | null };

/**
 * A price in Uganda shillings ("Shs 185,000"), with the original price struck through when it is
 * higher (docs/product.md section 2).
 */
export function PriceTag({ item, size = 'normal' }: { item: Priced; size?: 'normal' | 'large' }) {
  const original = struckPrice(item);
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={`font-semibold text-wine-900 ${size === 'large' ? 'text-3xl' : 'text-lg'}`}>
        {original !== null ? <span className="sr-only">Now </span> : null}
        {formatUGX(item.price)}
      </span>
      {original !== null ? (
        <s className={`text-ink-soft ${size === 'large' ? 'text-lg' : 'text-sm'}`}>
          <span className="sr-only">Was </span>
          {formatUGX(original)}
        </s>
      ) : null}
    </p>
  );
}

/** The sale badge: "{sale_percentage}% OFF", or "Sale" when there is no percentage. Nothing when not on sale. */
export function SaleBadge({ item, className = '' }: { item: Priced; className?: string }) {
  if (!isOnSale(item)) return null;
  return (
    <span
      data-testid="sale-badge"
      className={`inline-block rounded-full bg-wine-700 px-2.5 py-1 text-xs font-bold tracking-wide text-white ${className}`}
    >
      {saleBadgeText(item)}
    </span>
  );
}
