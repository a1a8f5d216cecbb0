import { BRAND } from '@shop/contract/brand';
import { formatOpeningHours, hourText } from '@shop/contract/settings-values';
import { Link } from '@tanstack/react-router';
import { WhatsAppChatLink } from '../../../components/whatsapp-chat-link';
import { useShopSettings } from '../../../lib/shop-settings';
import { ContactList } from '../components/contact-details';
import { ContentPage } from '../components/content-page';

export function SupportPage() {
  const { delivery_hours, opening_hours } = useShopSettings();
  const openingHours = formatOpeningHours(opening_hours);
  return (
    <ContentPage
      eyebrow="Help"
      title="Support"
      lead="Real people, around the clock. Whatever the question, about an order, a delivery, a payment or a pairing, we will help."
    >
      <h2>How to reach us</h2>
      <p>
        The quickest way is WhatsApp: send your order number with your question and we usually answer within
        minutes. Phone and WhatsApp support runs 24 hours a day, 7 days a week. E-mails are answered within
        one working day.
      </p>
      <p>
        <WhatsAppChatLink message={`Hello ${BRAND.name}, I need help with `} />
      </p>
      <ContactList />
      <p>
        The shop and its tasting room are open {openingHours}. Deliveries run every day from{' '}
        {hourText(delivery_hours.from)} to {hourText(delivery_hours.to)}.
      </p>

      <h2>Common questions</h2>
      <h3>Where is my order?</h3>
      <p>
        Signed-in customers can follow every order on the{' '}
        <Link to="/delivery-tracking">delivery tracking</Link> page, from confirmed to delivered. You can also
        see it in your <Link to="/order-history">order history</Link>.
      </p>
      <h3>My mobile money payment did not go through</h3>
      <p>
        If you were not charged, simply try again from your order. If money left your account but the order
        still shows as unpaid, send us the transaction ID from your MTN or Airtel SMS and we will match it
        within the hour. See your <Link to="/payments">payment history</Link> for every payment we received.
      </p>
      <h3>A bottle arrived damaged or tastes wrong</h3>
      <p>
        Tell us within 48 hours with a photo and we will replace it or refund you. Our{' '}
        <Link to="/returns">returns policy</Link> has the details.
      </p>
      <h3>Can you help me choose?</h3>
      <p>
        Gladly. Tell us the occasion, the food and your budget, and we will suggest a few bottles. Our{' '}
        <Link to="/guide">buyer’s guide</Link> is a good place to start.
      </p>

      <h2>More help</h2>
      <ul>
        <li>
          <Link to="/orders">How ordering works</Link>: cart, checkout, payment and order statuses.
        </li>
        <li>
          <Link to="/shipping">Shipping</Link>: delivery areas, fees and times.
        </li>
        <li>
          <Link to="/faq">FAQ</Link>: age checks, gifts, corporate orders and events.
        </li>
        <li>
          <Link to="/privacy">Privacy</Link>: what we keep about you and why.
        </li>
      </ul>
    </ContentPage>
  );
}
