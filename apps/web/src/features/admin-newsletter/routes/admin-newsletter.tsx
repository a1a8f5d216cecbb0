import { formatKampalaShortDateTime } from '@shop/contract/kampala-time';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { buttonClass } from '../../../components/button';
import { PagedDataTable } from '../../../components/data-table';
import { inputClass, textLinkClass } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { StaffOnly } from '../../../components/staff-only';
import { Tabs } from '../../../components/tabs';
import { newsletterSubscribersCsvUrl } from '../../../lib/exports';
import { type SubscriberFilter, useSubscribers } from '../api/subscribers';

const TABS: ReadonlyArray<{ value: SubscriberFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'pending', label: 'Waiting for confirmation' },
  { value: 'unsubscribed', label: 'Unsubscribed' },
];
const STATUS_LABELS: Record<Exclude<SubscriberFilter, 'all'>, string> = {
  confirmed: 'Confirmed',
  pending: 'Waiting for confirmation',
  unsubscribed: 'Unsubscribed',
};

function Subscribers() {
  const [status, setStatus] = useState<SubscriberFilter>('all');
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const searchId = useId();
  const query = useSubscribers(status, page, q);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-4">
        <Link to="/admin/newsletter/campaigns" className={textLinkClass}>
          Campaigns: compose, test and send
        </Link>
        <a href={newsletterSubscribersCsvUrl()} download className={buttonClass('secondary', 'sm')}>
          Download confirmed subscribers (CSV)
        </a>
      </div>
      <form
        aria-label="Find a subscriber"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setQ(text.trim());
          setPage(1);
        }}
      >
        <div>
          <label htmlFor={searchId} className="block text-sm font-semibold text-ink">
            E-mail contains
          </label>
          <input
            id={searchId}
            type="search"
            value={text}
            maxLength={254}
            onChange={(event) => setText(event.currentTarget.value)}
            className={inputClass}
          />
        </div>
        <button type="submit" className={buttonClass('secondary', 'sm')}>
          Find
        </button>
      </form>
      <Tabs
        label="Subscribers by state"
        tabs={TABS}
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
      >
        <PagedDataTable
          caption="Subscribers"
          columns={[
            { header: 'E-mail', cell: (row) => row.email },
            { header: 'State', cell: (row) => STATUS_LABELS[row.status] },
            { header: 'Signed up', cell: (row) => formatKampalaShortDateTime(row.created_at) },
            {
              header: 'Confirmed',
              cell: (row) => (row.confirmed_at ? formatKampalaShortDateTime(row.confirmed_at) : '—'),
            },
            {
              header: 'Unsubscribed',
              cell: (row) => (row.unsubscribed_at ? formatKampalaShortDateTime(row.unsubscribed_at) : '—'),
            },
          ]}
          rowKey={(row) => row.id}
          query={query}
          what="The subscribers"
          loading="Loading subscribers…"
          empty={q ? `No address contains “${q}”.` : 'No subscribers here yet.'}
          summary={(answer) => <p className="text-sm text-ink-soft">{answer.count} in all</p>}
          page={page}
          onPage={setPage}
        />
      </Tabs>
    </div>
  );
}

/** /admin/newsletter (staff and admins): the subscribers, their CSV, and the way to campaigns. */
export function AdminNewsletterPage() {
  return (
    <PageShell eyebrow="Back office" title="Newsletter">
      <StaffOnly>
        <Subscribers />
      </StaffOnly>
    </PageShell>
  );
}
