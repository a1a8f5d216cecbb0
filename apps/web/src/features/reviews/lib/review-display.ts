import { formatKampalaDate } from '@shop/contract/kampala-time';
/** A rating to one decimal, without a trailing ".0": 4.3, 4, 3.5 (as on the cards). */
export function formatRating(rating: number): string {
  return String(Math.round(Math.min(5, Math.max(0, rating)) * 10) / 10);
}

export function ratingLabel(rating: number, reviewCount: number): string {
  return reviewCount > 0 ? `Rated ${formatRating(rating)} out of 5` : 'Not yet rated';
}

export function reviewCountText(count: number): string {
  return count === 1 ? '1 review' : `${String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} reviews`;
}

export const starsText = (stars: number) => (stars === 1 ? '1 star' : `${stars} stars`);

/** "12 March 2026", in Kampala's time. */
export function formatReviewDate(iso: string): string {
  return formatKampalaDate(iso);
}
