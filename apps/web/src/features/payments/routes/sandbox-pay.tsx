import { formatUGX } from '@shop/contract/money';
import { paymentMessages, type SandboxCharge } from '@shop/contract/payments';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Smartphone } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  FormMessage,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
  textLinkClass,
} from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { isApiError } from '../../../lib/api-client';
import { formErrorMessage } from '../../../lib/form-errors';
import { networkShortNames } from '../../../lib/mobile-money/payment-display';
import { paymentKeys } from '../api/payment-keys';
import { answerSandboxCharge, useSandboxCharge } from '../api/sandbox-charge';

const route = getRouteApi('/sandbox/pay/$reference');

const PIN_PATTERN = /^\d{4,5}$/;
export const PIN_MESSAGE = 'Enter a PIN of 4 or 5 digits';

/**
 * /sandbox/pay/{reference}: the sandbox payment provider's stand-in for the prompt a customer's
 * phone shows ("Kampala Cellars requests Shs 240,000. Enter PIN to approve"). Approving or
 * declining tells the shop through the sandbox's signed webhook; then the customer goes back to
 * the shop's payment return page, as after a real provider's page.
 */
export function SandboxPayPage() {
  const { reference } = route.useParams();
  const { data: charge, isPending, isError, error } = useSandboxCharge(reference, true);

  return (
    <PageShell eyebrow="Sandbox payment provider" title="Your phone" lead={paymentMessages.sandboxNotice}>
      {isError ? (
        <FormMessage kind="error">
          {isApiError(error) && error.status === 404
            ? 'There is no payment request with this reference for you.'
            : formErrorMessage(error)}{' '}
          <Link to="/payments" className={textLinkClass}>
            Your payments
          </Link>
        </FormMessage>
      ) : isPending || !charge ? (
        <p role="status" className="text-ink-soft">
          Waiting for the payment request…
        </p>
      ) : (
        <PhonePrompt charge={charge} />
      )}
    </PageShell>
  );
}

function PhonePrompt({ charge }: { charge: SandboxCharge }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pinId = useId();
  const [pin, setPin] = useState('');
  const [pinError, setPinError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'approve' | 'decline' | null>(null);

  const answer = async (approve: boolean) => {
    setFailure(null);
    if (approve && !PIN_PATTERN.test(pin)) {
      setPinError(PIN_MESSAGE);
      return;
    }
    setPinError(null);
    setBusy(approve ? 'approve' : 'decline');
    try {
      const answered = await answerSandboxCharge(
        charge.reference,
        approve ? { approve: true, pin } : { approve: false },
      );
      queryClient.setQueryData(paymentKeys.sandboxCharge(charge.reference), answered);
      void queryClient.invalidateQueries({ queryKey: ['payments'] });
      await navigate({ href: answered.return_url });
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: paymentKeys.sandboxCharge(charge.reference) });
      }
      setFailure(formErrorMessage(error));
      setBusy(null);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void answer(true);
  };

  if (charge.status !== 'pending') {
    return (
      <FormMessage kind="info">
        This payment request was already {charge.status === 'successful' ? 'approved' : 'declined'}.{' '}
        <Link to="/payment_return" search={{ tx_ref: charge.reference }} className={textLinkClass}>
          Back to the shop
        </Link>
      </FormMessage>
    );
  }

  return (
    <div className="mx-auto w-full max-w-sm rounded-[2.5rem] border-8 border-ink bg-ink p-2 shadow-xl">
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label="Payment request"
        className="flex flex-col gap-4 rounded-[2rem] bg-cream-50 px-5 py-8"
      >
        <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-gold-700 uppercase">
          <Smartphone aria-hidden="true" className="size-4" />
          {networkShortNames[charge.network]} · {charge.phone}
        </p>
        <p className="text-lg text-ink">
          <span className="font-semibold">{charge.merchant}</span> requests{' '}
          <span className="font-semibold text-wine-900">{formatUGX(charge.amount)}</span>.
        </p>
        <p className="text-sm text-ink-soft">
          Reference <span className="font-mono">{charge.reference}</span>
        </p>
        {failure ? <FormMessage kind="error">{failure}</FormMessage> : null}
        <div>
          <label htmlFor={pinId} className="mb-1.5 block text-sm font-semibold text-ink">
            Enter your PIN to approve
          </label>
          <input
            id={pinId}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            value={pin}
            onChange={(event) => setPin(event.currentTarget.value.replace(/\D/g, ''))}
            aria-invalid={pinError ? true : undefined}
            aria-describedby={`${pinId}-hint${pinError ? ` ${pinId}-error` : ''}`}
            className={`${inputClass} text-center font-mono text-2xl tracking-[0.5em]`}
          />
          <p id={`${pinId}-hint`} className="mt-1.5 text-xs text-ink-soft">
            Any 4 or 5 digits: the sandbox keeps no PIN.
          </p>
          {pinError ? (
            <p id={`${pinId}-error`} className="mt-1.5 text-sm font-medium text-wine-700">
              {pinError}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          disabled={busy !== null}
          aria-busy={busy === 'approve' || undefined}
          className={primaryButtonClass}
        >
          {busy === 'approve' ? 'Approving…' : 'Approve payment'}
        </button>
        <button
          type="button"
          disabled={busy !== null}
          aria-busy={busy === 'decline' || undefined}
          className={secondaryButtonClass}
          onClick={() => void answer(false)}
        >
          {busy === 'decline' ? 'Declining…' : 'Decline'}
        </button>
      </form>
    </div>
  );
}
