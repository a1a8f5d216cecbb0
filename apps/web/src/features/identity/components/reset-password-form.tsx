import { zodResolver } from '@hookform/resolvers/zod';
import { newPasswordSchema } from '@shop/contract/identity';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormField, FormMessage, primaryButtonClass, textLinkClass } from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { applyFieldErrors, formErrorMessage } from '../../../lib/form-errors';
import { resetPassword } from '../api/password-reset';
import { usePasswordPolicy } from '../api/use-password-policy';
import { PasswordRules } from './password-rules';

const schema = z.object({ newPassword: newPasswordSchema });

export const RESET_LINK_INVALID =
  'This reset link has expired or has already been used. Ask for a new one below.';

/** The new password for the e-mailed token, with the same rules as registration. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void | Promise<void> }) {
  const policy = usePasswordPolicy();
  const rulesId = useId();
  const [formError, setFormError] = useState<{ message: string; badToken: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), mode: 'onTouched', defaultValues: { newPassword: '' } });
  const password = useWatch({ control, name: 'newPassword' }) ?? '';

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setFormError(null);
    try {
      await resetPassword(token, newPassword);
    } catch (error) {
      const badToken =
        isApiError(error) && (error.status === 400 || error.fields.some((field) => field.field === 'token'));
      applyFieldErrors(error, ['newPassword'] as const, setError);
      setFormError({ message: badToken ? RESET_LINK_INVALID : formErrorMessage(error), badToken });
      return;
    }
    await onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Choose a new password" className="space-y-5">
      {formError ? (
        <FormMessage kind="error">
          {formError.message}
          {formError.badToken ? (
            <>
              {' '}
              <Link to="/login" search={{ mode: 'forgot' }} className={textLinkClass}>
                Send me a new link
              </Link>
            </>
          ) : null}
        </FormMessage>
      ) : null}
      <FormField
        label="New password"
        type="password"
        autoComplete="new-password"
        registration={register('newPassword')}
        error={errors.newPassword?.message}
        hint={<PasswordRules id={rulesId} policy={policy} password={password} />}
      />
      <button type="submit" className={`${primaryButtonClass} w-full`} disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Save the new password'}
      </button>
    </form>
  );
}
