import { formatKampalaDate } from '@shop/contract/kampala-time';
import { countOf } from '@shop/contract/plural';
/** A rating to one decimal, without a trailing ".0": 4.3, 4, 3.5 (as on the cards). */
export function formatRating(rating: number): string {
  return String(Math.round(Math.min(5, Math.max(0, rating)) * 10) / 10);
}

export function ratingLabel(rating: number, reviewCount: number): string {
  return reviewCount > 0 ? `Rated ${formatRating(rating)} out of 5` : 'Not yet rated';
}

export function reviewCountText(count: number): string {
  return countOf(count, 'review');
}

export const starsText = (stars: number) => countOf(stars, 'star');

/** "12 March 2026", in Kampala's time. */
export function formatReviewDate(iso: string): string {
  return formatKampalaDate(iso);
}
