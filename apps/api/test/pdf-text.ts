import zlib from 'node:zlib';

/**
 * The text drawn in a PDF made by pdf-lib (invoices, credit notes, packing slips): its content
 * streams inflated and the hex strings of its text operators decoded, one line per piece drawn.
 */
export function pdfText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString('latin1');
  const pieces: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = zlib.inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const text of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g))
      pieces.push(Buffer.from(text[1]!, 'hex').toString('latin1'));
  }
  return pieces.join('\n');
}
