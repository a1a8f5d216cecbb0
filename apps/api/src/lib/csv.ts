/**
 * The shop's CSV, read and written here only (RFC 4180).
 *
 * Reading: comma-separated fields, fields in double quotes may hold commas, line breaks and
 * doubled quotes (""), CRLF or LF line ends, an optional UTF-8 byte order mark. Each record keeps
 * the line it starts on, for error reports.
 *
 * Writing: every export (catalog, orders, invoices, credit notes, subscribers, import reports)
 * writes its cells with {@link csvCell}, which keeps a spreadsheet from running text as a formula
 * (OWASP "CSV injection"): text that starts with =, +, -, @, a tab or a carriage return gets a
 * leading apostrophe, which spreadsheets read as "this is text". Numbers stay numbers.
 */

export type CsvRecord = { line: number; fields: string[] };

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'CsvSyntaxError';
  }
}

export function parseCsv(text: string): CsvRecord[] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let index = 0;
  let quoted = false;
  let fieldStarted = false;

  const endField = () => {
    fields.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    // A blank line is not a record.
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields });
    fields = [];
  };

  while (index < input.length) {
    const char = input[index]!;
    if (quoted) {
      if (char === '"') {
        if (input[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        quoted = false;
        index += 1;
        const next = input[index];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
          throw new CsvSyntaxError(
            line,
            'a closing quote must be followed by a comma or the end of the line',
          );
        }
        continue;
      }
      if (char === '\n') line += 1;
      field += char;
      index += 1;
      continue;
    }
    if (char === '"') {
      if (fieldStarted || field.length > 0) {
        throw new CsvSyntaxError(
          line,
          'a quote inside an unquoted field (quote the whole field and double the quote)',
        );
      }
      quoted = true;
      fieldStarted = true;
      index += 1;
      continue;
    }
    if (char === ',') {
      endField();
      index += 1;
      continue;
    }
    if (char === '\r' || char === '\n') {
      endRecord();
      index += char === '\r' && input[index + 1] === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
      continue;
    }
    field += char;
    fieldStarted = true;
    index += 1;
  }
  if (quoted) throw new CsvSyntaxError(recordLine, 'a quoted field is not closed');
  if (field.length > 0 || fields.length > 0 || fieldStarted) endRecord();
  return records;
}

export type CsvValue = string | number | boolean | null | undefined;

/** What the exports' API descriptions say about formulas. */
export const CSV_FORMULA_NOTE =
  'A text cell starting with =, +, -, @, tab or carriage return gets a leading apostrophe, so that ' +
  'spreadsheets never run it as a formula.';

/** A number as a spreadsheet reads it ("-2500", "+256772123456", "12.5"): nothing to run. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * Text a spreadsheet would run: a formula's first character, after any apostrophes (so that text
 * that already starts with an apostrophe and a formula keeps its own apostrophe on the way back).
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** `text` as a spreadsheet shows it and never runs it: an apostrophe before a formula's start. */
export function spreadsheetSafe(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/**
 * The text {@link spreadsheetSafe} was given: an imported cell loses the apostrophe an export
 * put before a formula's start, so export → import → export changes nothing. Other apostrophes
 * ("'Tis the season") are the text's own.
 */
export function fromSpreadsheetSafe(cell: string): string {
  return /^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** One CSV cell: formulas defused, quoted when it holds a comma, quote or line break. */
export function csvCell(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : spreadsheetSafe(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (CRLF, as RFC 4180 and spreadsheets expect). */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
