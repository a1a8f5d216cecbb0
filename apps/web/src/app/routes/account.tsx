import { AccountPage } from '../../features/account/routes/account';
import { EfrisBanner } from '../../features/admin-efris/components/efris-banner';
import { SmtpBanner } from '../../features/admin-outbox/components/smtp-banner';
import { MyRsvps } from '../../features/events/components/my-rsvps';
import { ChangePasswordForm } from '../../features/identity/components/change-password-form';
import { ProfileSummary } from '../../features/profile/components/profile-summary';

/**
 * /account: the account page with the profile's summary, the RSVPs, the change-password form and,
 * for staff, the warnings while the shop's e-mail is not being sent or invoices wait for URA.
 */
export function AccountRoute() {
  return (
    <AccountPage
      profileSummary={<ProfileSummary />}
      rsvps={<MyRsvps />}
      changePassword={<ChangePasswordForm />}
      staffNotice={
        <>
          <SmtpBanner />
          <EfrisBanner />
        </>
      }
    />
  );
}
