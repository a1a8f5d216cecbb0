import { countOf } from '@shop/contract/plural';
import type { Review } from '@shop/contract/reviews';
import { BadgeCheck, ThumbsUp } from 'lucide-react';
import { formatReviewDate } from '../lib/review-display';
import { ReportReview } from './report-review';
import { Stars } from './stars';

/**
 * One review. Its title and text are shown as text (React escapes them), line breaks kept;
 * "Verified purchase" when the author has a delivered order with the product.
 */
export function ReviewItem({
  review,
  canMarkHelpful,
  onHelpful,
  helpfulBusy = false,
  onReportSignIn,
}: {
  review: Review;
  /** Signed-in customers mark other people's reviews; visitors are asked to sign in. */
  canMarkHelpful: boolean;
  onHelpful: (review: Review) => void;
  helpfulBusy?: boolean;
  /** Visitors who press Report are asked to sign in; without it, no Report control. */
  onReportSignIn?: () => void;
}) {
  return (
    <article
      aria-label={`Review by ${review.author_name}`}
      className="border-b border-cream-200 py-5 last:border-b-0"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} />
        <h3 className="text-base font-semibold text-ink">{review.title}</h3>
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-ink-soft">
        <span>{review.author_name}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={review.created_at}>{formatReviewDate(review.created_at)}</time>
        {review.is_edited ? <span>(edited)</span> : null}
        {review.verified_purchase ? (
          <span className="inline-flex items-center gap-1 font-semibold text-wine-800">
            <BadgeCheck aria-hidden="true" className="size-4" />
            Verified purchase
          </span>
        ) : null}
        {review.is_own ? <span className="font-semibold text-gold-700">Your review</span> : null}
      </p>
      <p className="mt-2 whitespace-pre-line break-words text-ink">{review.text}</p>
      {review.is_own && review.is_hidden ? (
        <p className="mt-2 text-sm text-wine-800">
          Our team has hidden this review: others do not see it.
          {review.hidden_reason ? ` Reason: ${review.hidden_reason}` : ''}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {!review.is_own ? (
          <button
            type="button"
            aria-pressed={canMarkHelpful ? review.voted_helpful : undefined}
            disabled={helpfulBusy}
            onClick={() => onHelpful(review)}
            className="inline-flex items-center gap-1.5 rounded-full border border-cream-300 px-3 py-1.5 text-sm text-ink transition hover:bg-cream-100 aria-pressed:border-wine-700 aria-pressed:text-wine-800 disabled:opacity-60"
          >
            <ThumbsUp
              aria-hidden="true"
              className="size-4"
              fill={review.voted_helpful ? 'currentColor' : 'none'}
            />
            Helpful{review.helpful_count > 0 ? ` (${review.helpful_count})` : ''}
          </button>
        ) : review.helpful_count > 0 ? (
          <p className="text-sm text-ink-soft">
            {countOf(review.helpful_count, 'person', 'people')} found this helpful
          </p>
        ) : null}
        {!review.is_own && onReportSignIn ? (
          <ReportReview review={review} canReport={canMarkHelpful} onSignIn={onReportSignIn} />
        ) : null}
      </div>
    </article>
  );
}
