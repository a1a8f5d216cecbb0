import { Link, useRouter, useSearch } from '@tanstack/react-router';
import { useState, useSyncExternalStore } from 'react';
import { FormMessage, primaryButtonClass, textLinkClass } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { useSessionStore } from '../../../lib/session/use-session-store';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { LoginForm } from '../components/login-form';
import { SocialSignIn } from '../components/social-sign-in';
import { choosePasswordHrefFor } from '../guard/require-customer';
import { DEFAULT_AFTER_SIGN_IN } from '../lib/login-search';
import { socialErrorMessage } from '../lib/social-errors';

/**
 * Sign-in: Google and OpenID Connect when configured, e-mail and password, and the
 * forgotten-password request (`?mode=forgot`). After signing in the customer lands on the page
 * they wanted (`?redirect=`), or on their account.
 */
export function LoginPage() {
  // Not strict about being the active page: Preact may render it once more from its own subscription
  // after a sign-in has left it, before the router's outlet takes it away (decision 0022).
  const search = useSearch({ from: '/login', shouldThrow: false }) ?? {};
  const router = useRouter();
  const store = useSessionStore();
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  // While this page signs the visitor in, it goes on showing the form until it moves on.
  const [signingIn, setSigningIn] = useState(false);
  const destination = search.redirect ?? DEFAULT_AFTER_SIGN_IN;
  const keep = search.redirect ? { redirect: search.redirect } : {};

  if (search.mode === 'forgot') {
    return (
      <PageShell eyebrow="Account" title="Forgot your password?">
        <div className="max-w-md space-y-6">
          <ForgotPasswordForm />
          <p className="text-ink-soft">
            <Link to="/login" search={keep} className={textLinkClass}>
              Back to sign in
            </Link>
          </p>
        </div>
      </PageShell>
    );
  }

  if (snapshot.status === 'customer' && !signingIn) {
    return (
      <PageShell eyebrow="Account" title="Sign in">
        <div className="max-w-md space-y-6">
          <FormMessage kind="info">
            You are signed in as {snapshot.user?.name || snapshot.user?.email}.
          </FormMessage>
          <a
            href={destination}
            className={primaryButtonClass}
            onClick={(event) => {
              event.preventDefault();
              void router.navigate({ href: destination });
            }}
          >
            Continue
          </a>
        </div>
      </PageShell>
    );
  }

  return (
    <PageShell
      eyebrow="Account"
      title="Sign in"
      lead="Sign in to add bottles to your cart, check out, and see your orders, deliveries, invoices and payments. Bottles you saved as a visitor come with you."
    >
      <div className="max-w-md space-y-6">
        {search.reset === 'done' ? (
          <FormMessage kind="success">
            Your password has been changed. Please sign in with your new password.
          </FormMessage>
        ) : null}
        {search.error ? <FormMessage kind="error">{socialErrorMessage(search.error)}</FormMessage> : null}
        <SocialSignIn callbackURL={destination} />
        <LoginForm
          onBusyChange={setSigningIn}
          onSignedIn={() =>
            router.navigate({
              // A one-time password is replaced first, then the customer goes on to the destination.
              href: store.getSnapshot().user?.mustChangePassword
                ? choosePasswordHrefFor(destination)
                : destination,
              replace: true,
            })
          }
        />
        <p className="text-ink-soft">
          <Link to="/login" search={{ ...keep, mode: 'forgot' }} className={textLinkClass}>
            Forgot your password?
          </Link>
        </p>
        <p className="text-ink-soft">
          New to the shop?{' '}
          <Link to="/register" search={keep} className={textLinkClass}>
            Create an account
          </Link>
          . Read how we look after your details in our{' '}
          <Link to="/privacy" className={textLinkClass}>
            privacy policy
          </Link>
          .
        </p>
      </div>
    </PageShell>
  );
}
