import { CURRENCY } from './constants';

/**
 * Money is integer Uganda shillings: UGX has no minor unit, so amounts are never fractional
 * and never floats with cents. This is the one place that turns an amount into text.
 */
/**
 * Thousands separated by commas, as en-UG writes them. Written out rather than with
 * Intl.NumberFormat, whose construction costs every page tens of milliseconds on a phone.
 */
function group(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "Shs 1,000,000" — the shop's own style. */
export function formatUGX(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Not an amount of money: ${amount}`);
  const rounded = Math.round(amount);
  const text = `Shs ${group(Math.abs(rounded))}`;
  return rounded < 0 ? `-${text}` : text;
}

/** The ISO form, "UGX 1,000,000", for documents such as invoices and structured data. */
export function formatUGXIso(amount: number): string {
  const rounded = Math.round(amount);
  return `${rounded < 0 ? '-' : ''}${CURRENCY} ${group(Math.abs(rounded))}`;
}

/** True when a value is a whole, non-negative number of shillings. */
export function isValidAmount(amount: number): boolean {
  return Number.isSafeInteger(amount) && amount >= 0;
}
