import type { ReviewSummary } from '@shop/contract/reviews';
import { formatRating, reviewCountText, starsText } from '../lib/review-display';
import { Stars } from './stars';

/**
 * The product's reviews in numbers: the average (large), its stars, the count, and how many
 * reviews gave each number of stars, as bars.
 */
export function ReviewSummaryView({
  averageRating,
  reviewCount,
  distribution,
}: {
  averageRating: number;
  reviewCount: number;
  /** Absent until the summary has loaded. */
  distribution?: ReviewSummary['distribution'] | undefined;
}) {
  if (reviewCount === 0) {
    return (
      <p className="mt-3 text-ink-soft">No reviews yet. Bought this bottle? Tell others what you thought.</p>
    );
  }
  return (
    <div className="mt-3 flex flex-wrap items-start gap-x-8 gap-y-4">
      <div className="flex items-center gap-3">
        <span className="font-serif text-4xl text-wine-900" data-testid="average-rating">
          {formatRating(averageRating)}
        </span>
        <div className="flex flex-col">
          <Stars rating={averageRating} reviewCount={reviewCount} size="large" />
          <span className="text-sm text-ink-soft">out of 5, from {reviewCountText(reviewCount)}</span>
        </div>
      </div>
      {distribution ? (
        <ul aria-label="Ratings by stars" className="min-w-56 flex-1 space-y-1">
          {distribution.map(({ rating, count }) => {
            const share = reviewCount > 0 ? Math.round((count / reviewCount) * 100) : 0;
            return (
              <li key={rating} className="flex items-center gap-2 text-sm">
                <span className="w-14 shrink-0 text-ink-soft">{starsText(rating)}</span>
                <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-cream-200">
                  <span className="block h-full rounded-full bg-gold-400" style={{ width: `${share}%` }} />
                </span>
                <span className="w-8 shrink-0 text-right tabular-nums text-ink-soft">{count}</span>
                <span className="sr-only">{count === 1 ? 'review' : 'reviews'}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
