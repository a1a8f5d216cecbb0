import { formatKampalaShortDateTime } from '@shop/contract/kampala-time';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { buttonClass } from '../../../components/button';
import { PagedDataTable } from '../../../components/data-table';
import { textLinkClass } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { StaffOnly } from '../../../components/staff-only';
import { useCampaigns } from '../api/campaigns';
import { CampaignDesk, STATUS_LABELS } from '../components/campaign-desk';

function Campaigns() {
  const [page, setPage] = useState(1);
  // null: nothing open; 'new': a new draft; a number: that campaign.
  const [open, setOpen] = useState<number | 'new' | null>(null);
  const query = useCampaigns(page);
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
      <PagedDataTable
        caption="Campaigns"
        columns={[
          { header: 'Subject', cell: (campaign) => campaign.subject },
          { header: 'State', cell: (campaign) => STATUS_LABELS[campaign.status] },
          { header: 'Sent', cell: (campaign) => campaign.counts.sent },
          { header: 'Failed', cell: (campaign) => campaign.counts.failed },
          { header: 'Pending', cell: (campaign) => campaign.counts.pending },
          { header: 'Created', cell: (campaign) => formatKampalaShortDateTime(campaign.created_at) },
          {
            header: 'Actions',
            hideHeader: true,
            cell: (campaign) => (
              <button
                type="button"
                className={buttonClass('secondary', 'sm')}
                aria-label={`Open ${campaign.subject}`}
                onClick={() => setOpen(campaign.id)}
              >
                Open
              </button>
            ),
          },
        ]}
        rowKey={(campaign) => campaign.id}
        isCurrent={(campaign) => campaign.id === open}
        query={query}
        what="The campaigns"
        loading="Loading campaigns…"
        empty="No campaigns yet."
        page={page}
        onPage={setPage}
      />
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
