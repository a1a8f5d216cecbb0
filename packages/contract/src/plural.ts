/**
 * Counted words ("1 seat", "2 seats") by the language's plural rules, in one place for the
 * storefront, the API and e-mails: never "1 seats".
 */

const rules = new Intl.PluralRules('en-UG');
const numbers = new Intl.NumberFormat('en-UG');

/** The word for `count`: `one` when English says one, else `other` (default: `one` + "s"). */
export function pluralWord(count: number, one: string, other = `${one}s`): string {
  return rules.select(count) === 'one' ? one : other;
}

/** "1 seat", "2 seats", "1,250 bottles". */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${numbers.format(count)} ${pluralWord(count, one, other)}`;
}
