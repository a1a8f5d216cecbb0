import { describe, expect, it } from 'vitest';
import {
  creditedExcise,
  type ExciseRate,
  exciseRatesFromUra,
  exciseRatesProblem,
  exciseSplit,
} from './excise';
import { vatLine } from './vat';

const wine: ExciseRate[] = [{ rule: 'rate', basisPoints: 8000 }];
const spirits: ExciseRate[] = [
  { rule: 'rate', basisPoints: 10_000 },
  { rule: 'quantity', perUnit: 10_000, unit: '102', currency: 'UGX' },
];

describe('exciseSplit', () => {
  it('takes excise by rate out of the price before VAT, VAT unchanged', () => {
    // 2 bottles at 177,000 including VAT and excise: 354,000.
    const line = vatLine(354_000, true);
    expect(line).toEqual({ net: 300_000, vat: 54_000, gross: 354_000 });
    const split = exciseSplit(line, wine, 2, 750);
    // 300,000 × 0.8 / 1.8 = 133,333.33… → 133,333.
    expect(split).toMatchObject({ net: 166_667, excise: 133_333, vat: 54_000, gross: 354_000 });
    expect(split.applied).toEqual(wine[0]);
  });

  it('takes excise by quantity as the rate per litre of the litres sold', () => {
    const rates: ExciseRate[] = [{ rule: 'quantity', perUnit: 2_500, unit: '102', currency: 'UGX' }];
    // 3 × 0.75 l × 2,500 = 5,625.
    const split = exciseSplit(vatLine(90_000, true), rates, 3, 750);
    expect(split).toMatchObject({ excise: 5_625, vat: 13_729, gross: 90_000, litres: 2.25 });
    expect(split.net).toBe(90_000 - 13_729 - 5_625);
  });

  it('applies the higher of a rate and a rate per litre, as URA states both', () => {
    // Cheap spirit: 1 l at 23,600: rest 20,000; 100 % → 10,000; per litre → 10,000 × 1 = 10,000 (tie: rate).
    expect(exciseSplit(vatLine(23_600, true), spirits, 1, 1000).applied.rule).toBe('rate');
    // 1 l at 10,000: rest 8,475; per litre → 10,000 would exceed it: refused, not sent negative.
    expect(() => exciseSplit(vatLine(10_000, true), spirits, 1, 1000)).toThrow(/below its excise/);
    // 1.75 l at 35,400: rest 30,000; 100 % → 15,000; per litre → 17,500: quantity applies.
    const cheap = exciseSplit(vatLine(35_400, true), spirits, 1, 1750);
    expect(cheap).toMatchObject({ excise: 17_500, net: 12_500, applied: spirits[1] });
  });

  it('rounds half away from zero, to whole shillings', () => {
    // 1 × 100 % / 200 % = 0.5 → 1; 3 × 1 / 2 = 1.5 → 2; 0.5 l × 1 = 0.5 → 1; 0.499 → 0.
    expect(
      exciseSplit({ net: 1, vat: 0, gross: 1 }, [{ rule: 'rate', basisPoints: 10_000 }], 1, 1).excise,
    ).toBe(1);
    expect(
      exciseSplit({ net: 3, vat: 0, gross: 3 }, [{ rule: 'rate', basisPoints: 10_000 }], 1, 1).excise,
    ).toBe(2);
    const perLitre: ExciseRate[] = [{ rule: 'quantity', perUnit: 1, unit: '102', currency: 'UGX' }];
    expect(exciseSplit({ net: 10, vat: 0, gross: 10 }, perLitre, 1, 500).excise).toBe(1);
    expect(exciseSplit({ net: 10, vat: 0, gross: 10 }, perLitre, 1, 499).excise).toBe(0);
  });

  it('adds up: net + excise + VAT = gross on every line, over many seeded prices', () => {
    let seed = 37;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const wrong: unknown[] = [];
    for (let i = 0; i < 5_000; i += 1) {
      const quantity = 1 + Math.floor(random() * 6);
      const amount = quantity * (20_000 + Math.floor(random() * 980_000));
      const split = exciseSplit(vatLine(amount, random() < 0.8), spirits, quantity, 750);
      const whole = [split.net, split.excise, split.vat].every((part) => Number.isInteger(part) && part >= 0);
      if (!whole || split.net + split.excise + split.vat !== split.gross)
        wrong.push({ amount, quantity, split });
    }
    expect(wrong).toEqual([]);
  });

  it('refuses to guess: no rate known, or a duty per unit other than the litre', () => {
    expect(exciseRatesProblem([])).toMatch(/no rate/);
    expect(exciseRatesProblem([{ rule: 'quantity', perUnit: 5, unit: '101', currency: 'UGX' }])).toMatch(
      /101/,
    );
    expect(() => exciseSplit(vatLine(1000, true), [], 1, 750)).toThrow(RangeError);
  });
});

describe('creditedExcise', () => {
  it('mirrors the invoice: a full credit is the whole excise, a part its share to the cent', () => {
    expect(creditedExcise(133_333, 354_000, 354_000)).toBe(133_333);
    expect(creditedExcise(133_333, 354_000, 177_000)).toBe(66_666.5);
    expect(creditedExcise(0, 0, 0)).toBe(0);
  });
});

describe('exciseRatesFromUra', () => {
  it('reads T125 rows: rates as fractions or per cent, per-unit rates, nil; skips what it cannot read', () => {
    expect(
      exciseRatesFromUra([
        { type: '101', rate: '0.8' },
        { type: '101', rate: '60' },
        { type: '101', rate: '30%' },
        { type: '102', rate: '2500', unit: '102', currency: '101' },
        { type: '103' },
        { type: '101', rate: 'abc' },
        { type: '102' },
      ]),
    ).toEqual([
      { rule: 'rate', basisPoints: 8000 },
      { rule: 'rate', basisPoints: 6000 },
      { rule: 'rate', basisPoints: 3000 },
      { rule: 'quantity', perUnit: 2500, unit: '102', currency: 'UGX' },
      { rule: 'nil' },
    ]);
  });
});
