import { BRAND } from '@shop/contract/brand';

/** Digits only, with the country code: what `wa.me` wants ("+256 772 000 123" → "256772000123"). */
export function waNumber(phone: string): string {
  const digits = phone.replace(/\D+/g, '');
  // A local Ugandan number (0772…) gets the country code.
  return digits.startsWith('0') ? `256${digits.slice(1)}` : digits;
}

/**
 * WhatsApp's click-to-chat link (https://wa.me/<number>?text=…): opens a chat with the number,
 * the message typed in and ready to send, in the app on a phone or WhatsApp Web on a computer.
 */
export function whatsappChatHref(message?: string, phone: string = BRAND.whatsapp): string {
  const base = `https://wa.me/${waNumber(phone)}`;
  return message ? `${base}?text=${encodeURIComponent(message)}` : base;
}
