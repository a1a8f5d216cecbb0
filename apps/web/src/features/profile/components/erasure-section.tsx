import {
  ERASURE_COOLING_OFF_DAYS,
  ERASURE_FRESH_SIGN_IN_MINUTES,
  ERASURE_REVIEW_CHOICES,
  ERASURE_REVIEW_LABELS,
  type ErasureRequest,
  type ErasureReviewChoice,
  erasureWaitsText,
} from '@shop/contract/erasure';
import { formatKampalaDateTime } from '@shop/contract/kampala-time';
import { type FormEvent, useId, useState } from 'react';
import { FormMessage, inputClass, secondaryButtonClass } from '../../../components/form-field';
import { QueryStatus } from '../../../components/query-state';
import { isApiError } from '../../../lib/api-client';
import { formErrorMessage } from '../../../lib/form-errors';
import { useCancelErasure, useMyErasure, useRequestErasure } from '../api/erasure';

/** The pending request, in the customer's words. */
export function pendingErasureText(request: ErasureRequest): string {
  return `Your account and personal data will be deleted on ${formatKampalaDateTime(request.due_at)} (asked on ${formatKampalaDateTime(request.created_at)}). Your reviews: ${ERASURE_REVIEW_LABELS[request.reviews].toLowerCase()}.`;
}

function PendingErasure({ request, waitingFor }: { request: ErasureRequest; waitingFor: string | null }) {
  const cancel = useCancelErasure();
  return (
    <>
      <p role="status" className="text-ink">
        {pendingErasureText(request)}
      </p>
      {waitingFor ? <p className="text-ink">{erasureWaitsText(waitingFor, 'Your')}</p> : null}
      {cancel.error ? <FormMessage kind="error">{formErrorMessage(cancel.error)}</FormMessage> : null}
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={cancel.isPending}
        onClick={() => cancel.mutate()}
      >
        Cancel the deletion
      </button>
    </>
  );
}

function ErasureForm({ needsPassword, recentUntil }: { needsPassword: boolean; recentUntil: string | null }) {
  const ask = useRequestErasure();
  const passwordId = useId();
  const [reviews, setReviews] = useState<ErasureReviewChoice>('anonymise');
  const [password, setPassword] = useState('');
  const passwordError = isApiError(ask.error)
    ? ask.error.fields.find((field) => field.field === 'password')?.message
    : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate({ reviews, ...(needsPassword ? { password } : {}) });
  };
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <fieldset className="space-y-2">
        <legend className="mb-1.5 text-sm font-semibold text-ink">Your reviews</legend>
        {ERASURE_REVIEW_CHOICES.map((choice) => (
          <label key={choice} className="flex items-center gap-2 text-ink">
            <input
              type="radio"
              name="reviews"
              value={choice}
              checked={reviews === choice}
              onChange={() => setReviews(choice)}
            />
            {ERASURE_REVIEW_LABELS[choice]}
          </label>
        ))}
      </fieldset>
      {needsPassword ? (
        <div>
          <label htmlFor={passwordId} className="mb-1.5 block text-sm font-semibold text-ink">
            Your password
          </label>
          <input
            id={passwordId}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? `${passwordId}-error` : undefined}
            className={inputClass}
          />
          {passwordError ? (
            <p id={`${passwordId}-error`} className="mt-1.5 text-sm font-medium text-wine-700">
              {passwordError}
            </p>
          ) : null}
        </div>
      ) : recentUntil ? (
        <p className="text-sm text-ink-soft">
          To confirm it is you, this works within {ERASURE_FRESH_SIGN_IN_MINUTES} minutes of signing in (until{' '}
          {formatKampalaDateTime(recentUntil)}); after that, sign out and in again.
        </p>
      ) : null}
      {ask.error && !passwordError ? (
        <FormMessage kind="error">{formErrorMessage(ask.error)}</FormMessage>
      ) : null}
      <button type="submit" className={secondaryButtonClass} disabled={ask.isPending}>
        Delete my account
      </button>
    </form>
  );
}

/**
 * /profile's "Delete my account": asks (with the password, or a recent sign-in for accounts
 * without one), then shows the date it will happen and a way to cancel until then.
 */
export function ErasureSection() {
  const { data, isPending, isError, refetch } = useMyErasure();
  const pending = data?.request?.state === 'pending' ? data.request : null;
  return (
    <section aria-labelledby="erasure-heading" className="mt-12 max-w-2xl space-y-4">
      <h2 id="erasure-heading" className="font-serif text-2xl text-wine-900">
        Delete my account
      </h2>
      <p className="text-ink-soft">
        We delete your profile, addresses, reviews (or keep them as “A customer”, as you choose), wishlist,
        messages and sign-ins {ERASURE_COOLING_OFF_DAYS} days after you ask; you can cancel until then.
        Invoices and payment records stay for as long as the tax law asks, without your contact details.
      </p>
      {isPending || isError || !data ? (
        <QueryStatus
          pending={isPending}
          onRetry={refetch}
          what="Your account’s deletion"
          loading="Loading…"
        />
      ) : pending ? (
        <PendingErasure request={pending} waitingFor={data.waiting_for_order} />
      ) : (
        <ErasureForm
          needsPassword={data.reauth.method === 'password'}
          recentUntil={data.reauth.method === 'recent_sign_in' ? data.reauth.recent_until : null}
        />
      )}
    </section>
  );
}
