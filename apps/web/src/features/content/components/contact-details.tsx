import { BRAND } from '@shop/contract/brand';
import { whatsappChatHref } from '../../../lib/whatsapp';

/** Phone and WhatsApp links made from the brand settings. */
export const phoneHref = `tel:${BRAND.phone.replace(/\s+/g, '')}`;
export const whatsappHref = whatsappChatHref();
export const emailHref = `mailto:${BRAND.email}`;
export const mapHref = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(BRAND.address)}`;

/** The shop's ways to be reached, as a definition list. */
export function ContactList() {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr]">
      <dt className="font-semibold text-wine-900">Phone</dt>
      <dd>
        <a href={phoneHref}>{BRAND.phone}</a>
      </dd>
      <dt className="font-semibold text-wine-900">WhatsApp</dt>
      <dd>
        <a href={whatsappHref} rel="noopener noreferrer" target="_blank">
          {BRAND.whatsapp}
        </a>
      </dd>
      <dt className="font-semibold text-wine-900">E-mail</dt>
      <dd>
        <a href={emailHref}>{BRAND.email}</a>
      </dd>
      <dt className="font-semibold text-wine-900">Shop</dt>
      <dd>{BRAND.address}</dd>
      <dt className="font-semibold text-wine-900">Opening hours</dt>
      <dd>{BRAND.openingHours}</dd>
    </dl>
  );
}
