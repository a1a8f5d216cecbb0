import crypto from 'node:crypto';
import { API_BASE_PATH } from '@shop/contract/constants';
import {
  formatTicketCode,
  TICKET_CODE_ALPHABET,
  TICKET_CODE_LENGTH,
  type Ticket,
} from '@shop/contract/events';

/**
 * Tickets: a random code per RSVP (50 bits of Crockford base 32, unique in the database) and its
 * QR code. The QR code holds the code and nothing else, so scanning it at the door and typing
 * it check in the same way; its image URL is the code itself, which is why it can be public:
 * whoever has the URL already has the code.
 */

/** A fresh ticket code: 10 characters drawn without modulo bias (32 divides 256). */
export function newTicketCode(): string {
  const bytes = crypto.randomBytes(TICKET_CODE_LENGTH);
  let code = '';
  for (const byte of bytes) code += TICKET_CODE_ALPHABET[byte % TICKET_CODE_ALPHABET.length];
  return code;
}

export const TICKET_QR_PATH = `${API_BASE_PATH}/events/tickets`;

export function ticketOf(code: string, publicUrl = ''): Ticket {
  return {
    code,
    display_code: formatTicketCode(code),
    qr_svg_url: `${publicUrl}${TICKET_QR_PATH}/${code}/qr.svg`,
    qr_png_url: `${publicUrl}${TICKET_QR_PATH}/${code}/qr.png`,
  };
}

const QR_OPTIONS = { margin: 2, errorCorrectionLevel: 'M' } as const;

// qrcode loads with the first QR code asked for: most processes never draw one (10 MB of RSS).
let qrcode: Promise<typeof import('qrcode')> | undefined;
const loadQrCode = () => (qrcode ??= import('qrcode'));

export async function ticketQrSvg(code: string): Promise<string> {
  const QRCode = await loadQrCode();
  return QRCode.toString(code, { ...QR_OPTIONS, type: 'svg' });
}

/** 264 px square: sharp enough on a phone held up at the door, small enough for e-mail. */
export async function ticketQrPng(code: string): Promise<Buffer> {
  const QRCode = await loadQrCode();
  return QRCode.toBuffer(code, { ...QR_OPTIONS, type: 'png', width: 264 });
}
