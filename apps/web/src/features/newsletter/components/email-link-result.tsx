import { newsletterApiMessages } from '@shop/contract/newsletter';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { isApiError } from '../../../lib/api-client';

/**
 * What the newsletter e-mails' pages show: the link's token is sent once, as soon as the page
 * opens (one click from the e-mail, signed in or not), and the answer is said in words.
 */
export function EmailLinkResult({
  token,
  send,
  pending,
}: {
  token: string | undefined;
  send: (token: string) => Promise<{ email: string; message: string }>;
  /** Shown while the request is on its way. */
  pending: string;
}) {
  const mutation = useMutation({ mutationFn: send });
  const sent = useRef(false);
  const { mutate } = mutation;
  useEffect(() => {
    // Once per page, also under React's development double effects.
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  if (!token || (mutation.isError && isApiError(mutation.error) && mutation.error.status === 404)) {
    return (
      <div role="alert" className="flex items-start gap-3 rounded-2xl border border-wine-200 bg-wine-50 p-5">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-wine-800" />
        <div>
          <p className="font-semibold text-wine-900">{newsletterApiMessages.linkInvalid}</p>
          <p className="mt-1 text-sm text-ink-soft">
            You can subscribe again with the form at the bottom of every page.
          </p>
        </div>
      </div>
    );
  }
  if (mutation.isError) {
    const message = isApiError(mutation.error)
      ? mutation.error.userMessage
      : 'Something went wrong. Please try again.';
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-2xl border border-wine-200 bg-wine-50 p-5"
      >
        <p className="font-semibold text-wine-900">{message}</p>
        <button
          type="button"
          onClick={() => mutate(token)}
          className="rounded-full bg-wine-800 px-5 py-2 text-sm font-semibold text-cream-50"
        >
          Try again
        </button>
      </div>
    );
  }
  if (mutation.isSuccess) {
    return (
      <div
        role="status"
        className="flex items-start gap-3 rounded-2xl border border-gold-300 bg-cream-100 p-5"
      >
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-wine-800" />
        <div>
          <p className="font-semibold text-wine-900">{mutation.data.message}</p>
          <p className="mt-1 text-sm text-ink-soft">{mutation.data.email}</p>
          <Link
            to="/products"
            className="mt-3 inline-block font-semibold text-wine-800 underline underline-offset-4"
          >
            Discover the cellar
          </Link>
        </div>
      </div>
    );
  }
  return (
    <p role="status" className="text-ink-soft">
      {pending}
    </p>
  );
}
