import { BRAND } from '@shop/contract/brand';
import { Link } from '@tanstack/react-router';
import { useShopSettings } from '../../../lib/shop-settings';
import { ContentPage } from '../components/content-page';

export function PrivacyPage() {
  const { address, email } = useShopSettings();
  const emailHref = `mailto:${email}`;
  return (
    <ContentPage
      eyebrow="Legal"
      title="Privacy policy"
      lead={`What ${BRAND.name} keeps about you, why, for how long, and the rights you have over it.`}
    >
      <p>
        We handle personal data in line with Uganda’s Data Protection and Privacy Act, 2019 and its
        Regulations. We collect only what we need to sell and deliver to you, we never sell your data, and we
        share it only with the people who help us deliver your order.
      </p>

      <h2>What we keep</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Data</th>
            <th scope="col">Why</th>
            <th scope="col">How long</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              Account: name, e-mail address, phone number, password (stored only as a secure hash) or your
              Google sign-in
            </td>
            <td>To let you sign in, show your orders and contact you about them</td>
            <td>While your account is open; deleted within 30 days of your request to close it</td>
          </tr>
          <tr>
            <td>Orders and invoices: what you bought, prices, dates</td>
            <td>To fulfil the order, handle returns and keep the accounts the law requires</td>
            <td>Five years, as Uganda’s tax law requires</td>
          </tr>
          <tr>
            <td>Delivery addresses, landmarks and delivery instructions</td>
            <td>To bring your order to the right door</td>
            <td>Until you delete them from your profile or close your account</td>
          </tr>
          <tr>
            <td>Mobile money phone numbers and transaction references (MTN, Airtel)</td>
            <td>To take payment, match it to your order and make refunds</td>
            <td>With the order record, five years. We never see or keep your mobile money PIN</td>
          </tr>
          <tr>
            <td>Event RSVPs and wishlist</td>
            <td>To hold your seat and remember bottles you saved</td>
            <td>Until the event has passed (RSVPs) or until you remove them (wishlist)</td>
          </tr>
          <tr>
            <td>Newsletter: your e-mail address</td>
            <td>To send the newsletter you asked for</td>
            <td>Until you unsubscribe, using the link in every e-mail</td>
          </tr>
        </tbody>
      </table>

      <h2>Who we share it with</h2>
      <ul>
        <li>Our payment provider and your mobile network, to process mobile money payments.</li>
        <li>Our riders, who see your name, phone number, address and instructions for your delivery only.</li>
        <li>Authorities, when Ugandan law requires it.</li>
      </ul>

      <h2>Your rights</h2>
      <p>Under the Data Protection and Privacy Act, 2019 you may:</p>
      <ul>
        <li>ask for a copy of the personal data we hold about you;</li>
        <li>ask us to correct data that is wrong or incomplete;</li>
        <li>ask us to delete your data, except what the law obliges us to keep;</li>
        <li>object to direct marketing at any time;</li>
        <li>complain to the Personal Data Protection Office if you believe we mishandled your data.</li>
      </ul>
      <p>
        We answer every request within 30 days. We keep your data on secured servers, encrypt it in transit,
        and limit access to the staff who need it.
      </p>

      <h2>Cookies</h2>
      <p>
        We use a handful of cookies to keep you signed in and your cart safe, and no advertising trackers. See
        our <Link to="/cookies">cookie policy</Link>.
      </p>

      <h2>Contact</h2>
      <p>
        Write to us at <a href={emailHref}>{email}</a> or at {address}, with “Data protection” in the subject.
      </p>
    </ContentPage>
  );
}
