import { expect, test } from './fixtures';
import { pageTitle } from './routes';
import {
  composeCampaignOnPage,
  confirmedSubscriber,
  hideReviewOnPage,
  queuedReview,
  reportReviewOnPage,
  reviewOnPage,
  seedReview,
  sendCampaignOnPage,
} from './support/back-office/reviews-newsletter';
import { createCustomer, signInOnPage, uniqueEmail } from './support/identity/accounts';
import { confirmAgeInAdvance } from './support/identity/age-gate';
import { waitForMail } from './support/identity/mailbox';
import { makeStaff } from './support/staff/staff';

// The back office's reviews and newsletter (issue 18): a customer reports a review, staff find it
// first in the moderation queue and hide it with a reason, its author sees why; staff compose a
// campaign with a product card, send a test to themselves, then to every confirmed subscriber.

/** A listed bottle of the demo cellar (its slug and name). */
async function someBottle(baseURL: string, page: import('@playwright/test').Page) {
  const list = await page.request.get(`${baseURL}/api/v1/products/products/?page_size=5`);
  expect(list.ok()).toBe(true);
  const { results } = (await list.json()) as { results: { slug: string; name: string }[] };
  const first = results[0];
  if (!first) throw new Error('The demo cellar is empty');
  return first;
}

test.describe('back office: reviews and newsletter', () => {
  test.beforeEach(async ({ context }) => {
    await confirmAgeInAdvance(context);
  });

  test('report → first in the queue → hidden with a reason its author sees; a campaign tested and sent to every subscriber', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const base = baseURL!;
    const bottle = await someBottle(base, page);
    const letters =
      Math.random()
        .toString(36)
        .replace(/[^a-z]/g, '')
        .slice(0, 6) || 'abc';
    const authorFirst = `Tendo${letters}`;
    const author = await createCustomer(base, {
      name: `${authorFirst} Mirembe`,
      email: uniqueEmail('author'),
    });
    const authorName = `${authorFirst} M.`;
    const title = `Buy cheaper at another shop ${letters}`;
    await seedReview(base, {
      authorEmail: author.email,
      slug: bottle.slug,
      title,
      text: 'Visit my shop for a better price.',
      rating: 1,
    });

    // A customer reports it from the product page.
    const reporter = await createCustomer(base, { name: 'Okello Peter', email: uniqueEmail('reporter') });
    await page.goto(`/login?redirect=${encodeURIComponent(`/products/${bottle.slug}`)}`);
    await signInOnPage(page, reporter.email, reporter.password);
    await expect(page).toHaveURL((url) => url.pathname === `/products/${bottle.slug}`);
    await reportReviewOnPage(page, authorName, 'Spam or advertising', 'Sends people elsewhere');

    // Staff see it first in the queue, with the report, and hide it with a reason.
    const staffContext = await browser.newContext();
    await confirmAgeInAdvance(staffContext);
    const desk = await staffContext.newPage();
    const staff = await createCustomer(base, { name: 'Grace Nansubuga', email: uniqueEmail('moderator') });
    await makeStaff(base, staff.email);
    await desk.goto(`/login?redirect=${encodeURIComponent('/admin/reviews')}`);
    await signInOnPage(desk, staff.email, staff.password);
    await expect(desk).toHaveTitle(pageTitle('admin_reviews'));
    const first = desk.getByRole('list', { name: 'Review queue' }).getByRole('listitem').first();
    await expect(first).toContainText(title);
    await expect(first).toContainText('Reported once');
    await expect(first).toContainText('Spam or advertising: Sends people elsewhere');
    await expect(queuedReview(desk, title)).toHaveCount(1);
    await hideReviewOnPage(desk, title, 'Advertises another shop');
    await desk.getByRole('tab', { name: 'Hidden' }).click();
    await expect(queuedReview(desk, title)).toContainText('Hidden because: Advertises another shop');

    // Others no longer see it; its author sees it hidden, with the reason.
    await page.reload();
    await expect(page.getByRole('heading', { name: bottle.name, level: 1 })).toBeVisible();
    await expect(reviewOnPage(page, authorName)).toHaveCount(0);
    const authorContext = await browser.newContext();
    await confirmAgeInAdvance(authorContext);
    const authorPage = await authorContext.newPage();
    await authorPage.goto(`/login?redirect=${encodeURIComponent(`/products/${bottle.slug}`)}`);
    await signInOnPage(authorPage, author.email, author.password);
    await expect(
      authorPage.getByText(
        'Our team has hidden this review: others do not see it. Reason: Advertises another shop',
      ),
    ).toBeVisible();
    await authorContext.close();

    // A confirmed subscriber, then a campaign with a product card: previewed, tested, sent.
    const reader = uniqueEmail('reader');
    await confirmedSubscriber(base, reader);
    await desk.goto('/admin/newsletter/campaigns');
    await expect(desk).toHaveTitle(pageTitle('admin_newsletter_campaigns'));
    const subject = `New in the cellar ${letters}`;
    await composeCampaignOnPage(desk, {
      subject,
      heading: 'Fresh arrivals',
      paragraph: 'A bottle we love this month.',
      productSearch: bottle.name,
      productName: bottle.name,
    });
    const campaign = desk.getByRole('region', { name: `Campaign “${subject}”` });
    await campaign.getByRole('button', { name: 'Preview' }).click();
    const preview = campaign.frameLocator('iframe[title="E-mail preview"]');
    await expect(preview.getByText(bottle.name).first()).toBeVisible();
    await expect(preview.getByRole('link', { name: 'Visit the cellar' })).toBeVisible();

    await campaign.getByRole('button', { name: 'Send a test to me' }).click();
    await expect(campaign.getByText(`Test sent to ${staff.email}.`)).toBeVisible();
    await waitForMail(staff.email, new RegExp(`\\[Test\\] ${subject}`));

    const progress = await sendCampaignOnPage(desk, subject);
    const [, sent] = /^Sent: (\d+) sent/.exec((await progress.textContent()) ?? '') ?? [];
    expect(Number(sent)).toBeGreaterThanOrEqual(1);
    const mail = await waitForMail(reader, new RegExp(subject));
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    await expect(campaign.getByRole('button', { name: 'Send to subscribers' })).toHaveCount(0);
    await staffContext.close();
  });
});
