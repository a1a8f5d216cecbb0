import crypto from 'node:crypto';
import { kampalaIsoDate } from '@shop/contract/kampala-time';

/**
 * Order numbers people can read out on the phone: `ORD-YYYYMMDD-XXXXX`, the date in Kampala
 * and five characters of Crockford's base32 (no I, L, O or U, so nothing is mistaken for 1, 0
 * or V): 33 million numbers a day, drawn at random, unique by index (a collision draws again).
 */

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export const ORDER_NUMBER_PATTERN = /^ORD-\d{8}-[0-9A-HJKMNP-TV-Z]{5}$/;

export function orderNumber(now: Date = new Date()): string {
  const date = kampalaIsoDate(now).replaceAll('-', '');
  let suffix = '';
  for (let index = 0; index < 5; index++) suffix += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return `ORD-${date}-${suffix}`;
}
