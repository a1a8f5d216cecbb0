import { BRAND } from '@shop/contract/brand';
import { firstNameOf, kampalaDayStart } from '@shop/contract/gifts';
import { formatKampalaWeekdayDate } from '@shop/contract/kampala-time';
import { loadPdfLib } from '../../lib/pdf-lib';
import { COLOURS, drawable, type Fonts, MARGIN, PAGE, Writer, wrap } from '../orders/invoice-pdf';

/**
 * The printed gift card (A4, folded into the box): the recipient's name, the message exactly as
 * typed (its line breaks kept) and the sender's first name. No order number, no prices.
 */
export async function renderGiftCardPdf(
  gift: { recipient_name: string; message: string | null; delivery_date: string },
  sender: string,
  printedAt = new Date(),
): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await loadPdfLib();
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.TimesRomanItalic);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const fonts: Fonts = { regular, bold, drawable: new Set(regular.getCharacterSet()) };
  doc.setTitle(`${BRAND.name} gift card`);
  doc.setAuthor(BRAND.name);
  doc.setCreator(BRAND.name);
  doc.setProducer(BRAND.name);
  doc.setCreationDate(printedAt);

  const w = new Writer(doc, fonts);
  const centre = PAGE.width / 2;
  const centred = (
    text: string,
    size: number,
    options: { bold?: boolean; colour?: typeof COLOURS.ink } = {},
  ) => {
    const font = options.bold ? bold : regular;
    const safe = drawable(fonts, text);
    w.text(safe, centre - font.widthOfTextAtSize(safe, size) / 2, { size, ...options });
  };

  w.y -= 60;
  centred(BRAND.name, 14, { bold: true, colour: COLOURS.wine });
  w.y -= 60;
  centred(`For ${gift.recipient_name}`, 24);
  w.y -= 20;
  centred(formatKampalaWeekdayDate(kampalaDayStart(gift.delivery_date)), 11, { colour: COLOURS.muted });
  w.y -= 50;
  // Each line as typed; long ones wrapped to the card's width.
  const lines = (gift.message ?? '')
    .split(/\r?\n/)
    .flatMap((line) =>
      line.trim() === '' ? [''] : wrap(regular, drawable(fonts, line), 16, PAGE.width - 4 * MARGIN),
    );
  for (const line of lines) {
    w.ensure(24);
    if (line) centred(line, 16);
    w.y -= 22;
  }
  w.y -= 30;
  w.ensure(30);
  centred(`From ${firstNameOf(sender)}`, 16);
  return doc.save();
}
