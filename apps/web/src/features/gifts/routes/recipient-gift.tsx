import { giftMessages, giftTokenParamsSchema } from '@shop/contract/gifts';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { CircleAlert } from 'lucide-react';
import { PageShell } from '../../../components/page-shell';
import { isApiError } from '../../../lib/api-client';
import { recipientGiftQuery } from '../api/recipient-gift';
import { RecipientGiftView } from '../components/recipient-gift-view';

const route = getRouteApi('/gift/$token');

/** /gift/<token>: the link of a gift's SMS; no account needed. */
export function RecipientGiftPage() {
  const { token } = route.useParams();
  // A link cut short or mistyped is said to be unknown without asking the shop.
  const wellFormed = giftTokenParamsSchema.safeParse({ token }).success;
  const query = useQuery({ ...recipientGiftQuery(token), enabled: wellFormed });
  const title = query.data ? `A gift for ${query.data.recipient_name}` : 'Your gift';
  return (
    <PageShell eyebrow="Gift" title={title}>
      {wellFormed && query.isPending ? <p className="text-ink-soft">Looking up your gift…</p> : null}
      {!wellFormed || query.isError ? (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-2xl border border-wine-200 bg-wine-50 p-5"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-wine-800" />
          <p className="font-semibold text-wine-900">
            {!wellFormed
              ? giftMessages.linkUnknown
              : isApiError(query.error) && query.error.envelope?.message
                ? query.error.envelope.message
                : 'We could not load this gift just now. Please try again.'}
          </p>
        </div>
      ) : null}
      {query.data ? <RecipientGiftView token={token} gift={query.data} /> : null}
    </PageShell>
  );
}
