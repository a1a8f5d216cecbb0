import { failureMessages } from '@shop/contract/errors';
import { isApiError } from './api-client';

/** Statuses whose envelope message is written for the customer (wrong password, rate limit, bad token…). */
const SPEAKING_STATUSES = new Set([400, 401, 409, 410, 422, 429]);

/** The sentence to show above a form for a failed call. */
export function formErrorMessage(error: unknown): string {
  if (!isApiError(error)) return failureMessages.otherwise;
  if (error.status === 422 && error.fields.length > 0) return failureMessages[422];
  if (error.status !== null && SPEAKING_STATUSES.has(error.status) && error.envelope?.message) {
    return error.envelope.message;
  }
  return error.userMessage;
}

/**
 * Puts the API's per-field reasons (`error.fields`) next to the fields of a form. `fieldNames` maps
 * the API's names to the form's (`default_delivery_address.area` → `area`); by default a name is
 * used as it is when the form has it. Answers how many fields were marked.
 */
export function applyFieldErrors<Name extends string>(
  error: unknown,
  known: readonly Name[],
  setError: (
    name: Name,
    error: { type: string; message: string },
    options?: { shouldFocus: boolean },
  ) => void,
  fieldNames: Record<string, Name> = {},
): number {
  if (!isApiError(error)) return 0;
  let marked = 0;
  for (const field of error.fields) {
    const name =
      fieldNames[field.field] ?? (known.includes(field.field as Name) ? (field.field as Name) : null);
    if (!name) continue;
    setError(name, { type: 'server', message: field.message }, { shouldFocus: marked === 0 });
    marked += 1;
  }
  return marked;
}
