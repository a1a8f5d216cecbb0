import { isApiError } from '../../../lib/api-client';
import { formErrorMessage } from '../../../lib/form-errors';

type FieldReason = { field: string; message: string };

/** Field reasons in one line, as "compare at price: must be above the price". */
export function fieldsText(fields: readonly FieldReason[]): string {
  return fields.map((field) => `${field.field.replaceAll('_', ' ')}: ${field.message}`).join('; ');
}

/** A failed call in one line: the API's field reasons when it named fields, else the form's message. */
export function errorText(error: unknown): string {
  if (isApiError(error) && error.fields.length > 0) return fieldsText(error.fields);
  return formErrorMessage(error);
}
