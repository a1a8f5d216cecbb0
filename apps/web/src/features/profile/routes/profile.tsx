import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FormMessage, textLinkClass } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { profileQuery } from '../api/get-profile';
import { ConsentsSection } from '../components/consents-section';
import { DataExportSection } from '../components/data-export-section';
import { ErasureSection } from '../components/erasure-section';
import { ProfileForm } from '../components/profile-form';
import { SmsSettingsSection } from '../components/sms-settings';

/** /profile: the customer edits their details (docs/product.md section 7's profile calls). */
export function ProfilePage() {
  const { data: profile, isPending, isError, refetch } = useQuery(profileQuery);

  return (
    <PageShell
      eyebrow="Account"
      title="Your profile"
      lead="Your name, phone number for delivery and mobile money, date of birth and default delivery address."
    >
      {isPending ? (
        <p role="status" className="text-ink-soft">
          Loading your profile…
        </p>
      ) : isError || !profile ? (
        <FormMessage kind="error">
          We could not load your profile.{' '}
          <button type="button" className={textLinkClass} onClick={() => void refetch()}>
            Try again
          </button>
        </FormMessage>
      ) : (
        <>
          <ProfileForm key={profile.id} profile={profile} />
          <SmsSettingsSection />
          <ConsentsSection />
          <DataExportSection />
          <ErasureSection />
        </>
      )}
      <p className="mt-10 text-ink-soft">
        <Link to="/account" className={textLinkClass}>
          Back to your account
        </Link>
      </p>
    </PageShell>
  );
}
