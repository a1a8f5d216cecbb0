import {
  ERASURE_COOLING_OFF_DAYS,
  ERASURE_REVIEW_CHOICES,
  ERASURE_REVIEW_LABELS,
  type ErasureReviewChoice,
  erasureWaitsText,
} from '@shop/contract/erasure';
import { formatKampalaDateTime } from '@shop/contract/kampala-time';
import { type FormEvent, useId, useState } from 'react';
import { buttonClass } from '../../../components/button';
import { FormMessage } from '../../../components/form-field';
import { QueryStatus } from '../../../components/query-state';
import { ReasonField } from '../../../components/reason-field';
import { isApiError } from '../../../lib/api-client';
import { formErrorMessage } from '../../../lib/form-errors';
import { useCustomerErasure, useStaffErasure } from '../api/erasure';

/**
 * A request to delete the account made by e-mail or phone, entered by staff with how and when the
 * customer asked (audited); the same cooling-off, notice and cancellation as from the profile.
 */
export function ErasureForm({ customerId }: { customerId: string }) {
  const { data, isPending, isError, refetch } = useCustomerErasure(customerId);
  const { request, cancel } = useStaffErasure(customerId);
  const [reviews, setReviews] = useState<ErasureReviewChoice>('anonymise');
  const [reason, setReason] = useState('');
  const id = useId();
  const current = data?.request ?? null;
  const pending = current?.state === 'pending' ? current : null;
  const mutation = pending ? cancel : request;
  const reasonError = isApiError(mutation.error)
    ? mutation.error.fields.find((field) => field.field === 'reason')?.message
    : undefined;
  // Failed, the form would offer to ask for an erasure already asked: say so and offer a retry.
  if (isPending || isError) {
    return (
      <QueryStatus pending={isPending} onRetry={refetch} what="The erasure request" loading="Loading…" />
    );
  }
  if (current?.state === 'erased') {
    return <p>This account was erased on {formatKampalaDateTime(current.erased_at ?? current.due_at)}.</p>;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const done = { onSuccess: () => setReason('') };
    if (pending) cancel.mutate({ reason }, done);
    else request.mutate({ reviews, reason }, done);
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={pending ? 'Cancel the deletion' : 'Delete this account'}
      className="max-w-md space-y-3"
    >
      {pending ? (
        <p role="status">
          To be deleted on {formatKampalaDateTime(pending.due_at)} (asked{' '}
          {pending.channel === 'staff' ? 'through staff' : 'from the profile'}; reviews:{' '}
          {ERASURE_REVIEW_LABELS[pending.reviews].toLowerCase()}).
          {data?.waiting_for_order ? ` ${erasureWaitsText(data.waiting_for_order, 'The')}` : null}
        </p>
      ) : (
        <fieldset className="space-y-1">
          <legend className="text-sm font-semibold text-ink">Their reviews</legend>
          {ERASURE_REVIEW_CHOICES.map((choice) => (
            <label key={choice} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-reviews`}
                checked={reviews === choice}
                onChange={() => setReviews(choice)}
              />
              {ERASURE_REVIEW_LABELS[choice]}
            </label>
          ))}
        </fieldset>
      )}
      {mutation.error && !reasonError ? (
        <FormMessage kind="error">{formErrorMessage(mutation.error)}</FormMessage>
      ) : null}
      <ReasonField
        label="How and when the customer asked"
        value={reason}
        onChange={setReason}
        error={reasonError}
        maxLength={500}
      />
      <button type="submit" className={buttonClass('secondary', 'sm')} disabled={mutation.isPending}>
        {pending ? 'Cancel the deletion' : `Delete in ${ERASURE_COOLING_OFF_DAYS} days`}
      </button>
    </form>
  );
}
