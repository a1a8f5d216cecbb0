import { BRAND } from '@shop/contract/brand';
import { formatUGX } from '@shop/contract/money';
import { Link } from '@tanstack/react-router';
import { useShopSettings } from '../../../lib/shop-settings';
import { ContentPage } from '../components/content-page';

export function TermsPage() {
  const { address, email, free_delivery_threshold, minimum_age, phone } = useShopSettings();
  const emailHref = `mailto:${email}`;
  return (
    <ContentPage
      eyebrow="Legal"
      title="Terms of sale"
      lead={`The terms on which ${BRAND.name} sells wines and spirits through this website. By placing an order you accept them.`}
    >
      <h2>1. Who we are</h2>
      <p>
        {BRAND.name}, {address}, {BRAND.country}. You can reach us on {phone} or at{' '}
        <a href={emailHref}>{email}</a>.
      </p>

      <h2>2. Sale of alcohol</h2>
      <p>
        We sell alcohol only to adults aged {minimum_age} and over. By ordering you confirm that you are{' '}
        {minimum_age} or older, and that the person receiving the order is too. We check ID on delivery and at
        pick-up, and we may refuse to hand over an order, or cancel it, if no valid ID is shown or if we
        believe the alcohol is being bought for someone under age. We also refuse delivery to anyone who
        appears intoxicated.
      </p>

      <h2>3. Prices</h2>
      <p>
        Prices are in Uganda shillings (UGX) and include VAT and excise duty. Delivery fees are shown at
        checkout before you pay; delivery is free on orders over {formatUGX(free_delivery_threshold)}. If a
        price on the site is obviously wrong, we will tell you before your order is processed and you may
        cancel it for a full refund.
      </p>

      <h2>4. Availability</h2>
      <p>
        All products are subject to availability. Vintages can change between listing and delivery; if the
        vintage you ordered has sold out, we will offer you the next one or a refund. If a product becomes
        unavailable after you order, we refund it in full.
      </p>

      <h2>5. Payment</h2>
      <p>
        You pay by MTN Mobile Money or Airtel Money at checkout, or in cash or by mobile money on delivery. A
        mobile money order is confirmed when the payment is received; an order whose payment does not arrive
        is cancelled automatically, and nothing is charged.
      </p>

      <h2>6. Delivery</h2>
      <p>
        We deliver to the areas, and in the indicative times, listed on our{' '}
        <Link to="/shipping">shipping</Link> page. Risk in the goods passes to you when they are handed over.
        If nobody aged {minimum_age} or over is available to receive the order, we will arrange a new
        delivery; a second failed delivery may be charged at the fee for your area.
      </p>

      <h2>7. Cancellations and returns</h2>
      <p>
        You may cancel an order free of charge until it is out for delivery; a payment already made is
        refunded to your mobile money within three working days. Returns of damaged, faulty or unopened
        bottles follow our <Link to="/returns">returns policy</Link>.
      </p>

      <h2>8. Liability</h2>
      <p>
        We are responsible for delivering the products you ordered in good condition. Our liability for any
        order is limited to the price you paid for it, except where the law does not allow such a limit, and
        nothing in these terms limits your rights as a consumer under Ugandan law. We are not responsible for
        delays caused by events beyond our reasonable control, such as severe weather, road closures or
        network outages. Please drink responsibly.
      </p>

      <h2>9. Personal data</h2>
      <p>
        We use your details to process and deliver your order, as described in our{' '}
        <Link to="/privacy">privacy policy</Link>.
      </p>

      <h2>10. Governing law</h2>
      <p>
        These terms are governed by the laws of the Republic of Uganda, and the courts of Uganda have
        jurisdiction over any dispute. We will always try to settle a complaint directly with you first.
      </p>
    </ContentPage>
  );
}
