import { zodResolver } from '@hookform/resolvers/zod';
import { type EventSummary, MAX_GUESTS_PER_RSVP, type Rsvp } from '@shop/contract/events';
import { formatUGX } from '@shop/contract/money';
import { countOf } from '@shop/contract/plural';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  FormField,
  FormMessage,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
} from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { applyFieldErrors, formErrorMessage } from '../../../lib/form-errors';
import { createRsvp, updateRsvp, useRememberRsvp } from '../api/rsvp-mutations';
import {
  emptyRsvpForm,
  guestNamesOf,
  RSVP_FIELDS,
  type RsvpFormInput,
  type RsvpFormValues,
  rsvpFormSchema,
  rsvpFormValues,
} from '../lib/rsvp-form';

function fieldlessMessage(error: unknown): string {
  const field = isApiError(error) ? error.fields[0] : undefined;
  return field ? field.message : formErrorMessage(error);
}

const textareaClass =
  'min-h-20 w-full rounded-lg border border-cream-300 bg-white px-3 py-2 text-base text-ink placeholder:text-ink-soft/70 aria-[invalid=true]:border-wine-600';

/**
 * RSVP for an event (or change an RSVP): how many guests, yourself included; their names; dietary
 * needs; a note. A paid event shows the total (price × guests) to be paid by mobile money next.
 */
export function RsvpForm({
  event,
  rsvp,
  guestsLocked = false,
  onDone,
  onCancel,
}: {
  event: EventSummary;
  /** An RSVP to change; without it, a new RSVP. */
  rsvp?: Rsvp;
  /** A paid booking keeps its number of guests. */
  guestsLocked?: boolean;
  onDone?: (rsvp: Rsvp) => void;
  onCancel?: () => void;
}) {
  const remember = useRememberRsvp();
  const [formError, setFormError] = useState<string | null>(null);
  const guestsId = useId();
  const dietaryId = useId();
  const noteId = useId();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<RsvpFormInput, unknown, RsvpFormValues>({
    resolver: zodResolver(rsvpFormSchema),
    mode: 'onTouched',
    defaultValues: rsvp ? rsvpFormValues(rsvp) : emptyRsvpForm,
  });
  const guests = Number(watch('guests')) || 1;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const body = {
      guests: values.guests,
      guest_names: guestNamesOf(values),
      dietary_needs: values.dietary_needs || null,
      note: values.note || null,
    };
    try {
      const saved = rsvp
        ? await updateRsvp(rsvp.id, guestsLocked ? { ...body, guests: undefined } : body)
        : await createRsvp({ event: event.id, ...body });
      remember(saved);
      onDone?.(saved);
    } catch (error) {
      const marked = applyFieldErrors(error, RSVP_FIELDS, (name, problem, options) =>
        setError(name === 'guest_names' ? 'guest_names.0' : name, problem, options),
      );
      // Reasons about something else than a field here (the event, your date of birth) go above the form.
      if (marked === 0) setFormError(fieldlessMessage(error));
    }
  });

  const label = rsvp
    ? 'Save changes'
    : event.is_full
      ? 'Join the waitlist'
      : event.is_free
        ? 'RSVP'
        : 'Reserve seats';
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={rsvp ? 'Change your RSVP' : 'RSVP'}
      className="space-y-4"
    >
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      {guestsLocked ? (
        // Not a disabled select: a disabled field has no value to submit.
        <p className="text-ink">{countOf(guests, 'guest')}: a paid booking keeps its number of guests.</p>
      ) : (
        <div>
          <label htmlFor={guestsId} className="mb-1.5 block text-sm font-semibold text-ink">
            Guests (yourself included)
          </label>
          <select
            id={guestsId}
            {...register('guests')}
            aria-invalid={errors.guests ? true : undefined}
            className={inputClass}
          >
            {Array.from({ length: MAX_GUESTS_PER_RSVP }, (_, index) => index + 1).map((count) => (
              <option key={count} value={count}>
                {count === 1 ? '1 guest (just me)' : countOf(count, 'guest')}
              </option>
            ))}
          </select>
          {errors.guests?.message ? (
            <p className="mt-1.5 text-sm font-medium text-wine-700">{errors.guests.message}</p>
          ) : null}
        </div>
      )}
      {Array.from({ length: guests - 1 }, (_, index) => (
        <FormField
          // biome-ignore lint/suspicious/noArrayIndexKey: one box per guest, in order
          key={index}
          label={`Guest ${index + 2}'s name (optional)`}
          autoComplete="off"
          registration={register(`guest_names.${index}`)}
          error={errors.guest_names?.[index]?.message}
        />
      ))}
      <div>
        <label htmlFor={dietaryId} className="mb-1.5 block text-sm font-semibold text-ink">
          Dietary needs (optional)
        </label>
        <textarea
          id={dietaryId}
          placeholder="Allergies, vegetarian, halal…"
          {...register('dietary_needs')}
          aria-invalid={errors.dietary_needs ? true : undefined}
          className={textareaClass}
        />
        {errors.dietary_needs?.message ? (
          <p className="mt-1.5 text-sm font-medium text-wine-700">{errors.dietary_needs.message}</p>
        ) : null}
      </div>
      <div>
        <label htmlFor={noteId} className="mb-1.5 block text-sm font-semibold text-ink">
          Note for us (optional)
        </label>
        <textarea
          id={noteId}
          {...register('note')}
          aria-invalid={errors.note ? true : undefined}
          className={textareaClass}
        />
        {errors.note?.message ? (
          <p className="mt-1.5 text-sm font-medium text-wine-700">{errors.note.message}</p>
        ) : null}
      </div>
      {!event.is_free && !rsvp ? (
        <p className="rounded-lg bg-cream-100 px-4 py-3 text-sm text-ink">
          Total: <strong>{formatUGX(event.price * guests)}</strong> ({formatUGX(event.price)} × {guests}),
          paid by MTN or Airtel mobile money
          {event.is_full ? ' when a seat opens up' : ' right after you reserve'}.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButtonClass} disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : label}
        </button>
        {onCancel ? (
          <button type="button" className={secondaryButtonClass} onClick={onCancel}>
            Keep it as it is
          </button>
        ) : null}
      </div>
    </form>
  );
}
