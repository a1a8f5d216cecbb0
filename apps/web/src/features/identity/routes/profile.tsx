import { LinkCards } from '../../../components/link-cards';
import { PageShell } from '../../../components/page-shell';

/** The customer's details: the identity feature fills it with the profile form. */
export function ProfilePage() {
  return (
    <PageShell
      eyebrow="Account"
      title="Your profile"
      lead="Your name, e-mail address, phone number for delivery and mobile money, and your saved delivery addresses."
    >
      <LinkCards
        links={[
          { to: '/account', title: 'Account', description: 'Back to your account overview.' },
          { to: '/privacy', title: 'Privacy', description: 'What we keep, why, and for how long.' },
        ]}
      />
    </PageShell>
  );
}
