/**
 * Excise duty on wines and spirits (issue 37, decision 0043): how a shelf price, which includes
 * VAT and excise, splits into net + excise + VAT. Worked out here only, in whole shillings.
 *
 * VAT is charged on the price including excise, so a line's VAT is what `vatLine` makes of it (the
 * same as without excise) and the excise is taken out of the VAT-exclusive rest:
 * - by rate (URA's exciseRule 1): excise = rest × rate / (1 + rate);
 * - by quantity (exciseRule 2): excise = rate per litre × the litres sold;
 * - when URA states both ("X % or UGX Y per litre"), the higher applies;
 * each rounded half away from zero; net = rest − excise. So net + excise + VAT = gross on every
 * line by construction, and the totals are the sums of the lines.
 */

/** One of URA's excise rates of a code (T125 `exciseDutyDetailsList`, read once on refresh). */
export type ExciseRate =
  /** A share of the excise-exclusive value, in basis points (80 % = 8000). */
  | { rule: 'rate'; basisPoints: number }
  /** Whole shillings per unit; only URA's unit 102 (per litre) applies to bottles. */
  | { rule: 'quantity'; perUnit: number; unit: string; currency: string }
  | { rule: 'nil' };

/** URA's rateUnit code for "per litre". */
export const EXCISE_UNIT_LITRE = '102';

export type ExciseLine = { net: number; excise: number; vat: number; gross: number };

export type ExciseSplit = ExciseLine & {
  /** The rate that gave the excise (the higher one when URA states two). */
  applied: ExciseRate;
  /** The quantity the duty was counted on, in URA's unit (litres). */
  litres: number;
};

/** a × b / c rounded half away from zero, in integers. */
function mulDivRound(a: number, b: number, c: number): number {
  const sign = a < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(a) * b * 2 + c) / (2 * c));
}

function exciseBy(rate: ExciseRate, rest: number, millilitres: number): number {
  if (rate.rule === 'rate') return mulDivRound(rest, rate.basisPoints, 10_000 + rate.basisPoints);
  if (rate.rule === 'quantity') return mulDivRound(rate.perUnit, millilitres, 1000);
  return 0;
}

/** Why a code's rates cannot be applied to a bottle (null when they can). */
export function exciseRatesProblem(rates: readonly ExciseRate[]): string | null {
  if (rates.length === 0) return 'URA has given no rate for it yet (refresh the dictionaries)';
  const odd = rates.find((rate) => rate.rule === 'quantity' && rate.unit !== EXCISE_UNIT_LITRE);
  if (odd && odd.rule === 'quantity') return `its duty is per URA unit ${odd.unit}, not per litre`;
  return null;
}

/**
 * One goods line: `line` is its VAT split (from `vatLine`, prices including or excluding VAT),
 * `quantity` bottles of `volumeMl` each.
 */
export function exciseSplit(
  line: { net: number; vat: number; gross: number },
  rates: readonly ExciseRate[],
  quantity: number,
  volumeMl: number,
): ExciseSplit {
  const problem = exciseRatesProblem(rates);
  if (problem) throw new RangeError(`Excise cannot be worked out: ${problem}`);
  const rest = line.net;
  const millilitres = volumeMl * quantity;
  let applied = rates[0] as ExciseRate;
  let excise = exciseBy(applied, rest, millilitres);
  for (const rate of rates.slice(1)) {
    const candidate = exciseBy(rate, rest, millilitres);
    if (candidate > excise) {
      applied = rate;
      excise = candidate;
    }
  }
  if (excise > rest) throw new RangeError('Excise cannot be worked out: the price is below its excise duty');
  return {
    net: rest - excise,
    excise,
    vat: line.vat,
    gross: line.gross,
    applied,
    litres: millilitres / 1000,
  };
}

/** A credited share of an invoiced line's excise: the same share as of its total, to the cent. */
export function creditedExcise(invoicedExcise: number, invoicedTotal: number, creditedTotal: number): number {
  if (invoicedTotal === 0) return 0;
  return Math.round(((invoicedExcise * creditedTotal) / invoicedTotal) * 100) / 100;
}

/**
 * T125's detail rows read into rates: type 101 by rate (URA writes "0.8", some answers "80" or
 * "80%": above 1 it is read as per cent), 102 by quantity, 103 nil. A row it cannot read is left
 * out, so a code without a usable rate blocks invoices rather than sending a wrong duty.
 */
export function exciseRatesFromUra(
  details: ReadonlyArray<{ type?: string; rate?: string; unit?: string; currency?: string }>,
): ExciseRate[] {
  const out: ExciseRate[] = [];
  for (const detail of details) {
    const text = (detail.rate ?? '').trim();
    const value = Number(text.replace('%', ''));
    if (detail.type === '103') out.push({ rule: 'nil' });
    else if (detail.type === '101' && text !== '' && Number.isFinite(value) && value >= 0) {
      const fraction = text.endsWith('%') || value > 1 ? value / 100 : value;
      out.push({ rule: 'rate', basisPoints: Math.round(fraction * 10_000) });
    } else if (detail.type === '102' && text !== '' && Number.isFinite(value) && value >= 0) {
      out.push({
        rule: 'quantity',
        perUnit: Math.round(value),
        unit: detail.unit ?? '',
        // T115's currencyType: 101 is UGX.
        currency: !detail.currency || detail.currency === '101' ? 'UGX' : detail.currency,
      });
    }
  }
  return out;
}
