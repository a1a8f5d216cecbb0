import {
  CONSENT_LABELS,
  CONSENT_SOURCE_LABELS,
  type Consent,
  type ConsentPurpose,
} from '@shop/contract/consents';
import { formatKampalaDateTime } from '@shop/contract/kampala-time';
import { useState } from 'react';
import { FormMessage, secondaryButtonClass } from '../../../components/form-field';
import { QueryStatus } from '../../../components/query-state';
import { formErrorMessage } from '../../../lib/form-errors';
import { useConsents, useUpdateConsent } from '../api/consents';

export const CONFIRM_BY_EMAIL_MESSAGE =
  'We sent you an e-mail: the newsletter starts once you click its confirmation link.';

/** When and how the consent last changed, in the customer's words. */
export function lastChangeText(consent: Consent): string {
  const last = consent.last_change;
  if (!last) return consent.granted ? 'On by default.' : 'Not given.';
  const verb = { given: 'Given', withdrawn: 'Withdrawn', requested: 'Asked for' }[last.action];
  return `${verb} on ${formatKampalaDateTime(last.at)} through ${CONSENT_SOURCE_LABELS[last.source]}.`;
}

function ConsentRow({ consent }: { consent: Consent }) {
  const update = useUpdateConsent();
  const [message, setMessage] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const change = async (purpose: ConsentPurpose, granted: boolean) => {
    setMessage(null);
    try {
      const answer = await update.mutateAsync({ purpose, granted });
      const now = answer.consents.find((item) => item.purpose === purpose);
      if (now?.pending) setMessage({ kind: 'info', text: CONFIRM_BY_EMAIL_MESSAGE });
    } catch (error) {
      setMessage({ kind: 'error', text: formErrorMessage(error) });
    }
  };
  const name = CONSENT_LABELS[consent.purpose];
  return (
    <li className="space-y-1 border-b border-wine-100 pb-4">
      <p className="font-semibold text-ink">
        {name}: {consent.granted ? 'yes' : consent.pending ? 'waiting for your confirmation' : 'no'}
      </p>
      <p className="text-sm text-ink-soft">“{consent.last_change?.shown_text ?? consent.text}”</p>
      <p className="text-sm text-ink-soft">{lastChangeText(consent)}</p>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={update.isPending}
        aria-label={`${consent.granted ? 'Withdraw' : 'Give'}: ${name}`}
        onClick={() => void change(consent.purpose, !consent.granted)}
      >
        {consent.granted ? 'Withdraw' : 'Give'}
      </button>
    </li>
  );
}

/** /profile's consents: what the customer agreed to, when and how, each changeable here. */
export function ConsentsSection() {
  const { data, isPending, isError, refetch } = useConsents();
  return (
    <section aria-labelledby="consents-heading" className="mt-12 max-w-2xl space-y-4">
      <h2 id="consents-heading" className="font-serif text-2xl text-wine-900">
        Your consents
      </h2>
      {isPending || isError || !data ? (
        <QueryStatus
          pending={isPending}
          onRetry={refetch}
          what="Your consents"
          loading="Loading your consents…"
        />
      ) : (
        <ul className="space-y-4">
          {data.consents.map((consent) => (
            <ConsentRow key={consent.purpose} consent={consent} />
          ))}
        </ul>
      )}
    </section>
  );
}
