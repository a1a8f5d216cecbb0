import zlib from 'node:zlib';

/**
 * The text drawn in a PDF made by pdf-lib (invoices, credit notes, packing slips): its content
 * streams inflated and the hex strings of its text operators decoded, one line per piece drawn.
 */
export function pdfText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString('latin1');
  const pieces: string[] = [];
  // pdf-lib ends a stream's data with "\n" alone: a carriage return before it is the data's last
  // byte (a compressed stream's checksum ends in 0x0d one time in 256), so it is tried both ways.
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)(\r?)\nendstream/g)) {
    const content = inflated(match[1]! + match[2]!) ?? inflated(match[1]!);
    if (content === undefined) continue;
    for (const text of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g))
      pieces.push(Buffer.from(text[1]!, 'hex').toString('latin1'));
  }
  return pieces.join('\n');
}

function inflated(data: string): string | undefined {
  try {
    return zlib.inflateSync(Buffer.from(data, 'latin1')).toString('latin1');
  } catch {
    return undefined;
  }
}
