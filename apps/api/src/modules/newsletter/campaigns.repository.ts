import type { CampaignBlock, CampaignStatus, SubscriberListQuery } from '@shop/contract/newsletter-campaigns';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';

/**
 * The newsletter back office's queries: the subscriber list, campaigns and their recipients.
 * Raw SQL answers timestamps as PostgreSQL prints them.
 */

export type SubscriberListRow = {
  id: number;
  email: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  created_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
};

/** Newest first (newsletter_subscribers_newest_idx / _status_idx); `q` by the trigram index. */
export async function listSubscribers(
  db: Executor,
  query: SubscriberListQuery,
  limit: number,
  offset: number,
): Promise<{ rows: SubscriberListRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.status !== 'all') conditions.push(sql`status = ${query.status}`);
  if (query.q) {
    const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`email LIKE ${pattern}`);
  }
  const where = conditions.length > 0 ? sql.join(conditions, sql` AND `) : sql`true`;
  const [rows, count] = await Promise.all([
    db.execute<SubscriberListRow>(sql`
      SELECT id, email, status, created_at, confirmed_at, unsubscribed_at FROM newsletter_subscribers
      WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`),
    db.execute<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM newsletter_subscribers WHERE ${where}`,
    ),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.count ?? 0 };
}

export type CampaignRow = {
  id: number;
  subject: string;
  blocks: CampaignBlock[];
  status: CampaignStatus;
  created_at: string;
  updated_at: string;
  send_started_at: string | null;
  sent_at: string | null;
  recipients: number;
  pending: number;
  sent: number;
  failed: number;
  skipped: number;
};

const CAMPAIGN_COLUMNS = sql`
  c.id, c.subject, c.blocks, c.status, c.created_at, c.updated_at, c.send_started_at, c.sent_at,
  coalesce(n.recipients, 0) AS recipients, coalesce(n.pending, 0) AS pending,
  coalesce(n.sent, 0) AS sent, coalesce(n.failed, 0) AS failed, coalesce(n.skipped, 0) AS skipped
  FROM newsletter_campaigns c
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS recipients,
           (count(*) FILTER (WHERE r.state = 'pending'))::int AS pending,
           (count(*) FILTER (WHERE r.state = 'sent'))::int AS sent,
           (count(*) FILTER (WHERE r.state = 'failed'))::int AS failed,
           (count(*) FILTER (WHERE r.state = 'skipped'))::int AS skipped
    FROM newsletter_campaign_recipients r WHERE r.campaign_id = c.id
  ) n ON true`;

export async function findCampaign(db: Executor, id: number): Promise<CampaignRow | undefined> {
  const result = await db.execute<CampaignRow>(sql`SELECT ${CAMPAIGN_COLUMNS} WHERE c.id = ${id}`);
  return result.rows[0];
}

export async function listCampaigns(
  db: Executor,
  limit: number,
  offset: number,
): Promise<{ rows: CampaignRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.execute<CampaignRow>(sql`
      SELECT ${CAMPAIGN_COLUMNS}
      WHERE c.id IN (SELECT id FROM newsletter_campaigns ORDER BY created_at DESC, id DESC
                     LIMIT ${limit} OFFSET ${offset})
      ORDER BY c.created_at DESC, c.id DESC`),
    db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM newsletter_campaigns`),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.count ?? 0 };
}

export async function insertCampaign(
  db: Executor,
  values: { subject: string; blocks: CampaignBlock[]; createdBy: string | null },
): Promise<number> {
  const result = await db.execute<{ id: number }>(sql`
    INSERT INTO newsletter_campaigns (subject, blocks, created_by)
    VALUES (${values.subject}, ${JSON.stringify(values.blocks)}::jsonb, ${values.createdBy})
    RETURNING id`);
  return result.rows[0]!.id;
}

/** The campaign's status and content, locked for a change or the start of its send. */
export async function lockCampaign(db: Executor, id: number) {
  const result = await db.execute<{
    id: number;
    subject: string;
    blocks: CampaignBlock[];
    status: CampaignStatus;
  }>(sql`SELECT id, subject, blocks, status FROM newsletter_campaigns WHERE id = ${id} FOR UPDATE`);
  return result.rows[0];
}

export async function updateCampaign(
  db: Executor,
  id: number,
  values: { subject: string; blocks: CampaignBlock[] },
): Promise<void> {
  await db.execute(sql`
    UPDATE newsletter_campaigns SET subject = ${values.subject}, blocks = ${JSON.stringify(values.blocks)}::jsonb,
      updated_at = now() WHERE id = ${id}`);
}

/** One recipient row per confirmed subscriber, and the campaign marked as sending. */
export async function startSending(db: Executor, id: number): Promise<number> {
  const inserted = await db.execute(sql`
    INSERT INTO newsletter_campaign_recipients (campaign_id, subscriber_id)
    SELECT ${id}, s.id FROM newsletter_subscribers s WHERE s.status = 'confirmed'
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    UPDATE newsletter_campaigns SET status = 'sending', send_started_at = now(), updated_at = now()
    WHERE id = ${id}`);
  return inserted.rowCount ?? 0;
}

export type PendingRecipient = {
  subscriber_id: number;
  email: string;
  status: string;
  unsubscribe_token: string;
};

/**
 * The next recipient still waiting, locked for the rest of the transaction; rows another
 * worker holds are skipped (FOR UPDATE SKIP LOCKED), so two workers never send to one person.
 */
export async function claimNextRecipient(db: Executor, campaignId: number) {
  const result = await db.execute<PendingRecipient>(sql`
    SELECT r.subscriber_id, s.email, s.status, s.unsubscribe_token
    FROM newsletter_campaign_recipients r
    JOIN newsletter_subscribers s ON s.id = r.subscriber_id
    WHERE r.campaign_id = ${campaignId} AND r.state = 'pending'
    ORDER BY r.subscriber_id
    LIMIT 1
    FOR UPDATE OF r SKIP LOCKED`);
  return result.rows[0];
}

export async function markRecipient(
  db: Executor,
  campaignId: number,
  subscriberId: number,
  state: 'sent' | 'failed' | 'skipped',
  error: string | null = null,
): Promise<void> {
  await db.execute(sql`
    UPDATE newsletter_campaign_recipients SET state = ${state}, error = ${error}, sent_at = now()
    WHERE campaign_id = ${campaignId} AND subscriber_id = ${subscriberId}`);
}

/** Marks the campaign sent once no recipient is waiting; answers whether it did. */
export async function finishIfDone(db: Executor, campaignId: number): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE newsletter_campaigns SET status = 'sent', sent_at = now(), updated_at = now()
    WHERE id = ${campaignId} AND status = 'sending'
      AND NOT EXISTS (SELECT 1 FROM newsletter_campaign_recipients
                      WHERE campaign_id = ${campaignId} AND state = 'pending')`);
  return (result.rowCount ?? 0) > 0;
}

/** Campaigns still sending whose last progress is older than `staleSeconds` (their job was lost). */
export async function stalledCampaigns(db: Executor, staleSeconds: number): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    SELECT c.id FROM newsletter_campaigns c
    WHERE c.status = 'sending'
      AND greatest(c.send_started_at,
                   (SELECT max(r.sent_at) FROM newsletter_campaign_recipients r WHERE r.campaign_id = c.id))
          < now() - make_interval(secs => ${staleSeconds})`);
  return result.rows.map((row) => row.id);
}

export type CardProductRow = {
  id: number;
  name: string;
  slug: string;
  price: number | null;
  vintage: number | null;
  country: string | null;
  region: string | null;
  listed: boolean;
};

export async function productsForCards(db: Executor, ids: number[]): Promise<CardProductRow[]> {
  if (ids.length === 0) return [];
  const result = await db.execute<CardProductRow>(sql`
    SELECT p.id, p.name, p.slug, p.price, p.vintage, p.country, p.region, (p.listed AND c.is_active) AS listed
    FROM products p JOIN categories c ON c.id = p.category_id
    WHERE p.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return result.rows;
}
