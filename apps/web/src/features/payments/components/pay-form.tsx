import { zodResolver } from '@hookform/resolvers/zod';
import { formatUGX } from '@shop/contract/money';
import type { Transaction } from '@shop/contract/payments';
import { Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormMessage, primaryButtonClass } from '../../../components/form-field';
import { MobileMoneyFields } from '../../../components/mobile-money-fields';
import { applyFieldErrors, formErrorMessage } from '../../../lib/form-errors';
import { PAY_FORM_FIELDS, type PayFormValues, payFormSchema } from '../../../lib/mobile-money/pay-form';
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
      <MobileMoneyFields
        network={{ registration: register('network'), error: errors.network?.message }}
        phone={{ registration: register('phone'), error: errors.phone?.message }}
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
