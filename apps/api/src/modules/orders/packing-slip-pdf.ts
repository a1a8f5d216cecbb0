import { BRAND } from '@shop/contract/brand';
import { contactPreferenceLabels } from '@shop/contract/delivery';
import { firstNameOf, kampalaDayStart } from '@shop/contract/gifts';
import { formatKampalaDateTime, formatKampalaWeekdayDate } from '@shop/contract/kampala-time';
import { formatUGX } from '@shop/contract/money';
import { paymentMethodLabel, pickupLocation } from '@shop/contract/orders';
import { preferredTimeLabel } from '@shop/contract/settings-values';
import type { StaffOrderDetail } from '@shop/contract/staff-orders';
import { loadPdfLib } from '../../lib/pdf-lib';
import { shopSettingsNow } from '../settings/settings-snapshot';
import { COLOURS, drawable, type Fonts, MARGIN, PAGE, Writer, wrap } from './invoice-pdf';

/**
 * The packing slip and delivery note (A4), for the packer and the rider: what to pack and how
 * many, where it goes and how to find it (landmark, access, instructions), how to reach the
 * customer, and the cash to collect on a cash order. Drawn like the invoice (./invoice-pdf.ts),
 * with no prices on the lines: the slip travels with the bottles.
 */

const COLUMNS = { check: MARGIN, item: MARGIN + 24, size: 360, quantity: PAGE.width - MARGIN };

/** The cash the rider (or the counter) collects: the total of an unpaid cash order, else nothing. */
export function cashToCollect(order: Pick<StaffOrderDetail, 'payment_method' | 'payment_status' | 'total'>) {
  return order.payment_method === 'cash_on_delivery' && order.payment_status === 'pending' ? order.total : 0;
}

export async function renderPackingSlipPdf(
  order: StaffOrderDetail,
  printedAt = new Date(),
): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await loadPdfLib();
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const fonts: Fonts = { regular, bold, drawable: new Set(regular.getCharacterSet()) };
  doc.setTitle(`${BRAND.name} packing slip ${order.order_number}`);
  doc.setAuthor(BRAND.name);
  doc.setSubject(`Packing slip and delivery note for order ${order.order_number}`);
  doc.setCreator(BRAND.name);
  doc.setProducer(BRAND.name);
  doc.setCreationDate(printedAt);

  const w = new Writer(doc, fonts);
  const pickup = order.fulfilment === 'pickup';

  w.text(BRAND.name, MARGIN, { size: 20, bold: true, colour: COLOURS.wine });
  w.text(pickup ? 'PACKING SLIP' : 'PACKING SLIP / DELIVERY NOTE', PAGE.width - MARGIN, {
    size: 14,
    bold: true,
    align: 'right',
  });
  w.y -= 18;
  w.text(`${BRAND.phone} · ${BRAND.email}`, MARGIN, { size: 9, colour: COLOURS.muted });
  w.text(order.order_number, PAGE.width - MARGIN, { size: 12, bold: true, align: 'right' });
  w.y -= 14;
  w.text(`Placed ${formatKampalaDateTime(order.created_at)}`, PAGE.width - MARGIN, {
    size: 9,
    colour: COLOURS.muted,
    align: 'right',
  });
  w.y -= 14;
  w.rule(COLOURS.wine, 1.5);
  w.y -= 20;

  const block = (heading: string, lines: string[]) => {
    const wrapped = lines.filter(Boolean).flatMap((text) => wrap(regular, drawable(fonts, text), 10, 480));
    w.ensure(16 + 13 * wrapped.length);
    w.text(heading, MARGIN, { size: 8, bold: true, colour: COLOURS.muted });
    w.y -= 13;
    for (const line of wrapped) {
      w.text(line, MARGIN, { size: 10 });
      w.y -= 13;
    }
    w.y -= 8;
  };

  const instructions = order.delivery_instructions;
  const gift = order.gift;
  if (gift) {
    // A gift: the rider calls the recipient; the slip travels with it, so it names no price.
    block('GIFT FOR (CALL THIS NUMBER)', [gift.recipient_name, gift.recipient_phone]);
    block('FROM', [firstNameOf(order.contact_name)]);
  } else {
    block('CUSTOMER', [
      order.contact_name,
      order.contact_phone,
      instructions ? `Contact by: ${contactPreferenceLabels[instructions.contact_preference]}` : '',
    ]);
  }
  if (pickup) {
    const counter = pickupLocation(shopSettingsNow());
    block('PICK-UP AT', [counter.name, counter.address]);
  } else {
    block('DELIVER TO', [
      [order.street, order.delivery_zone].filter(Boolean).join(', '),
      instructions?.landmark ? `Landmark: ${instructions.landmark}` : '',
    ]);
    if (instructions) {
      block('DELIVERY INSTRUCTIONS', [
        `When: ${preferredTimeLabel(instructions.preferred_delivery_time, shopSettingsNow().delivery_windows)}`,
        instructions.access_instructions ? `Access: ${instructions.access_instructions}` : '',
        instructions.security_code ? `Gate / security code: ${instructions.security_code}` : '',
        instructions.leave_at_door ? 'May be left at the door' : '',
        instructions.require_signature ? 'Signature required' : '',
        instructions.delivery_notes ? `Notes: ${instructions.delivery_notes}` : '',
        instructions.special_instructions ? `Special: ${instructions.special_instructions}` : '',
      ]);
    }
    if (order.delivery?.rider_name) {
      block('RIDER', [`${order.delivery.rider_name} (${order.delivery.rider_phone ?? ''})`]);
    }
  }
  if (gift) {
    block('GIFT DAY', [formatKampalaWeekdayDate(kampalaDayStart(gift.delivery_date))]);
    if (gift.recipient_instructions) block('RECIPIENT’S INSTRUCTIONS', [gift.recipient_instructions]);
    if (gift.message) block('GIFT MESSAGE (PRINT THE GIFT CARD)', gift.message.split(/\r?\n/));
  }
  if (order.customer_note) block('CUSTOMER NOTE', [order.customer_note]);

  // The lines: a box to tick, the bottle, its size, how many.
  const header = () => {
    w.text('Item', COLUMNS.item, { size: 9, bold: true, colour: COLOURS.muted });
    w.text('Size', COLUMNS.size, { size: 9, bold: true, colour: COLOURS.muted });
    w.text('Qty', COLUMNS.quantity, { size: 9, bold: true, colour: COLOURS.muted, align: 'right' });
    w.y -= 7;
    w.rule();
    w.y -= 15;
  };
  w.y -= 4;
  header();
  for (const item of order.items) {
    const name = wrap(bold, drawable(fonts, item.product_name), 11, COLUMNS.size - COLUMNS.item - 12);
    w.ensure(14 * name.length + 20, header);
    w.page.drawRectangle({
      x: COLUMNS.check,
      y: w.y - 2,
      width: 11,
      height: 11,
      borderColor: COLOURS.ink,
      borderWidth: 0.8,
    });
    w.text(drawable(fonts, item.variant_name), COLUMNS.size, { size: 10 });
    w.text(String(item.quantity), COLUMNS.quantity, { size: 12, bold: true, align: 'right' });
    for (const line of name) {
      w.text(line, COLUMNS.item, { size: 11, bold: true });
      w.y -= 14;
    }
    w.text(item.sku, COLUMNS.item, { size: 8, colour: COLOURS.muted });
    w.y -= 16;
  }
  w.rule();
  w.y -= 16;
  const bottles = order.items.reduce((sum, item) => sum + item.quantity, 0);
  w.text(`${bottles} ${bottles === 1 ? 'bottle' : 'bottles'} in total`, COLUMNS.quantity, {
    size: 11,
    bold: true,
    align: 'right',
  });
  w.y -= 26;

  // Money: what the rider collects, or that nothing is to be collected.
  w.ensure(60);
  const cash = cashToCollect(order);
  if (gift && cash === 0) {
    w.text('Nothing to collect: this is a gift', MARGIN, { size: 12, bold: true, colour: COLOURS.paid });
  } else if (cash > 0) {
    w.text(`CASH TO COLLECT: ${formatUGX(cash)}`, MARGIN, { size: 14, bold: true, colour: COLOURS.void });
    w.y -= 16;
    w.text(
      `${paymentMethodLabel(order.payment_method, order.fulfilment)}. Count it before handing over.`,
      MARGIN,
      {
        size: 9,
        colour: COLOURS.muted,
      },
    );
  } else {
    const state = order.payment_status === 'paid' ? 'Paid' : `Payment ${order.payment_status}`;
    w.text(`Nothing to collect: ${state} (${formatUGX(order.total)})`, MARGIN, {
      size: 12,
      bold: true,
      colour: COLOURS.paid,
    });
  }
  w.y -= 40;
  w.ensure(30);
  w.text('Received in good order by (name, signature): ______________________________', MARGIN, { size: 10 });

  w.pages.forEach((page, index) => {
    const numbering = `${order.order_number} · Page ${index + 1} of ${w.pages.length}`;
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
