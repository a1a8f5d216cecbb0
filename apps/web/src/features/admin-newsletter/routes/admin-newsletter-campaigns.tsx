import { formatKampalaShortDateTime } from '@shop/contract/kampala-time';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { buttonClass } from '../../../components/button';
import { textLinkClass } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { stackedTable } from '../../../components/stacked-table';
import { StaffOnly } from '../../../components/staff-only';
import { useCampaigns } from '../api/campaigns';
import { CampaignDesk, STATUS_LABELS } from '../components/campaign-desk';

function Campaigns() {
  const [page, setPage] = useState(1);
  // null: nothing open; 'new': a new draft; a number: that campaign.
  const [open, setOpen] = useState<number | 'new' | null>(null);
  const { data, isPending, isError, refetch } = useCampaigns(page);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-4">
        <Link to="/admin/newsletter" className={textLinkClass}>
          Subscribers
        </Link>
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setOpen('new')}>
          New campaign
        </button>
      </div>
      {open !== null ? (
        <CampaignDesk
          key={String(open)}
          id={open === 'new' ? null : open}
          onCreated={(campaign) => setOpen(campaign.id)}
        />
      ) : null}
      <QueryState
        query={{ isPending, isError, data, refetch }}
        what="The campaigns"
        loading="Loading campaigns…"
        isEmpty={(page) => page.results.length === 0}
        empty="No campaigns yet."
      >
        {(data) => (
          <div className={stackedTable.frame}>
            <table className={stackedTable.table} aria-label="Campaigns">
              <thead className={stackedTable.head}>
                <tr>
                  {['Subject', 'State', 'Sent', 'Failed', 'Pending', 'Created', ''].map((label) => (
                    <th key={label || 'actions'} scope="col" className={stackedTable.headerCell}>
                      {label || <span className="sr-only">Actions</span>}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className={stackedTable.body}>
                {data.results.map((campaign) => (
                  <tr key={campaign.id} className={stackedTable.row}>
                    <td data-label="Subject" className={stackedTable.cell}>
                      {campaign.subject}
                    </td>
                    <td data-label="State" className={stackedTable.cell}>
                      {STATUS_LABELS[campaign.status]}
                    </td>
                    <td data-label="Sent" className={stackedTable.cell}>
                      {campaign.counts.sent}
                    </td>
                    <td data-label="Failed" className={stackedTable.cell}>
                      {campaign.counts.failed}
                    </td>
                    <td data-label="Pending" className={stackedTable.cell}>
                      {campaign.counts.pending}
                    </td>
                    <td data-label="Created" className={stackedTable.cell}>
                      {formatKampalaShortDateTime(campaign.created_at)}
                    </td>
                    <td data-label="" className={stackedTable.cell}>
                      <button
                        type="button"
                        className={buttonClass('secondary', 'sm')}
                        aria-label={`Open ${campaign.subject}`}
                        onClick={() => setOpen(campaign.id)}
                      >
                        Open
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      {data ? (
        <Pager page={page} totalPages={data.total_pages} hasNext={data.next !== null} onPage={setPage} />
      ) : null}
    </div>
  );
}

/**
 * /admin/newsletter/campaigns (staff and admins): compose a campaign from a few blocks, preview
 * it, send a test to oneself, then send it to every confirmed subscriber and follow its counts.
 */
export function AdminNewsletterCampaignsPage() {
  return (
    <PageShell eyebrow="Back office" title="Newsletter campaigns">
      <StaffOnly>
        <Campaigns />
      </StaffOnly>
    </PageShell>
  );
}
