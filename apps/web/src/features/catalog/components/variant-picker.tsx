import type { ProductVariant } from '@shop/contract/catalog';
import { formatUGX } from '@shop/contract/money';
import { LOW_STOCK_THRESHOLD, stockText } from '../lib/product-display';

/** The size chosen first: the default if it is in stock, else the first in stock, else the default. */
export function initialVariant(variants: ProductVariant[]): ProductVariant | undefined {
  const fallback = variants.find((variant) => variant.is_default) ?? variants[0];
  if (fallback?.in_stock) return fallback;
  return variants.find((variant) => variant.in_stock) ?? fallback;
}

/** The sizes of a product (750 ml bottle, magnum, case of 6…), each with its price and stock. */
export function VariantPicker({
  variants,
  selectedId,
  onSelect,
  name,
}: {
  variants: ProductVariant[];
  selectedId: number | undefined;
  onSelect: (variant: ProductVariant) => void;
  /** The radio group's name. */
  name: string;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-wine-900">Size</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {variants.map((variant) => {
          const selected = variant.id === selectedId;
          const low = variant.stock > 0 && variant.stock <= LOW_STOCK_THRESHOLD;
          return (
            <label
              key={variant.id}
              className={`flex cursor-pointer items-start gap-3 rounded-xl border-2 bg-white p-3 transition has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-wine-600 ${
                selected ? 'border-wine-700' : 'border-cream-200 hover:border-cream-300'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={variant.id}
                checked={selected}
                onChange={() => onSelect(variant)}
                className="mt-1 size-4 accent-wine-800"
              />
              <span className="flex flex-col">
                <span className="font-semibold text-ink">{variant.name}</span>
                <span className="text-sm text-wine-900">
                  {formatUGX(variant.price)}
                  {variant.original_price !== null && variant.original_price > variant.price ? (
                    <s className="ml-1.5 text-ink-soft">
                      <span className="sr-only">was </span>
                      {formatUGX(variant.original_price)}
                    </s>
                  ) : null}
                </span>
                <span
                  className={`text-xs font-semibold ${
                    !variant.in_stock ? 'text-ink-soft' : low ? 'text-wine-700' : 'text-green-800'
                  }`}
                >
                  {variant.in_stock ? stockText(variant.stock) : 'Out of stock'}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
