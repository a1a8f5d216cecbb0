import { newsletterMessages } from '@shop/contract/errors';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useEmailDelivery } from '../../../lib/email/email-delivery';
import { subscribeToNewsletter } from '../api/subscribe';

type Feedback = { kind: 'success' | 'error'; message: string } | null;

/** After a sign-up: the newsletter is double opt-in, so the visitor still has to click the e-mail's link. */
export const CONFIRMATION_HINT = 'Check your inbox and click the link to confirm your address.';
/** The same step while the shop's e-mail is held (no SMTP server): staff pass the link on from the outbox. */
export const CONFIRMATION_HELD_HINT =
  'One more step: your address needs confirming. Our e-mail is paused just now, so our team will send you the confirmation link.';
/** While it is not known whether e-mail is sent: true either way. */
export const CONFIRMATION_NEUTRAL_HINT =
  'One more step: your address needs confirming before the newsletter starts.';

/** Asked only after a sign-up, so the footer of every page costs no request. */
function ConfirmationHint() {
  const delivery = useEmailDelivery();
  const hint =
    delivery === 'sent'
      ? CONFIRMATION_HINT
      : delivery === 'held'
        ? CONFIRMATION_HELD_HINT
        : CONFIRMATION_NEUTRAL_HINT;
  return <p className="mt-1 text-xs text-cream-200">{hint}</p>;
}

/**
 * The footer's newsletter sign-up, with exactly the three messages of docs/product.md section 5: an empty
 * field says 'Please enter your email' (nothing is sent); success says 'Subscribed successfully!'
 * and clears the field; any failure (an invalid address, too many tries, no connection) says
 * 'Failed to subscribe. Please try again.' and keeps what was typed.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [feedback, setFeedback] = useState<Feedback>(null);
  const inputId = useId();
  const feedbackId = useId();

  const mutation = useMutation({
    mutationFn: subscribeToNewsletter,
    onSuccess: () => {
      setEmail('');
      setFeedback({ kind: 'success', message: newsletterMessages.success });
    },
    onError: () => setFeedback({ kind: 'error', message: newsletterMessages.failure }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = email.trim();
    if (value === '') {
      setFeedback({ kind: 'error', message: newsletterMessages.empty });
      return;
    }
    setFeedback(null);
    mutation.mutate(value);
  };

  return (
    // POST: sent before the page's code has run (the entry holds it from then on), the address
    // goes in the request's body, not in a URL that logs and the browser's history would keep.
    <form method="post" onSubmit={onSubmit} noValidate aria-label="Newsletter" className="w-full">
      <label htmlFor={inputId} className="mb-2 block text-sm font-medium text-cream-100">
        Email address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          aria-invalid={feedback?.kind === 'error' ? true : undefined}
          aria-describedby={feedback ? feedbackId : undefined}
          placeholder="you@example.com"
          className="h-11 w-full min-w-0 rounded-full sm:flex-1 border border-cream-300 bg-white px-4 text-sm text-ink placeholder:text-ink-soft"
        />
        <button
          type="submit"
          disabled={mutation.isPending}
          className="h-11 rounded-full bg-gold-300 px-5 text-sm font-semibold text-wine-950 transition hover:bg-gold-200 disabled:cursor-wait disabled:opacity-80"
        >
          Subscribe
        </button>
      </div>
      {feedback ? (
        <p
          id={feedbackId}
          role={feedback.kind === 'success' ? 'status' : 'alert'}
          className={`mt-2 text-sm ${feedback.kind === 'success' ? 'text-gold-200' : 'text-wine-100'}`}
        >
          {feedback.message}
        </p>
      ) : null}
      {feedback?.kind === 'success' ? <ConfirmationHint /> : null}
    </form>
  );
}
