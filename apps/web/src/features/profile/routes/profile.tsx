import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { textLinkClass } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { QueryStatus } from '../../../components/query-state';
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
      {isPending || isError || !profile ? (
        <QueryStatus
          pending={isPending}
          onRetry={refetch}
          what="Your profile"
          loading="Loading your profile…"
        />
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
