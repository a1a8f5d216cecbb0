import { describe, expect, it } from 'vitest';
import { countOf, pluralWord } from './plural';

describe('plural words', () => {
  it('says one for 1 and the plural otherwise, with a thousands separator', () => {
    expect(countOf(1, 'seat')).toBe('1 seat');
    expect(countOf(0, 'seat')).toBe('0 seats');
    expect(countOf(2, 'product')).toBe('2 products');
    expect(countOf(1_250, 'bottle')).toBe('1,250 bottles');
    expect(countOf(1, 'person', 'people')).toBe('1 person');
    expect(countOf(3, 'person', 'people')).toBe('3 people');
    expect(pluralWord(1, 'is', 'are')).toBe('is');
    expect(pluralWord(4, 'is', 'are')).toBe('are');
  });
});
