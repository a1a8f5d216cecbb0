import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { FormMessage, textLinkClass } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { ResetPasswordForm } from '../components/reset-password-form';

const routeApi = getRouteApi('/reset-password');

/** The page the reset e-mail links to (`/reset-password?token=…`); then the customer signs in. */
export function ResetPasswordPage() {
  const { token } = routeApi.useSearch();
  const router = useRouter();

  return (
    <PageShell
      eyebrow="Account"
      title="Choose a new password"
      lead="Your new password signs you out everywhere else."
    >
      <div className="max-w-md space-y-6">
        {token ? (
          <ResetPasswordForm
            token={token}
            onDone={() => router.navigate({ to: '/login', search: { reset: 'done' }, replace: true })}
          />
        ) : (
          <FormMessage kind="error">
            This link is incomplete. Open the link from the e-mail again, or{' '}
            <Link to="/login" search={{ mode: 'forgot' }} className={textLinkClass}>
              ask for a new one
            </Link>
            .
          </FormMessage>
        )}
      </div>
    </PageShell>
  );
}
