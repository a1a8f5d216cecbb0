import type { Campaign } from '@shop/contract/newsletter-campaigns';
import { useState } from 'react';
import { buttonClass } from '../../../components/button';
import { FormMessage } from '../../../components/form-field';
import { QueryStatus } from '../../../components/query-state';
import { formErrorMessage } from '../../../lib/form-errors';
import { useCampaignPreview } from '../api/campaign-preview';
import { useCampaign } from '../api/campaigns';
import { useSendCampaign } from '../api/send-campaign';
import { useSendTestCampaign } from '../api/send-test-campaign';
import { CampaignEditor } from './campaign-editor';

export const STATUS_LABELS: Record<Campaign['status'], string> = {
  draft: 'Draft',
  sending: 'Sending',
  sent: 'Sent',
};

/** Sent / failed / pending, read again every second while sending. */
export function CampaignCounts({ campaign }: { campaign: Campaign }) {
  if (campaign.status === 'draft') return null;
  const { recipients, sent, failed, pending, skipped } = campaign.counts;
  return (
    <p role="status" aria-label="Sending progress" className="text-sm text-ink">
      {STATUS_LABELS[campaign.status]}: {sent} sent, {failed} failed, {pending} pending
      {skipped > 0 ? `, ${skipped} unsubscribed meanwhile` : ''} (of {recipients} subscribers)
    </p>
  );
}

function Preview({ id }: { id: number }) {
  const preview = useCampaignPreview(id, true);
  if (preview.isPending || preview.isError) {
    return (
      <QueryStatus
        pending={preview.isPending}
        onRetry={preview.refetch}
        what="The preview"
        loading="Rendering the preview…"
      />
    );
  }
  return (
    // Sandboxed: the e-mail's HTML runs no script and cannot reach this page.
    <iframe
      title="E-mail preview"
      sandbox=""
      srcDoc={preview.data.html}
      className="h-[32rem] w-full rounded-xl border border-cream-300 bg-white"
    />
  );
}

/**
 * One campaign: its draft (editable until sent), the preview, a test to oneself, the send to
 * every confirmed subscriber, and its counts.
 */
export function CampaignDesk({
  id,
  onCreated,
}: {
  id: number | null;
  onCreated: (campaign: Campaign) => void;
}) {
  const campaign = useCampaign(id);
  const [showPreview, setShowPreview] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const sendTest = useSendTestCampaign();
  const send = useSendCampaign();

  if (id === null) {
    return (
      <CampaignEditor
        campaign={null}
        onSaved={(saved) => {
          onCreated(saved);
        }}
      />
    );
  }
  if (campaign.isPending || campaign.isError) {
    return (
      <QueryStatus
        pending={campaign.isPending}
        onRetry={campaign.refetch}
        what="The campaign"
        loading="Loading the campaign…"
      />
    );
  }
  const data = campaign.data;

  return (
    <section aria-label={`Campaign “${data.subject}”`} className="space-y-4">
      <h2 className="font-serif text-xl text-ink">
        {data.subject} <span className="text-base text-ink-soft">({STATUS_LABELS[data.status]})</span>
      </h2>
      <CampaignCounts campaign={data} />
      {data.status === 'draft' ? (
        <CampaignEditor
          key={data.updated_at}
          campaign={data}
          onSaved={() => {
            setNotice('Draft saved.');
            setShowPreview(false);
          }}
        />
      ) : (
        <p className="text-sm text-ink-soft">
          A campaign that has been sent cannot be changed or sent again.
        </p>
      )}
      {notice ? <FormMessage kind="success">{notice}</FormMessage> : null}
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          aria-expanded={showPreview}
          onClick={() => setShowPreview((current) => !current)}
        >
          {showPreview ? 'Hide preview' : 'Preview'}
        </button>
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          disabled={sendTest.isPending}
          onClick={() =>
            sendTest.mutate(data.id, {
              onSuccess: (answer) => {
                setProblem(null);
                setNotice(`Test sent to ${answer.sent_to}.`);
              },
              onError: (error) => setProblem(formErrorMessage(error)),
            })
          }
        >
          Send a test to me
        </button>
        {data.status === 'draft' ? (
          <button
            type="button"
            className={buttonClass('primary', 'sm')}
            disabled={send.isPending}
            onClick={() => {
              if (!window.confirm(`Send “${data.subject}” to every confirmed subscriber now?`)) return;
              send.mutate(data.id, {
                onSuccess: () => {
                  setProblem(null);
                  setNotice('Sending to every confirmed subscriber.');
                },
                onError: (error) => setProblem(formErrorMessage(error)),
              });
            }}
          >
            Send to subscribers
          </button>
        ) : null}
      </div>
      {showPreview ? <Preview key={data.updated_at} id={data.id} /> : null}
    </section>
  );
}
