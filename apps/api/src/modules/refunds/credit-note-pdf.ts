import { BRAND } from '@shop/contract/brand';
import { formatKampalaDate } from '@shop/contract/kampala-time';
import { formatUGX } from '@shop/contract/money';
import { VAT_RATE_PERCENT, vatLine } from '@shop/contract/vat';
import { loadPdfLib } from '../../lib/pdf-lib';
import { COLOURS, drawable, type Fonts, MARGIN, PAGE, Writer, wrap } from '../orders/invoice-pdf';
import { shopSettingsNow } from '../settings/settings-snapshot';
import type { CreditNoteRow } from './refunds.repository';

/**
 * A credit note as a PDF (A4), drawn like the invoice: the shop, the customer, what was refunded,
 * why and against which invoice or ticket, and the amount returned to the paying number.
 * Against a tax invoice it carries the shop's TIN, the business's, and the VAT in the amount
 * returned (money paid back includes its VAT, at 18 %).
 */
export async function renderCreditNotePdf(note: CreditNoteRow): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await loadPdfLib();
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const fonts: Fonts = { regular, bold, drawable: new Set(regular.getCharacterSet()) };
  const issuedAt = new Date(note.issued_at);
  doc.setTitle(`${BRAND.name} credit note ${note.number}`);
  doc.setAuthor(BRAND.name);
  doc.setSubject(`Credit note ${note.number} for ${note.subject_label}`);
  doc.setCreator(BRAND.name);
  doc.setProducer(BRAND.name);
  doc.setCreationDate(issuedAt);

  const w = new Writer(doc, fonts);
  w.text(BRAND.name, MARGIN, { size: 20, bold: true, colour: COLOURS.wine });
  w.text('CREDIT NOTE', PAGE.width - MARGIN, { size: 18, bold: true, align: 'right' });
  w.y -= 16;
  w.text(BRAND.tagline, MARGIN, { size: 9, colour: COLOURS.muted });
  w.text(note.number, PAGE.width - MARGIN, { size: 11, bold: true, align: 'right' });
  w.y -= 14;
  w.text(shopSettingsNow().address, MARGIN, { size: 9 });
  w.text('REFUNDED', PAGE.width - MARGIN, { size: 10, bold: true, align: 'right', colour: COLOURS.paid });
  w.y -= 12;
  w.text(`${BRAND.phone} · ${BRAND.email}`, MARGIN, { size: 9 });
  const shopTin = note.invoice_shop_tin;
  if (shopTin) {
    w.y -= 12;
    w.text(`TIN ${shopTin} · VAT registered`, MARGIN, { size: 9, bold: true });
  }
  w.y -= 18;
  w.rule(COLOURS.wine, 1.5);
  w.y -= 22;

  const top = w.y;
  w.text('CREDITED TO', MARGIN, { size: 8, bold: true, colour: COLOURS.muted });
  w.y -= 13;
  const business =
    shopTin && note.vat_business_name && note.vat_business_tin
      ? [note.vat_business_name, `TIN ${note.vat_business_tin}`, `Attn. ${note.customer_name}`]
      : [note.customer_name];
  for (const line of [...business, note.customer_email].flatMap((text) =>
    wrap(regular, drawable(fonts, text), 10, 270),
  )) {
    w.text(line, MARGIN, { size: 10 });
    w.y -= 13;
  }
  const facts: Array<[string, string]> = [
    ['Credit note date', formatKampalaDate(issuedAt)],
    ['For', note.subject_label],
    ...(note.invoice_number ? ([['Invoice', note.invoice_number]] as Array<[string, string]>) : []),
    ['Payment reference', note.transaction_reference],
    ['Refunded to', note.phone_masked],
    ...efrisFacts(note),
  ];
  let factY = top;
  for (const [label, value] of facts) {
    w.text(label, 320, { size: 9, colour: COLOURS.muted, y: factY });
    w.text(value, PAGE.width - MARGIN, { size: 10, align: 'right', y: factY });
    factY -= 14;
  }
  w.y = Math.min(w.y, factY) - 16;

  w.text('Reason', MARGIN, { size: 9, bold: true, colour: COLOURS.muted });
  w.text('Amount', PAGE.width - MARGIN, { size: 9, bold: true, colour: COLOURS.muted, align: 'right' });
  w.y -= 7;
  w.rule();
  w.y -= 15;
  const reason = wrap(regular, drawable(fonts, note.reason), 10, 330);
  w.text(formatUGX(note.amount), PAGE.width - MARGIN, { size: 10, align: 'right' });
  for (const line of reason) {
    w.ensure(14);
    w.text(line, MARGIN, { size: 10 });
    w.y -= 13;
  }
  w.y -= 6;
  w.rule();
  w.y -= 20;
  w.text('Total refunded (UGX)', 420, { size: 12, bold: true, align: 'right' });
  w.text(formatUGX(note.amount), PAGE.width - MARGIN, { size: 12, bold: true, align: 'right' });
  if (shopTin) {
    const vat = vatLine(note.amount, true);
    for (const [label, value] of [
      ['of which net of VAT', vat.net],
      [`of which VAT at ${VAT_RATE_PERCENT}%`, vat.vat],
    ] as const) {
      w.y -= 15;
      w.text(label, 420, { size: 10, align: 'right' });
      w.text(formatUGX(value), PAGE.width - MARGIN, { size: 10, align: 'right' });
    }
  }
  w.y -= 24;
  w.text(
    'Refunded by mobile money to the number that paid. All amounts are in Uganda shillings (UGX).',
    MARGIN,
    {
      size: 8,
      colour: COLOURS.muted,
    },
  );
  return doc.save();
}

/** URA's references of the credit note (decision 0030): its fiscal number once approved. */
function efrisFacts(note: CreditNoteRow): Array<[string, string]> {
  if (note.efris_state === 'approved' && note.efris_fiscal_number)
    return [['EFRIS credit note no.', note.efris_fiscal_number]];
  if (note.efris_state === 'applied' && note.efris_reference_no)
    return [['EFRIS application', `${note.efris_reference_no} (awaiting URA)`]];
  if (note.efris_state) return [['EFRIS', 'Not yet approved by URA']];
  return [];
}
