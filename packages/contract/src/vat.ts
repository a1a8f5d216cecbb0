import { z } from 'zod';

/**
 * Value-added tax on invoices and credit notes (issue 19). Uganda's standard rate is 18 %.
 *
 * Amounts are whole shillings. VAT is worked out per line (each order line's total, the delivery
 * fee, a discount as a negative line) and rounded half away from zero; the totals are the sums of
 * the lines. So net + VAT = gross holds exactly on every line and in total, whatever the basket:
 * nothing is rounded twice.
 *
 * - Prices include VAT (the default, as shop prices are shown to consumers): the amount is the
 *   gross, VAT = gross × 18 / 118, net = gross − VAT. The customer pays what the shelf said.
 * - Prices exclude VAT: the amount is the net, VAT = net × 18 / 100 is added on top.
 */

export const VAT_RATE_PERCENT = 18;

export type VatLine = { net: number; vat: number; gross: number };

/** a × b / c rounded half away from zero, in integers (exact for shilling amounts). */
function mulDivRound(a: number, b: number, c: number): number {
  const sign = a < 0 ? -1 : 1;
  const magnitude = Math.abs(a) * b;
  return sign * Math.floor((magnitude * 2 + c) / (2 * c));
}

/** One line's net, VAT and gross from its amount. */
export function vatLine(given: number, pricesIncludeVat: boolean): VatLine {
  if (!Number.isSafeInteger(given)) throw new RangeError('VAT is worked out on whole shillings');
  const amount = given === 0 ? 0 : given; // no -0 in a document
  if (pricesIncludeVat) {
    const vat = mulDivRound(amount, VAT_RATE_PERCENT, 100 + VAT_RATE_PERCENT);
    return { net: amount - vat, vat, gross: amount };
  }
  const vat = mulDivRound(amount, VAT_RATE_PERCENT, 100);
  return { net: amount, vat, gross: amount + vat };
}

/** Every line's VAT and the totals (the sums of the lines). */
export function vatBreakdown(
  amounts: readonly number[],
  pricesIncludeVat: boolean,
): { lines: VatLine[]; total: VatLine } {
  const lines = amounts.map((amount) => vatLine(amount, pricesIncludeVat));
  const total = lines.reduce(
    (sum, line) => ({ net: sum.net + line.net, vat: sum.vat + line.vat, gross: sum.gross + line.gross }),
    { net: 0, vat: 0, gross: 0 },
  );
  return { lines, total };
}

/**
 * An order's VAT, its lines in the order an invoice lists them: each order line's total, the
 * delivery fee, then the discount as a negative line. Checkout (API and storefront) and the
 * invoice all work it out here, so they agree to the shilling.
 */
export function orderVat(
  order: { lineTotals: readonly number[]; deliveryFee: number; discount: number },
  pricesIncludeVat: boolean,
): { lines: VatLine[]; total: VatLine } {
  const discountLine = order.discount > 0 ? -order.discount : 0;
  return vatBreakdown([...order.lineTotals, order.deliveryFee, discountLine], pricesIncludeVat);
}

export const vatMessages = {
  tin: 'must be the 10 digits of a Uganda TIN',
  businessNameRequired: 'Enter the business name for the VAT invoice',
  businessTinRequired: 'Enter the business’s TIN for the VAT invoice',
};

/**
 * A Uganda Revenue Authority taxpayer identification number: 10 digits (spaces allowed as typed).
 * The spaces go with `.overwrite()`, which also runs when an answer is encoded: a `.transform()`
 * cannot run backwards, and made every answer carrying a saved TIN a 500 (issue 33).
 */
export const ugandaTinSchema = z
  .string({ error: vatMessages.tin })
  .overwrite((value) => value.replace(/\s+/g, ''))
  .regex(/^\d{10}$/, { error: vatMessages.tin })
  .describe('Uganda TIN, 10 digits');
