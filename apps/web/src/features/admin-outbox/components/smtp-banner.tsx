import { countOf } from '@shop/contract/plural';
import { Link } from '@tanstack/react-router';
import { MailWarning } from 'lucide-react';
import { textLinkClass } from '../../../components/form-field';
import { useOutboxList } from '../api/outbox-list';

export const SMTP_MISSING_BANNER =
  "E-mail is not being sent: SMTP_URL is not set. Customers' e-mails wait in the outbox.";

/**
 * The staff's warning while the shop runs without an SMTP server: nothing reaches customers
 * unless someone passes it on from the outbox. Shows nothing once SMTP is configured.
 */
export function SmtpBanner({ showOutboxLink = true }: { showOutboxLink?: boolean }) {
  const { data } = useOutboxList(1);
  if (!data || data.smtp_configured) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-2xl border border-gold-300 bg-cream-100 p-4 text-ink"
    >
      <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-700" />
      <p>
        <strong>{SMTP_MISSING_BANNER}</strong>{' '}
        {showOutboxLink ? (
          <Link to="/admin/outbox" className={textLinkClass}>
            Open the outbox ({countOf(data.count, 'e-mail')} waiting)
          </Link>
        ) : null}
      </p>
    </div>
  );
}
