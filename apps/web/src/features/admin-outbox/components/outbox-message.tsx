import { formatKampalaShortDateTime } from '@shop/contract/kampala-time';
import { OUTBOX_KIND_LABELS } from '@shop/contract/outbox';
import { textLinkClass } from '../../../components/form-field';
import { QueryStatus } from '../../../components/query-state';
import { useOutboxMail } from '../api/outbox-mail';

/**
 * Links of the HTML part open in a new tab: the frame itself may not navigate (sandboxed) and
 * staff keep the outbox open. The frame runs no scripts, so the e-mail's HTML cannot act on the page.
 */
function framedHtml(html: string): string {
  const base = '<base target="_blank">';
  return /<head[^>]*>/i.test(html)
    ? html.replace(/<head[^>]*>/i, (head) => `${head}${base}`)
    : `${base}${html}`;
}

/** One e-mail of the outbox: who it is for, its links (to open or pass on), and the message itself. */
export function OutboxMessage({ id }: { id: number }) {
  const { data: mail, isPending, isError, refetch } = useOutboxMail(id);
  if (isPending || isError) {
    return (
      <QueryStatus pending={isPending} onRetry={refetch} what="The e-mail" loading="Loading the e-mail…" />
    );
  }
  return (
    <article aria-labelledby={`outbox-mail-${mail.id}`} className="space-y-4">
      <h2 id={`outbox-mail-${mail.id}`} className="font-serif text-2xl text-wine-900">
        {mail.subject}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold text-ink">To</dt>
        <dd>{mail.to}</dd>
        <dt className="font-semibold text-ink">From</dt>
        <dd>{mail.from}</dd>
        <dt className="font-semibold text-ink">Kind</dt>
        <dd>{OUTBOX_KIND_LABELS[mail.kind]}</dd>
        <dt className="font-semibold text-ink">Written</dt>
        <dd>{formatKampalaShortDateTime(mail.created_at)}</dd>
        <dt className="font-semibold text-ink">Status</dt>
        <dd>Not sent: pass it on to the person it is for by phone, WhatsApp or your own e-mail</dd>
      </dl>
      {mail.links.length > 0 ? (
        <section aria-label="Links in this e-mail" className="space-y-2">
          <h3 className="font-semibold text-ink">Links in this e-mail</h3>
          <ul className="space-y-1 text-sm">
            {mail.links.map((link) => (
              <li key={link} className="break-all">
                <a href={link} className={textLinkClass}>
                  {link}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <iframe
        title="The e-mail as the customer would see it"
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        srcDoc={framedHtml(mail.html)}
        className="h-[32rem] w-full rounded-xl border border-cream-200 bg-white"
      />
      <details>
        <summary className="cursor-pointer font-semibold text-ink">Plain-text version</summary>
        <pre className="mt-2 whitespace-pre-wrap break-words rounded-xl bg-cream-100 p-4 text-sm">
          {mail.text}
        </pre>
      </details>
    </article>
  );
}
