import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field';

type Field = { registration: UseFormRegisterReturn; error?: string | undefined };

/**
 * The street and the landmark of a Kampala address, wherever one is typed (checkout, the profile's
 * default address): many places have no street number, so the landmark sits beside the street.
 * `optional` marks both as such (the profile); at checkout one of the two is needed.
 */
export function AddressFields({
  street,
  landmark,
  optional = false,
}: {
  street: Field;
  landmark: Field;
  optional?: boolean;
}) {
  const suffix = optional ? ' (optional)' : '';
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField
        label={`Street and house${suffix}`}
        autoComplete="address-line1"
        registration={street.registration}
        error={street.error}
        hint={optional ? undefined : 'The street, a landmark, or both.'}
      />
      <FormField
        label={`Landmark${suffix}`}
        placeholder="e.g. opposite Shell Kololo"
        registration={landmark.registration}
        error={landmark.error}
      />
    </div>
  );
}
