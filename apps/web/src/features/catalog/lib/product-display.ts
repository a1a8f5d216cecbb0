import type { ProductType } from '@shop/contract/catalog';
import { countOf } from '@shop/contract/plural';

/** What the card and the product page need to know about a price. */
type Priced = {
  price: number;
  original_price: number | null;
  sale_percentage: number | null;
};

/** A product (or a size) is on sale when its original price is above its price. */
export function isOnSale(item: Priced): boolean {
  return (
    (item.original_price !== null && item.original_price > item.price) || (item.sale_percentage ?? 0) > 0
  );
}

/** The sale badge of docs/product.md section 2: "{sale_percentage}% OFF", or "Sale" without a percentage. */
export function saleBadgeText(item: Priced): string {
  return item.sale_percentage !== null && item.sale_percentage > 0 ? `${item.sale_percentage}% OFF` : 'Sale';
}

/** The original price to strike through: only when it is higher than the price. */
export function struckPrice(item: Priced): number | null {
  return item.original_price !== null && item.original_price > item.price ? item.original_price : null;
}

/** A rating to one decimal, without a trailing ".0": 4.3, 4, 3.5. */
export function formatRating(rating: number): string {
  return String(Math.round(Math.min(5, Math.max(0, rating)) * 10) / 10);
}

export function ratingLabel(rating: number, reviewCount: number): string {
  return reviewCount > 0 ? `Rated ${formatRating(rating)} out of 5` : 'Not yet rated';
}

/**
 * A count with thousands separators, "1,234". Done by hand: a locale-aware formatter costs a noticeable
 * moment of the first page load to create, for digits that never need it.
 */
export function formatCount(count: number): string {
  return String(Math.trunc(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function reviewCountText(count: number): string {
  return countOf(count, 'review');
}

/** "750 ml", "1.5 L", "6 × 750 ml". */
export function formatVolume(volumeMl: number, packSize = 1): string {
  const unit = volumeMl >= 1000 ? `${Math.round(volumeMl / 100) / 10} L` : `${volumeMl} ml`;
  return packSize > 1 ? `${packSize} × ${unit}` : unit;
}

export function formatAbv(abv: number): string {
  return `${Math.round(abv * 10) / 10}%`;
}

/** "Bordeaux · 2015", "Speyside", "2019": where it comes from and its year. */
export function originLine(product: { region: string | null; vintage: number | null }): string {
  return [product.region, product.vintage === null ? null : String(product.vintage)]
    .filter((part): part is string => Boolean(part))
    .join(' · ');
}

export const productTypeLabels: Record<ProductType, string> = {
  wine: 'Wine',
  spirit: 'Spirits',
  liqueur: 'Liqueurs',
  beer: 'Beer',
  cider: 'Cider',
  other: 'Other',
};

/** A size with this many units or fewer left says "Only N left". */
export const LOW_STOCK_THRESHOLD = 5;

export function stockText(stock: number): string {
  if (stock <= 0) return 'Out of stock';
  if (stock <= LOW_STOCK_THRESHOLD) return `Only ${stock} left`;
  return 'In stock';
}
