import { BRAND } from '@shop/contract/brand';
import { Link } from '@tanstack/react-router';
import { QueryStatus } from '../../../components/query-state';
import { useShopSettings } from '../../../lib/shop-settings';
import { usePrivacyFacts } from '../api/privacy-facts';
import { ContentPage } from '../components/content-page';

/**
 * What is kept, why, for how long, and who receives it: read from the API, which builds it from
 * the retention settings the jobs apply and the processors the server is configured with.
 */
function PrivacyFactsTables() {
  const { data, isPending, isError, refetch } = usePrivacyFacts();
  if (isPending || isError || !data) {
    return (
      <QueryStatus
        pending={isPending}
        onRetry={refetch}
        what="This part of the policy"
        loading="Loading what we keep…"
      />
    );
  }
  return (
    <>
      <table>
        <thead>
          <tr>
            <th scope="col">Data</th>
            <th scope="col">Why</th>
            <th scope="col">How long</th>
          </tr>
        </thead>
        <tbody>
          {data.kept.map((row) => (
            <tr key={row.data}>
              <td>{row.data}</td>
              <td>{row.why}</td>
              <td>{row.kept}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2>Who receives it</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Who</th>
            <th scope="col">Why</th>
            <th scope="col">What they receive</th>
            <th scope="col">Where</th>
          </tr>
        </thead>
        <tbody>
          {data.processors.map((processor) => (
            <tr key={processor.name}>
              <td>{processor.name}</td>
              <td>{processor.purpose}</td>
              <td>{processor.receives}</td>
              <td>{processor.location}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Our riders see your name, phone number, address and instructions for your delivery only; authorities
        receive data when Ugandan law requires it.
      </p>
    </>
  );
}

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
      <PrivacyFactsTables />

      <h2>Your rights</h2>
      <p>Under the Data Protection and Privacy Act, 2019 you may:</p>
      <ul>
        <li>ask for a copy of the personal data we hold about you;</li>
        <li>ask us to correct data that is wrong or incomplete;</li>
        <li>
          ask us to delete your data, except what the law obliges us to keep (from your{' '}
          <Link to="/profile">profile</Link>, where you can also download a copy of your data);
        </li>
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
