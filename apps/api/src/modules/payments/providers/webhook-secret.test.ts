import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { secretHeaderMatches, WEBHOOK_HASH_HEADER } from './webhook-secret';

const SECRET = 'fake-webhook-hash-0123456789';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('secretHeaderMatches (the webhook verif-hash)', () => {
  it('compares every given hash in constant time, whatever its length or content', () => {
    const compare = vi.spyOn(crypto, 'timingSafeEqual');
    const cases: Array<[string, boolean]> = [
      [SECRET, true],
      [`${SECRET.slice(0, -1)}X`, false],
      ['F', false],
      [`${SECRET}${SECRET}`, false],
      [SECRET.toUpperCase(), false],
    ];
    for (const [given, expected] of cases) {
      compare.mockClear();
      expect(secretHeaderMatches({ [WEBHOOK_HASH_HEADER]: given }, WEBHOOK_HASH_HEADER, SECRET)).toBe(
        expected,
      );
      // One constant-time comparison of two equal-length digests: no early exit on length or a first
      // differing byte, so the time taken says nothing about the secret.
      expect(compare).toHaveBeenCalledTimes(1);
      const [left, right] = compare.mock.calls[0] ?? [];
      expect((left as Buffer).length).toBe(32);
      expect((right as Buffer).length).toBe(32);
    }
  });

  it('refuses a missing, empty, repeated or oversized header', () => {
    for (const headers of [
      {},
      { [WEBHOOK_HASH_HEADER]: '' },
      { [WEBHOOK_HASH_HEADER]: [SECRET, SECRET] },
      { [WEBHOOK_HASH_HEADER]: 'x'.repeat(513) },
      { 'x-verif-hash': SECRET },
    ]) {
      expect(secretHeaderMatches(headers, WEBHOOK_HASH_HEADER, SECRET)).toBe(false);
    }
  });
});
