import { formatKampalaShortDateTime } from '@shop/contract/kampala-time';
import {
  type AdminReview,
  type AdminReviewFilter,
  REVIEW_HIDE_REASON_MAX_LENGTH,
  reviewMessages,
  reviewReportReasonLabels,
} from '@shop/contract/reviews';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { buttonClass } from '../../../components/button';
import { FormMessage, textLinkClass } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { ReasonField } from '../../../components/reason-field';
import { StaffOnly } from '../../../components/staff-only';
import { Tabs } from '../../../components/tabs';
import { formErrorMessage } from '../../../lib/form-errors';
import { useModerateReview } from '../api/moderate-review';
import { useModerationQueue } from '../api/moderation-queue';

const TABS: ReadonlyArray<{ value: AdminReviewFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'reported', label: 'Reported' },
  { value: 'hidden', label: 'Hidden' },
];

/** Hide (reason required: its author sees it) or show again (reason kept in the audit trail). */
function ModerationForm({ review, onDone }: { review: AdminReview; onDone: (message: string) => void }) {
  const hide = !review.is_hidden;
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useModerateReview();
  return (
    <form
      aria-label={hide ? `Hide the review “${review.title}”` : `Show the review “${review.title}” again`}
      className="mt-3 space-y-2 rounded-xl border border-cream-300 bg-cream-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (hide && !reason.trim()) {
          setProblem(reviewMessages.hideReasonMissing);
          return;
        }
        setProblem(null);
        mutation.mutate(
          { id: review.id, hide, reason: reason.trim() },
          {
            onSuccess: () => onDone(hide ? `Hidden: “${review.title}”.` : `Shown again: “${review.title}”.`),
            onError: (error) => setProblem(formErrorMessage(error)),
          },
        );
      }}
    >
      <ReasonField
        label={hide ? 'Reason for hiding (its author sees it)' : 'Reason for showing it again (optional)'}
        value={reason}
        onChange={setReason}
        error={problem}
        maxLength={REVIEW_HIDE_REASON_MAX_LENGTH}
      />
      <button type="submit" className={buttonClass('secondary', 'sm')} disabled={mutation.isPending}>
        {hide ? 'Hide review' : 'Show review again'}
      </button>
    </form>
  );
}

function QueueItem({ review, onNotice }: { review: AdminReview; onNotice: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <li>
      <article
        aria-label={`Review “${review.title}” by ${review.author_name}`}
        className="rounded-2xl border border-cream-300 bg-white p-4"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-base font-semibold text-ink">
            {review.title} <span className="font-normal text-ink-soft">({review.rating} of 5 stars)</span>
          </h2>
          <div className="flex flex-wrap gap-2 text-sm">
            {review.report_count > 0 ? (
              <span className="rounded-full bg-wine-100 px-2 py-0.5 font-semibold text-wine-900">
                Reported {review.report_count === 1 ? 'once' : `${review.report_count} times`}
              </span>
            ) : null}
            {review.is_hidden ? (
              <span className="rounded-full bg-ink px-2 py-0.5 font-semibold text-cream-50">Hidden</span>
            ) : null}
          </div>
        </div>
        <p className="mt-1 text-sm text-ink-soft">
          {review.author_name} on{' '}
          <Link to="/products/$id" params={{ id: review.product.slug }} className={textLinkClass}>
            {review.product.name}
          </Link>
          , {formatKampalaShortDateTime(review.created_at)}
        </p>
        <p className="mt-2 whitespace-pre-line break-words text-ink">{review.text}</p>
        {review.is_hidden && review.hidden_reason ? (
          <p className="mt-2 text-sm text-wine-800">Hidden because: {review.hidden_reason}</p>
        ) : null}
        {review.reports.length > 0 ? (
          <ul aria-label="Reports" className="mt-3 space-y-1 text-sm">
            {review.reports.map((report) => (
              <li key={`${report.reporter_name}-${report.created_at}`}>
                <span className="font-semibold">{reviewReportReasonLabels[report.reason]}</span>
                {report.note ? `: ${report.note}` : ''}{' '}
                <span className="text-ink-soft">
                  ({report.reporter_name}, {formatKampalaShortDateTime(report.created_at)})
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-3">
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            aria-expanded={open}
            onClick={() => setOpen((current) => !current)}
          >
            {review.is_hidden ? 'Show again…' : 'Hide…'}
          </button>
        </div>
        {open ? (
          <ModerationForm
            review={review}
            onDone={(message) => {
              setOpen(false);
              onNotice(message);
            }}
          />
        ) : null}
      </article>
    </li>
  );
}

function ModerationQueue() {
  const [filter, setFilter] = useState<AdminReviewFilter>('all');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<string | null>(null);
  const { data, isPending, isError, refetch } = useModerationQueue(filter, page);
  return (
    <div className="space-y-6">
      <Tabs
        label="Reviews to show"
        tabs={TABS}
        value={filter}
        onChange={(next) => {
          setFilter(next);
          setPage(1);
        }}
      >
        {notice ? <FormMessage kind="success">{notice}</FormMessage> : null}
        <QueryState
          query={{ isPending, isError, data, refetch }}
          what="The reviews"
          loading="Loading reviews…"
          isEmpty={(page) => page.results.length === 0}
          empty={
            filter === 'reported'
              ? 'No reported reviews.'
              : filter === 'hidden'
                ? 'No hidden reviews.'
                : 'No reviews yet.'
          }
        >
          {(data) => (
            <ol aria-label="Review queue" className="space-y-4">
              {data.results.map((review) => (
                <QueueItem key={review.id} review={review} onNotice={setNotice} />
              ))}
            </ol>
          )}
        </QueryState>
        {data ? (
          <Pager page={page} totalPages={data.total_pages} hasNext={data.next !== null} onPage={setPage} />
        ) : null}
      </Tabs>
    </div>
  );
}

/**
 * /admin/reviews, the moderation queue (staff and admins; the API refuses anyone else too):
 * reviews customers reported come first, with their reasons; hide one with a reason its author
 * sees, or show a hidden one again.
 */
export function AdminReviewsPage() {
  return (
    <PageShell eyebrow="Back office" title="Reviews">
      <StaffOnly>
        <ModerationQueue />
      </StaffOnly>
    </PageShell>
  );
}
