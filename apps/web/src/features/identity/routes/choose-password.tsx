import { useRouter, useSearch } from '@tanstack/react-router';
import { FormMessage } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { ChangePasswordForm } from '../components/change-password-form';
import { DEFAULT_AFTER_SIGN_IN } from '../lib/login-search';

/**
 * /choose-password: an account made with a one-time password (`npm run admin -- create`) chooses
 * its own before anything else (the API refuses it everything else until then); then it goes on
 * to the page it wanted (`?redirect=`), or to the account.
 */
export function ChoosePasswordPage() {
  // Not strict about being the active page: Preact may render this page once more from its own
  // subscription after a navigation has left it, before the router's outlet takes it away.
  const redirect = useSearch({ from: '/choose-password', shouldThrow: false })?.redirect;
  const router = useRouter();
  return (
    <PageShell
      eyebrow="Account"
      title="Choose a new password"
      lead="You signed in with a one-time password. Choose a password of your own to continue."
    >
      <div className="max-w-md space-y-6">
        <FormMessage kind="info">
          Type the one-time password you were given, then your new password. Your other sessions are signed
          out.
        </FormMessage>
        <ChangePasswordForm
          currentLabel="One-time password"
          submitLabel="Save my new password"
          onChanged={() => router.navigate({ href: redirect ?? DEFAULT_AFTER_SIGN_IN, replace: true })}
        />
      </div>
    </PageShell>
  );
}
