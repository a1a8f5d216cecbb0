import { zodResolver } from '@hookform/resolvers/zod';
import { formatUGX } from '@shop/contract/money';
import { MOBILE_MONEY_NETWORKS } from '@shop/contract/orders';
import type { Transaction } from '@shop/contract/payments';
import { Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField, FormMessage, primaryButtonClass } from '../../../components/form-field';
import { applyFieldErrors, formErrorMessage } from '../../../lib/form-errors';
import { PAY_FORM_FIELDS, type PayFormValues, payFormSchema } from '../../../lib/mobile-money/pay-form';
import { networkLabels } from '../../../lib/mobile-money/payment-display';
import { startPayment } from '../api/start-payment';

/**
 * Choose MTN or Airtel and the paying number, then send the payment request to that phone. The
 * server's reasons (wrong network for the number, order already paid…) go beside the fields or
 * above the form.
 */
export function PayForm({
  orderId,
  amount,
  defaultValues,
  submitLabel,
  onStarted,
}: {
  orderId: string;
  amount: number;
  defaultValues: PayFormValues;
  submitLabel?: string;
  onStarted: (transaction: Transaction) => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PayFormValues>({
    resolver: zodResolver(payFormSchema),
    mode: 'onTouched',
    defaultValues,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onStarted(await startPayment({ order_id: orderId, network: values.network, phone: values.phone }));
    } catch (error) {
      const marked = applyFieldErrors(error, PAY_FORM_FIELDS, setError);
      if (marked === 0) setFormError(formErrorMessage(error));
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Pay by mobile money"
      className="flex max-w-xl flex-col gap-5"
    >
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-ink">Network</legend>
        <div className="grid grid-cols-2 gap-3">
          {MOBILE_MONEY_NETWORKS.map((network) => (
            <label
              key={network}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-cream-300 bg-white px-4 py-3 has-[:checked]:border-wine-800 has-[:checked]:ring-1 has-[:checked]:ring-wine-800"
            >
              <input
                type="radio"
                value={network}
                className="size-4 accent-wine-800"
                {...register('network')}
              />
              <span className="font-semibold text-ink">{networkLabels[network]}</span>
            </label>
          ))}
        </div>
        {errors.network?.message ? (
          <p className="mt-1.5 text-sm font-medium text-wine-700">{errors.network.message}</p>
        ) : null}
      </fieldset>
      <FormField
        label="Paying mobile number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="0772 123456"
        registration={register('phone')}
        error={errors.phone?.message}
        hint="The phone that receives the payment request. It must be on the network chosen above."
      />
      <button
        type="submit"
        disabled={isSubmitting}
        aria-busy={isSubmitting || undefined}
        className={`${primaryButtonClass} gap-2 self-start`}
      >
        <Smartphone aria-hidden="true" className="size-4" />
        {isSubmitting ? 'Sending the request…' : (submitLabel ?? `Pay ${formatUGX(amount)}`)}
      </button>
    </form>
  );
}
