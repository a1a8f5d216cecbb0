import { formatKampalaShortDateTime } from '@shop/contract/kampala-time';
import { OUTBOX_KIND_LABELS } from '@shop/contract/outbox';
import { useState } from 'react';
import { PageShell } from '../../../components/page-shell';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { StaffOnly } from '../../../components/staff-only';
import { useOutboxList } from '../api/outbox-list';
import { OutboxMessage } from '../components/outbox-message';
import { SmsOutbox } from '../components/sms-outbox';
import { SmtpBanner } from '../components/smtp-banner';

function OutboxDesk() {
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const { data, isPending, isError, refetch } = useOutboxList(page);

  return (
    <div className="space-y-6">
      <SmtpBanner showOutboxLink={false} />
      <p className="max-w-3xl text-ink-soft">
        Every e-mail the shop wrote but did not send: order confirmations, tickets, password resets,
        newsletter confirmations. Open one to read it, or to pass its link on to the customer.
      </p>
      <QueryState
        query={{ isPending, isError, data, refetch }}
        what="The outbox"
        loading="Loading the outbox…"
        isEmpty={(page) => page.results.length === 0}
        empty="No e-mail is waiting: everything the shop wrote was sent."
      >
        {(data) => (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">E-mails not sent, newest first</caption>
            <thead>
              <tr className="border-b border-cream-200">
                <th scope="col" className="py-2 pr-3">
                  Written
                </th>
                <th scope="col" className="py-2 pr-3">
                  To
                </th>
                <th scope="col" className="py-2 pr-3">
                  Subject
                </th>
                <th scope="col" className="py-2 pr-3">
                  Kind
                </th>
                <th scope="col" className="py-2 pr-3">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {data.results.map((mail) => (
                <tr
                  key={mail.id}
                  aria-current={openId === mail.id ? 'true' : undefined}
                  className="border-b border-cream-100 aria-[current]:bg-cream-100"
                >
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {formatKampalaShortDateTime(mail.created_at)}
                  </td>
                  <td className="py-2 pr-3 break-all">{mail.to}</td>
                  <td className="py-2 pr-3">
                    <button
                      type="button"
                      className="text-left font-semibold text-wine-800 underline underline-offset-4"
                      onClick={() => setOpenId(mail.id)}
                    >
                      {mail.subject}
                    </button>
                  </td>
                  <td className="py-2 pr-3">{OUTBOX_KIND_LABELS[mail.kind]}</td>
                  <td className="py-2 pr-3">Not sent</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
      {data ? (
        <Pager page={page} totalPages={data.total_pages} hasNext={data.next !== null} onPage={setPage} />
      ) : null}
      {openId === null ? null : <OutboxMessage key={openId} id={openId} />}
      <SmsOutbox />
    </div>
  );
}

/**
 * /admin/outbox, the e-mails the shop did not send (staff and admins; the API refuses anyone else
 * too). Without SMTP_URL every e-mail lands here; staff read them and pass links on.
 */
export function AdminOutboxPage() {
  return (
    <PageShell eyebrow="Back office" title="Outbox">
      <StaffOnly>
        <OutboxDesk />
      </StaffOnly>
    </PageShell>
  );
}
