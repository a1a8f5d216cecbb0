import { BRAND } from '@shop/contract/brand';
import { Link } from '@tanstack/react-router';
import { useShopSettings } from '../../../lib/shop-settings';
import { ContentPage } from '../components/content-page';

export function CookiesPage() {
  const { minimum_age } = useShopSettings();
  return (
    <ContentPage
      eyebrow="Legal"
      title="Cookie policy"
      lead="We store only what the shop needs to work. There are no advertising cookies and no third-party trackers."
    >
      <h2>What we store</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">What it does</th>
            <th scope="col">How long</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Session cookie</td>
            <td>Keeps you signed in, or keeps your visit together while you browse without an account</td>
            <td>24 hours, renewed while you use the shop</td>
          </tr>
          <tr>
            <td>CSRF cookie</td>
            <td>Proves that a form was sent from our own pages, so no other website can act in your name</td>
            <td>Your session</td>
          </tr>
          <tr>
            <td>Age confirmation</td>
            <td>Remembers that you confirmed you are {minimum_age} or older</td>
            <td>30 days</td>
          </tr>
          <tr>
            <td>Cart</td>
            <td>Keeps the bottles in your cart when you reload the page or come back later</td>
            <td>Until you check out or empty the cart</td>
          </tr>
        </tbody>
      </table>
      <p>
        All of these are strictly necessary: the shop cannot sign you in, protect your account or keep your
        cart without them, so they do not need your consent and cannot be switched off here.
      </p>

      <h2>What we do not use</h2>
      <ul>
        <li>No advertising or retargeting cookies.</li>
        <li>No social media pixels.</li>
        <li>No third-party analytics that follow you across websites.</li>
      </ul>
      <p>
        If you choose to sign in with Google, Google sets its own cookies on its own pages; {BRAND.name} does
        not read them.
      </p>

      <h2>Managing cookies</h2>
      <p>
        You can delete cookies in your browser’s settings at any time. You will be signed out and your cart
        emptied if you were not signed in. Read more in our <Link to="/privacy">privacy policy</Link>.
      </p>
    </ContentPage>
  );
}
