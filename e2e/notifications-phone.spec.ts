import { expect, overflowProblems, test } from './fixtures';
import { createCustomer, STRONG_PASSWORD, signInOnPage, uniqueEmail } from './support/identity/accounts';
import { confirmAgeInAdvance } from './support/identity/age-gate';

// The notifications panel on phones (issue 33 item 6): placed from the bell, it began 72 px left
// of a 390 px screen and cut the start of every message. The panel and its messages stay on the
// screen at 360, 390 and 430 px.

const PHONES = [
  { width: 360, height: 780 },
  { width: 390, height: 844 },
  { width: 430, height: 932 },
];

test.describe('the notifications panel on a phone', () => {
  test.beforeEach(async ({ context }) => {
    await confirmAgeInAdvance(context);
  });

  test('opens across the screen at 360, 390 and 430 px, every message whole', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const customer = await createCustomer(baseURL!, { email: uniqueEmail('bell') });
    // On a phone from the start: the password change's toast is laid out as a phone shows it (a
    // desk-sized toast squeezed by the resize below would not be what any customer sees).
    await page.setViewportSize(PHONES[0]!);
    await page.goto('/login?redirect=%2Faccount');
    await signInOnPage(page, customer.email, customer.password);
    await expect(page).toHaveURL((url) => url.pathname === '/account');

    // A password change is notified at once: the panel has a message with a long text.
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill(customer.password);
    await form.getByLabel('New password').fill(`${STRONG_PASSWORD} again`);
    await form.getByRole('button', { name: 'Change password' }).click();
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications, 1 unread$/ });
    await expect(bell).toBeVisible();
    // No reload: the new session's socket told of the message the list had not seen, and the bell
    // read the list again (a panel saying "No notifications yet" under "1 unread" was the defect).

    for (const phone of PHONES) {
      await page.setViewportSize(phone);
      await bell.click();
      const panel = page.getByRole('region', { name: 'Notifications', exact: true });
      const message = panel.getByRole('link', { name: /Your password was changed/ });
      await expect(message).toBeVisible();
      // The suite's layout check (e2e/fixtures.ts) sees a box past either edge of the screen.
      expect(await overflowProblems(page), `${phone.width} px`).toEqual([]);
      const box = (await panel.boundingBox())!;
      expect(box.x, `the panel's left edge at ${phone.width} px`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `the panel's right edge at ${phone.width} px`).toBeLessThanOrEqual(
        phone.width,
      );
      await expect(message).toBeInViewport({ ratio: 1 });
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
    }
  });
});
