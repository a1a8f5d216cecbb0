import { errorEnvelopeSchema } from '@shop/contract/errors';
import { adminReviewListSchema, reviewMessages, reviewSchema } from '@shop/contract/reviews';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CategoryFixture, createCategory, createProduct } from '../../../test/fixtures/catalog';
import { setShopSettings } from '../../../test/fixtures/settings';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { users } from '../../db/schema/identity';
import { TestBrowser, uniqueEmail } from '../identity/testing';

/** Reports by customers, the staff's moderation queue, and what the author sees of a hidden review. */

let harness: TestApp;
let category: CategoryFixture;

const REVIEWS = '/api/v1/orders/reviews/';
const QUEUE = '/api/v1/admin/reviews/';
const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  // These tests write reviews without orders; the review policy's own tests are in settings.test.ts.
  await setShopSettings(harness.app, { review_policy: 'signed_in_customers' });
  category = await createCategory(harness.database.pool, { name: 'Moderated Wine' });
});
afterAll(() => harness?.close());

async function customer(name = 'Namara Kisakye') {
  const client = new TestBrowser(harness.app);
  const signIn = await client.register(uniqueEmail(), undefined, name);
  return { client, id: signIn.json().user.id as string };
}

async function staff(role: 'staff' | 'admin' = 'staff') {
  const member = await customer('Sam Staff');
  await harness.app.db.update(users).set({ role }).where(eq(users.id, member.id));
  return member;
}

async function reviewedProduct(author: Awaited<ReturnType<typeof customer>>, title = 'Lovely') {
  const product = await createProduct(harness.database.pool, {
    categoryId: category.id,
    name: `Wine ${title}`,
  });
  const response = await author.client.post(REVIEWS, {
    product: product.id,
    rating: 2,
    title,
    text: 'Some text about the wine.',
  });
  expect(response.statusCode, response.body).toBe(201);
  return { product, review: reviewSchema.parse(response.json()) };
}

async function auditOf(reviewId: number) {
  const result = await harness.database.pool.query<{ kind: string; actor_id: string; after: unknown }>(
    `SELECT kind, actor_id, after FROM audit_entries WHERE subject_type = 'review' AND subject_id = $1 ORDER BY id`,
    [String(reviewId)],
  );
  return result.rows;
}

describe('reporting a review', () => {
  it('is once per customer, never one’s own, with a reason from the list', async () => {
    const author = await customer();
    const reader = await customer('Okello Peter');
    const { review } = await reviewedProduct(author, 'Reported once');

    const visitor = new TestBrowser(harness.app);
    expect((await visitor.post(`${REVIEWS}${review.id}/report/`, { reason: 'spam' })).statusCode).toBe(401);

    const bad = await reader.client.post(`${REVIEWS}${review.id}/report/`, { reason: 'boring' });
    expect(bad.statusCode).toBe(422);
    expect(envelope(bad.body).fields).toEqual([{ field: 'reason', message: reviewMessages.reportReason }]);
    const long = await reader.client.post(`${REVIEWS}${review.id}/report/`, {
      reason: 'other',
      note: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(422);
    expect(envelope(long.body).fields?.[0]?.field).toBe('note');

    const own = await author.client.post(`${REVIEWS}${review.id}/report/`, { reason: 'spam' });
    expect(own.statusCode).toBe(409);
    expect(envelope(own.body).message).toBe(reviewMessages.ownReviewReport);

    const first = await reader.client.post(`${REVIEWS}${review.id}/report/`, {
      reason: 'spam',
      note: 'A link to another shop',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ id: review.id, reported_by_me: true });

    const again = await reader.client.post(`${REVIEWS}${review.id}/report/`, { reason: 'offensive' });
    expect(again.statusCode).toBe(409);
    expect(envelope(again.body).message).toBe(reviewMessages.alreadyReported);

    const seen = reviewSchema.parse((await reader.client.get(`${REVIEWS}${review.id}/`)).json());
    expect(seen.reported_by_me).toBe(true);
    const count = await harness.database.pool.query(
      'SELECT report_count FROM product_reviews WHERE id = $1',
      [review.id],
    );
    expect(count.rows[0].report_count).toBe(1);

    expect((await reader.client.post(`${REVIEWS}99999999/report/`, { reason: 'spam' })).statusCode).toBe(404);
  });
});

describe('the moderation queue', () => {
  it('refuses visitors and customers', async () => {
    expect((await new TestBrowser(harness.app).get(QUEUE)).statusCode).toBe(401);
    const someone = await customer();
    expect((await someone.client.get(QUEUE)).statusCode).toBe(403);
    expect((await someone.client.get(`${QUEUE}?filter=nope`)).statusCode).toBe(403);
  });

  it('shows reported reviews first with their reports; filters reported and hidden; pages', async () => {
    const member = await staff();
    const author = await customer('Akello Grace');
    const reader = await customer('Okello Peter');
    const { review: reported } = await reviewedProduct(author, 'Queue reported');
    const { review: newer } = await reviewedProduct(author, 'Queue newer');
    await reader.client.post(`${REVIEWS}${reported.id}/report/`, { reason: 'off_topic', note: 'About beer' });

    const all = adminReviewListSchema.parse((await member.client.get(`${QUEUE}?page_size=50`)).json());
    // Every reported review still shown comes before any other; then the newest first.
    const flags = all.results.map((row) => row.report_count > 0 && !row.is_hidden);
    expect(flags.indexOf(false)).toBeGreaterThan(flags.lastIndexOf(true));
    const ids = all.results.map((row) => row.id);
    expect(ids.indexOf(reported.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(ids.indexOf(newer.id)).toBe(flags.indexOf(false));
    expect(all.results.find((row) => row.id === reported.id)).toMatchObject({
      id: reported.id,
      report_count: 1,
      author_name: 'Akello Grace',
      reports: [{ reason: 'off_topic', note: 'About beer', reporter_name: 'Okello Peter' }],
    });

    const onlyReported = adminReviewListSchema.parse(
      (await member.client.get(`${QUEUE}?filter=reported`)).json(),
    );
    expect(onlyReported.results.map((row) => row.id)).toContain(reported.id);
    expect(onlyReported.results.map((row) => row.id)).not.toContain(newer.id);

    const bad = await member.client.get(`${QUEUE}?filter=nope`);
    expect(bad.statusCode).toBe(422);
    expect(envelope(bad.body).fields?.[0]?.field).toBe('filter');

    const paged = adminReviewListSchema.parse(
      (await member.client.get(`${QUEUE}?page_size=1&page=2`)).json(),
    );
    expect(paged.results).toHaveLength(1);
    expect(paged.count).toBeGreaterThanOrEqual(2);
  });

  it('hides with a reason: audited, the author sees it hidden with the reason, others do not see it', async () => {
    const member = await staff();
    const author = await customer();
    const reader = await customer('Okello Peter');
    const { product, review } = await reviewedProduct(author, 'To be hidden');

    // Only staff moderate: a visitor is 401, a customer (even the author) 403, for hide and unhide.
    for (const action of ['hide', 'unhide']) {
      const url = `${REVIEWS}${review.id}/${action}/`;
      expect((await new TestBrowser(harness.app).post(url, { reason: 'x' })).statusCode).toBe(401);
      expect((await reader.client.post(url, { reason: 'x' })).statusCode).toBe(403);
      expect((await author.client.post(url, { reason: 'x' })).statusCode).toBe(403);
    }

    const hidden = await member.client.post(`${REVIEWS}${review.id}/hide/`, {
      reason: 'Advertises another shop',
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ is_hidden: true, hidden_reason: 'Advertises another shop' });

    const mine = (await author.client.get(`${REVIEWS}mine/?product=${product.id}`)).json().review;
    expect(mine).toMatchObject({ id: review.id, is_hidden: true, hidden_reason: 'Advertises another shop' });
    const authorsList = (await author.client.get(`${REVIEWS}?product=${product.id}`)).json();
    expect(authorsList.results.map((row: { id: number }) => row.id)).not.toContain(review.id);
    expect((await reader.client.get(`${REVIEWS}${review.id}/`)).statusCode).toBe(404);
    expect((await reader.client.post(`${REVIEWS}${review.id}/report/`, { reason: 'spam' })).statusCode).toBe(
      404,
    );

    const hiddenQueue = adminReviewListSchema.parse(
      (await member.client.get(`${QUEUE}?filter=hidden`)).json(),
    );
    expect(hiddenQueue.results.find((row) => row.id === review.id)).toMatchObject({
      is_hidden: true,
      hidden_reason: 'Advertises another shop',
    });

    const shown = await member.client.post(`${REVIEWS}${review.id}/unhide/`, {
      reason: 'The author fixed it',
    });
    expect(shown.json()).toMatchObject({ is_hidden: false, hidden_reason: null });
    expect((await reader.client.get(`${REVIEWS}${review.id}/`)).statusCode).toBe(200);

    const entries = await auditOf(review.id);
    expect(entries.map((entry) => entry.kind)).toEqual(['review.hide', 'review.unhide']);
    expect(entries[0]).toMatchObject({ actor_id: member.id });
    expect(entries[1]?.after).toMatchObject({ is_hidden: false, reason: 'The author fixed it' });
  });
});
