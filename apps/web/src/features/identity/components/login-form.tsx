import { zodResolver } from '@hookform/resolvers/zod';
import { signInRequestSchema } from '@shop/contract/identity';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField, FormMessage, primaryButtonClass } from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { applyFieldErrors, formErrorMessage } from '../../../lib/form-errors';
import { useSessionStore } from '../../../lib/session/use-session-store';

const loginSchema = signInRequestSchema.pick({ email: true, password: true });
const FIELDS = ['email', 'password'] as const;

/**
 * E-mail and password sign-in. On success `onSignedIn` runs (the page goes to the remembered
 * destination); on failure the visitor stays anonymous and the error is shown above the form.
 */
export function LoginForm({
  onSignedIn,
  onBusyChange,
}: {
  onSignedIn: () => void | Promise<void>;
  /** True from the submit until the failure, or for good after success (the page moves on). */
  onBusyChange?: (busy: boolean) => void;
}) {
  const store = useSessionStore();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFormError(null);
    onBusyChange?.(true);
    try {
      await store.signIn(email, password);
    } catch (error) {
      onBusyChange?.(false);
      applyFieldErrors(error, FIELDS, setError);
      // A disabled account: the API's own sentence ("This account has been disabled…").
      const refusal = isApiError(error) && error.status === 403 ? error.envelope?.message : undefined;
      setFormError(refusal ?? formErrorMessage(error));
      return;
    }
    await onSignedIn();
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in with e-mail" className="space-y-5">
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      <FormField
        label="E-mail address"
        type="email"
        autoComplete="email"
        inputMode="email"
        registration={register('email')}
        error={errors.email?.message}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password?.message}
      />
      <button type="submit" className={`${primaryButtonClass} w-full`} disabled={isSubmitting}>
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
