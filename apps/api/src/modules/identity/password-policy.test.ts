import { describe, expect, it } from 'vitest';
import { commonPasswordCount, isCommonPassword, passwordProblem } from './password';

describe('the common-password rule', () => {
  it("reads zxcvbn-ts's list: the 17,950 of its 49,233 passwords long enough to be checked", () => {
    expect(commonPasswordCount()).toBeGreaterThan(17_000);
  });

  it('refuses listed passwords in any case, with spaces around, and the shop name', () => {
    for (const password of [
      'password123',
      'IloveYou123',
      '  Password123 ',
      'kampalacellars2026',
      'ｐａｓｓｗｏｒｄ123',
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('accepts passwords that are not listed, including two listed ones joined across a newline', () => {
    // "password" and "12345678" are neighbours in the list: a look-up must not match across them.
    for (const password of ['password\n12345678', 'password1234567', 'glenfiddich at sunset', 'passwor']) {
      expect(isCommonPassword(password), JSON.stringify(password)).toBe(false);
    }
    expect(passwordProblem('password\n12345678')).toBeNull();
  });
});
