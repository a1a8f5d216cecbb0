import { BRAND } from '@shop/contract/brand';
import { isErasedEmail } from '@shop/contract/erasure';
import { formatKampalaDate } from '@shop/contract/kampala-time';
import { formatUGX } from '@shop/contract/money';
import { paymentMethodLabel, pickupLocation } from '@shop/contract/orders';
import { orderVat, VAT_RATE_PERCENT, type VatLine } from '@shop/contract/vat';
import type { ColorTypes, PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';
import { loadPdfLib } from '../../lib/pdf-lib';
import { shopSettingsNow } from '../settings/settings-snapshot';
import type { OrderRow } from './orders.repository';

/**
 * The invoice as a PDF (A4): the shop's details, who it is billed to and where it goes, the
 * lines, the delivery fee, the discount code's saving (when one applied) and the total in UGX.
 * A VAT-registered shop's invoice (its TIN kept on the invoice when issued) is a tax invoice:
 * the shop's TIN, the business's name and TIN when the customer asked, each line's VAT at 18 %,
 * the net, VAT and gross totals (`@shop/contract/vat`), and room for URA's EFRIS fiscal document
 * number and QR code.
 * Built with pdf-lib's standard Helvetica, whose WinAnsi encoding cannot draw every character:
 * names are folded to what it can (accents kept where it has them, others replaced), never refused.
 */

/**
 * A colour as pdf-lib's `rgb()` makes it (the same plain object its drawing functions read),
 * written here so the colours exist without loading pdf-lib, which loads when a PDF is drawn.
 */
function rgb(red: number, green: number, blue: number): RGB {
  return { type: 'RGB' as ColorTypes.RGB, red, green, blue };
}

export const PAGE = { width: 595.28, height: 841.89 };
export const MARGIN = 50;
export const COLOURS = {
  wine: rgb(0x6b / 255, 0x1d / 255, 0x2a / 255),
  ink: rgb(0.12, 0.1, 0.09),
  muted: rgb(0.42, 0.38, 0.36),
  line: rgb(0.85, 0.82, 0.78),
  paid: rgb(0.1, 0.45, 0.2),
  void: rgb(0.6, 0.1, 0.1),
};
const COLUMNS = { item: MARGIN, quantity: 330, unit: 420, amount: PAGE.width - MARGIN };
/** A tax invoice has a VAT column. */
const VAT_COLUMNS = { item: MARGIN, quantity: 300, unit: 385, vat: 465, amount: PAGE.width - MARGIN };

export type Fonts = { regular: PDFFont; bold: PDFFont; drawable: Set<number> };

/** Text Helvetica can draw: accents folded away where it lacks the letter, anything else as "?". */
export function drawable(fonts: Fonts, text: string): string {
  let out = '';
  for (const character of text.replace(/[\r\n\t]+/g, ' ')) {
    const code = character.codePointAt(0) ?? 63;
    if (fonts.drawable.has(code)) {
      out += character;
      continue;
    }
    const folded = character.normalize('NFKD').replace(/\p{M}/gu, '');
    out += [...folded].every((part) => fonts.drawable.has(part.codePointAt(0) ?? 0)) && folded ? folded : '?';
  }
  return out;
}

/** Splits text into lines no wider than `width`. */
export function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    // A single word wider than the column is cut.
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    current = rest;
  }
  if (current) lines.push(current);
  return lines.length > 0 ? lines : [''];
}

export class Writer {
  page: PDFPage;
  y: number;
  pages: PDFPage[] = [];

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.page = this.addPage();
    this.y = PAGE.height - MARGIN;
  }

  addPage(): PDFPage {
    const page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(page);
    this.page = page;
    this.y = PAGE.height - MARGIN;
    return page;
  }

  text(
    value: string,
    x: number,
    options: {
      size?: number;
      bold?: boolean;
      colour?: RGB;
      align?: 'left' | 'right';
      y?: number;
    } = {},
  ) {
    const size = options.size ?? 10;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const safe = drawable(this.fonts, value);
    const width = font.widthOfTextAtSize(safe, size);
    this.page.drawText(safe, {
      x: options.align === 'right' ? x - width : x,
      y: options.y ?? this.y,
      size,
      font,
      color: options.colour ?? COLOURS.ink,
    });
  }

  rule(colour = COLOURS.line, thickness = 0.8) {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE.width - MARGIN, y: this.y },
      thickness,
      color: colour,
    });
  }

  /** Starts a new page when fewer than `needed` points are left above the footer. */
  ensure(needed: number, onNewPage?: () => void) {
    if (this.y - needed < MARGIN + 40) {
      this.addPage();
      onNewPage?.();
    }
  }
}

/**
 * The VAT analysis of a tax invoice (net, VAT, gross: the sums of the lines), beside the space
 * kept for URA's EFRIS fiscal document number and QR code, which the shop will print there once
 * it is connected to EFRIS.
 */
function vatSummary(w: Writer, total: VatLine, includesVat: boolean, fiscal: InvoiceFiscal): void {
  const top = w.y;
  w.rule();
  w.y -= 16;
  w.text('VAT ANALYSIS', MARGIN, { size: 8, bold: true, colour: COLOURS.muted });
  w.y -= 14;
  const rows: Array<[string, number]> = [
    ['Net amount (excl. VAT)', total.net],
    [`VAT at ${VAT_RATE_PERCENT}%`, total.vat],
    ['Gross amount (incl. VAT)', total.gross],
  ];
  for (const [label, value] of rows) {
    w.text(label, MARGIN, { size: 9 });
    w.text(formatUGX(value), 300, { size: 9, align: 'right' });
    w.y -= 13;
  }
  w.text(includesVat ? 'Prices include VAT.' : 'Prices exclude VAT; VAT is added to the total.', MARGIN, {
    size: 8,
    colour: COLOURS.muted,
  });
  // EFRIS: fiscal document number and QR code go in this box.
  const box = { x: 360, width: PAGE.width - MARGIN - 360, height: 70 };
  w.page.drawRectangle({
    x: box.x,
    y: top - 16 - box.height,
    width: box.width,
    height: box.height,
    borderColor: COLOURS.line,
    borderWidth: 0.8,
  });
  w.text('EFRIS', box.x + 6, { size: 7, colour: COLOURS.muted, y: top - 26 });
  if (fiscal.state === 'pending') {
    w.text('Not yet fiscalised', box.x + 6, { size: 9, bold: true, y: top - 42 });
    w.text('URA has not yet issued its fiscal number.', box.x + 6, {
      size: 7,
      colour: COLOURS.muted,
      y: top - 54,
    });
  } else if (fiscal.state === 'fiscalised') {
    w.text('Fiscal document number', box.x + 6, { size: 6.5, colour: COLOURS.muted, y: top - 37 });
    w.text(fiscal.fiscalDocumentNumber, box.x + 6, { size: 8.5, bold: true, y: top - 47 });
    w.text('Verification code', box.x + 6, { size: 6.5, colour: COLOURS.muted, y: top - 59 });
    w.text(fiscal.verificationCode, box.x + 6, { size: 7, y: top - 68 });
    if (fiscal.qr) {
      // URA's QR data, drawn module by module (vector: sharp at any print size).
      const side = box.height - 8;
      const module = side / fiscal.qr.size;
      const left = box.x + box.width - side - 4;
      const bottom = top - 16 - box.height + 4;
      for (let row = 0; row < fiscal.qr.size; row += 1) {
        for (let column = 0; column < fiscal.qr.size; column += 1) {
          if (!fiscal.qr.dark[row * fiscal.qr.size + column]) continue;
          w.page.drawRectangle({
            x: left + column * module,
            y: bottom + side - (row + 1) * module,
            width: module,
            height: module,
            color: COLOURS.ink,
          });
        }
      }
    }
  }
  w.y = Math.min(w.y, top - 16 - box.height) - 12;
}

/**
 * What the invoice says about EFRIS: nothing when the shop does not fiscalise (EFRIS off, or
 * not a tax invoice); "Not yet fiscalised" until URA answers; then its fiscal document number,
 * verification code and QR code (modules of URA's QR data).
 */
export type InvoiceFiscal =
  | { state: 'none' }
  | { state: 'pending' }
  | {
      state: 'fiscalised';
      fiscalDocumentNumber: string;
      verificationCode: string;
      qr: { size: number; dark: ArrayLike<number> } | null;
    };

/**
 * What an invoice is drawn from: an order, or a paid ticket shaped as one (its seats as the line,
 * no delivery; `event` says where and when, in place of the delivery block). Decision 0034.
 */
export type InvoiceSource = Pick<
  OrderRow,
  | 'invoice_number'
  | 'order_number'
  | 'invoice_issued_at'
  | 'invoice_paid_at'
  | 'invoice_due_at'
  | 'invoice_status'
  | 'invoice_shop_tin'
  | 'invoice_prices_include_vat'
  | 'created_at'
  | 'items'
  | 'subtotal'
  | 'delivery_fee'
  | 'discount'
  | 'discount_code'
  | 'vat_added'
  | 'total'
  | 'vat_business_name'
  | 'vat_business_tin'
  | 'contact_name'
  | 'contact_phone'
  | 'customer_email'
  | 'lpo_number'
  | 'fulfilment'
  | 'delivery_zone_name'
  | 'street'
  | 'delivery_instructions'
  | 'payment_method'
  | 'mobile_money_network'
  | 'cancel_reason'
> & { event?: { title: string; startsAt: Date; venue: string[]; ticketCode: string } };

function paymentLine(order: InvoiceSource): string {
  if (order.payment_method !== 'mobile_money')
    return paymentMethodLabel(order.payment_method, order.fulfilment);
  return `Mobile money${order.mobile_money_network ? ` (${order.mobile_money_network === 'MTN' ? 'MTN' : 'Airtel'})` : ''}`;
}

export async function renderInvoicePdf(
  order: InvoiceSource,
  fiscal: InvoiceFiscal = { state: 'none' },
): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await loadPdfLib();
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const fonts: Fonts = { regular, bold, drawable: new Set(regular.getCharacterSet()) };
  const invoiceNumber = order.invoice_number ?? '';
  doc.setTitle(`${BRAND.name} invoice ${invoiceNumber}`);
  doc.setAuthor(BRAND.name);
  doc.setSubject(
    `Invoice ${invoiceNumber} for ${order.event ? `ticket ${order.event.ticketCode}` : `order ${order.order_number}`}`,
  );
  doc.setCreator(BRAND.name);
  doc.setProducer(BRAND.name);
  doc.setCreationDate(order.invoice_issued_at ?? order.created_at);

  const w = new Writer(doc, fonts);
  // The shop's contact details and minimum age as its settings say now; its VAT registration as
  // it was when the invoice was issued (kept on the invoice).
  const shop = shopSettingsNow();
  const shopTin = order.invoice_shop_tin;
  const includesVat = order.invoice_prices_include_vat ?? true;
  // Each line's VAT, in the order the totals list them: the bottles, the delivery, the discount.
  const vat = shopTin
    ? orderVat(
        {
          lineTotals: order.items.map((item) => item.subtotal),
          deliveryFee: order.delivery_fee,
          discount: order.discount,
        },
        includesVat,
      )
    : null;

  // The shop, and the invoice's number and state.
  w.text(BRAND.name, MARGIN, { size: 20, bold: true, colour: COLOURS.wine });
  w.text(shopTin ? 'TAX INVOICE' : 'INVOICE', PAGE.width - MARGIN, { size: 18, bold: true, align: 'right' });
  w.y -= 16;
  w.text(BRAND.tagline, MARGIN, { size: 9, colour: COLOURS.muted });
  w.text(invoiceNumber, PAGE.width - MARGIN, { size: 11, bold: true, align: 'right' });
  w.y -= 14;
  w.text(shop.address, MARGIN, { size: 9 });
  const state = order.invoice_status ?? 'issued';
  w.text(
    state === 'paid' ? 'PAID' : state === 'void' ? 'VOID (order cancelled)' : 'AWAITING PAYMENT',
    PAGE.width - MARGIN,
    {
      size: 10,
      bold: true,
      align: 'right',
      colour: state === 'paid' ? COLOURS.paid : state === 'void' ? COLOURS.void : COLOURS.muted,
    },
  );
  w.y -= 12;
  w.text(`${shop.phone} · ${shop.email}`, MARGIN, { size: 9 });
  if (shopTin) {
    w.y -= 12;
    w.text(`TIN ${shopTin} · VAT registered`, MARGIN, { size: 9, bold: true });
  }
  w.y -= 18;
  w.rule(COLOURS.wine, 1.5);
  w.y -= 22;

  // Who and where, and the invoice's facts.
  const top = w.y;
  w.text('BILLED TO', MARGIN, { size: 8, bold: true, colour: COLOURS.muted });
  w.y -= 13;
  const business =
    shopTin && order.vat_business_name && order.vat_business_tin
      ? [order.vat_business_name, `TIN ${order.vat_business_tin}`, `Attn. ${order.contact_name}`]
      : [order.contact_name];
  if (order.lpo_number) business.push(`LPO ${order.lpo_number}`);
  // An erased customer's order keeps no phone, and its account's placeholder address is no address.
  const billedTo = [...business, order.contact_phone, order.customer_email].filter(
    (line) => line !== '' && !isErasedEmail(line),
  );
  for (const line of billedTo.flatMap((text) => wrap(regular, drawable(fonts, text), 10, 270))) {
    w.text(line, MARGIN, { size: 10 });
    w.y -= 13;
  }
  w.y -= 6;
  w.text(order.event ? 'EVENT' : order.fulfilment === 'pickup' ? 'PICK-UP AT' : 'DELIVER TO', MARGIN, {
    size: 8,
    bold: true,
    colour: COLOURS.muted,
  });
  w.y -= 13;
  const counter = pickupLocation(shopSettingsNow());
  const place = order.event
    ? [order.event.title, formatKampalaDate(order.event.startsAt), ...order.event.venue]
    : order.fulfilment === 'pickup'
      ? [counter.name, counter.address]
      : [
          order.delivery_zone_name ?? '',
          order.street ?? '',
          order.delivery_instructions?.landmark ? `Landmark: ${order.delivery_instructions.landmark}` : '',
        ].filter(Boolean);
  for (const line of place.flatMap((text) => wrap(regular, drawable(fonts, text), 10, 270))) {
    w.text(line, MARGIN, { size: 10 });
    w.y -= 13;
  }
  const bottomLeft = w.y;

  const facts: Array<[string, string]> = [
    ['Invoice date', formatKampalaDate(order.invoice_issued_at ?? order.created_at)],
    ...(order.invoice_due_at
      ? ([['Due date', formatKampalaDate(order.invoice_due_at)]] as Array<[string, string]>)
      : []),
    ...(order.event
      ? ([['Ticket', order.event.ticketCode]] as Array<[string, string]>)
      : ([
          ['Order number', order.order_number],
          ['Order date', formatKampalaDate(order.created_at)],
        ] as Array<[string, string]>)),
    ['Payment', paymentLine(order)],
  ];
  if (order.invoice_paid_at) facts.push(['Paid on', formatKampalaDate(order.invoice_paid_at)]);
  let factY = top;
  for (const [label, value] of facts) {
    w.text(label, 340, { size: 9, colour: COLOURS.muted, y: factY });
    w.text(value, PAGE.width - MARGIN, { size: 10, align: 'right', y: factY });
    factY -= 14;
  }
  w.y = Math.min(bottomLeft, factY) - 16;

  // The lines.
  const columns = vat ? VAT_COLUMNS : COLUMNS;
  const header = () => {
    w.text('Item', columns.item, { size: 9, bold: true, colour: COLOURS.muted });
    w.text('Qty', columns.quantity, { size: 9, bold: true, colour: COLOURS.muted, align: 'right' });
    w.text('Unit price', columns.unit, { size: 9, bold: true, colour: COLOURS.muted, align: 'right' });
    if (vat)
      w.text(`VAT ${VAT_RATE_PERCENT}%`, VAT_COLUMNS.vat, {
        size: 9,
        bold: true,
        colour: COLOURS.muted,
        align: 'right',
      });
    const amount = vat ? (includesVat ? 'Amount incl. VAT' : 'Amount excl. VAT') : 'Amount';
    w.text(amount, columns.amount, { size: 9, bold: true, colour: COLOURS.muted, align: 'right' });
    w.y -= 7;
    w.rule();
    w.y -= 15;
  };
  header();
  for (const [index, item] of order.items.entries()) {
    const name = wrap(bold, drawable(fonts, item.product_name), 10, columns.quantity - columns.item - 40);
    const detail = wrap(
      regular,
      drawable(fonts, `${item.variant_name} · ${item.sku}`),
      8,
      columns.quantity - columns.item - 40,
    );
    w.ensure(14 * name.length + 11 * detail.length + 8, header);
    w.text(String(item.quantity), columns.quantity, { size: 10, align: 'right' });
    w.text(formatUGX(item.unit_price), columns.unit, { size: 10, align: 'right' });
    const lineVat = vat?.lines[index];
    if (lineVat) w.text(formatUGX(lineVat.vat), VAT_COLUMNS.vat, { size: 10, align: 'right' });
    w.text(formatUGX(item.subtotal), columns.amount, { size: 10, align: 'right' });
    for (const line of name) {
      w.text(line, COLUMNS.item, { size: 10, bold: true });
      w.y -= 13;
    }
    for (const line of detail) {
      w.text(line, COLUMNS.item, { size: 8, colour: COLOURS.muted });
      w.y -= 11;
    }
    w.y -= 6;
  }
  w.rule();
  w.y -= 18;

  // Totals.
  w.ensure(vat ? 170 : 90);
  const delivery =
    order.fulfilment === 'pickup'
      ? 'Pick-up (no delivery fee)'
      : order.delivery_fee === 0
        ? `Delivery: free on orders of ${formatUGX(shop.free_delivery_threshold)} or more`
        : `Delivery${order.delivery_zone_name ? ` (${order.delivery_zone_name})` : ''}`;
  const totals: Array<[string, string, boolean]> = [
    ['Subtotal', formatUGX(order.subtotal), false],
    ...(order.event ? [] : [[delivery, formatUGX(order.delivery_fee), false] as [string, string, boolean]]),
    ...(order.discount > 0
      ? [
          [`Discount (code ${order.discount_code})`, `-${formatUGX(order.discount)}`, false] as [
            string,
            string,
            boolean,
          ],
        ]
      : []),
    ...(vat && !includesVat
      ? [[`VAT ${VAT_RATE_PERCENT}% added`, formatUGX(order.vat_added), false] as [string, string, boolean]]
      : []),
    ['Total (UGX)', formatUGX(order.total), true],
  ];
  for (const [label, value, strong] of totals) {
    w.text(label, COLUMNS.unit, { size: strong ? 12 : 10, bold: strong, align: 'right' });
    w.text(value, COLUMNS.amount, { size: strong ? 12 : 10, bold: strong, align: 'right' });
    w.y -= strong ? 20 : 15;
  }
  if (vat) vatSummary(w, vat.total, includesVat, fiscal);
  w.y -= 6;
  // Whether VAT applies is the invoice's own (its TIN and mode when issued), said by the analysis.
  w.text('All amounts are in Uganda shillings (UGX).', MARGIN, { size: 8, colour: COLOURS.muted });
  if (order.cancel_reason) {
    w.y -= 12;
    w.text(`Order cancelled: ${order.cancel_reason}`, MARGIN, { size: 8, colour: COLOURS.void });
  }

  // Footer on every page.
  w.pages.forEach((page, index) => {
    const footer = `${BRAND.name} · ${shop.address} · Purchasers must be ${shop.minimum_age} or older. Please enjoy responsibly.`;
    page.drawText(drawable(fonts, footer), {
      x: MARGIN,
      y: MARGIN - 10,
      size: 7,
      font: regular,
      color: COLOURS.muted,
    });
    const numbering = `Page ${index + 1} of ${w.pages.length}`;
    page.drawText(numbering, {
      x: PAGE.width - MARGIN - regular.widthOfTextAtSize(numbering, 7),
      y: MARGIN - 10,
      size: 7,
      font: regular,
      color: COLOURS.muted,
    });
  });

  return doc.save();
}
