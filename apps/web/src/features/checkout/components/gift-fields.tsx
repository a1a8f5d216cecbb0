import { GIFT_MAX_DAYS_AHEAD, GIFT_MESSAGE_MAX, kampalaDayAfter } from '@shop/contract/gifts';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { CheckboxField, TextAreaField } from '../../../components/choice-fields';
import { FormField } from '../../../components/form-field';
import type { CheckoutFormValues } from '../lib/checkout-form';

/**
 * "This is a gift" (delivery only): the recipient (the rider calls them), the message printed on
 * the gift card, and the day, today up to GIFT_MAX_DAYS_AHEAD days ahead. The address below is
 * the recipient's.
 */
export function GiftFields({
  register,
  errors,
  isGift,
  messageLength,
}: {
  register: UseFormRegister<CheckoutFormValues>;
  errors: FieldErrors<CheckoutFormValues>;
  isGift: boolean;
  messageLength: number;
}) {
  const today = kampalaDayAfter(new Date(), 0);
  return (
    <div className="space-y-5 rounded-xl border border-cream-200 bg-cream-50 px-4 py-4">
      <CheckboxField
        label="This is a gift"
        hint="We deliver to the recipient on the day you choose, with your message and no prices."
        registration={register('is_gift')}
      />
      {isGift ? (
        <fieldset className="space-y-5">
          <legend className="sr-only">The gift</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              label="Recipient’s name"
              autoComplete="off"
              registration={register('gift_recipient_name')}
              error={errors.gift_recipient_name?.message}
            />
            <FormField
              label="Recipient’s phone"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              registration={register('gift_recipient_phone')}
              error={errors.gift_recipient_phone?.message}
              hint="The rider calls the recipient; they get an SMS with a link to follow it."
            />
          </div>
          <FormField
            label="Delivery day"
            type="date"
            min={today}
            max={kampalaDayAfter(new Date(), GIFT_MAX_DAYS_AHEAD)}
            registration={register('gift_delivery_date')}
            error={errors.gift_delivery_date?.message}
            hint={`Today or up to ${GIFT_MAX_DAYS_AHEAD} days ahead.`}
          />
          <div>
            <TextAreaField
              label="Gift message (optional)"
              rows={4}
              maxLength={GIFT_MESSAGE_MAX}
              registration={register('gift_message')}
              error={errors.gift_message?.message}
            />
            <p className="mt-1 text-sm text-ink-soft">
              Printed on the gift card exactly as you type it. {messageLength}/{GIFT_MESSAGE_MAX}
            </p>
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
