import { describe, expect, it } from 'vitest';
import { ugandaTinSchema, VAT_RATE_PERCENT, vatBreakdown, vatLine } from './vat';

/** A small seeded generator (mulberry32), so a failing basket can be found again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function randomBasket(next: () => number): number[] {
  const between = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const lines = Array.from({ length: between(1, 12) }, () => between(1_000, 5_000_000) * between(1, 24));
  const fee = [0, 5_000, 10_000, 15_000, 25_000][between(0, 4)] ?? 0;
  const subtotal = lines.reduce((sum, line) => sum + line, 0);
  const discount = next() < 0.4 ? between(0, Math.floor(subtotal / 2)) : 0;
  return [...lines, fee, discount > 0 ? -discount : 0];
}

describe('VAT at 18 %', () => {
  it('works known amounts out to the shilling', () => {
    expect(VAT_RATE_PERCENT).toBe(18);
    expect(vatLine(118_000, true)).toEqual({ net: 100_000, vat: 18_000, gross: 118_000 });
    // 1,000,000 × 18 / 118 = 152,542.37…
    expect(vatLine(1_000_000, true)).toEqual({ net: 847_458, vat: 152_542, gross: 1_000_000 });
    // 59 × 18 / 118 = 9.0 exactly; 65 × 18 / 118 = 9.91… → 10; 62 × 18 / 118 = 9.457… → 9
    expect(vatLine(59, true).vat).toBe(9);
    expect(vatLine(65, true).vat).toBe(10);
    expect(vatLine(62, true).vat).toBe(9);
    expect(vatLine(100_000, false)).toEqual({ net: 100_000, vat: 18_000, gross: 118_000 });
    // A half rounds away from zero, both ways (25 × 18 / 100 = 4.5).
    expect(vatLine(25, false).vat).toBe(5);
    expect(vatLine(-25, false).vat).toBe(-5);
    expect(vatLine(0, true)).toEqual({ net: 0, vat: 0, gross: 0 });
  });

  it('a discount is a negative line with negative VAT, mirroring the same positive amount', () => {
    for (const amount of [1, 59, 65, 99_999, 1_234_567]) {
      for (const included of [true, false]) {
        const positive = vatLine(amount, included);
        const negative = vatLine(-amount, included);
        expect(negative).toEqual({ net: -positive.net, vat: -positive.vat, gross: -positive.gross });
      }
    }
  });

  it('refuses amounts that are not whole shillings', () => {
    expect(() => vatLine(10.5, true)).toThrow(RangeError);
    expect(() => vatLine(Number.NaN, false)).toThrow(RangeError);
  });

  for (const included of [true, false]) {
    it(`net + VAT = gross on every line and in total, over 5,000 random baskets (prices ${
      included ? 'include' : 'exclude'
    } VAT)`, () => {
      const next = random(included ? 20261127 : 19);
      const rate = included ? VAT_RATE_PERCENT / (100 + VAT_RATE_PERCENT) : VAT_RATE_PERCENT / 100;
      // Plain comparisons, the failures collected: thousands of expect() calls would be the test's cost.
      const failures: string[] = [];
      for (let basket = 0; basket < 5_000; basket += 1) {
        const amounts = randomBasket(next);
        const { lines, total } = vatBreakdown(amounts, included);
        const fail = (what: string) => failures.push(`basket ${basket} ${JSON.stringify(amounts)}: ${what}`);
        if (lines.length !== amounts.length) fail('a line is missing');
        for (const [index, line] of lines.entries()) {
          const amount = amounts[index] ?? 0;
          if (!Number.isInteger(line.vat)) fail(`line ${index}: VAT ${line.vat} is not whole shillings`);
          if (line.net + line.vat !== line.gross) fail(`line ${index}: net + VAT is not the gross`);
          if ((included ? line.gross : line.net) !== amount) fail(`line ${index}: the amount changed`);
          // Each line's VAT is the exact rate's, rounded: never more than half a shilling away.
          if (Math.abs(line.vat - amount * rate) > 0.5) fail(`line ${index}: VAT ${line.vat} is not rounded`);
        }
        if (total.net + total.vat !== total.gross) fail('total: net + VAT is not the gross');
        if (total.vat !== lines.reduce((sum, line) => sum + line.vat, 0)) fail('total VAT is not the lines’');
        const sum = amounts.reduce((all, amount) => all + amount, 0);
        if ((included ? total.gross : total.net) !== sum) fail('the total amount changed');
        // The total's VAT stays within half a shilling per line of the rate applied to the total.
        if (Math.abs(total.vat - sum * rate) > lines.length / 2) fail('total VAT too far from the rate');
      }
      expect(failures.slice(0, 5)).toEqual([]);
    });
  }
});

describe('Uganda TIN', () => {
  it('takes 10 digits, as typed with spaces', () => {
    expect(ugandaTinSchema.parse('1000123456')).toBe('1000123456');
    expect(ugandaTinSchema.parse(' 1000 123 456 ')).toBe('1000123456');
  });

  it('names the reason for anything else', () => {
    for (const bad of ['123', '10001234567', '100012345A', '']) {
      const result = ugandaTinSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('must be the 10 digits of a Uganda TIN');
    }
  });
});
