import { describe, expect, it } from 'vitest';
import { stockCount, stockUnitLabel } from './stock';

describe("a size's stock in its unit", () => {
  it('counts single bottles in bottles and packs in cases', () => {
    expect(stockCount(27, 1)).toBe('27 bottles');
    expect(stockCount(1, 1)).toBe('1 bottle');
    expect(stockCount(3, 6)).toBe('3 cases of 6');
    expect(stockCount(1, 12)).toBe('1 case of 12');
    expect(stockUnitLabel(1)).toBe('Bottles');
    expect(stockUnitLabel(6)).toBe('Cases of 6');
  });
});
