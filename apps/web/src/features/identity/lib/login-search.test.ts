import { PASSWORD_POLICY } from '@shop/contract/identity';
import { describe, expect, it } from 'vitest';
import { checkPasswordRules } from '../components/password-rules';
import { safeRedirect, validateLoginSearch } from './login-search';

describe('the remembered destination', () => {
  it.each([
    ['/order-history', '/order-history'],
    ['/products?category=red-wine&page=2', '/products?category=red-wine&page=2'],
    ['/checkout#pay', '/checkout#pay'],
  ])('keeps a path of the shop: %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    'account',
    '/login?redirect=/account',
    '/register',
    '/reset-password?token=x',
    '/acc\tount',
    42,
    undefined,
  ])('refuses %s', (value) => {
    expect(safeRedirect(value)).toBeUndefined();
  });

  it('answers every key of the login query, undefined when refused', () => {
    expect(
      validateLoginSearch({ redirect: '//x', mode: 'other', reset: 'done', error: 'access_denied' }),
    ).toEqual({
      redirect: undefined,
      mode: undefined,
      reset: 'done',
      error: 'access_denied',
    });
  });
});

describe('the password checklist', () => {
  it('checks the contract’s rules as the customer types (the common-password rule is the server’s)', () => {
    expect(checkPasswordRules(PASSWORD_POLICY, '').map((rule) => rule.state)).toEqual([
      'todo',
      'todo',
      'server',
      'info',
    ]);
    expect(checkPasswordRules(PASSWORD_POLICY, 'seven 7').map((rule) => rule.state)).toEqual([
      'unmet',
      'met',
      'server',
      'info',
    ]);
    expect(checkPasswordRules(PASSWORD_POLICY, '8 chars!').map((rule) => rule.state)[0]).toBe('met');
    // Counted in characters, not UTF-16 units: seven emoji are seven characters.
    expect(checkPasswordRules(PASSWORD_POLICY, '🍷🍷🍷🍷🍷🍷🍷').map((rule) => rule.state)[0]).toBe('unmet');
    expect(checkPasswordRules(PASSWORD_POLICY, 'x'.repeat(129)).map((rule) => rule.state)[1]).toBe('unmet');
  });
});
