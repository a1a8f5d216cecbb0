import { AccountPage } from '../../features/account/routes/account';
import { MyRsvps } from '../../features/events/components/my-rsvps';
import { ChangePasswordForm } from '../../features/identity/components/change-password-form';
import { ProfileSummary } from '../../features/profile/components/profile-summary';

/** /account: the account page with the profile's summary, the RSVPs and the change-password form. */
export function AccountRoute() {
  return (
    <AccountPage
      profileSummary={<ProfileSummary />}
      rsvps={<MyRsvps />}
      changePassword={<ChangePasswordForm />}
    />
  );
}
