import { getRouteApi } from '@tanstack/react-router';
import { PageShell } from '../../../components/page-shell';
import { confirmSubscription } from '../api/confirm-subscription';
import { EmailLinkResult } from '../components/email-link-result';

const route = getRouteApi('/newsletter/confirm');

/** /newsletter/confirm?token=… : the confirmation e-mail's link confirms the subscription and says so. */
export function NewsletterConfirmationPage() {
  const { token } = route.useSearch();
  return (
    <PageShell eyebrow="Newsletter" title="Confirm your subscription">
      <EmailLinkResult token={token} send={confirmSubscription} pending="Confirming your subscription…" />
    </PageShell>
  );
}
