import { zodResolver } from '@hookform/resolvers/zod';
import { identityMessages, requestPasswordResetSchema } from '@shop/contract/identity';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField, FormMessage, primaryButtonClass } from '../../../components/form-field';
import { formErrorMessage } from '../../../lib/form-errors';
import { requestPasswordReset } from '../api/password-reset';

/**
 * The forgotten-password request: the answer is the same whether or not the address has an
 * account; the e-mail links to /reset-password?token=….
 */
export function ForgotPasswordForm() {
  const [sent, setSent] = useState<string | null>(null);
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
      setSent(answer.message || identityMessages.resetRequested);
    } catch (error) {
      setFormError(formErrorMessage(error));
    }
  });

  if (sent) return <FormMessage kind="success">{sent}</FormMessage>;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Reset your password" className="space-y-5">
      <p className="text-ink-soft">
        Enter the e-mail address of your account and we will send you a link to choose a new password. The
        link works once, for one hour.
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
