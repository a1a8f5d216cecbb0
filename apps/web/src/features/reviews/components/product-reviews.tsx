import type { Review, ReviewOrdering } from '@shop/contract/reviews';
import { PenLine, RotateCw } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useSession } from '../../../lib/session/use-session';
import { useDeleteReview } from '../api/delete-review';
import { useMyReview } from '../api/get-my-review';
import { useReviewSummary } from '../api/get-review-summary';
import { useReviews } from '../api/get-reviews';
import { useMarkHelpful } from '../api/mark-helpful';
import { useSignInPrompt } from '../hooks/use-sign-in-prompt';
import { starsText } from '../lib/review-display';
import { ReviewItem } from './review-item';
import { ReviewSummaryView } from './review-summary';

// The form (with its validation library) loads when a customer opens it, not with the product page.
const ReviewForm = lazy(() => import('./review-form').then((module) => ({ default: module.ReviewForm })));

export const REVIEWS_LOAD_ERROR = 'Reviews could not be loaded';

// Every ordering (the Record's type says so), in the contract's order. Its values are not imported:
// the contract's reviews module would bring its zod schemas, and zod, into the product page.
const orderingLabels: Record<ReviewOrdering, string> = {
  newest: 'Newest first',
  helpful: 'Most helpful first',
};
const orderings = Object.keys(orderingLabels) as ReviewOrdering[];

const outlineButton =
  'inline-flex items-center gap-1.5 rounded-full border border-wine-800 px-4 py-2 text-sm font-semibold text-wine-800 transition hover:bg-wine-50 disabled:opacity-60';

/** The signed-in customer's own review of the product, with Edit and Delete. */
function OwnReview({ review, onEdit }: { review: Review; onEdit: () => void }) {
  const remove = useDeleteReview();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="rounded-2xl border border-gold-300 bg-cream-100 p-4">
      <p className="text-sm text-ink">
        You rated this bottle {starsText(review.rating)}:{' '}
        <span className="font-semibold">{review.title}</span>
      </p>
      {review.is_hidden ? (
        <p className="mt-1 text-sm text-wine-800">
          Our team has hidden this review: others do not see it.
          {review.hidden_reason ? ` Reason: ${review.hidden_reason}` : ''}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" onClick={onEdit} className={outlineButton}>
          Edit your review
        </button>
        {confirming ? (
          <>
            <button
              type="button"
              disabled={remove.isPending}
              onClick={() => remove.mutate({ id: review.id, productId: review.product })}
              className="rounded-full bg-wine-800 px-4 py-2 text-sm font-semibold text-cream-50 disabled:opacity-60"
            >
              Yes, delete my review
            </button>
            <button type="button" onClick={() => setConfirming(false)} className={outlineButton}>
              Keep it
            </button>
          </>
        ) : (
          <button type="button" onClick={() => setConfirming(true)} className={outlineButton}>
            Delete your review
          </button>
        )}
      </div>
    </div>
  );
}

/** Write a review, or see and change one's own; visitors are asked to sign in. */
function ReviewWriter({ product }: { product: { id: number; name: string } }) {
  const { status } = useSession();
  const mine = useMyReview(product.id);
  const prompt = useSignInPrompt();
  const [open, setOpen] = useState(false);

  if (status !== 'customer') {
    return (
      <button type="button" onClick={() => prompt('write a review')} className={outlineButton}>
        <PenLine aria-hidden="true" className="size-4" />
        Write a review
      </button>
    );
  }
  if (!mine.data) return null;
  const own = mine.data.review;
  if (open) {
    return (
      <Suspense fallback={<p role="status">Opening the review form…</p>}>
        <ReviewForm
          productId={product.id}
          productName={product.name}
          review={own}
          onDone={() => setOpen(false)}
        />
      </Suspense>
    );
  }
  if (own) return <OwnReview review={own} onEdit={() => setOpen(true)} />;
  // The shop's review policy: only those it would accept are offered the form.
  if (!mine.data.can_review) {
    return mine.data.cannot_review_reason ? (
      <p className="text-sm text-ink-soft">{mine.data.cannot_review_reason}</p>
    ) : null;
  }
  return (
    <button type="button" onClick={() => setOpen(true)} className={outlineButton}>
      <PenLine aria-hidden="true" className="size-4" />
      Write a review
    </button>
  );
}

function ReviewList({ productId, reviewCount }: { productId: number; reviewCount: number }) {
  const { status } = useSession();
  const [ordering, setOrdering] = useState<ReviewOrdering>('newest');
  const [page, setPage] = useState(1);
  const list = useReviews(productId, ordering, page);
  const helpful = useMarkHelpful(productId);
  const prompt = useSignInPrompt();
  const sortId = useId();

  const onHelpful = (review: Review) => {
    if (status !== 'customer') {
      prompt('mark reviews as helpful');
      return;
    }
    helpful.mutate({ id: review.id, helpful: !review.voted_helpful });
  };

  if (reviewCount === 0 && (list.data?.count ?? 0) === 0) return null;
  const data = list.data;
  return (
    <div className="mt-6">
      <div className="flex items-center justify-end gap-2">
        <label htmlFor={sortId} className="text-sm text-ink-soft">
          Sort reviews
        </label>
        <select
          id={sortId}
          value={ordering}
          onChange={(event) => {
            setOrdering(event.currentTarget.value as ReviewOrdering);
            setPage(1);
          }}
          className="h-9 rounded-lg border border-cream-300 bg-white px-2 text-sm"
        >
          {orderings.map((value) => (
            <option key={value} value={value}>
              {orderingLabels[value]}
            </option>
          ))}
        </select>
      </div>
      {data ? (
        <>
          <div aria-busy={list.isFetching}>
            {data.results.map((review) => (
              <ReviewItem
                key={review.id}
                review={review}
                canMarkHelpful={status === 'customer'}
                onHelpful={onHelpful}
                helpfulBusy={helpful.isPending && helpful.variables?.id === review.id}
                onReportSignIn={() => prompt('report a review')}
              />
            ))}
          </div>
          {data.total_pages > 1 ? (
            <nav aria-label="Review pages" className="mt-4 flex items-center justify-center gap-3">
              <button
                type="button"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
                className={outlineButton}
              >
                Previous
              </button>
              <span className="text-sm text-ink-soft">
                Page {page} of {data.total_pages}
              </span>
              <button
                type="button"
                disabled={data.next === null}
                onClick={() => setPage(page + 1)}
                className={outlineButton}
              >
                Next
              </button>
            </nav>
          ) : null}
        </>
      ) : list.isError ? (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 text-sm text-wine-900">
          {REVIEWS_LOAD_ERROR}
          <button type="button" onClick={() => void list.refetch()} className={outlineButton}>
            <RotateCw aria-hidden="true" className="size-4" />
            Retry
          </button>
        </div>
      ) : (
        <p role="status" className="mt-4 text-sm text-ink-soft">
          Loading reviews…
        </p>
      )}
    </div>
  );
}

/**
 * The product page's reviews: the average, count and stars distribution (always current, from the
 * reviews summary; the catalog's figures until it arrives), writing or changing one's own review,
 * and the reviews, newest or most helpful first.
 */
export function ProductReviews({
  product,
}: {
  product: { id: number; name: string; average_rating: number; review_count: number };
}) {
  const summary = useReviewSummary(product.id);
  const averageRating = summary.data?.average_rating ?? product.average_rating;
  const reviewCount = summary.data?.review_count ?? product.review_count;
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="scroll-mt-24">
      <h2 id="reviews-heading" className="text-2xl">
        Reviews
      </h2>
      <ReviewSummaryView
        averageRating={averageRating}
        reviewCount={reviewCount}
        distribution={summary.data?.distribution}
      />
      <div className="mt-5">
        <ReviewWriter product={product} />
      </div>
      <ReviewList productId={product.id} reviewCount={reviewCount} />
    </section>
  );
}
