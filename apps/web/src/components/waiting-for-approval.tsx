import { formatUGX } from '@shop/contract/money';
import { paymentMessages, RESEND_PROMPT_AFTER_SECONDS, type Transaction } from '@shop/contract/payments';
import { Link } from '@tanstack/react-router';
import { ExternalLink, Loader2, Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formErrorMessage } from '../lib/form-errors';
import { formatClock, networkLabels } from '../lib/mobile-money/payment-display';
import { resendPrompt } from '../lib/mobile-money/resend-prompt';
import { FormMessage, primaryButtonClass, secondaryButtonClass, textLinkClass } from './form-field';

/** Whether the networks take a new prompt yet: a minute after this one was sent (checked every second). */
function usePromptMayBeResent(createdAt: string): boolean {
  const readyAt = new Date(createdAt).getTime() + RESEND_PROMPT_AFTER_SECONDS * 1000;
  const [ready, setReady] = useState(() => Date.now() >= readyAt);
  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => setReady(true), Math.max(0, readyAt - Date.now()));
    return () => clearTimeout(timer);
  }, [ready, readyAt]);
  return ready;
}

/**
 * The waiting screen: what to do on the phone, the amount and number, the provider's page or the
 * sandbox's phone when there is one, and the live status (checked in the background).
 */
export function WaitingForApproval({
  transaction,
  checkedAt,
  paymentDueAt,
  onUseAnotherNumber,
  onResent,
}: {
  transaction: Transaction;
  checkedAt: Date | null;
  paymentDueAt: string | null;
  onUseAnotherNumber: () => void;
  /** The new pending transaction, after "Send the prompt again". */
  onResent: (next: Transaction) => void;
}) {
  const action = transaction.next_action;
  const mayResend = usePromptMayBeResent(transaction.created_at);
  const [resending, setResending] = useState(false);
  const [resendProblem, setResendProblem] = useState<string | null>(null);
  const resend = async () => {
    setResending(true);
    setResendProblem(null);
    try {
      onResent(await resendPrompt(transaction.id));
    } catch (error) {
      setResendProblem(formErrorMessage(error));
    } finally {
      setResending(false);
    }
  };
  return (
    <section
      aria-labelledby="waiting-heading"
      className="max-w-2xl rounded-2xl border border-cream-300 bg-white p-6 sm:p-8"
    >
      <div className="flex items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-cream-100 text-wine-800">
          <Smartphone aria-hidden="true" className="size-6" />
        </span>
        <div>
          <h2 id="waiting-heading" className="text-2xl">
            Approve the payment on your phone
          </h2>
          <p className="mt-2 text-lg text-ink">
            {action?.message ?? 'Check your phone and enter your PIN to approve the payment.'}
          </p>
          <p className="mt-2 text-sm text-ink-soft">
            The prompt can take up to a minute to arrive. It goes to the phone that holds the paying number
            below, which may not be the device you are using now. No prompt after a minute? Dial{' '}
            {transaction.network === 'MTN' ? '*165#' : '*185#'} on that phone and look in your pending
            approvals.
          </p>
        </div>
      </div>

      <dl className="mt-6 grid gap-3 rounded-xl bg-cream-100 p-4 sm:grid-cols-3">
        <div>
          <dt className="text-xs font-semibold tracking-wide text-ink-soft uppercase">Amount</dt>
          <dd className="text-lg font-semibold text-wine-900">{formatUGX(transaction.amount)}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-ink-soft uppercase">From</dt>
          <dd className="text-ink">{transaction.phone}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-ink-soft uppercase">Network</dt>
          <dd className="text-ink">{networkLabels[transaction.network]}</dd>
        </div>
      </dl>

      {action?.type === 'redirect' ? (
        <p className="mt-6">
          <a href={action.url} className={`${primaryButtonClass} gap-2`}>
            Continue to the payment page
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        </p>
      ) : null}
      {action?.type === 'approve_on_phone' && action.sandbox_url ? (
        <div className="mt-6 rounded-xl border border-gold-300 bg-cream-50 p-4">
          <p className="text-sm text-ink">{paymentMessages.sandboxNotice}</p>
          <p className="mt-3">
            <Link
              to="/sandbox/pay/$reference"
              params={{ reference: transaction.reference }}
              className={`${primaryButtonClass} gap-2`}
            >
              Open the sandbox phone
            </Link>
          </p>
        </div>
      ) : null}

      <p role="status" aria-live="polite" className="mt-6 flex items-center gap-2 text-ink-soft">
        <Loader2 aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
        Waiting for your approval…
        {checkedAt ? (
          <span className="text-sm">(checked at {formatClock(checkedAt.toISOString())})</span>
        ) : null}
      </p>
      {paymentDueAt ? (
        <p className="mt-2 text-sm text-ink-soft">
          Approve before {formatClock(paymentDueAt)}: unpaid orders are then cancelled and the bottles go back
          to the cellar.
        </p>
      ) : null}

      {resendProblem ? (
        <div className="mt-4">
          <FormMessage kind="error">{resendProblem}</FormMessage>
        </div>
      ) : null}
      <div className="mt-6 flex flex-wrap items-center gap-4 border-t border-cream-200 pt-6">
        {mayResend ? (
          <button type="button" className={secondaryButtonClass} onClick={resend} disabled={resending}>
            {resending ? 'Sending a new prompt…' : 'Send the prompt again'}
          </button>
        ) : null}
        <button type="button" className={secondaryButtonClass} onClick={onUseAnotherNumber}>
          No prompt? Use another number or network
        </button>
        <span className="text-sm text-ink-soft">
          Reference <span className="font-mono">{transaction.reference}</span> ·{' '}
          <Link to="/payments" className={textLinkClass}>
            Your payments
          </Link>
        </span>
      </div>
    </section>
  );
}
