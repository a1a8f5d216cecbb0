import { EXCISE_UNIT_LITRE, type ExciseSplit } from '@shop/contract/excise';
import type { EfrisInvoiceLine, EfrisInvoiceUpload } from './efris.client';

/**
 * Excise duty as URA's T109/T110 state it (decision 0043). The split of each price is
 * `exciseSplit`'s (packages/contract/src/excise.ts); here it is only written in URA's fields, and
 * the tax details and summary are summed from the goods lines, so an invoice and the credit note
 * that repeats its lines add up the same way.
 */

const money = (value: number) => value.toFixed(2);
const cents = (text: string | undefined) => Math.round(Number(text ?? 0) * 100);
const fromCents = (value: number) => money(value / 100);

/** The excise fields of a goods line (exciseFlag 1). */
export function exciseLineFields(
  split: ExciseSplit,
  code: { code: string; name: string },
): Partial<EfrisInvoiceLine> & { exciseFlag: '1' } {
  const applied = split.applied;
  const common = {
    exciseFlag: '1' as const,
    categoryId: code.code,
    categoryName: code.name,
    exciseTax: money(split.excise),
  };
  if (applied.rule === 'quantity') {
    return {
      ...common,
      exciseRule: '2',
      exciseRate: String(applied.perUnit),
      exciseUnit: applied.unit,
      exciseCurrency: applied.currency,
      exciseRateName: `${applied.currency}${applied.perUnit} per ${applied.unit === EXCISE_UNIT_LITRE ? 'litre' : `unit ${applied.unit}`}`,
      // The good is registered without package scaling (T130 havePieceUnit 102): one to one.
      pack: '1',
      stick: '1',
    };
  }
  if (applied.rule === 'rate') {
    return {
      ...common,
      exciseRule: '1',
      exciseRate: String(applied.basisPoints / 10_000),
      exciseRateName: `${applied.basisPoints / 100}%`,
    };
  }
  return { ...common, exciseRule: '1', exciseRate: '-', exciseRateName: 'Nil' };
}

export type TaxTotals = {
  taxDetails: EfrisInvoiceUpload['taxDetails'];
  summary: { netAmount: string; taxAmount: string; grossAmount: string };
};

/**
 * The tax details and summary of a document from its goods lines: one VAT row (its net is the
 * price before VAT, excise included: VAT is charged on it), one excise row per excise rate, and
 * the summary's net without either tax. net + VAT + excise = gross, in total as on every line.
 */
export function taxTotals(lines: readonly EfrisInvoiceLine[]): TaxTotals {
  let gross = 0;
  let vat = 0;
  let excise = 0;
  const exciseRows = new Map<string, { line: EfrisInvoiceLine; net: number; tax: number }>();
  for (const line of lines) {
    gross += cents(line.total);
    vat += cents(line.tax);
    if (line.exciseFlag !== '1') continue;
    const lineExcise = cents(line.exciseTax);
    excise += lineExcise;
    const key = [line.categoryId, line.exciseRule, line.exciseRate, line.exciseUnit].join('|');
    const row = exciseRows.get(key) ?? { line, net: 0, tax: 0 };
    row.net += cents(line.total) - cents(line.tax) - lineExcise;
    row.tax += lineExcise;
    exciseRows.set(key, row);
  }
  const taxDetails: TaxTotals['taxDetails'] = [
    {
      taxCategoryCode: '01',
      netAmount: fromCents(gross - vat),
      taxRate: '0.18',
      taxAmount: fromCents(vat),
      grossAmount: fromCents(gross),
    },
  ];
  for (const { line, net, tax } of exciseRows.values()) {
    taxDetails.push({
      taxCategoryCode: '05',
      netAmount: fromCents(net),
      taxRate: line.exciseRate ?? '-',
      taxAmount: fromCents(tax),
      grossAmount: fromCents(net + tax),
      taxRateName: line.exciseRateName,
      ...(line.exciseRule === '2'
        ? { exciseUnit: line.exciseUnit, exciseCurrency: line.exciseCurrency }
        : {}),
    });
  }
  return {
    taxDetails,
    summary: {
      netAmount: fromCents(gross - vat - excise),
      taxAmount: fromCents(vat + excise),
      grossAmount: fromCents(gross),
    },
  };
}
