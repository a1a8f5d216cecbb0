import { BRAND } from '@shop/contract/brand';
import { BROWSER_STORAGE, type BrowserStorageItem } from '@shop/contract/browser-storage';
import { Link } from '@tanstack/react-router';
import { ContentPage } from '../components/content-page';

const WHERE: Record<BrowserStorageItem['where'], string> = {
  cookie: 'cookie',
  localStorage: 'kept in this browser',
  sessionStorage: 'kept in this tab',
};

/** The cookie policy: the list of what the shop stores in a browser (`@shop/contract/browser-storage`). */
export function CookiesPage() {
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
          {BROWSER_STORAGE.map((item) => (
            <tr key={item.name}>
              <td>
                <code>{item.name}</code> ({WHERE[item.where]})
              </td>
              <td>{item.what}</td>
              <td>{item.lasts}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        All of these are strictly necessary: the shop cannot sign you in, protect your account, check your age
        or keep your cart without them, so they do not need your consent and cannot be switched off here. We
        set nothing else: no cookie or storage beyond these, so there is no cookie consent to ask for.
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
