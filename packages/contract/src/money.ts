import { CURRENCY } from './constants';

/**
 * Money is integer Uganda shillings: UGX has no minor unit, so amounts are never fractional
 * and never floats with cents. This is the one place that turns an amount into text.
 */
const grouping = new Intl.NumberFormat('en-UG', { maximumFractionDigits: 0, useGrouping: true });

/** "Shs 1,000,000" — the shop's own style. */
export function formatUGX(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Not an amount of money: ${amount}`);
  const rounded = Math.round(amount);
  const text = `Shs ${grouping.format(Math.abs(rounded))}`;
  return rounded < 0 ? `-${text}` : text;
}

/** The ISO form, "UGX 1,000,000", for documents such as invoices and structured data. */
export function formatUGXIso(amount: number): string {
  return `${CURRENCY} ${grouping.format(Math.round(amount))}`;
}

/** True when a value is a whole, non-negative number of shillings. */
export function isValidAmount(amount: number): boolean {
  return Number.isSafeInteger(amount) && amount >= 0;
}
