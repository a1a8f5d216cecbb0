import { MINIMUM_AGE_YEARS } from '@shop/contract/constants';
import { identityMessages, personNameSchema, profileDateOfBirthSchemaFor } from '@shop/contract/identity';
import {
  deliveryAddressSchema,
  normaliseUgandanPhone,
  type Profile,
  UGANDAN_PHONE_MESSAGE,
  type UpdateProfileRequest,
} from '@shop/contract/profile';
import { z } from 'zod';

/** The profile form's values: text as typed (empty = not given), and the newsletter choice. */
export type ProfileFormValues = {
  name: string;
  phone: string;
  date_of_birth: string;
  area: string;
  street: string;
  landmark: string;
  notes: string;
  newsletter_opt_in: boolean;
};

export const PROFILE_FIELDS = [
  'name',
  'phone',
  'date_of_birth',
  'area',
  'street',
  'landmark',
  'notes',
  'newsletter_opt_in',
] as const satisfies readonly (keyof ProfileFormValues)[];

/** The API's field names (422 `fields`) → the form's. */
export const PROFILE_FIELD_NAMES: Record<string, keyof ProfileFormValues> = {
  default_delivery_address: 'area',
  'default_delivery_address.area': 'area',
  'default_delivery_address.street': 'street',
  'default_delivery_address.landmark': 'landmark',
  'default_delivery_address.notes': 'notes',
};

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

const addressShape = deliveryAddressSchema.shape;

/**
 * The same rules as the API (the contract's schemas), per field. A date of birth already given
 * cannot be removed; the address needs its area once any part of it is filled in.
 */
export function profileFormSchema({
  dateOfBirthRequired,
  minimumAge = MINIMUM_AGE_YEARS,
}: {
  dateOfBirthRequired: boolean;
  /** The shop's minimum age (its setting); the server checks it again. */
  minimumAge?: number;
}) {
  const profileDateOfBirthSchema = profileDateOfBirthSchemaFor(minimumAge);
  return z
    .object({
      name: personNameSchema,
      phone: z.string().trim(),
      date_of_birth: z.string().trim(),
      area: z.string().trim(),
      street: z.string().trim(),
      landmark: z.string().trim(),
      notes: z.string().trim(),
      newsletter_opt_in: z.boolean(),
    })
    .superRefine((values, context) => {
      const issue = (path: keyof ProfileFormValues, message: string | null) => {
        if (message) context.addIssue({ code: 'custom', path: [path], message });
      };
      if (values.phone !== '' && normaliseUgandanPhone(values.phone) === null) {
        issue('phone', UGANDAN_PHONE_MESSAGE);
      }
      if (values.date_of_birth === '') {
        if (dateOfBirthRequired) issue('date_of_birth', identityMessages.dateOfBirthMissing);
      } else {
        issue('date_of_birth', firstMessage(profileDateOfBirthSchema.safeParse(values.date_of_birth)));
      }
      const { area, street, landmark, notes } = values;
      if ([area, street, landmark, notes].some((part) => part !== '')) {
        issue('area', firstMessage(addressShape.area.safeParse(area)));
        issue('street', firstMessage(addressShape.street.safeParse(street)));
        issue('landmark', firstMessage(addressShape.landmark.safeParse(landmark)));
        issue('notes', firstMessage(addressShape.notes.safeParse(notes)));
      }
    });
}

export function formValuesOf(profile: Profile): ProfileFormValues {
  const address = profile.default_delivery_address;
  return {
    name: profile.name,
    phone: profile.phone ?? '',
    date_of_birth: profile.date_of_birth ?? '',
    area: address?.area ?? '',
    street: address?.street ?? '',
    landmark: address?.landmark ?? '',
    notes: address?.notes ?? '',
    newsletter_opt_in: profile.newsletter_opt_in,
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** Only what changed, as `PATCH /users/users/update_profile/` takes it (null clears phone or address). */
export function profileChanges(values: ProfileFormValues, profile: Profile): UpdateProfileRequest {
  const changes: UpdateProfileRequest = {};
  const name = values.name.trim();
  if (name !== profile.name) changes.name = name;

  const phone = values.phone.trim() === '' ? null : normaliseUgandanPhone(values.phone);
  if (phone !== profile.phone) changes.phone = phone;

  const dateOfBirth = values.date_of_birth.trim();
  if (dateOfBirth !== '' && dateOfBirth !== profile.date_of_birth) changes.date_of_birth = dateOfBirth;

  const parts = [values.area, values.street, values.landmark, values.notes].map((part) => part.trim());
  const address = parts.every((part) => part === '')
    ? null
    : {
        area: values.area.trim(),
        street: orNull(values.street),
        landmark: orNull(values.landmark),
        notes: orNull(values.notes),
      };
  const current = profile.default_delivery_address;
  const same =
    address === null || current === null
      ? address === current
      : address.area === current.area &&
        address.street === current.street &&
        address.landmark === current.landmark &&
        address.notes === current.notes;
  if (!same) changes.default_delivery_address = address;

  if (values.newsletter_opt_in !== profile.newsletter_opt_in)
    changes.newsletter_opt_in = values.newsletter_opt_in;
  return changes;
}
