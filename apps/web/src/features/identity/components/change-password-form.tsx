import { zodResolver } from '@hookform/resolvers/zod';
import { TOAST_DURATION_MS } from '@shop/contract/constants';
import { changePasswordRequestSchema } from '@shop/contract/identity';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormField, FormMessage, primaryButtonClass } from '../../../components/form-field';
import { applyFieldErrors, formErrorMessage } from '../../../lib/form-errors';
import { useSessionStore } from '../../../lib/session/use-session-store';
import { toast } from '../../../lib/toast';
import { changePassword } from '../api/change-password';
import { usePasswordPolicy } from '../api/use-password-policy';
import { PasswordRules } from './password-rules';

const FIELDS = ['currentPassword', 'newPassword'] as const;

export const PASSWORD_CHANGED_MESSAGE =
  'Your password has been changed. Your other sessions have been signed out.';

/**
 * Change password in the account: current and new password; every other session ends.
 * `onChanged` runs once the new session has been read (the choose-password page moves on).
 */
export function ChangePasswordForm({
  onChanged,
  submitLabel = 'Change password',
  currentLabel = 'Current password',
}: {
  onChanged?: () => void | Promise<void>;
  submitLabel?: string;
  currentLabel?: string;
} = {}) {
  const store = useSessionStore();
  const policy = usePasswordPolicy();
  const rulesId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(changePasswordRequestSchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const password = useWatch({ control, name: 'newPassword' }) ?? '';

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFormError(null);
    try {
      // The answer carries the new session: the store reads it before any other session check.
      await store.replaceSession(() => changePassword(currentPassword, newPassword));
    } catch (error) {
      applyFieldErrors(error, FIELDS, setError);
      setFormError(formErrorMessage(error));
      return;
    }
    reset();
    toast.success(PASSWORD_CHANGED_MESSAGE, { duration: TOAST_DURATION_MS });
    await onChanged?.();
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change password" className="max-w-md space-y-5">
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      <FormField
        label={currentLabel}
        type="password"
        autoComplete="current-password"
        registration={register('currentPassword')}
        error={errors.currentPassword?.message}
      />
      <FormField
        label="New password"
        type="password"
        autoComplete="new-password"
        registration={register('newPassword')}
        error={errors.newPassword?.message}
        hint={<PasswordRules id={rulesId} policy={policy} password={password} />}
      />
      <button type="submit" className={primaryButtonClass} disabled={isSubmitting}>
        {isSubmitting ? 'Changing…' : submitLabel}
      </button>
    </form>
  );
}
