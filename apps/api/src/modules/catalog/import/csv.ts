/**
 * A small RFC 4180 CSV reader: comma-separated fields, fields in double quotes may hold commas,
 * line breaks and doubled quotes (""), CRLF or LF line ends, an optional UTF-8 byte order mark.
 * Each record keeps the line it starts on, for error reports.
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

/** One CSV field: quoted when it holds a comma, quote or line break. */
export function csvField(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
