import { zodResolver } from '@hookform/resolvers/zod';
import { TOAST_DURATION_MS } from '@shop/contract/constants';
import { failureMessages } from '@shop/contract/errors';
import { REVIEW_TEXT_MAX_LENGTH, REVIEW_TITLE_MAX_LENGTH, type Review } from '@shop/contract/reviews';
import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSaveReview } from '../api/save-review';
import { starsText } from '../lib/review-display';
import {
  formValuesOf,
  REVIEW_FIELDS,
  type ReviewFormInput,
  type ReviewFormValues,
  reviewFormSchema,
} from '../lib/review-form';

export const REVIEW_SAVED_MESSAGE = 'Thank you! Your review is published.';
export const REVIEW_UPDATED_MESSAGE = 'Your review has been updated.';

const inputClass =
  'w-full rounded-lg border border-cream-300 bg-white px-3 text-base text-ink placeholder:text-ink-soft/70 aria-[invalid=true]:border-wine-600 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-wine-600';

/** Statuses whose envelope message is written for the customer. */
const SPEAKING_STATUSES = new Set([400, 409, 422, 429]);

function messageOf(error: unknown): string {
  if (!isApiError(error)) return failureMessages.otherwise;
  if (error.status === 422 && error.fields.length > 0) return failureMessages[422];
  if (error.status !== null && SPEAKING_STATUSES.has(error.status) && error.envelope)
    return error.envelope.message;
  return error.userMessage;
}

/** Write a review, or change one's own (`review`): stars, a title and the text, checked as the customer types. */
export function ReviewForm({
  productId,
  productName,
  review = null,
  onDone,
}: {
  productId: number;
  productName: string;
  review?: Review | null;
  /** Called once it is saved (or cancelled, when editing). */
  onDone?: () => void;
}) {
  const save = useSaveReview();
  const [formError, setFormError] = useState<string | null>(null);
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ReviewFormInput, unknown, ReviewFormValues>({
    resolver: zodResolver(reviewFormSchema),
    mode: 'onTouched',
    defaultValues: formValuesOf(review),
  });
  const chosen = Number(watch('rating')) || 0;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync(
        review
          ? { kind: 'update', id: review.id, productId, body: values }
          : { kind: 'create', body: { product: productId, ...values } },
      );
    } catch (error) {
      if (isApiError(error)) {
        let first = true;
        for (const field of error.fields) {
          const name = REVIEW_FIELDS.find((known) => known === field.field);
          if (!name) continue;
          setError(name, { type: 'server', message: field.message }, { shouldFocus: first });
          first = false;
        }
      }
      setFormError(messageOf(error));
      return;
    }
    toast.success(review ? REVIEW_UPDATED_MESSAGE : REVIEW_SAVED_MESSAGE, { duration: TOAST_DURATION_MS });
    onDone?.();
  });

  const errorId = (name: string) => `${id}-${name}-error`;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={review ? 'Edit your review' : `Review ${productName}`}
      className="space-y-4 rounded-2xl border border-cream-200 bg-white p-5"
    >
      {formError ? (
        <p
          role="alert"
          className="rounded-lg border border-wine-200 bg-wine-50 px-4 py-3 text-sm text-wine-900"
        >
          {formError}
        </p>
      ) : null}
      <fieldset aria-describedby={errors.rating ? errorId('rating') : undefined}>
        <legend className="mb-1.5 text-sm font-semibold text-ink">Your rating</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((stars) => (
            <label
              key={stars}
              className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-gold-500"
            >
              <input type="radio" value={String(stars)} className="sr-only" {...register('rating')} />
              <Star
                aria-hidden="true"
                className="size-7 text-gold-500"
                fill={stars <= chosen ? 'currentColor' : 'none'}
                strokeWidth={1.5}
              />
              <span className="sr-only">{starsText(stars)}</span>
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p id={errorId('rating')} className="mt-1.5 text-sm font-medium text-wine-700">
            {errors.rating.message}
          </p>
        ) : null}
      </fieldset>
      <div>
        <label htmlFor={`${id}-title`} className="mb-1.5 block text-sm font-semibold text-ink">
          Title
        </label>
        <input
          id={`${id}-title`}
          maxLength={REVIEW_TITLE_MAX_LENGTH}
          placeholder="Sum it up in a few words"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? errorId('title') : undefined}
          className={`${inputClass} h-11`}
          {...register('title')}
        />
        {errors.title ? (
          <p id={errorId('title')} className="mt-1.5 text-sm font-medium text-wine-700">
            {errors.title.message}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={`${id}-text`} className="mb-1.5 block text-sm font-semibold text-ink">
          Your review
        </label>
        <textarea
          id={`${id}-text`}
          rows={5}
          maxLength={REVIEW_TEXT_MAX_LENGTH}
          placeholder="What did you like? What did you drink it with?"
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={errors.text ? errorId('text') : undefined}
          className={`${inputClass} py-2`}
          {...register('text')}
        />
        {errors.text ? (
          <p id={errorId('text')} className="mt-1.5 text-sm font-medium text-wine-700">
            {errors.text.message}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={isSubmitting}
          className="inline-flex h-11 items-center justify-center rounded-full bg-wine-800 px-6 font-semibold text-cream-50 transition hover:bg-wine-900 disabled:cursor-wait disabled:opacity-70"
        >
          {review ? 'Save changes' : 'Publish review'}
        </button>
        {review && onDone ? (
          <button
            type="button"
            onClick={onDone}
            className="inline-flex h-11 items-center justify-center rounded-full border border-wine-800 px-6 font-semibold text-wine-800 transition hover:bg-cream-100"
          >
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
