import { describe, expect, it } from 'vitest';
import { isGsm7, nonGsm7Characters, smsSegments, toGsm7, verifyPhoneRequestSchema } from './sms';

describe('GSM-7 and SMS parts', () => {
  it('counts 160 GSM-7 characters as one part and 161 as two (153 a part)', () => {
    expect(smsSegments('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161))).toMatchObject({ segments: 2, perSegment: 153 });
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
  });

  it('counts extension characters (€, brackets) twice', () => {
    expect(smsSegments('€'.repeat(80))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments(`${'€'.repeat(80)}a`).segments).toBe(2);
  });

  it('falls back to UCS-2 (70 a part, then 67) for characters outside GSM-7', () => {
    expect(isGsm7('Kampala Cellars: Shs 50,000 @ 14:05 £ é')).toBe(true);
    expect(isGsm7('Smart ’quotes’')).toBe(false);
    expect(nonGsm7Characters('a’b’ – c')).toEqual(['’', '–']);
    expect(smsSegments('’'.repeat(70))).toMatchObject({ encoding: 'UCS-2', segments: 1 });
    expect(smsSegments('’'.repeat(71))).toMatchObject({ encoding: 'UCS-2', segments: 2, perSegment: 67 });
  });

  it('writes typography (narrow spaces of Intl, curly quotes, dashes, ellipsis) in GSM-7', () => {
    const text = toGsm7('It’s “ready” – 14:05\u202Fpm… 2\u00A0×\u00A0Shs');
    expect(text).toBe('It\'s "ready" - 14:05 pm... 2 x Shs');
    expect(isGsm7(text)).toBe(true);
  });

  it('takes a 6-digit code and names the field otherwise', () => {
    expect(verifyPhoneRequestSchema.parse({ phone: '0772 123456', code: ' 012345 ' })).toEqual({
      phone: '+256772123456',
      code: '012345',
    });
    const wrong = verifyPhoneRequestSchema.safeParse({ phone: '0772 123456', code: '12345' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.path).toEqual(['code']);
  });
});

describe('accents', () => {
  it('keeps the accents GSM-7 has and drops the others', () => {
    expect(toGsm7('Château Romanée Grüner Açaí')).toBe('Chateau Romanée Grüner Acai');
  });
});
