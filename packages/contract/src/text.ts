/**
 * The one rule every string the API accepts must follow, wherever it comes from (path, query,
 * body, headers): no NUL character (PostgreSQL cannot store it in text) and no unpaired UTF-16
 * surrogate (not a character at all; `JSON.parse('"\\ud800"')` produces one). The API applies it
 * to every request in one place (apps/api/src/plugins/input-safety.ts); forms may use it too.
 */

export const unsafeTextMessages = {
  nul: 'must not contain the NUL character (U+0000)',
  surrogate: 'must not contain a broken character (an unpaired UTF-16 surrogate)',
  controlCharacters: 'Remove the invisible control characters',
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find it
const NUL = /\u0000/;
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why this string may not be accepted, or null when it may. */
export function unsafeTextReason(value: string): string | null {
  if (NUL.test(value)) return unsafeTextMessages.nul;
  if (UNPAIRED_SURROGATE.test(value)) return unsafeTextMessages.surrogate;
  return null;
}

/**
 * Stricter, for free text shown to other people (reviews): newlines and tabs are text; other
 * control characters (NUL above all) are not.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
