import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import pg from 'pg';
import { decodeQuotedPrintable, waitForMail } from '../identity/mailbox';

/**
 * Steps of the back office's reviews and newsletter (issue 18), for the journeys that need them:
 * a review to moderate, a report from the product page, hiding from the queue, a confirmed
 * subscriber, and a campaign composed, tested and sent.
 */

const dataDirPointerFor = (port: string) => path.join(os.tmpdir(), `shop-e2e-${port}.data-dir`);

/** Runs `work` with a client of the e2e server's embedded database (as e2e/support/staff/staff.ts). */
async function withShopDatabase<T>(baseURL: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const dataDir = fs.readFileSync(dataDirPointerFor(new URL(baseURL).port), 'utf8').trim();
  const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    postgresPassword: string;
  };
  const postmaster = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const client = new pg.Client({
    host: '127.0.0.1',
    port: Number(postmaster[3]),
    user: 'postgres',
    password: secrets.postgresPassword,
    database: 'shop',
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A review by `authorEmail` of the product `slug`, written straight into the database: who may
 * write one is a shop setting (a delivered order by default), which these journeys are not about.
 */
export async function seedReview(
  baseURL: string,
  review: { authorEmail: string; slug: string; title: string; text: string; rating: number },
): Promise<number> {
  return withShopDatabase(baseURL, async (client) => {
    const result = await client.query<{ id: number }>(
      `INSERT INTO product_reviews (product_id, user_id, rating, title, body)
       SELECT p.id, u.id, $3, $4, $5 FROM products p, users u WHERE p.slug = $1 AND u.email = $2
       RETURNING id`,
      [review.slug, review.authorEmail.toLowerCase(), review.rating, review.title, review.text],
    );
    const id = result.rows[0]?.id;
    if (!id) throw new Error(`Could not write a review of ${review.slug} by ${review.authorEmail}`);
    return id;
  });
}

/** The product page's review by `authorName` ("Namara K."). */
export function reviewOnPage(page: Page, authorName: string) {
  return page.getByRole('article', { name: `Review by ${authorName}` });
}

/** A signed-in customer reports the review by `authorName` on the product page that is open. */
export async function reportReviewOnPage(page: Page, authorName: string, reason: string, note?: string) {
  const review = reviewOnPage(page, authorName);
  await review.getByRole('button', { name: `Report the review by ${authorName}` }).click();
  const form = review.getByRole('form', { name: `Report the review by ${authorName}` });
  await form.getByLabel('Why are you reporting this review?').selectOption({ label: reason });
  if (note) await form.getByLabel('Anything to add? (optional)').fill(note);
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(review.getByRole('status')).toHaveText('Thank you: our staff will look at this review.');
}

/** The moderation queue's entry of a review (at /admin/reviews). */
export function queuedReview(page: Page, title: string) {
  return page
    .getByRole('list', { name: 'Review queue' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('article', { name: new RegExp(`^Review “${escapeRegExp(title)}”`) }) });
}

/** Staff hide the review titled `title` from the queue at /admin/reviews, with `reason`. */
export async function hideReviewOnPage(page: Page, title: string, reason: string) {
  const entry = queuedReview(page, title);
  await entry.getByRole('button', { name: 'Hide…' }).click();
  const form = entry.getByRole('form', { name: `Hide the review “${title}”` });
  await form.getByLabel('Reason for hiding (its author sees it)').fill(reason);
  await form.getByRole('button', { name: 'Hide review' }).click();
  await expect(page.getByText(`Hidden: “${title}”.`)).toBeVisible();
}

async function csrfHeaders(api: APIRequestContext, baseURL: string): Promise<Record<string, string>> {
  const answer = await api.get('/api/v1/auth/csrf');
  expect(answer.ok()).toBe(true);
  const { csrf_token } = (await answer.json()) as { csrf_token: string };
  return { 'X-CSRF-Token': csrf_token, Origin: baseURL };
}

/** Subscribes `email` to the newsletter and confirms it with the link of the confirmation e-mail. */
export async function confirmedSubscriber(baseURL: string, email: string): Promise<void> {
  const api = await request.newContext({ baseURL });
  try {
    const headers = await csrfHeaders(api, baseURL);
    const subscribed = await api.post('/api/v1/newsletter/subscriptions/', { headers, data: { email } });
    expect(subscribed.status(), await subscribed.text()).toBe(202);
    const mail = decodeQuotedPrintable((await waitForMail(email, /Confirm your subscription/)).raw);
    const token = /\/newsletter\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail)?.[1];
    if (!token) throw new Error(`No confirmation link in:\n${mail}`);
    const confirmed = await api.post('/api/v1/newsletter/subscriptions/confirm/', {
      headers,
      data: { token },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
  } finally {
    await api.dispose();
  }
}

/**
 * Composes a new campaign at /admin/newsletter/campaigns (open): a heading, a paragraph, a product
 * card picked by `productSearch`, and a button; saves the draft.
 */
export async function composeCampaignOnPage(
  page: Page,
  campaign: {
    subject: string;
    heading: string;
    paragraph: string;
    productSearch: string;
    productName: string;
  },
) {
  await page.getByRole('button', { name: 'New campaign' }).click();
  const form = page.getByRole('form', { name: 'New campaign' });
  await form.getByLabel('Subject').fill(campaign.subject);
  await form.getByLabel('Heading text (Heading 1)').fill(campaign.heading);
  await form.getByRole('button', { name: 'Add paragraph' }).click();
  await form.getByLabel('Paragraph text (Paragraph 2)').fill(campaign.paragraph);
  await form.getByRole('button', { name: 'Add product card' }).click();
  await form.getByLabel('Find a product').fill(campaign.productSearch);
  await form.getByRole('button', { name: `Pick ${campaign.productName}`, exact: true }).click();
  await expect(form.getByText(`Picked: ${campaign.productName}`)).toBeVisible();
  await form.getByRole('button', { name: 'Add button' }).click();
  await form.getByLabel('Button label').fill('Visit the cellar');
  await form.getByLabel('Button link').fill('https://kampalacellars.ug/products');
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('region', { name: `Campaign “${campaign.subject}”` })).toBeVisible();
}

/** Sends the open campaign to every confirmed subscriber and waits until it is all sent. */
export async function sendCampaignOnPage(page: Page, subject: string) {
  const desk = page.getByRole('region', { name: `Campaign “${subject}”` });
  page.once('dialog', (dialog) => void dialog.accept());
  await desk.getByRole('button', { name: 'Send to subscribers' }).click();
  const progress = desk.getByRole('status', { name: 'Sending progress' });
  await expect(progress).toHaveText(/^Sent: (\d+) sent, 0 failed, 0 pending \(of \1 subscribers\)$/, {
    timeout: 60_000,
  });
  return progress;
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
