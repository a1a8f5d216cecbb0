import crypto from 'node:crypto';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  type CampaignRequest,
  campaignMessages,
  campaignPreviewSchema,
  campaignSchema,
  subscriberListSchema,
} from '@shop/contract/newsletter-campaigns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, type ProductFixture } from '../../../test/fixtures/catalog';
import { type Customer, secondInstance, signedInCustomer, staffMember } from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser } from '../identity/testing';
import { campaignEmail } from './campaigns.emails';

/**
 * Campaigns and the subscriber list. This harness runs no job workers (JOBS_ENABLED=false): the
 * sends are worked by second instances on the same database, which the restart test stops and
 * starts like a server restarted mid-send.
 */

const BASE = '/api/v1/admin/newsletter/';
const CAMPAIGNS = `${BASE}campaigns/`;
const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;

let harness: TestApp;
let staff: Customer;
let wine: ProductFixture;

beforeAll(async () => {
  harness = await createTestApp({
    AUTH_TEST_FAST_HASHING: 'true',
    JOBS_ENABLED: 'false',
    NEWSLETTER_SEND_RATE_PER_MINUTE: '600',
  });
  staff = await staffMember(harness.app);
  const category = await createCategory(harness.database.pool, { name: 'Campaign Reds' });
  wine = await createProduct(harness.database.pool, { categoryId: category.id, name: 'Newsletter Pinotage' });
});
afterAll(() => harness?.close());

const pool = () => harness.database.pool;
const run = `${Date.now().toString(36)}${crypto.randomBytes(2).toString('hex')}`;
let addressCount = 0;

async function subscriber(status: 'pending' | 'confirmed' | 'unsubscribed', tag = 'sub') {
  const email = `${tag}-${run}-${++addressCount}@example.ug`;
  await pool().query(
    `INSERT INTO newsletter_subscribers (email, status, unsubscribe_token, confirmed_at, unsubscribed_at)
     VALUES ($1, $2::newsletter_status, $3, CASE WHEN $2::text <> 'pending' THEN now() END, CASE WHEN $2::text = 'unsubscribed' THEN now() END)`,
    [email, status, crypto.randomBytes(32).toString('base64url')],
  );
  return email;
}

const draft = (overrides: Partial<CampaignRequest> = {}): CampaignRequest => ({
  subject: 'New in the cellar',
  blocks: [
    { type: 'heading', text: 'Fresh from the Cape' },
    { type: 'paragraph', text: 'Three bottles we love this month.' },
    { type: 'product', product_id: wine.id },
    { type: 'button', label: 'Shop the cellar', url: 'https://kampalacellars.ug/products' },
  ],
  ...overrides,
});

async function createDraft(overrides: Partial<CampaignRequest> = {}) {
  const response = await staff.client.post(CAMPAIGNS, draft(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return campaignSchema.parse(response.json());
}

async function mailsTo(email: string, subject: string) {
  const result = await pool().query<{ count: number }>(
    'SELECT count(*)::int AS count FROM dev_mailbox WHERE "to" = $1 AND subject = $2',
    [email, subject],
  );
  return result.rows[0]!.count;
}

async function counts(id: number) {
  const result = await pool().query<{ state: string; count: number }>(
    'SELECT state, count(*)::int AS count FROM newsletter_campaign_recipients WHERE campaign_id = $1 GROUP BY state',
    [id],
  );
  return Object.fromEntries(result.rows.map((row) => [row.state, row.count])) as Record<string, number>;
}

async function until(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('who may use the newsletter back office', () => {
  it('refuses visitors (401) and customers (403) on every endpoint', async () => {
    const campaign = await createDraft();
    const endpoints: Array<['GET' | 'POST' | 'PATCH', string, unknown?]> = [
      ['GET', `${BASE}subscribers/`],
      ['GET', CAMPAIGNS],
      ['POST', CAMPAIGNS, draft()],
      ['GET', `${CAMPAIGNS}${campaign.id}/`],
      ['PATCH', `${CAMPAIGNS}${campaign.id}/`, draft()],
      ['GET', `${CAMPAIGNS}${campaign.id}/preview/`],
      ['POST', `${CAMPAIGNS}${campaign.id}/test/`],
      ['POST', `${CAMPAIGNS}${campaign.id}/send/`],
    ];
    const visitor = new TestBrowser(harness.app);
    const customer = await signedInCustomer(harness.app);
    for (const [method, url, body] of endpoints) {
      const call = (client: TestBrowser) =>
        method === 'GET'
          ? client.get(url)
          : method === 'POST'
            ? client.post(url, body ?? {})
            : client.patch(url, body ?? {});
      expect((await call(visitor)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(customer.client)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(
      (await campaignSchema.parse((await staff.client.get(`${CAMPAIGNS}${campaign.id}/`)).json())).status,
    ).toBe('draft');
  });
});

describe('the OpenAPI document', () => {
  it('has every newsletter back-office endpoint and the review report and queue', async () => {
    const document = (await harness.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/admin/newsletter/subscribers/',
        '/api/v1/admin/newsletter/campaigns/',
        '/api/v1/admin/newsletter/campaigns/{id}/',
        '/api/v1/admin/newsletter/campaigns/{id}/preview/',
        '/api/v1/admin/newsletter/campaigns/{id}/test/',
        '/api/v1/admin/newsletter/campaigns/{id}/send/',
        '/api/v1/admin/reviews/',
        '/api/v1/orders/reviews/{id}/report/',
      ]),
    );
  });
});

describe('the subscriber list', () => {
  it('lists every state, filters by state and finds by part of the address, paged', async () => {
    const confirmed = await subscriber('confirmed', 'listed');
    const pending = await subscriber('pending', 'listed');
    const gone = await subscriber('unsubscribed', 'listed');
    const search = `listed-${run}`;
    const all = subscriberListSchema.parse(
      (await staff.client.get(`${BASE}subscribers/?q=${search}`)).json(),
    );
    expect(all.results.map((row) => row.email)).toEqual([gone, pending, confirmed]);
    expect(all.results.map((row) => row.status)).toEqual(['unsubscribed', 'pending', 'confirmed']);

    const onlyPending = subscriberListSchema.parse(
      (await staff.client.get(`${BASE}subscribers/?q=${search.toUpperCase()}&status=pending`)).json(),
    );
    expect(onlyPending.results.map((row) => row.email)).toEqual([pending]);

    const paged = subscriberListSchema.parse(
      (await staff.client.get(`${BASE}subscribers/?q=${search}&page_size=2&page=2`)).json(),
    );
    expect(paged).toMatchObject({ count: 3, total_pages: 2, next: null });
    expect(paged.results.map((row) => row.email)).toEqual([confirmed]);

    // A % in the search is a character, not a wildcard.
    const wildcard = subscriberListSchema.parse((await staff.client.get(`${BASE}subscribers/?q=%25`)).json());
    expect(wildcard.count).toBe(0);
    const bad = await staff.client.get(`${BASE}subscribers/?status=maybe`);
    expect(bad.statusCode).toBe(422);
    expect(envelope(bad.body).fields?.[0]?.field).toBe('status');
  });
});

describe('composing a campaign', () => {
  it('names each bad block field, refuses products that are not sold, and audits create and update', async () => {
    const bad = await staff.client.post(CAMPAIGNS, {
      subject: '',
      blocks: [{ type: 'button', label: 'Go', url: 'javascript:alert(1)' }],
    });
    expect(bad.statusCode).toBe(422);
    const fields = envelope(bad.body).fields ?? [];
    expect(fields).toContainEqual({ field: 'subject', message: campaignMessages.subjectMissing });
    expect(fields).toContainEqual({ field: 'blocks.0.url', message: campaignMessages.url });

    const empty = await staff.client.post(CAMPAIGNS, { subject: 'Hello', blocks: [] });
    expect(envelope(empty.body).fields).toEqual([
      { field: 'blocks', message: campaignMessages.blocksMissing },
    ]);

    const unknown = await staff.client.post(
      CAMPAIGNS,
      draft({ blocks: [{ type: 'product', product_id: 99_999_999 }] }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(envelope(unknown.body).fields).toEqual([
      { field: 'blocks.0.product_id', message: campaignMessages.unknownProduct },
    ]);

    const campaign = await createDraft();
    expect(campaign.products).toEqual([{ id: wine.id, name: 'Newsletter Pinotage', listed: true }]);
    const changed = await staff.client.patch(
      `${CAMPAIGNS}${campaign.id}/`,
      draft({ subject: 'Autumn reds' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ subject: 'Autumn reds', status: 'draft' });

    const audit = await pool().query<{ kind: string; before: unknown; after: unknown }>(
      `SELECT kind, before, after FROM audit_entries WHERE subject_type = 'campaign' AND subject_id = $1 ORDER BY id`,
      [String(campaign.id)],
    );
    expect(audit.rows.map((row) => row.kind)).toEqual(['campaign.create', 'campaign.update']);
    expect(audit.rows[1]).toMatchObject({
      before: { subject: 'New in the cellar' },
      after: { subject: 'Autumn reds' },
    });
  });

  it('previews the e-mail with the product card and an unsubscribe link; a test goes to the staff member only', async () => {
    const campaign = await createDraft({ subject: `Preview ${run}` });
    const preview = campaignPreviewSchema.parse(
      (await staff.client.get(`${CAMPAIGNS}${campaign.id}/preview/`)).json(),
    );
    expect(preview.subject).toBe(`Preview ${run}`);
    expect(preview.html).toContain('Fresh from the Cape');
    expect(preview.html).toContain('Newsletter Pinotage');
    expect(preview.html).toContain(`/products/${wine.slug}`);
    expect(preview.html).toContain('Shop the cellar');
    expect(preview.html).toContain('/newsletter/unsubscribe?token=');
    expect(preview.text).toContain('Three bottles we love this month.');

    const test = await staff.client.post(`${CAMPAIGNS}${campaign.id}/test/`);
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toEqual({ sent_to: staff.email });
    expect(await mailsTo(staff.email, `[Test] Preview ${run}`)).toBe(1);
    expect(campaignSchema.parse((await staff.client.get(`${CAMPAIGNS}${campaign.id}/`)).json()).status).toBe(
      'draft',
    );
  });

  it('gives each e-mail its own unsubscribe link and the List-Unsubscribe headers', () => {
    const email = campaignEmail({
      to: 'amina@example.ug',
      publicUrl: 'https://shop.example',
      unsubscribeToken: 'tok_123',
      campaign: { subject: 'Hi', blocks: [{ type: 'paragraph', text: '<b>not html</b>' }] },
      products: new Map(),
    });
    expect(email.html).toContain('https://shop.example/newsletter/unsubscribe?token=tok_123');
    expect(email.html).toContain('&lt;b&gt;not html&lt;/b&gt;');
    expect(email.headers).toEqual({
      'List-Unsubscribe': '<https://shop.example/api/v1/newsletter/one-click-unsubscribe/?token=tok_123>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});

describe('sending a campaign', () => {
  it('survives a restart mid-send: every confirmed subscriber gets it exactly once, nobody else does', async () => {
    const confirmed = await Promise.all(Array.from({ length: 20 }, () => subscriber('confirmed', 'send')));
    const others = await Promise.all([
      subscriber('pending', 'send'),
      subscriber('pending', 'send'),
      subscriber('unsubscribed', 'send'),
    ]);
    const subject = `Restart-proof ${run}`;
    const campaign = await createDraft({ subject });
    const confirmedTotal = (
      await pool().query<{ count: number }>(
        "SELECT count(*)::int AS count FROM newsletter_subscribers WHERE status = 'confirmed'",
      )
    ).rows[0]!.count;

    const started = await staff.client.post(`${CAMPAIGNS}${campaign.id}/send/`);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ status: 'sending', counts: { recipients: confirmedTotal } });

    // A sending campaign cannot be changed nor sent again.
    const edit = await staff.client.patch(`${CAMPAIGNS}${campaign.id}/`, draft());
    expect(edit.statusCode).toBe(409);
    expect(envelope(edit.body).message).toBe(campaignMessages.notDraft);
    expect((await staff.client.post(`${CAMPAIGNS}${campaign.id}/send/`)).statusCode).toBe(409);

    // The first server sends to a few, then stops (as for a deploy) with people still waiting.
    const first = await secondInstance(harness, { config: { JOBS_ENABLED: true } });
    await until(async () => ((await counts(campaign.id)).sent ?? 0) >= 3);
    await first.close();
    const midway = await counts(campaign.id);
    expect(midway.pending ?? 0).toBeGreaterThan(0);

    // Another one starts on the same database and finishes the send.
    const second = await secondInstance(harness, { config: { JOBS_ENABLED: true } });
    try {
      await until(async () => {
        const row = await pool().query('SELECT status FROM newsletter_campaigns WHERE id = $1', [
          campaign.id,
        ]);
        return row.rows[0].status === 'sent';
      });
    } finally {
      await second.close();
    }

    for (const email of confirmed) expect(await mailsTo(email, subject), email).toBe(1);
    for (const email of others) expect(await mailsTo(email, subject), email).toBe(0);
    const done = campaignSchema.parse((await staff.client.get(`${CAMPAIGNS}${campaign.id}/`)).json());
    expect(done).toMatchObject({
      status: 'sent',
      counts: { recipients: confirmedTotal, sent: confirmedTotal, pending: 0, failed: 0 },
    });
    expect(done.sent_at).not.toBeNull();
    expect((await staff.client.post(`${CAMPAIGNS}${campaign.id}/send/`)).statusCode).toBe(409);
    expect((await staff.client.patch(`${CAMPAIGNS}${campaign.id}/`, draft())).statusCode).toBe(409);

    const audit = await pool().query<{ kind: string }>(
      `SELECT kind FROM audit_entries WHERE subject_type = 'campaign' AND subject_id = $1 ORDER BY id`,
      [String(campaign.id)],
    );
    expect(audit.rows.map((row) => row.kind)).toEqual(['campaign.create', 'campaign.send']);
  }, 60_000);

  it('skips someone who unsubscribed after the send started, and keeps to the rate', async () => {
    const stays = await subscriber('confirmed', 'skip');
    const leaves = await subscriber('confirmed', 'skip');
    const subject = `Skip ${run}`;
    const campaign = await createDraft({ subject });
    expect((await staff.client.post(`${CAMPAIGNS}${campaign.id}/send/`)).statusCode).toBe(202);
    await pool().query("UPDATE newsletter_subscribers SET status = 'unsubscribed' WHERE email = $1", [
      leaves,
    ]);
    const worker = await secondInstance(harness, { config: { JOBS_ENABLED: true } });
    try {
      await until(async () => {
        const row = await pool().query('SELECT status FROM newsletter_campaigns WHERE id = $1', [
          campaign.id,
        ]);
        return row.rows[0].status === 'sent';
      });
    } finally {
      await worker.close();
    }
    expect(await mailsTo(stays, subject)).toBe(1);
    expect(await mailsTo(leaves, subject)).toBe(0);
    expect((await counts(campaign.id)).skipped).toBe(1);

    // Throttled: at 600 a minute, one e-mail every 100 ms at most.
    const spread = await pool().query<{ sent: number; span_ms: number }>(
      `SELECT count(*)::int AS sent, (extract(epoch FROM max(sent_at) - min(sent_at)) * 1000)::float8 AS span_ms
       FROM newsletter_campaign_recipients WHERE campaign_id = $1 AND state = 'sent'`,
      [campaign.id],
    );
    const { sent, span_ms } = spread.rows[0]!;
    expect(sent).toBeGreaterThan(3);
    expect(span_ms).toBeGreaterThanOrEqual((sent - 1) * 100 * 0.9);
  }, 60_000);
});
