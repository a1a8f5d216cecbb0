import { zodResolver } from '@hookform/resolvers/zod';
import type { Rsvp } from '@shop/contract/events';
import { formatUGX } from '@shop/contract/money';
import type { Transaction } from '@shop/contract/payments';
import { useQueryClient } from '@tanstack/react-query';
import { Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormMessage, primaryButtonClass } from '../../../components/form-field';
import { MobileMoneyFields } from '../../../components/mobile-money-fields';
import { WaitingForApproval } from '../../../components/waiting-for-approval';
import { applyFieldErrors, formErrorMessage } from '../../../lib/form-errors';
import {
  initialPayValues,
  PAY_FORM_FIELDS,
  type PayFormValues,
  payFormSchema,
} from '../../../lib/mobile-money/pay-form';
import { useWatchedPayment } from '../../../lib/mobile-money/use-watched-payment';
import { eventKeys, RSVPS_KEY } from '../api/event-keys';
import { payRsvp } from '../api/rsvp-mutations';
import { clockAndDate } from '../lib/event-display';

/**
 * Paying for the seats an RSVP holds: MTN or Airtel and the paying number, then the waiting screen
 * that follows the payment live. Once it is verified, the RSVP is confirmed with its ticket.
 */
export function PayForRsvp({ rsvp }: { rsvp: Rsvp }) {
  const queryClient = useQueryClient();
  const { transaction, checkedAt, replace } = useWatchedPayment(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PayFormValues>({
    resolver: zodResolver(payFormSchema),
    mode: 'onTouched',
    defaultValues: initialPayValues(null, null),
  });

  // A verified payment confirmed the RSVP: read it again to show the ticket.
  useEffect(() => {
    if (transaction?.status !== 'successful') return;
    void queryClient.invalidateQueries({ queryKey: eventKeys.myRsvpForEvent(rsvp.event.id) });
    void queryClient.invalidateQueries({ queryKey: RSVPS_KEY });
  }, [transaction?.status, queryClient, rsvp.event.id]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      replace(await payRsvp(rsvp.id, { network: values.network, phone: values.phone }));
    } catch (error) {
      if (applyFieldErrors(error, PAY_FORM_FIELDS, setError) === 0) setFormError(formErrorMessage(error));
    }
  });

  if (transaction?.status === 'pending') {
    return (
      <WaitingForApproval
        transaction={transaction}
        checkedAt={checkedAt}
        paymentDueAt={null}
        onUseAnotherNumber={() => replace(null)}
        onResent={replace}
      />
    );
  }
  if (transaction?.status === 'successful') {
    return (
      <p role="status" className="text-ink-soft">
        Payment received: confirming your seats…
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Pay by mobile money" className="space-y-4">
      <p className="text-ink">
        Pay <strong>{formatUGX(rsvp.amount)}</strong> by mobile money to confirm your seats.
        {rsvp.hold_expires_at ? ` We hold them for you until ${clockAndDate(rsvp.hold_expires_at)}.` : ''}
      </p>
      {transaction ? <PaymentEnded transaction={transaction} /> : null}
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      <MobileMoneyFields
        network={{ registration: register('network'), error: errors.network?.message }}
        phone={{ registration: register('phone'), error: errors.phone?.message }}
      />
      <button type="submit" disabled={isSubmitting} className={`${primaryButtonClass} gap-2`}>
        <Smartphone aria-hidden="true" className="size-4" />
        {isSubmitting ? 'Sending the request…' : `Pay ${formatUGX(rsvp.amount)}`}
      </button>
    </form>
  );
}

function PaymentEnded({ transaction }: { transaction: Transaction }) {
  return (
    <FormMessage kind="error">
      <span className="font-semibold">The payment did not go through.</span>{' '}
      {transaction.failure_advice ?? 'Try again, with this or another number.'}
    </FormMessage>
  );
}
