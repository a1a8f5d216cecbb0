import { DEFAULT_SHOP_SETTINGS } from '@shop/contract/settings-values';
import { expect, test } from './fixtures';
import { pageTitle } from './routes';
import { hideReviewOnPage, seedReview } from './support/back-office/reviews-newsletter';
import { createCustomer, STRONG_PASSWORD, signInOnPage, uniqueEmail } from './support/identity/accounts';
import { confirmAgeInAdvance } from './support/identity/age-gate';
import { acceptInvite, createAdminWithCommand, inviteStaffOnPage } from './support/staff/people';
import {
  changeOpeningHoursOnPage,
  expectAuditEntry,
  saveSettingsOnPage,
} from './support/staff/settings-steps';
import { setShopSettings } from './support/staff/shop-settings';

// Issue 18's journey through the back office: an admin (made with `npm run admin` while the shop
// runs) invites a new manager by e-mail; the manager chooses a password from the link, hides a
// review and changes the opening hours; the storefront shows the new hours at once; the admin
// finds all three in the audit trail. The manager is invited as an admin: the shop's settings
// are for admins only.

test.describe('back office: one morning of the shop', () => {
  test.beforeEach(async ({ context }) => {
    await confirmAgeInAdvance(context);
  });

  test('invite → set a password → hide a review and change the hours → the storefront follows → all three in the audit trail', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000);
    const base = baseURL!;
    const suffix = Math.random().toString(36).slice(2, 8);
    try {
      // The owner, made on the running shop, invites the new manager.
      const owner = { email: uniqueEmail('owner'), name: `Agnes Owner ${suffix}`, password: STRONG_PASSWORD };
      await createAdminWithCommand(base, owner);
      await page.goto(`/login?redirect=${encodeURIComponent('/admin/staff')}`);
      await signInOnPage(page, owner.email, owner.password);
      await expect(page).toHaveTitle(pageTitle('admin_staff'));
      const manager = {
        email: uniqueEmail('manager'),
        name: `Brian Manager ${suffix}`,
        role: 'admin' as const,
      };
      await inviteStaffOnPage(page, manager);

      // A review that breaks the rules, waiting in the queue.
      const list = await request.get('/api/v1/products/products/?page_size=1');
      const [bottle] = ((await list.json()) as { results: { slug: string }[] }).results;
      const author = await createCustomer(base, { name: 'Tendo Mirembe', email: uniqueEmail('author') });
      const title = `Cheaper at my shop ${suffix}`;
      await seedReview(base, {
        authorEmail: author.email,
        slug: bottle!.slug,
        title,
        text: 'Call me for a better price.',
        rating: 1,
      });

      // The manager, from the e-mail's link: a password, then the review and the hours.
      const managerContext = await browser.newContext();
      await confirmAgeInAdvance(managerContext);
      const desk = await managerContext.newPage();
      await acceptInvite(desk, base, manager.email, 'a passphrase for the cellar door');
      await desk.goto('/admin/reviews');
      await expect(desk).toHaveTitle(pageTitle('admin_reviews'));
      await hideReviewOnPage(desk, title, 'Advertises another shop');
      await desk.goto('/admin/settings');
      await expect(desk).toHaveTitle(pageTitle('admin_settings'));
      await changeOpeningHoursOnPage(desk, 'Sunday', { open: true, opens: '14:00', closes: '18:00' });
      await saveSettingsOnPage(desk);
      await managerContext.close();

      // A visitor sees the new hours at once.
      const visitorContext = await browser.newContext();
      await confirmAgeInAdvance(visitorContext);
      const visitor = await visitorContext.newPage();
      await visitor.goto('/contact');
      const newHours = 'Monday to Saturday 09:00–21:00, Sunday 14:00–18:00 (Kampala time)';
      await expect(visitor.getByRole('contentinfo')).toContainText(newHours);
      await expect(visitor.getByRole('main')).toContainText(newHours);
      await visitorContext.close();

      // The owner finds the three in the audit trail: the invitation, the review, the hours.
      await page.goto('/admin/audit');
      await expect(page).toHaveTitle(pageTitle('admin_audit'));
      await expectAuditEntry(page, { kind: 'user.invite', actor: owner.name, changes: [] });
      await expectAuditEntry(page, { kind: 'review.hide', actor: manager.name, changes: [] });
      await expectAuditEntry(page, {
        kind: 'settings.update',
        actor: manager.name,
        changes: [
          'opening hours › sunday › opens: 12:00 → 14:00',
          'opening hours › sunday › closes: 19:00 → 18:00',
        ],
      });
    } finally {
      // Other journeys run on the same shop: its hours go back to the defaults.
      await setShopSettings(base, { opening_hours: DEFAULT_SHOP_SETTINGS.opening_hours });
    }
  });
});
