import type { Review, ReviewReportReason } from '@shop/contract/reviews';
import { Flag } from 'lucide-react';
import { useId, useState } from 'react';
import { formErrorMessage } from '../../../lib/form-errors';
import { useReportReview } from '../api/report-review';

// The contract's reasons (the Record's type keeps them in step) without importing its zod schemas.
const reasonLabels: Record<ReviewReportReason, string> = {
  spam: 'Spam or advertising',
  offensive: 'Offensive or abusive',
  off_topic: 'Not about this product',
  false_information: 'False or misleading',
  other: 'Something else',
};
const reasons = Object.keys(reasonLabels) as ReviewReportReason[];
const NOTE_MAX = 500;

const smallButton =
  'inline-flex items-center gap-1.5 rounded-full border border-cream-300 px-3 py-1.5 text-sm text-ink transition hover:bg-cream-100 disabled:opacity-60';

/**
 * "Report" on someone else's review: a reason from the list and an optional note, once per
 * customer (then "Reported"). Visitors are asked to sign in.
 */
export function ReportReview({
  review,
  canReport,
  onSignIn,
}: {
  review: Review;
  canReport: boolean;
  onSignIn: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReviewReportReason | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const report = useReportReview(review.product);
  const id = useId();

  if (review.reported_by_me || report.isSuccess) {
    return (
      <p role="status" className="text-sm text-ink-soft">
        {report.isSuccess ? 'Thank you: our staff will look at this review.' : 'You reported this review.'}
      </p>
    );
  }
  if (!open) {
    return (
      <button
        type="button"
        className={smallButton}
        aria-label={`Report the review by ${review.author_name}`}
        onClick={() => (canReport ? setOpen(true) : onSignIn())}
      >
        <Flag aria-hidden="true" className="size-4" />
        Report
      </button>
    );
  }
  return (
    <form
      aria-label={`Report the review by ${review.author_name}`}
      className="mt-3 w-full space-y-2 rounded-xl border border-cream-300 bg-cream-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason) {
          setProblem('Choose why you are reporting this review');
          return;
        }
        setProblem(null);
        report.mutate(
          { id: review.id, reason, ...(note.trim() ? { note: note.trim() } : {}) },
          { onError: (error) => setProblem(formErrorMessage(error)) },
        );
      }}
    >
      <div>
        <label htmlFor={`${id}-reason`} className="block text-sm font-semibold text-ink">
          Why are you reporting this review?
        </label>
        <select
          id={`${id}-reason`}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value as ReviewReportReason)}
          className="mt-1 h-9 rounded-lg border border-cream-300 bg-white px-2 text-sm"
        >
          <option value="">Choose a reason</option>
          {reasons.map((value) => (
            <option key={value} value={value}>
              {reasonLabels[value]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-note`} className="block text-sm font-semibold text-ink">
          Anything to add? (optional)
        </label>
        <textarea
          id={`${id}-note`}
          value={note}
          maxLength={NOTE_MAX}
          rows={2}
          onChange={(event) => setNote(event.currentTarget.value)}
          className="mt-1 w-full rounded-lg border border-cream-300 bg-white px-2 py-1 text-sm"
        />
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-wine-900">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={report.isPending}
          className="rounded-full bg-wine-800 px-3 py-1.5 text-sm font-semibold text-cream-50 disabled:opacity-60"
        >
          Send report
        </button>
        <button type="button" className={smallButton} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
