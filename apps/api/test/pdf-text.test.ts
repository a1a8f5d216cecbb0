import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text';

/** A PDF's content stream as pdf-lib writes it: "stream\n", the deflated data, "\nendstream". */
const pdfWith = (data: Buffer) =>
  Buffer.concat([
    Buffer.from('1 0 obj\n<< /Filter /FlateDecode >>\nstream\n'),
    data,
    Buffer.from('\nendstream\n'),
  ]);

const drawn = (text: string) => `BT <${Buffer.from(text, 'latin1').toString('hex')}> Tj ET`;

describe("pdfText (the tests' reader of invoices)", () => {
  it('reads a stream whose compressed data ends in a carriage return', () => {
    // One deflated stream in 256 or so ends in 0x0d, which looks like the "\r" of "\r\n".
    let n = 0;
    let data = zlib.deflateSync(drawn('TAX INVOICE 0'));
    while (data.at(-1) !== 0x0d) data = zlib.deflateSync(drawn(`TAX INVOICE ${++n}`));
    expect(pdfText(pdfWith(data))).toBe(`TAX INVOICE ${n}`);
    expect(pdfText(pdfWith(zlib.deflateSync(drawn('VAT ANALYSIS'))))).toBe('VAT ANALYSIS');
  });
});
