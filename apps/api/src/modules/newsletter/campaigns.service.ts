import {
  type Campaign,
  type CampaignBlock,
  type CampaignPreview,
  campaignMessages,
  type campaignRequestSchema,
  type Subscriber,
  type SubscriberListQuery,
} from '@shop/contract/newsletter-campaigns';
import { type PagedList, type PageQuery, pageOffset, toPagedList } from '@shop/contract/pagination';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/transaction';
import { conflict, invalidInput, notFound } from '../../errors';
import type { Jobs } from '../../plugins/jobs';
import { type AuditActor, changedFields, recordAudit } from '../audit/audit';
import type { EmailService } from '../email/email.service';
import { campaignEmail } from './campaigns.emails';
import {
  type CampaignRow,
  type CardProductRow,
  claimNextRecipient,
  findCampaign,
  finishIfDone,
  insertCampaign,
  listCampaigns,
  listSubscribers,
  lockCampaign,
  markRecipient,
  productsForCards,
  startSending,
  updateCampaign,
} from './campaigns.repository';

/**
 * Newsletter campaigns: drafts staff compose, preview and test, then send to every confirmed
 * subscriber through the job queue.
 *
 * Sending is once per subscriber, across restarts: starting the send writes one recipient row
 * per confirmed subscriber (state pending). A job works the rows one at a time, each in its own
 * transaction: it claims the next pending row with FOR UPDATE SKIP LOCKED (two workers never
 * take the same person), sends, and marks the row sent (or failed) before committing. Without
 * SMTP the e-mail is written in that same transaction, so a crash sends it exactly once; with
 * SMTP a crash between the mail server's answer and the commit could repeat that one e-mail.
 * A job sends for a few seconds (throttled to NEWSLETTER_SEND_RATE_PER_MINUTE), stops early when
 * the app is closing, and queues the next one; a campaign whose job was lost is picked up again
 * by a schedule once its progress is stale.
 */

export const CAMPAIGN_SEND_QUEUE = 'newsletter.campaign-send';
export const CAMPAIGN_RESUME_QUEUE = 'newsletter.campaign-resume';
/** How long one job sends before it hands over to the next (and lets a closing app stop). */
const SLICE_MS = 5_000;
/** A sending campaign without progress for this long has lost its job: queue another. */
export const STALLED_AFTER_SECONDS = 120;

export type CampaignDeps = {
  db: Database;
  email: EmailService;
  jobs: Jobs;
  publicUrl: string;
  ratePerMinute: number;
  log?: { warn: (object: object, message: string) => void };
};

type CampaignBody = z.output<typeof campaignRequestSchema>;

const productIds = (blocks: CampaignBlock[]) =>
  blocks.flatMap((block) => (block.type === 'product' ? [block.product_id] : []));

const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);

function toCampaign(row: CampaignRow, products: Map<number, CardProductRow>): Campaign {
  return {
    id: row.id,
    subject: row.subject,
    blocks: row.blocks,
    status: row.status,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    send_started_at: iso(row.send_started_at),
    sent_at: iso(row.sent_at),
    counts: {
      recipients: row.recipients,
      pending: row.pending,
      sent: row.sent,
      failed: row.failed,
      skipped: row.skipped,
    },
    products: [...new Set(productIds(row.blocks))].flatMap((id) => {
      const product = products.get(id);
      return product ? [{ id, name: product.name, listed: product.listed }] : [];
    }),
  };
}

export async function pageOfSubscribers(
  db: Database,
  query: SubscriberListQuery,
): Promise<PagedList<Subscriber>> {
  const { rows, total } = await listSubscribers(db, query, query.page_size, pageOffset(query));
  return toPagedList(
    rows.map((row) => ({
      id: row.id,
      email: row.email,
      status: row.status,
      created_at: new Date(row.created_at).toISOString(),
      confirmed_at: iso(row.confirmed_at),
      unsubscribed_at: iso(row.unsubscribed_at),
    })),
    total,
    query,
  );
}

export async function pageOfCampaigns(db: Database, query: PageQuery): Promise<PagedList<Campaign>> {
  const { rows, total } = await listCampaigns(db, query.page_size, pageOffset(query));
  const products = await cardProducts(
    db,
    rows.flatMap((row) => row.blocks),
  );
  return toPagedList(
    rows.map((row) => toCampaign(row, products)),
    total,
    query,
  );
}

export async function getCampaign(db: Executor, id: number): Promise<Campaign> {
  const row = await findCampaign(db, id);
  if (!row) throw notFound('The campaign');
  return toCampaign(row, await cardProducts(db, row.blocks));
}

/** Every product card names a product that is sold; else a 422 on that block. */
async function checkProducts(db: Executor, blocks: CampaignBlock[]): Promise<void> {
  const found = new Map((await productsForCards(db, productIds(blocks))).map((row) => [row.id, row]));
  const fields = blocks.flatMap((block, index) =>
    block.type === 'product' && !found.get(block.product_id)?.listed
      ? [{ field: `blocks.${index}.product_id`, message: campaignMessages.unknownProduct }]
      : [],
  );
  if (fields.length > 0) throw invalidInput(fields);
}

const snapshot = (campaign: { subject: string; blocks: CampaignBlock[] }) => ({
  subject: campaign.subject,
  blocks: campaign.blocks,
});

export async function createCampaign(db: Database, actor: AuditActor, body: CampaignBody): Promise<Campaign> {
  await checkProducts(db, body.blocks);
  return db.transaction(async (tx) => {
    const id = await insertCampaign(tx, { subject: body.subject, blocks: body.blocks, createdBy: actor.id });
    await recordAudit(tx, actor, {
      kind: 'campaign.create',
      subjectType: 'campaign',
      subjectId: id,
      summary: `Drafted the newsletter campaign "${body.subject}"`,
      before: null,
      after: snapshot(body),
    });
    return getCampaign(tx, id);
  });
}

export async function changeCampaign(
  db: Database,
  actor: AuditActor,
  id: number,
  body: CampaignBody,
): Promise<Campaign> {
  await checkProducts(db, body.blocks);
  return db.transaction(async (tx) => {
    const before = await lockCampaign(tx, id);
    if (!before) throw notFound('The campaign');
    if (before.status !== 'draft') throw conflict(campaignMessages.notDraft);
    await updateCampaign(tx, id, body);
    const changes = changedFields(snapshot(before), snapshot(body));
    if (changes) {
      await recordAudit(tx, actor, {
        kind: 'campaign.update',
        subjectType: 'campaign',
        subjectId: id,
        summary: `Changed the newsletter campaign "${body.subject}": ${Object.keys(changes.after).join(', ')}`,
        before: changes.before,
        after: changes.after,
      });
    }
    return getCampaign(tx, id);
  });
}

async function cardProducts(db: Executor, blocks: CampaignBlock[]): Promise<Map<number, CardProductRow>> {
  return new Map((await productsForCards(db, productIds(blocks))).map((row) => [row.id, row]));
}

/** A token that matches no subscriber: previews and tests carry a link that unsubscribes nobody. */
const SAMPLE_TOKEN = 'preview-link-unsubscribes-nobody';

export async function previewCampaign(deps: CampaignDeps, id: number): Promise<CampaignPreview> {
  const campaign = await getCampaign(deps.db, id);
  const email = campaignEmail({
    to: 'subscriber@example.ug',
    publicUrl: deps.publicUrl,
    unsubscribeToken: SAMPLE_TOKEN,
    campaign,
    products: await cardProducts(deps.db, campaign.blocks),
  });
  return { subject: email.subject, html: email.html, text: email.text };
}

/** Sends the campaign (any status) to the staff member's own address, marked as a test. */
export async function sendTestCampaign(
  deps: CampaignDeps,
  id: number,
  to: string,
): Promise<{ sent_to: string }> {
  const campaign = await getCampaign(deps.db, id);
  const email = campaignEmail({
    to,
    publicUrl: deps.publicUrl,
    unsubscribeToken: SAMPLE_TOKEN,
    campaign: { ...campaign, subject: `[Test] ${campaign.subject}` },
    products: await cardProducts(deps.db, campaign.blocks),
  });
  await deps.email.sendEmail(email);
  return { sent_to: to };
}

/** Starts the send: one recipient row per confirmed subscriber and the first job, in one commit. */
export async function sendCampaign(deps: CampaignDeps, actor: AuditActor, id: number): Promise<Campaign> {
  const campaign = await deps.db.transaction(async (tx) => {
    const row = await lockCampaign(tx, id);
    if (!row) throw notFound('The campaign');
    if (row.status !== 'draft') throw conflict(campaignMessages.notDraft);
    const recipients = await startSending(tx, id);
    await recordAudit(tx, actor, {
      kind: 'campaign.send',
      subjectType: 'campaign',
      subjectId: id,
      summary: `Started sending the newsletter campaign "${row.subject}" to ${recipients} subscribers`,
      before: { status: 'draft' },
      after: { status: 'sending', recipients },
    });
    if (recipients === 0) await finishIfDone(tx, id);
    else await deps.jobs.send(CAMPAIGN_SEND_QUEUE, { campaignId: id }, { tx });
    return getCampaign(tx, id);
  });
  deps.jobs.wake(CAMPAIGN_SEND_QUEUE);
  return campaign;
}

/** Waits `ms`, or less when `stop()` turns true (checked every 100 ms). */
async function pause(ms: number, stop: () => boolean): Promise<void> {
  const until = Date.now() + ms;
  while (!stop() && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(100, until - Date.now())));
  }
}

/** Sends to the next waiting recipient; answers false when none is left. */
async function sendToNext(
  deps: CampaignDeps,
  campaign: { id: number; subject: string; blocks: CampaignBlock[] },
  products: Map<number, CardProductRow>,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const recipient = await claimNextRecipient(tx, campaign.id);
    if (!recipient) return false;
    // Unsubscribed since the send started: their wish wins.
    if (recipient.status !== 'confirmed') {
      await markRecipient(tx, campaign.id, recipient.subscriber_id, 'skipped');
      return true;
    }
    const email = campaignEmail({
      to: recipient.email,
      publicUrl: deps.publicUrl,
      unsubscribeToken: recipient.unsubscribe_token,
      campaign,
      products,
    });
    try {
      // A savepoint: a failed write of the development mailbox leaves the row's transaction usable.
      await tx.transaction(async (savepoint) => deps.email.sendEmail(email, { tx: savepoint }));
      await markRecipient(tx, campaign.id, recipient.subscriber_id, 'sent');
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 300) : 'could not send';
      deps.log?.warn(
        { campaign: campaign.id, subscriber: recipient.subscriber_id },
        'campaign e-mail failed',
      );
      await markRecipient(tx, campaign.id, recipient.subscriber_id, 'failed', reason);
    }
    return true;
  });
}

/**
 * The send job: a few seconds of sending, throttled; then the next job (or the campaign is
 * marked sent). Stops after the current recipient when the app is closing.
 */
export async function runCampaignSlice(deps: CampaignDeps, campaignId: number): Promise<'more' | 'done'> {
  const row = await findCampaign(deps.db, campaignId);
  if (!row) return 'done';
  if (row.status !== 'sending') return 'done';
  const products = await cardProducts(deps.db, row.blocks);
  const spacing = 60_000 / deps.ratePerMinute;
  const deadline = Date.now() + SLICE_MS;
  let nextAt = Date.now();
  while (!deps.jobs.stopping) {
    if (!(await sendToNext(deps, row, products))) {
      await finishIfDone(deps.db, campaignId);
      return 'done';
    }
    nextAt = Math.max(nextAt + spacing, Date.now());
    // The next e-mail is due after this slice: the next job starts then instead of this one waiting.
    if (nextAt > deadline) break;
    await pause(nextAt - Date.now(), () => deps.jobs.stopping);
  }
  const delaySeconds = Math.max(0, Math.ceil((nextAt - Date.now()) / 1000));
  await deps.jobs.send(
    CAMPAIGN_SEND_QUEUE,
    { campaignId },
    delaySeconds > 0 ? { startAfter: delaySeconds } : {},
  );
  return 'more';
}
