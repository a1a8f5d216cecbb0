import { getRouteApi } from '@tanstack/react-router';
import { PageShell } from '../../../components/page-shell';
import { unsubscribeFromNewsletter } from '../api/unsubscribe';
import { EmailLinkResult } from '../components/email-link-result';

const route = getRouteApi('/newsletter/unsubscribe');

/** /newsletter/unsubscribe?token=… : a newsletter e-mail's link unsubscribes in one click, signed in or not. */
export function NewsletterUnsubscribePage() {
  const { token } = route.useSearch();
  return (
    <PageShell eyebrow="Newsletter" title="Unsubscribe">
      <EmailLinkResult token={token} send={unsubscribeFromNewsletter} pending="Unsubscribing you…" />
    </PageShell>
  );
}
