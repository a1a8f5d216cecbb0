import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { useState, useSyncExternalStore } from 'react';
import { FormMessage, textLinkClass } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { useSessionStore } from '../../../lib/session/use-session-store';
import { useShopSettings } from '../../../lib/shop-settings';
import { RegisterForm } from '../components/register-form';
import { DEFAULT_AFTER_SIGN_IN } from '../lib/login-search';

const routeApi = getRouteApi('/register');

/** Sign-up, then sign-in, then the remembered destination (or the account page). */
export function RegisterPage() {
  const minimumAge = useShopSettings().minimum_age;
  const search = routeApi.useSearch();
  const router = useRouter();
  const store = useSessionStore();
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [busy, setBusy] = useState(false);
  const destination = search.redirect ?? DEFAULT_AFTER_SIGN_IN;
  const keep = search.redirect ? { redirect: search.redirect } : {};

  return (
    <PageShell
      eyebrow="Account"
      title="Create your account"
      lead={`An account keeps your delivery address, orders, invoices and wishlist together. You must be ${minimumAge} or older to buy from us.`}
    >
      <div className="max-w-md space-y-6">
        {snapshot.status === 'customer' && !busy ? (
          <FormMessage kind="info">
            You are already signed in as {snapshot.user?.name || snapshot.user?.email}.{' '}
            <Link to="/account" className={textLinkClass}>
              Go to your account
            </Link>
            .
          </FormMessage>
        ) : (
          <RegisterForm
            onBusyChange={setBusy}
            onSignedIn={() => router.navigate({ href: destination, replace: true })}
          />
        )}
        <p className="text-ink-soft">
          Already have an account?{' '}
          <Link to="/login" search={keep} className={textLinkClass}>
            Sign in
          </Link>
          . By creating an account you accept our{' '}
          <Link to="/terms" className={textLinkClass}>
            terms of sale
          </Link>
          .
        </p>
      </div>
    </PageShell>
  );
}
