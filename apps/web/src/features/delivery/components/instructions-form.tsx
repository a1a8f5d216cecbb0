import { TOAST_DURATION_MS } from '@shop/contract/constants';
import {
  CONTACT_PREFERENCES,
  contactPreferenceLabels,
  type DeliveryInstructions,
  PREFERRED_DELIVERY_TIMES,
} from '@shop/contract/delivery';
import {
  type DeliverableOrderList,
  saveDeliveryInstructionsRequestSchema,
} from '@shop/contract/delivery-tracking';
import { preferredTimeLabel } from '@shop/contract/settings-values';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormField, FormMessage, inputClass, primaryButtonClass } from '../../../components/form-field';
import { PlusCodeField } from '../../../components/plus-code-field';
import { applyFieldErrors, formErrorMessage } from '../../../lib/form-errors';
import { useShopSettings } from '../../../lib/shop-settings';
import { toast } from '../../../lib/toast';
import { deliveryKeys } from '../api/delivery-keys';
import { saveDeliveryInstructions } from '../api/save-delivery-instructions';

/** The form's values: choices as strings ('' = not chosen yet), texts as typed. */
export type InstructionsFormValues = {
  order_id: string;
  preferred_delivery_time: string;
  contact_preference: string;
  leave_at_door: boolean;
  require_signature: boolean;
  delivery_notes: string;
  special_instructions: string;
  access_instructions: string;
  security_code: string;
  landmark: string;
  plus_code: string;
};

type Parsed = z.output<typeof saveDeliveryInstructionsRequestSchema>;

const FIELDS = [
  'order_id',
  'preferred_delivery_time',
  'contact_preference',
  'leave_at_door',
  'require_signature',
  'delivery_notes',
  'special_instructions',
  'access_instructions',
  'security_code',
  'landmark',
  'plus_code',
] as const satisfies readonly (keyof InstructionsFormValues)[];

/** The contract's rules and messages (docs/product.md section 5), field by field. */
const resolver: Resolver<InstructionsFormValues, unknown, Parsed> = async (values) => {
  const parsed = saveDeliveryInstructionsRequestSchema.safeParse(values);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? 'order_id');
    errors[name] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

/** docs/product.md section 3's defaults: contact by phone, not left at the door, signature required. */
export function formValuesFor(orderId: string, given: DeliveryInstructions | null): InstructionsFormValues {
  return {
    order_id: orderId,
    preferred_delivery_time: given?.preferred_delivery_time ?? '',
    contact_preference: given?.contact_preference ?? 'phone',
    leave_at_door: given?.leave_at_door ?? false,
    require_signature: given?.require_signature ?? true,
    delivery_notes: given?.delivery_notes ?? '',
    special_instructions: given?.special_instructions ?? '',
    access_instructions: given?.access_instructions ?? '',
    security_code: given?.security_code ?? '',
    landmark: given?.landmark ?? '',
    plus_code: given?.plus_code ?? '',
  };
}

const selectClass = `${inputClass} pr-8`;

/**
 * Delivery instructions for one of the customer's orders that has not left yet. An order's own
 * instructions fill the form; without them, the customer's last instructions do.
 */
export function InstructionsForm({ userId, data }: { userId: string; data: DeliverableOrderList }) {
  const queryClient = useQueryClient();
  // The windows' hours are the shop's (a setting).
  const windows = useShopSettings().delivery_windows;
  const ids = { order: useId(), time: useId(), contact: useId(), errorTime: useId(), errorContact: useId() };
  const [formError, setFormError] = useState<string | null>(null);
  const first = data.results[0];
  const prefillFor = (orderId: string) => {
    const order = data.results.find((item) => item.order_id === orderId);
    return formValuesFor(orderId, order?.instructions ?? data.last_instructions);
  };
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InstructionsFormValues, unknown, Parsed>({
    resolver,
    mode: 'onTouched',
    defaultValues: prefillFor(first?.order_id ?? ''),
  });
  const orderId = watch('order_id');

  // Choosing another order fills the form with that order's instructions.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the chosen order matters
  useEffect(() => {
    if (orderId) reset(prefillFor(orderId));
  }, [orderId]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await saveDeliveryInstructions(values);
      toast.success(`Delivery instructions saved for order ${saved.order_number}.`, {
        duration: TOAST_DURATION_MS,
      });
      await queryClient.invalidateQueries({ queryKey: deliveryKeys.all(userId) });
    } catch (error) {
      applyFieldErrors(error, FIELDS, setError);
      setFormError(formErrorMessage(error));
    }
  });

  if (!first) {
    return (
      <p className="text-sm text-ink-soft">
        None of your orders is waiting for delivery instructions: they can be given until an order goes out
        for delivery.
      </p>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Delivery instructions" className="max-w-2xl space-y-5">
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      <div>
        <label htmlFor={ids.order} className="mb-1.5 block text-sm font-semibold text-ink">
          Order
        </label>
        <select id={ids.order} className={selectClass} {...register('order_id')}>
          {data.results.map((order) => (
            <option key={order.order_id} value={order.order_id}>
              {order.order_number}
              {order.delivery_zone ? ` — ${order.delivery_zone}` : ''}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.time} className="mb-1.5 block text-sm font-semibold text-ink">
            Preferred delivery time
          </label>
          <select
            id={ids.time}
            className={selectClass}
            aria-invalid={errors.preferred_delivery_time ? true : undefined}
            aria-describedby={errors.preferred_delivery_time ? ids.errorTime : undefined}
            {...register('preferred_delivery_time')}
          >
            <option value="">Choose a time…</option>
            {PREFERRED_DELIVERY_TIMES.map((time) => (
              <option key={time} value={time}>
                {preferredTimeLabel(time, windows)}
              </option>
            ))}
          </select>
          {errors.preferred_delivery_time ? (
            <p id={ids.errorTime} className="mt-1.5 text-sm font-medium text-wine-700">
              {errors.preferred_delivery_time.message}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={ids.contact} className="mb-1.5 block text-sm font-semibold text-ink">
            Contact preference
          </label>
          <select
            id={ids.contact}
            className={selectClass}
            aria-invalid={errors.contact_preference ? true : undefined}
            aria-describedby={errors.contact_preference ? ids.errorContact : undefined}
            {...register('contact_preference')}
          >
            <option value="">Choose how…</option>
            {CONTACT_PREFERENCES.map((preference) => (
              <option key={preference} value={preference}>
                {contactPreferenceLabels[preference]}
              </option>
            ))}
          </select>
          {errors.contact_preference ? (
            <p id={ids.errorContact} className="mt-1.5 text-sm font-medium text-wine-700">
              {errors.contact_preference.message}
            </p>
          ) : null}
        </div>
      </div>
      <fieldset className="space-y-2">
        <legend className="sr-only">At the door</legend>
        <label className="flex items-center gap-3 text-ink">
          <input type="checkbox" className="size-4 accent-wine-800" {...register('leave_at_door')} />
          Leave it at the door if nobody answers
        </label>
        <label className="flex items-center gap-3 text-ink">
          <input type="checkbox" className="size-4 accent-wine-800" {...register('require_signature')} />
          Require a signature on delivery
        </label>
      </fieldset>
      <FormField
        label="Landmark (optional)"
        placeholder="e.g. opposite Shell Kololo"
        registration={register('landmark')}
        error={errors.landmark?.message}
      />
      <PlusCodeField
        registration={register('plus_code')}
        value={watch('plus_code')}
        error={errors.plus_code?.message}
        onLocate={(code) => setValue('plus_code', code, { shouldValidate: true, shouldDirty: true })}
      />
      <FormField
        label="Access instructions (optional)"
        placeholder="Gate, floor, which door"
        registration={register('access_instructions')}
        error={errors.access_instructions?.message}
      />
      <FormField
        label="Gate or building code (optional)"
        registration={register('security_code')}
        error={errors.security_code?.message}
        hint="Shown to your rider only."
      />
      <FormField
        label="Delivery notes (optional)"
        registration={register('delivery_notes')}
        error={errors.delivery_notes?.message}
      />
      <FormField
        label="Special instructions (optional)"
        registration={register('special_instructions')}
        error={errors.special_instructions?.message}
      />
      <button type="submit" className={primaryButtonClass} disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Save instructions'}
      </button>
    </form>
  );
}
