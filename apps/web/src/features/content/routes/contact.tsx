import { BRAND } from '@shop/contract/brand';
import { Link } from '@tanstack/react-router';
import { useShopSettings } from '../../../lib/shop-settings';
import { ContactList, mapHrefOf } from '../components/contact-details';
import { ContentPage } from '../components/content-page';

export function ContactPage() {
  const { address } = useShopSettings();
  const mapHref = mapHrefOf(address);
  return (
    <ContentPage
      eyebrow="Contact"
      title="Contact us"
      lead={`Call, message or drop in: the shop is in Kololo, a few minutes from the centre of ${BRAND.city}.`}
    >
      <h2>Our details</h2>
      <ContactList />

      <h2>Finding the shop</h2>
      <p>
        We are at {address}. Parking is available in front of the shop, and boda bodas and ride-hailing
        drivers know Acacia Avenue well.
      </p>
      <p>
        <a href={mapHref} target="_blank" rel="noopener noreferrer">
          Open {address} in Google Maps (opens in a new tab)
        </a>
      </p>

      <h2>Other questions</h2>
      <p>
        For orders, deliveries and payments, our <Link to="/support">support page</Link> lists the quickest
        answers. For corporate gifting, weddings and private tastings, e-mail us with the date, the number of
        guests and your budget, and we will come back with a proposal within one working day.
      </p>
    </ContentPage>
  );
}
