import { describe, expect, it } from 'vitest';
import { unsafeTextMessages, unsafeTextReason } from './text';

describe('unsafeTextReason', () => {
  it.each([
    ['plain text', 'Château Margaux 2015'],
    ['emoji (a surrogate pair)', 'Cheers 🍷🥂'],
    ['tabs and newlines', 'line one\n\tline two\r\n'],
    ['the empty string', ''],
    ['Luganda and Swahili', 'Webale nnyo — asante sana'],
  ])('accepts %s', (_case, value) => {
    expect(unsafeTextReason(value)).toBeNull();
  });

  it.each([
    ['a NUL', 'a\u0000b', unsafeTextMessages.nul],
    ['a lone high surrogate', 'a\ud800b', unsafeTextMessages.surrogate],
    ['a lone low surrogate', 'a\udc00b', unsafeTextMessages.surrogate],
    ['a high surrogate at the end', 'wine\ud83c', unsafeTextMessages.surrogate],
    ['two high surrogates in a row', '\ud83c\ud83c\udf77', unsafeTextMessages.surrogate],
  ])('refuses %s', (_case, value, reason) => {
    expect(unsafeTextReason(value)).toBe(reason);
  });
});
