import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { BRAND } from '@shop/contract/brand';
import { identityMessages, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shop/contract/identity';

/**
 * Password hashing and policy.
 *
 * Hashing: argon2id with OWASP's parameters (Password Storage Cheat Sheet: m=19456 KiB, t=2,
 * p=1). The PHC string carries its parameters, so hashes made with other costs still verify.
 * Only tests may lower the cost, through AUTH_TEST_FAST_HASHING (refused outside NODE_ENV=test).
 *
 * Policy (OWASP ASVS 6.2): 8 to 128 characters (code points), any characters, no composition
 * rules, and not one of the ~49,000 common passwords of zxcvbn-ts's list (which includes the
 * usual breach top lists), nor the shop's own name.
 */

const ARGON2ID = 2 as Algorithm;

export const OWASP_ARGON2ID = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;
const TEST_ARGON2ID = { algorithm: ARGON2ID, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

export type PasswordHasher = {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
};

export function createPasswordHasher(options: { fastForTests: boolean }): PasswordHasher {
  const parameters = options.fastForTests ? TEST_ARGON2ID : OWASP_ARGON2ID;
  return {
    hash: (password) => hash(password.normalize('NFKC'), parameters),
    verify: async ({ hash: stored, password }) => {
      if (!stored.startsWith('$argon2')) return false;
      try {
        return await verify(stored, password.normalize('NFKC'));
      } catch {
        return false;
      }
    },
  };
}

/**
 * The common passwords long enough to pass the length rule (shorter ones fail anyway), lower-cased,
 * each between newlines in one string, read from zxcvbn-ts's JSON when a password is first
 * checked. Importing the package kept its ~49,000 passwords (and its diceware words) as strings
 * in every process, and a Set of them beside, for the collector to trace at every full
 * collection, though only registration and password changes look (decision record 0016, last
 * addendum). One string is one object; a look-up scans it (well under a millisecond, beside
 * argon2's tens).
 */
let commonPasswords: { text: string; count: number } | undefined;

function commonPasswordList() {
  if (!commonPasswords) {
    const file = createRequire(import.meta.url).resolve('@zxcvbn-ts/language-common/src/passwords.json');
    const listed = JSON.parse(readFileSync(file, 'utf8')) as string[];
    const words = new Set(
      [...listed, ...contextWords()]
        .map((word) => word.toLowerCase())
        .filter((word) => [...word].length >= PASSWORD_MIN_LENGTH && !word.includes('\n')),
    );
    commonPasswords = { text: `\n${[...words].join('\n')}\n`, count: words.size };
  }
  return commonPasswords;
}

/** Words tied to this shop that attackers try first. */
function contextWords(): string[] {
  const brand = BRAND.name.toLowerCase();
  const joined = brand.replace(/\s+/g, '');
  return [brand, joined, `${joined}1`, `${joined}123`, `${joined}2024`, `${joined}2025`, `${joined}2026`];
}

export const commonPasswordCount = () => commonPasswordList().count;

export function isCommonPassword(password: string): boolean {
  const folded = password.normalize('NFKC').toLowerCase();
  const { text } = commonPasswordList();
  // A newline inside would let a look-up span two listed words; no listed word has one.
  const listed = (candidate: string) => !candidate.includes('\n') && text.includes(`\n${candidate}\n`);
  return listed(folded) || listed(folded.trim());
}

/** Answers why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string' || password.length === 0) return identityMessages.passwordMissing;
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return identityMessages.passwordTooShort;
  if (length > PASSWORD_MAX_LENGTH) return identityMessages.passwordTooLong;
  if (isCommonPassword(password)) return identityMessages.passwordCommon;
  return null;
}
