import { zodResolver } from '@hookform/resolvers/zod';
import { identityMessages, requestPasswordResetSchema } from '@shop/contract/identity';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField, FormMessage, primaryButtonClass } from '../../../components/form-field';
import { CONTACT_US, type EmailDelivery, useEmailDelivery } from '../../../lib/email/email-delivery';
import { formErrorMessage } from '../../../lib/form-errors';
import { requestPasswordReset } from '../api/password-reset';

/**
 * What happens after a reset request. With e-mail held (no SMTP server), the link waits in the
 * staff's outbox, so the customer is told to ask the shop for it rather than to check their e-mail.
 */
export function resetRequestedCopy(delivery: EmailDelivery | 'unknown', serverMessage: string): string {
  if (delivery === 'sent') return serverMessage || identityMessages.resetRequested;
  if (delivery === 'held')
    return `Thank you. Our e-mail is not being sent at the moment, so the reset link will not reach your inbox. Our team can give it to you: ${CONTACT_US}, and tell us the e-mail address of your account.`;
  return `Thank you. If this address has an account, a reset link has been prepared for it. Nothing in your inbox within a few minutes? ${CONTACT_US.charAt(0).toUpperCase()}${CONTACT_US.slice(1)}.`;
}

/**
 * The forgotten-password request: the answer is the same whether or not the address has an
 * account; the e-mail links to /reset-password?token=….
 */
export function ForgotPasswordForm() {
  const [sent, setSent] = useState<string | null>(null);
  const emailDelivery = useEmailDelivery();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(requestPasswordResetSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      const answer = await requestPasswordReset(email);
      setSent(answer.message);
    } catch (error) {
      setFormError(formErrorMessage(error));
    }
  });

  if (sent !== null)
    return <FormMessage kind="success">{resetRequestedCopy(emailDelivery, sent)}</FormMessage>;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Reset your password" className="space-y-5">
      <p className="text-ink-soft">
        {emailDelivery === 'held'
          ? 'Enter the e-mail address of your account and we will prepare a link to choose a new password. '
          : 'Enter the e-mail address of your account and we will send you a link to choose a new password. '}
        The link works once, for one hour.
      </p>
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      <FormField
        label="E-mail address"
        type="email"
        autoComplete="email"
        inputMode="email"
        registration={register('email')}
        error={errors.email?.message}
      />
      <button type="submit" className={`${primaryButtonClass} w-full`} disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send the reset link'}
      </button>
    </form>
  );
}
