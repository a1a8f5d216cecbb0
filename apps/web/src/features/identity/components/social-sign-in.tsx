import { useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { FormMessage, secondaryButtonClass } from '../../../components/form-field';
import { formErrorMessage } from '../../../lib/form-errors';
import { providersQuery, startSocialSignIn } from '../api/providers';

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.7Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6H1.3a12 12 0 0 0 0 10.8l4-3.1Z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9Z"
      />
    </svg>
  );
}

/**
 * "Sign in with Google" when Google is configured, and a button for the OpenID Connect provider
 * when one is: each goes to the provider, which sends the customer back signed in to `callbackURL`.
 */
export function SocialSignIn({ callbackURL }: { callbackURL: string }) {
  const { data: providers } = useQuery(providersQuery);
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!providers || (!providers.google && !providers.oidc)) return null;

  const go = async (provider: string) => {
    setPending(provider);
    setError(null);
    try {
      const { url } = await startSocialSignIn(provider, callbackURL);
      window.location.assign(url);
    } catch (failure) {
      setError(formErrorMessage(failure));
      setPending(null);
    }
  };

  return (
    <div className="space-y-3">
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      {providers.google ? (
        <button
          type="button"
          className={`${secondaryButtonClass} w-full`}
          disabled={pending !== null}
          onClick={() => void go('google')}
        >
          <GoogleMark />
          Sign in with Google
        </button>
      ) : null}
      {providers.oidc ? (
        <button
          type="button"
          className={`${secondaryButtonClass} w-full`}
          disabled={pending !== null}
          onClick={() => void go(providers.oidc!.id)}
        >
          <KeyRound aria-hidden="true" className="size-5" />
          Sign in with {providers.oidc.name}
        </button>
      ) : null}
      <p className="flex items-center gap-3 text-xs tracking-[0.2em] text-ink-soft uppercase">
        <span className="h-px flex-1 bg-cream-300" />
        or with your e-mail
        <span className="h-px flex-1 bg-cream-300" />
      </p>
    </div>
  );
}
