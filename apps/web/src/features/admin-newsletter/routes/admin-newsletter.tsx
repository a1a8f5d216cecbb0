import { formatKampalaShortDateTime } from '@shop/contract/kampala-time';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { buttonClass } from '../../../components/button';
import { inputClass, textLinkClass } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { stackedTable } from '../../../components/stacked-table';
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
  const { data, isPending, isError, refetch } = useSubscribers(status, page, q);
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
        <QueryState
          query={{ isPending, isError, data, refetch }}
          what="The subscribers"
          loading="Loading subscribers…"
          isEmpty={(page) => page.results.length === 0}
          empty={q ? `No address contains “${q}”.` : 'No subscribers here yet.'}
        >
          {(data) => (
            <>
              <p className="text-sm text-ink-soft">{data.count} in all</p>
              <div className={stackedTable.frame}>
                <table className={stackedTable.table} aria-label="Subscribers">
                  <thead className={stackedTable.head}>
                    <tr>
                      {['E-mail', 'State', 'Signed up', 'Confirmed', 'Unsubscribed'].map((label) => (
                        <th key={label} scope="col" className={stackedTable.headerCell}>
                          {label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className={stackedTable.body}>
                    {data.results.map((row) => (
                      <tr key={row.id} className={stackedTable.row}>
                        <td data-label="E-mail" className={stackedTable.cell}>
                          {row.email}
                        </td>
                        <td data-label="State" className={stackedTable.cell}>
                          {STATUS_LABELS[row.status]}
                        </td>
                        <td data-label="Signed up" className={stackedTable.cell}>
                          {formatKampalaShortDateTime(row.created_at)}
                        </td>
                        <td data-label="Confirmed" className={stackedTable.cell}>
                          {row.confirmed_at ? formatKampalaShortDateTime(row.confirmed_at) : '—'}
                        </td>
                        <td data-label="Unsubscribed" className={stackedTable.cell}>
                          {row.unsubscribed_at ? formatKampalaShortDateTime(row.unsubscribed_at) : '—'}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </QueryState>
        {data ? (
          <Pager page={page} totalPages={data.total_pages} hasNext={data.next !== null} onPage={setPage} />
        ) : null}
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
