import { PREFERRED_DELIVERY_TIMES } from '@shop/contract/delivery';
import {
  GIFT_INSTRUCTIONS_MAX,
  kampalaDayStart,
  type RecipientGift,
  type UpdateRecipientGiftRequest,
  updateRecipientGiftSchema,
} from '@shop/contract/gifts';
import { formatKampalaDateTime, formatKampalaWeekdayDate } from '@shop/contract/kampala-time';
import { preferredTimeLabel } from '@shop/contract/settings-values';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { SelectField, TextAreaField } from '../../../components/choice-fields';
import { FormMessage, primaryButtonClass } from '../../../components/form-field';
import { applyFieldErrors, formErrorMessage } from '../../../lib/form-errors';
import { useShopSettings } from '../../../lib/shop-settings';
import { recipientGiftQuery, updateRecipientGift } from '../api/recipient-gift';

type FormValues = { preferred_delivery_time: RecipientGift['preferred_delivery_time']; instructions: string };
const FIELDS = ['preferred_delivery_time', 'instructions'] as const;

/**
 * The recipient's view of a gift: who it is from, the message (as text, exactly as typed), the
 * day, the status, and, until it goes out, the window and a note for the rider.
 */
export function RecipientGiftView({ token, gift }: { token: string; gift: RecipientGift }) {
  const windows = useShopSettings().delivery_windows;
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues>({
    values: { preferred_delivery_time: gift.preferred_delivery_time, instructions: gift.instructions ?? '' },
  });
  const save = useMutation({
    mutationFn: (body: UpdateRecipientGiftRequest) => updateRecipientGift(token, body),
    onSuccess: (saved) => queryClient.setQueryData(recipientGiftQuery(token).queryKey, saved),
    onError: (error) => applyFieldErrors(error, FIELDS, setError),
  });
  const onSubmit = handleSubmit((values) => {
    const body = {
      preferred_delivery_time: values.preferred_delivery_time,
      instructions: values.instructions,
    };
    const checked = updateRecipientGiftSchema.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]) as (typeof FIELDS)[number];
        setError(field, { type: 'validation', message: issue.message });
      }
      return;
    }
    save.mutate(body);
  });
  const address = [gift.street, gift.delivery_area].filter(Boolean).join(', ');

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <section
        aria-labelledby="gift-card"
        className="rounded-2xl border border-cream-200 bg-white p-6 shadow-sm"
      >
        <h2 id="gift-card" className="flex items-center gap-2 text-2xl">
          <Gift aria-hidden="true" className="size-6 text-wine-800" /> From {gift.from}
        </h2>
        {gift.message ? (
          // Text, never HTML: React escapes it; the line breaks are kept.
          <p data-testid="gift-message" className="mt-4 whitespace-pre-wrap font-serif text-lg text-ink">
            {gift.message}
          </p>
        ) : null}
        <dl className="mt-6 grid gap-3 text-sm">
          <div>
            <dt className="font-semibold text-ink-soft">Status</dt>
            <dd data-testid="gift-status" className="text-lg font-semibold text-ink">
              {gift.status_label}
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-ink-soft">Delivery day</dt>
            <dd>{formatKampalaWeekdayDate(kampalaDayStart(gift.delivery_date))}</dd>
          </div>
          {gift.estimated_delivery_time ? (
            <div>
              <dt className="font-semibold text-ink-soft">Expected</dt>
              <dd>{formatKampalaDateTime(gift.estimated_delivery_time)}</dd>
            </div>
          ) : null}
          {address ? (
            <div>
              <dt className="font-semibold text-ink-soft">Delivered to</dt>
              <dd>
                {address}
                {gift.landmark ? ` (${gift.landmark})` : ''}
              </dd>
            </div>
          ) : null}
        </dl>
      </section>

      <section
        aria-labelledby="gift-choices"
        className="rounded-2xl border border-cream-200 bg-white p-6 shadow-sm"
      >
        <h2 id="gift-choices" className="text-2xl">
          Time and directions
        </h2>
        {gift.can_change ? (
          <form
            aria-label="Delivery time and directions"
            noValidate
            onSubmit={onSubmit}
            className="mt-4 space-y-5"
          >
            <SelectField
              label="Delivery time"
              registration={register('preferred_delivery_time')}
              error={errors.preferred_delivery_time?.message}
              options={PREFERRED_DELIVERY_TIMES.map((value) => ({
                value,
                label: preferredTimeLabel(value, windows),
              }))}
            />
            <TextAreaField
              label="Directions or instructions for the rider"
              rows={3}
              maxLength={GIFT_INSTRUCTIONS_MAX}
              registration={register('instructions')}
              error={errors.instructions?.message}
            />
            {save.isError && !Object.keys(errors).length ? (
              <FormMessage kind="error">{formErrorMessage(save.error)}</FormMessage>
            ) : null}
            {save.isSuccess ? <FormMessage kind="success">Saved: the rider will see it.</FormMessage> : null}
            <button type="submit" className={primaryButtonClass} disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </button>
          </form>
        ) : (
          <p className="mt-4 text-ink-soft">
            {preferredTimeLabel(gift.preferred_delivery_time, windows)}
            {gift.instructions ? ` · ${gift.instructions}` : ''}. The gift is{' '}
            {gift.status_label.toLowerCase()}: the time and directions can no longer change.
          </p>
        )}
      </section>
    </div>
  );
}
