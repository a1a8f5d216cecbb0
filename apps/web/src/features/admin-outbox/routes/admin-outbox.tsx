import { OUTBOX_KIND_LABELS } from '@shop/contract/outbox';
import { useState } from 'react';
import { PagedDataTable } from '../../../components/data-table';
import { PageShell } from '../../../components/page-shell';
import { StaffOnly } from '../../../components/staff-only';
import { useOutboxList } from '../api/outbox-list';
import { OutboxMessage } from '../components/outbox-message';
import { SmsOutbox } from '../components/sms-outbox';
import { SmtpBanner } from '../components/smtp-banner';
import { writtenColumn } from '../lib/written-column';

function OutboxDesk() {
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const query = useOutboxList(page);

  return (
    <div className="space-y-6">
      <SmtpBanner showOutboxLink={false} />
      <p className="max-w-3xl text-ink-soft">
        Every e-mail the shop wrote but did not send: order confirmations, tickets, password resets,
        newsletter confirmations. Open one to read it, or to pass its link on to the customer.
      </p>
      <PagedDataTable
        caption="E-mails not sent, newest first"
        columns={[
          writtenColumn(),
          { header: 'To', cell: (mail) => mail.to },
          {
            header: 'Subject',
            cell: (mail) => (
              <button
                type="button"
                className="text-left font-semibold text-wine-800 underline underline-offset-4"
                onClick={() => setOpenId(mail.id)}
              >
                {mail.subject}
              </button>
            ),
          },
          { header: 'Kind', cell: (mail) => OUTBOX_KIND_LABELS[mail.kind] },
          { header: 'Status', cell: () => 'Not sent' },
        ]}
        rowKey={(mail) => mail.id}
        isCurrent={(mail) => mail.id === openId}
        query={query}
        what="The outbox"
        loading="Loading the outbox…"
        empty="No e-mail is waiting: everything the shop wrote was sent."
        page={page}
        onPage={setPage}
      />
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
