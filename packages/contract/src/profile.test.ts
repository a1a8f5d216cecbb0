import { describe, expect, it } from 'vitest';
import {
  deliveryAddressSchema,
  normaliseUgandanPhone,
  ugandanMobileNetwork,
  ugandanPhoneSchema,
} from './profile';

describe('normaliseUgandanPhone', () => {
  it.each([
    ['0772 123456', '+256772123456'],
    ['772123456', '+256772123456'],
    ['+256 772 123 456', '+256772123456'],
    ['256772123456', '+256772123456'],
    ['+256772123456', '+256772123456'],
    ['00256772123456', '+256772123456'],
    ['+256 (0) 772 123 456', '+256772123456'],
    ['0772-123-456', '+256772123456'],
    ['0772.123.456', '+256772123456'],
    [' 0701 234567 ', '+256701234567'],
    ['0741234567', '+256741234567'],
    ['0751234567', '+256751234567'],
    ['0761234567', '+256761234567'],
    ['0781234567', '+256781234567'],
    ['0711234567', '+256711234567'],
    ['0791234567', '+256791234567'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseUgandanPhone(input)).toBe(expected);
  });

  it.each([
    ['0312 345678', 'a landline'],
    ['0414 123456', 'a landline'],
    ['+254 712 345678', 'Kenya'],
    ['+1 772 123 4567', 'not Uganda'],
    ['0772 12345', 'too short'],
    ['0772 1234567', 'too long'],
    ['77212345', 'too short'],
    ['0872 123456', 'not a mobile prefix'],
    ['', 'empty'],
    ['call me', 'not a number'],
    ['+256+772123456', 'two plus signs'],
    ['0772/123456', 'odd separators'],
  ])('refuses %s (%s)', (input) => {
    expect(normaliseUgandanPhone(input)).toBeNull();
  });

  it('names the network for mobile money', () => {
    expect(ugandanMobileNetwork('+256772123456')).toBe('MTN');
    expect(ugandanMobileNetwork('+256782123456')).toBe('MTN');
    expect(ugandanMobileNetwork('+256762123456')).toBe('MTN');
    expect(ugandanMobileNetwork('+256702123456')).toBe('Airtel');
    expect(ugandanMobileNetwork('+256752123456')).toBe('Airtel');
    expect(ugandanMobileNetwork('+256742123456')).toBe('Airtel');
    expect(ugandanMobileNetwork('+256712123456')).toBe('other');
  });

  it('is a zod schema answering the E.164 form', () => {
    expect(ugandanPhoneSchema.parse('0772 123456')).toBe('+256772123456');
    expect(ugandanPhoneSchema.safeParse('0312 345678').success).toBe(false);
  });
});

describe('deliveryAddressSchema', () => {
  it('needs an area, trims, and turns empty optional parts into null', () => {
    expect(
      deliveryAddressSchema.parse({ area: ' Kololo ', street: '', landmark: ' Near Acacia Mall ' }),
    ).toEqual({
      area: 'Kololo',
      street: null,
      landmark: 'Near Acacia Mall',
      notes: null,
    });
    expect(deliveryAddressSchema.safeParse({ street: 'Kampala Road' }).success).toBe(false);
    expect(deliveryAddressSchema.safeParse({ area: 'K' }).success).toBe(false);
  });
});
