import { zodResolver } from '@hookform/resolvers/zod';
import { CONSENT_TEXTS } from '@shop/contract/consents';
import { TOAST_DURATION_MS } from '@shop/contract/constants';
import type { Profile } from '@shop/contract/profile';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AddressFields } from '../../../components/address-fields';
import { CheckboxField } from '../../../components/choice-fields';
import { FormField, FormMessage, inputClass, primaryButtonClass } from '../../../components/form-field';
import { applyFieldErrors, formErrorMessage } from '../../../lib/form-errors';
import { useSessionStore } from '../../../lib/session/use-session-store';
import { useShopSettings } from '../../../lib/shop-settings';
import { toast } from '../../../lib/toast';
import { consentsQuery } from '../api/consents';
import { profileQuery } from '../api/get-profile';
import { updateProfile } from '../api/update-profile';
import {
  formValuesOf,
  PROFILE_FIELD_NAMES,
  PROFILE_FIELDS,
  type ProfileFormValues,
  profileChanges,
  profileFormSchema,
} from '../lib/profile-form';

export const PROFILE_SAVED_MESSAGE = 'Your profile has been saved.';
export const PROFILE_UNCHANGED_MESSAGE = 'Nothing has changed: there is nothing to save.';

/** Name, phone, date of birth, default delivery address and newsletter choice, saved with PATCH. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const settings = useShopSettings();
  const queryClient = useQueryClient();
  const store = useSessionStore();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues>({
    resolver: zodResolver(
      profileFormSchema({
        dateOfBirthRequired: profile.date_of_birth !== null,
        minimumAge: settings.minimum_age,
      }),
    ),
    mode: 'onTouched',
    defaultValues: formValuesOf(profile),
  });
  // The consents section changes the same choice: the box follows it, so that saving this form
  // never gives back a consent just withdrawn there (or the reverse).
  useEffect(() => {
    resetField('newsletter_opt_in', { defaultValue: profile.newsletter_opt_in });
  }, [profile.newsletter_opt_in, resetField]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const changes = profileChanges(values, profile);
    if (Object.keys(changes).length === 0) {
      toast.info(PROFILE_UNCHANGED_MESSAGE, { duration: TOAST_DURATION_MS });
      return;
    }
    let saved: Profile;
    try {
      saved = await updateProfile(changes);
    } catch (error) {
      applyFieldErrors(error, PROFILE_FIELDS, setError, PROFILE_FIELD_NAMES);
      setFormError(formErrorMessage(error));
      return;
    }
    queryClient.setQueryData(profileQuery.queryKey, saved);
    void queryClient.invalidateQueries({ queryKey: consentsQuery.queryKey });
    reset(formValuesOf(saved));
    toast.success(PROFILE_SAVED_MESSAGE, { duration: TOAST_DURATION_MS });
    if (changes.name !== undefined) void store.refresh();
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Your details" className="max-w-2xl space-y-8">
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}

      <fieldset className="space-y-5">
        <legend className="mb-4 font-serif text-2xl text-wine-900">About you</legend>
        <FormField
          label="Full name"
          autoComplete="name"
          registration={register('name')}
          error={errors.name?.message}
        />
        <div>
          <p className="mb-1.5 text-sm font-semibold text-ink">E-mail address</p>
          <p className={`${inputClass} flex items-center bg-cream-100 text-ink-soft`}>{profile.email}</p>
        </div>
        <FormField
          label="Mobile number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="0772 123456"
          registration={register('phone')}
          error={errors.phone?.message}
          hint="A Ugandan mobile number (MTN, Airtel…), for delivery and mobile money. We keep it as +256…"
        />
        <FormField
          label="Date of birth"
          type="date"
          autoComplete="bday"
          registration={register('date_of_birth')}
          error={errors.date_of_birth?.message}
        />
      </fieldset>

      <fieldset className="space-y-5">
        <legend className="mb-1 font-serif text-2xl text-wine-900">Default delivery address</legend>
        <p className="text-sm text-ink-soft">
          Many places in Kampala have no street number: the area and a landmark help our riders most. Leave
          every field empty to remove the address.
        </p>
        <FormField
          label="Area"
          autoComplete="address-level2"
          placeholder="e.g. Kololo"
          registration={register('area')}
          error={errors.area?.message}
        />
        <AddressFields
          optional
          street={{ registration: register('street'), error: errors.street?.message }}
          landmark={{ registration: register('landmark'), error: errors.landmark?.message }}
        />
        <FormField
          label="Notes for the rider (optional)"
          registration={register('notes')}
          error={errors.notes?.message}
        />
      </fieldset>

      <fieldset>
        <legend className="mb-3 font-serif text-2xl text-wine-900">Newsletter</legend>
        <CheckboxField label={CONSENT_TEXTS.newsletter} registration={register('newsletter_opt_in')} />
      </fieldset>

      <button type="submit" className={primaryButtonClass} disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Save changes'}
      </button>
    </form>
  );
}
