import { formatOpeningHours } from '@shop/contract/settings-values';
import { useShopSettings } from '../../../lib/shop-settings';
import { whatsappChatHref } from '../../../lib/whatsapp';

/** A Google Maps search for the shop's address. */
export const mapHrefOf = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** The shop's ways to be reached (its settings, changed by admins), as a definition list. */
export function ContactList() {
  const { phone, whatsapp, email, address, opening_hours } = useShopSettings();
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr]">
      <dt className="font-semibold text-wine-900">Phone</dt>
      <dd>
        <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a>
      </dd>
      <dt className="font-semibold text-wine-900">WhatsApp</dt>
      <dd>
        <a href={whatsappChatHref(undefined, whatsapp)} rel="noopener noreferrer" target="_blank">
          {whatsapp}
        </a>
      </dd>
      <dt className="font-semibold text-wine-900">E-mail</dt>
      <dd>
        <a href={`mailto:${email}`}>{email}</a>
      </dd>
      <dt className="font-semibold text-wine-900">Shop</dt>
      <dd>{address}</dd>
      <dt className="font-semibold text-wine-900">Opening hours</dt>
      <dd>{formatOpeningHours(opening_hours)}</dd>
    </dl>
  );
}
