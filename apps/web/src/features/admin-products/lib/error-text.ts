import { isApiError } from '../../../lib/api-client';
import { formErrorMessage } from '../../../lib/form-errors';

/** A failed call in one line: the API's field reasons when it named fields, else the form's message. */
export function errorText(error: unknown): string {
  if (isApiError(error) && error.fields.length > 0) {
    return error.fields.map((field) => `${field.field.replaceAll('_', ' ')}: ${field.message}`).join('; ');
  }
  return formErrorMessage(error);
}
