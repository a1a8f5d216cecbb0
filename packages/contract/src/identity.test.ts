import { describe, expect, it } from 'vitest';
import {
  ageInYears,
  dateOfBirthSchema,
  dateOfBirthSchemaFor,
  isOfMinimumAge,
  isSessionExpired,
  newPasswordSchema,
  parseIsoDate,
  signUpRequestSchema,
} from './identity';

describe('dates of birth', () => {
  it('parses only real calendar dates', () => {
    expect(parseIsoDate('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(parseIsoDate('2001-02-29')).toBeNull();
    expect(parseIsoDate('1990-13-01')).toBeNull();
    expect(parseIsoDate('1990-1-01')).toBeNull();
  });

  it('counts age on the Kampala calendar (UTC+3)', () => {
    // 21:30 UTC on 16 May is already 17 May in Kampala.
    const evening = new Date('2026-05-16T21:30:00Z');
    expect(ageInYears('2005-05-17', evening)).toBe(21);
    expect(ageInYears('2005-05-17', new Date('2026-05-16T20:59:00Z'))).toBe(20);
    expect(isOfMinimumAge('2005-05-17', evening)).toBe(true);
    expect(isOfMinimumAge('2005-05-18', evening)).toBe(false);
  });

  it('gives the clear messages', () => {
    const young = `${new Date().getUTCFullYear() - 10}-01-01`;
    expect(dateOfBirthSchemaFor(21).safeParse(young).error?.issues[0]?.message).toBe(
      'You must be 21 or older to create an account',
    );
    // The request schema holds the law's floor; the server then applies the shop's setting.
    expect(dateOfBirthSchema.safeParse(young).error?.issues[0]?.message).toBe(
      'You must be 18 or older to create an account',
    );
    const nineteen = `${new Date().getUTCFullYear() - 20}-01-01`;
    expect(dateOfBirthSchema.safeParse(nineteen).success).toBe(true);
    expect(dateOfBirthSchemaFor(21).safeParse(nineteen).success).toBe(false);
    expect(isOfMinimumAge(nineteen, new Date(), 18)).toBe(true);
    expect(isOfMinimumAge(nineteen, new Date(), 21)).toBe(false);
    expect(dateOfBirthSchema.safeParse('').error?.issues[0]?.message).toBe('Please enter your date of birth');
    expect(dateOfBirthSchema.safeParse(undefined).error?.issues[0]?.message).toBe(
      'Please enter your date of birth',
    );
    expect(dateOfBirthSchema.safeParse('1990-02-31').error?.issues[0]?.message).toMatch(
      /valid date of birth/,
    );
  });
});

describe('password length', () => {
  it('counts characters, not bytes', () => {
    expect(newPasswordSchema.safeParse('🍷🍷🍷🍷🍷🍷🍷🍷').success).toBe(true);
    expect(newPasswordSchema.safeParse('🍷🍷🍷🍷').success).toBe(false);
    expect(newPasswordSchema.safeParse('x'.repeat(128)).success).toBe(true);
    expect(newPasswordSchema.safeParse('x'.repeat(129)).success).toBe(false);
  });
});

describe('sign-up request', () => {
  it('normalises the e-mail and the name', () => {
    const parsed = signUpRequestSchema.parse({
      name: '  Amina  ',
      email: ' Amina@Example.UG ',
      password: 'long enough passphrase',
      date_of_birth: '1990-01-01',
    });
    expect(parsed).toMatchObject({ name: 'Amina', email: 'amina@example.ug' });
  });
});

describe('isSessionExpired', () => {
  it('is true for null and for a past expiry', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const session = (expiresAt: string) => ({
      session: {
        id: 's',
        userId: 'u',
        expiresAt: new Date(expiresAt),
        createdAt: new Date('2026-01-01T00:00:00Z'),
      },
      user: {
        id: 'u',
        name: 'n',
        email: 'e',
        emailVerified: false,
        isAnonymous: false,
        role: 'customer' as const,
        createdAt: now,
        updatedAt: now,
      },
    });
    expect(isSessionExpired(null, now)).toBe(true);
    expect(isSessionExpired(session('2026-01-01T11:59:59Z'), now)).toBe(true);
    expect(isSessionExpired(session('2026-01-01T12:00:01Z'), now)).toBe(false);
  });
});
