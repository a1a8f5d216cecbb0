import { zodResolver } from '@hookform/resolvers/zod';
import { CONSENT_TEXTS } from '@shop/contract/consents';
import { dateOfBirthSchemaFor, signUpRequestSchema } from '@shop/contract/identity';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormField, FormMessage, primaryButtonClass } from '../../../components/form-field';
import { useEmailDelivery } from '../../../lib/email/email-delivery';
import { applyFieldErrors, formErrorMessage } from '../../../lib/form-errors';
import { useSessionStore } from '../../../lib/session/use-session-store';
import { useShopSettings } from '../../../lib/shop-settings';
import { signUp } from '../api/sign-up';
import { usePasswordPolicy } from '../api/use-password-policy';
import { PasswordRules } from './password-rules';

const FIELDS = ['name', 'email', 'password', 'date_of_birth'] as const;

/** Someone who already has an account gets the same answer to sign-up; the sign-in after it then fails. */
export const SIGN_IN_AFTER_SIGN_UP_FAILED =
  'We could not sign you in with these details. If you already have an account with this e-mail address, sign in with your password or reset it: we have sent you an e-mail.';
/** The same without the e-mail, while the shop's e-mail is held (no SMTP server) or not known to be sent. */
export const SIGN_IN_AFTER_SIGN_UP_FAILED_NO_EMAIL =
  'We could not sign you in with these details. If you already have an account with this e-mail address, sign in with your password or reset it.';

/**
 * Registration: name, e-mail, password (the identity service's rules, checked as the customer
 * types) and date of birth (21 or older). Sign-up never signs in, so the form signs in next and
 * `onSignedIn` moves on.
 */
export function RegisterForm({
  onSignedIn,
  onBusyChange,
}: {
  onSignedIn: () => void | Promise<void>;
  onBusyChange?: (busy: boolean) => void;
}) {
  const store = useSessionStore();
  const policy = usePasswordPolicy();
  const emailDelivery = useEmailDelivery();
  const rulesId = useId();
  const minimumAge = useShopSettings().minimum_age;
  const schema = useMemo(
    () => signUpRequestSchema.extend({ date_of_birth: dateOfBirthSchemaFor(minimumAge) }),
    [minimumAge],
  );
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    // The date of birth against the shop's minimum age (its setting); the server checks it again.
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { name: '', email: '', password: '', date_of_birth: '', newsletter_opt_in: false },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    onBusyChange?.(true);
    try {
      await signUp(values);
    } catch (error) {
      onBusyChange?.(false);
      applyFieldErrors(error, FIELDS, setError);
      setFormError(formErrorMessage(error));
      return;
    }
    try {
      await store.signIn(values.email, values.password);
    } catch {
      onBusyChange?.(false);
      setFormError(
        emailDelivery === 'sent' ? SIGN_IN_AFTER_SIGN_UP_FAILED : SIGN_IN_AFTER_SIGN_UP_FAILED_NO_EMAIL,
      );
      return;
    }
    await onSignedIn();
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create your account" className="space-y-5">
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      <FormField
        label="Full name"
        autoComplete="name"
        registration={register('name')}
        error={errors.name?.message}
      />
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
        autoComplete="new-password"
        registration={register('password')}
        error={errors.password?.message}
        hint={<PasswordRules id={rulesId} policy={policy} password={password} />}
      />
      <FormField
        label="Date of birth"
        type="date"
        autoComplete="bday"
        registration={register('date_of_birth')}
        error={errors.date_of_birth?.message}
        hint={`You must be ${minimumAge} or older to buy from us.`}
      />
      <label className="flex items-start gap-3 text-sm text-ink">
        <input type="checkbox" className="mt-0.5 size-4 accent-wine-800" {...register('newsletter_opt_in')} />
        <span>{CONSENT_TEXTS.newsletter}</span>
      </label>
      <button type="submit" className={`${primaryButtonClass} w-full`} disabled={isSubmitting}>
        {isSubmitting ? 'Creating your account…' : 'Create account'}
      </button>
    </form>
  );
}
